"""What every test shares: tests that need PostgreSQL say so (`@pytest.mark.postgres`) and are skipped, with the
reason, when the suite runs on SQLite (`make check`); `make test` runs them all on PostgreSQL. The conformance run of
every engine is marked `conformance`, so that `make check` can take it at a small size (CONFORMANCE_UNITS) while
leaving the other slow tests out."""

import pytest
from django.conf import settings
from django.utils import translation


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name == "test_conformance.py" and item.path.parent.name == "games":
            item.add_marker(pytest.mark.conformance)
    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL (row locks, concurrent transactions); run by `make test`")
    for item in items:
        if item.get_closest_marker("postgres") is not None:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A request leaves its language active in its thread (LocaleMiddleware activates one per request and never takes
    it back; the next request activates its own): a test that calls a translated function outside a request, after
    a Korean page in the same worker, would otherwise read Korean."""
    yield
    translation.deactivate()
