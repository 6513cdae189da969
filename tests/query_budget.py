"""Issue 37's budget, as its tests measure it: what a page costs in queries once warm, at two sizes of what it shows
a bounded part of (a club's members, a season's entrants, a tournament's matches), the same both times."""

from collections.abc import Callable

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext


def queries_of(client: Client, path: str) -> list[dict[str, str]]:
    """The queries of a GET of the path (SQL and time each), the session and the caches warm; the answer is a 200."""
    client.get(path)  # the session and the caches warm
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return queries.captured_queries


def same_at_two_sizes(sizes: tuple[int, int], cost: Callable[[int], object]) -> None:
    """`cost(size)` fills the league at that size and measures the page (a count, or a tuple of counts): the
    second size must cost what the first did."""
    costs = [cost(size) for size in sizes]
    assert costs[0] == costs[1], costs
