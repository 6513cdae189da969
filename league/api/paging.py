"""A list a page at a time, by keyset (docs/api.md): the body stays the list it always was, and the next page's
address is the `Link` header's rel="next" (RFC 8288), carrying the keyset (`?after=`, `?before=`) that reads it."""

from collections.abc import Callable, Sequence
from typing import Any, TypeVar
from urllib.parse import urlencode

from rest_framework.request import Request
from rest_framework.response import Response

Row = TypeVar("Row")
Key = TypeVar("Key")


def page_cut(rows: Sequence[Row], size: int, key: Callable[[Row], Key]) -> tuple[Sequence[Row], Key | None]:
    """One page of rows read one past it (`size` + 1, so that one read tells whether a page follows): the page, and
    the keyset of the next page (its last row's key), or None when none follows."""
    page = rows[:size]
    return page, key(page[-1]) if len(rows) > size else None


def page_response(request: Request, rows: Any, **following: int | str | None) -> Response:
    """The page's rows (as serialized) and, unless a value of the query that reads the next page is None (the last
    page), the link to it: this path with that query."""
    response = Response(rows)
    if all(value is not None for value in following.values()):
        address = request.build_absolute_uri(f"{request.path}?{urlencode(following)}")
        response["Link"] = f'<{address}>; rel="next"'
    return response
