"""What every page view shares: who is asking, and the organizer check of a club's pages."""

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from league.models import Club, Membership, Player


def player_of(request: HttpRequest) -> Player | None:
    """The signed-in person's player profile, or None for a visitor (a spectator)."""
    if not request.user.is_authenticated:
        return None
    return Player.objects.filter(user=request.user).first()


def is_organizer(club: Club, player: Player | None) -> bool:
    return (
        player is not None
        and Membership.objects.filter(club=club, player=player, role=Membership.Role.ORGANIZER).exists()
    )


def organizer_required(club: Club, player: Player | None) -> Player:
    """Organizer pages are not even shown to others (the services check again on every write)."""
    if player is None or not is_organizer(club, player):
        raise PermissionDenied
    return player
