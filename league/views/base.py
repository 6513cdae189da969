"""What the pages share: the request as htmx's middleware leaves it, and the organizer check (organizer pages are
not even shown to others; the services check again on every write). Who is asking is `league.caller`
(`player_or_none` / `player_required`), as in the API."""

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

from league.models import Club, Player
from league.selectors.clubs import is_organizer


class HtmxHttpRequest(HttpRequest):
    """A request as the pages see it: django-htmx's middleware tells whether htmx sent it (`request.htmx`)."""

    htmx: HtmxDetails


def organizer_required(club: Club, player: Player | None) -> Player:
    """The organizer, or 403 for anyone else."""
    if player is None or not is_organizer(club=club, player=player):
        raise PermissionDenied
    return player


def keyset_after(request: HttpRequest) -> int:
    """A list page's keyset parameter (`?after=`, where the page before ended): a number, else the first page."""
    return _keyset(request, "after") or 0


def keyset_before(request: HttpRequest) -> int | None:
    """A newest-first list page's keyset parameter (`?before=`, the last id of the page before), else None: the
    first page."""
    return _keyset(request, "before")


def _keyset(request: HttpRequest, name: str) -> int | None:
    # anything but a plain number is the first page: a list is never an error page
    raw = request.GET.get(name, "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else None
