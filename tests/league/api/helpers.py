"""Shared expectations of the API tests."""


def error(code: str, field: str | None = None, message: str | None = None) -> dict:
    """The error body expected, with the message left open unless given."""
    return {"error": {"code": code, "message": message or ANY_STRING, "field": field}}


class _AnyString(str):
    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and bool(other)

    __hash__ = str.__hash__


ANY_STRING = _AnyString("<any non-empty string>")
