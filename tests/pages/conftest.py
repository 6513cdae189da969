"""Browser tests: Debian's Chromium driven by Playwright against pytest-django's live server."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connections

from tests.league.conftest import fake_game  # noqa: F401  (the test engine, for tests/pages/test_views_fairness.py)

# Playwright's sync API runs an event loop in the test thread; the ORM calls the tests make between browser steps
# are ordinary synchronous calls all the same
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(settings.BASE_DIR) / "artifacts" / "screenshots"


@pytest.fixture
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()
        # the ORM calls a test makes while Playwright's loop runs open a connection that pytest-django's clean-up
        # does not reach; left open, it blocked dropping the test database at the end of the run
        # ("database test_test_gw0 is being accessed by other users")
        connections.close_all()
