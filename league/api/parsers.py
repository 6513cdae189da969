"""The API's one parser: JSON read through league.input, so that a body too large (413), nested too deep, holding a
NUL or an unpaired surrogate is refused in the one error format before any view or serializer sees it."""

from typing import IO, Any

from rest_framework.parsers import BaseParser

from league.input import MAX_BODY_BYTES, json_parse


class CheckedJSONParser(BaseParser):
    media_type = "application/json"

    def parse(self, stream: IO[Any] | None, media_type: str | None = None, parser_context: Any = None) -> Any:
        # one byte past the limit is enough to know it is over; the rest is never read
        raw = stream.read(MAX_BODY_BYTES + 1) if stream is not None else b""
        return json_parse(raw)
