"""Who may do what in a club: the checks every service of an organizer's action makes before it writes."""

from league.errors import PermissionDenied
from league.models import Club, Membership, Player


def organizer_check(*, club: Club, player: Player | None) -> None:
    """PermissionDenied unless the player organizes the club."""
    if (
        player is None
        or not Membership.objects.filter(club=club, player=player, role=Membership.Role.ORGANIZER).exists()
    ):
        raise PermissionDenied("Only an organizer of the club may do this.")
