"""What every test shares: tests that need PostgreSQL say so (`@pytest.mark.postgres`) and are skipped, with the
reason, when the suite runs on SQLite (`make check`); `make test` runs them all on PostgreSQL. The conformance run of
every engine is marked `conformance`, so that `make check` can take it at a small size (CONFORMANCE_UNITS) while
leaving the other slow tests out. The tests known to be slow (tests/slowest.py) come first, the slowest first, so
that pytest-xdist hands them out while the rest can still fill the other worker: a long test started last left one
core idle at the end of the run."""

import gc

import pytest
from django.conf import settings
from django.utils import translation

from tests.slowest import SLOWEST


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _slowest_first(items)
    for item in items:
        if item.path.name == "test_conformance.py" and item.path.parent.name == "games":
            item.add_marker(pytest.mark.conformance)
    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL (row locks, concurrent transactions); run by `make test`")
    for item in items:
        if item.get_closest_marker("postgres") is not None:
            item.add_marker(skip)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What each worker holds once the tests are collected (Django, the URL resolvers, the test modules) lives as long
    as the worker: frozen out of the garbage collector's way, as config/wsgi.py does in production, and the
    youngest generation collected less often, since a test makes tens of thousands of short-lived objects. Measured
    on the season pages' and the API's tests: the collector's time 1.16 -> 0.78 s of 17 s."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 10, 10)


def _slowest_first(items: list[pytest.Item]) -> None:
    """A stable sort: the known-slow tests by their seconds, the others after them in the order they had
    (pytest-django's: the tests in a transaction, then those that flush the database, then the rest). The tests of a
    class move together, by the slowest of them: a class split in two would build its setUpTestData twice."""
    seconds: dict[str, float] = {}
    for item in items:
        scope = _scope(item)
        seconds[scope] = max(seconds.get(scope, 0.0), SLOWEST.get(item.nodeid, 0.0))
    items.sort(key=lambda item: -seconds[_scope(item)])


def _scope(item: pytest.Item) -> str:
    return item.parent.nodeid if getattr(item, "cls", None) is not None and item.parent is not None else item.nodeid


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A request leaves its language active in its thread (LocaleMiddleware activates one per request and never takes
    it back; the next request activates its own): a test that calls a translated function outside a request, after
    a Korean page in the same worker, would otherwise read Korean."""
    yield
    translation.deactivate()
