"""Who is asking: the player behind a request, for the pages and the API alike (one contract for both)."""

from django.http import HttpRequest
from rest_framework.request import Request

from league.errors import NoPlayer
from league.models import Player


def player_or_none(request: HttpRequest | Request) -> Player | None:
    """The signed-in person's player profile; None for a visitor and for an account without one (an admin's): they
    see what everyone sees."""
    if not request.user.is_authenticated:
        return None
    try:
        return request.user.player
    except Player.DoesNotExist:
        return None


def player_required(request: HttpRequest | Request) -> Player:
    """The signed-in person's player profile, or NoPlayer (403 on a page and in the API) for an account without one
    or a visitor."""
    player = player_or_none(request)
    if player is None:
        raise NoPlayer()
    return player
