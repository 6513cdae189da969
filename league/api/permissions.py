"""Who may do what through the API; the services check the rules of play (a seat, a version) themselves."""

from rest_framework.exceptions import PermissionDenied

from league.models import Club, Membership, Player
from league.selectors.clubs import club_role_of


def require_organizer(*, club: Club, player: Player) -> None:
    """Only a club's organizers manage its members, tables and seasons."""
    if club_role_of(club=club, player=player) != Membership.Role.ORGANIZER:
        raise PermissionDenied("Only an organizer of this club may do this.", code="not_organizer")
