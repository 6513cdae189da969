"""Every time on the pages in the reader's time zone, activated for the request so that templates and forms convert
every aware datetime to it: the zone the signed-in player chose (their settings, sign-up or the API); else the
browser's, which static/js/timezone.js keeps in a cookie (visitors, and accounts still on the default: such an
account also takes it at its next log-in, league.services.accounts.account_browser_defaults); else the account's
stored zone, else UTC."""

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from league.models import Player
from league.selectors.notifications import DEFAULT_TIME_ZONE, time_zone_choice, time_zone_valid

# the account's zone and whether the player chose it, kept in the session so that a page does not read the account
# for it; the settings page replaces it
SESSION_KEY = "time_zone"
# the browser's zone (an IANA name), set by static/js/timezone.js on every page and sent with every request
ZONE_COOKIE = "tz"


def time_zone_remember(request: HttpRequest, name: str) -> None:
    """After the player chose their time zone: the next pages use it at once."""
    request.session[SESSION_KEY] = [name, True]


def browser_time_zone(request: HttpRequest) -> str | None:
    """The zone the browser said it is in, when it is one we know."""
    name = request.COOKIES.get(ZONE_COOKIE)
    return name if name and time_zone_valid(name) else None


class PlayerTimeZoneMiddleware:
    """Activate the reader's time zone for the request, and say where it came from (`request.time_zone_source`:
    "account", "browser" or "default"; the page tells static/js/timezone.js, which reloads a page made in the
    default zone once it has told the server the browser's)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        name, source = self._zone(request)
        request.time_zone_source = source  # type: ignore[attr-defined]
        if name == DEFAULT_TIME_ZONE:
            timezone.deactivate()
        else:
            timezone.activate(zoneinfo.ZoneInfo(name))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    @staticmethod
    def _zone(request: HttpRequest) -> tuple[str, str]:
        browser = browser_time_zone(request)
        if not request.user.is_authenticated:
            return (browser, "browser") if browser else (DEFAULT_TIME_ZONE, "default")
        remembered = request.session.get(SESSION_KEY)
        if (
            isinstance(remembered, list)
            and len(remembered) == 2
            and isinstance(remembered[0], str)
            and time_zone_valid(remembered[0])
        ):
            name, chosen = remembered[0], bool(remembered[1])
        else:
            try:
                player = request.user.player
            except Player.DoesNotExist:
                return (browser, "browser") if browser else (DEFAULT_TIME_ZONE, "default")
            name, chosen = time_zone_choice(player)
            request.session[SESSION_KEY] = [name, chosen]
        if chosen:
            return name, "account"
        if browser:
            return browser, "browser"
        return name, "account" if name != DEFAULT_TIME_ZONE else "default"
