"""Every time on the pages in the reader's time zone: the signed-in player's (their settings; guessed from the browser
at sign-up), activated for the request, so that templates and forms convert every aware datetime to it."""

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from league.models import Player
from league.selectors.notifications import DEFAULT_TIME_ZONE, time_zone_of, time_zone_valid

# the zone's name, kept in the session so that a page does not read the account for it; the settings page replaces it
SESSION_KEY = "time_zone"


def time_zone_remember(request: HttpRequest, name: str) -> None:
    """After the player changed their time zone: the next pages use it at once."""
    request.session[SESSION_KEY] = name


class PlayerTimeZoneMiddleware:
    """Activate the player's time zone for the request (UTC for visitors)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        name = self._zone_name(request)
        if name == DEFAULT_TIME_ZONE:
            timezone.deactivate()
        else:
            timezone.activate(zoneinfo.ZoneInfo(name))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()

    @staticmethod
    def _zone_name(request: HttpRequest) -> str:
        if not request.user.is_authenticated:
            return DEFAULT_TIME_ZONE
        name = request.session.get(SESSION_KEY)
        if not isinstance(name, str) or not time_zone_valid(name):
            try:
                player = request.user.player
            except Player.DoesNotExist:
                return DEFAULT_TIME_ZONE
            name = time_zone_of(player).key
            request.session[SESSION_KEY] = name
        return name
