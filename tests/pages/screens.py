"""What the browser tests share to take their screenshots: the two screens, the folder each test writes to, a
signed-in context in a language, and one page shot on every screen in both languages."""

import os
from pathlib import Path

from django.conf import settings
from django.test import Client

from league.models import Player
from tests.pages.conftest import SCREENSHOTS

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
LANGUAGES = ("en", "ko")
DOCS = Path(settings.BASE_DIR) / "docs"


def shots_dir(variable: str, name: str) -> Path:
    """artifacts/screenshots/<name>/, or the folder the environment variable names (docs/screenshots/... to renew
    the committed set)."""
    shots = Path(os.environ.get(variable) or SCREENSHOTS / name)
    return shots if shots.is_absolute() else Path(settings.BASE_DIR) / shots


def capture(target, path: Path, **options) -> None:
    """A screenshot of a page or an element at `path`: a PNG where the committed set is renewed (under docs/), else a
    JPEG of the same name. A full page as PNG took Chromium 0.4-0.7 s a shot on a quiet machine (1-2 s beside the other
    worker), a JPEG half of that, ~160 shots a run; the run's own shots (artifacts/) are looked at, never compared."""
    if DOCS in path.parents:
        target.screenshot(path=str(path), **options)
    else:
        target.screenshot(path=str(path.with_suffix(".jpg")), type="jpeg", quality=85, **options)


def player_context(
    browser, live_server, player: Player | None, *, viewport: str = "phone", language: str = "en", **options
):
    """A browser context in that language, signed in as the player (forced log-in: the log-in page has its own
    test) or a visitor; the player's language is applied at the first page (PlayerLanguageMiddleware)."""
    context = browser.new_context(viewport=VIEWPORTS[viewport], locale=language, **options)
    cookies = [{"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}]
    if player is not None:
        Player.objects.filter(pk=player.pk).update(language=language)
        client = Client()
        client.force_login(player.user)
        session = client.cookies[settings.SESSION_COOKIE_NAME].value
        cookies.append({"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url})
    context.add_cookies(cookies)
    return context


def shoot(browser, live_server, player: Player | None, path: str, name: str, *, shots: Path, **options) -> None:
    """The page at `path` as `player` (or a visitor) sees it, on a phone and a desktop, in English and Korean."""
    shots.mkdir(parents=True, exist_ok=True)
    for language in LANGUAGES:
        # one load a language: shot on the phone, then resized to the desktop and shot again (the styles follow the
        # viewport's width as it changes; no script of the site reads it)
        context = player_context(browser, live_server, player, viewport="phone", language=language, **options)
        page = context.new_page()
        page.goto(f"{live_server.url}{path}")
        assert page.locator("html").get_attribute("lang") == language
        for viewport, size in VIEWPORTS.items():
            page.set_viewport_size(size)
            capture(page, shots / f"{name}-{viewport}-{language}.png", full_page=True)
        context.close()
    if player is not None:
        Player.objects.filter(pk=player.pk).update(language="en")
