"""Shared expectations of the API tests."""


def error(code: str, field: str | None = None, message: str | None = None) -> dict:
    """The error body expected, with the message left open unless given."""
    return {"error": {"code": code, "message": message or ANY_STRING, "field": field}}


class _AnyString(str):
    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and bool(other)

    __hash__ = str.__hash__


ANY_STRING = _AnyString("<any non-empty string>")


def next_page(response) -> str:
    """The address in a list's `Link` header (rel="next"), or "" on the last page."""
    link = response.headers.get("Link", "")
    return link[1 : link.index(">")] if link else ""


def pages_followed(client, url: str) -> list[list[dict]]:
    """Every page of a list from the given one, following its Link headers to the end; each one a 200."""
    pages = []
    while url:
        response = client.get(url)
        assert response.status_code == 200, response.json()
        pages.append(response.json())
        url = next_page(response)
    return pages
