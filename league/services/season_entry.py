"""A member enters a season on their own, from the season's page, while its registration is open: the organizer
opened it to the club (entrant_register is the organizer's door, for anyone of the club)."""

from django.db import transaction

from league.errors import BadOptions, PermissionDenied
from league.models import Entrant, Membership, Player, Season
from league.services.seasons import season_lock, status_check


@transaction.atomic
def season_entry_register(*, season_id: int, player: Player) -> Entrant:
    """Enter the player in a season of their club whose registration is open; a season of fixed teams needs the
    organizer (a team is two people's decision)."""
    season = season_lock(season_id)
    status_check(season, Season.Status.REGISTRATION)
    if not Membership.objects.filter(club=season.club, player=player).exists():
        raise PermissionDenied(f"Only members of {season.club} may enter.", code="not_member")
    if season.partners == Season.Partners.FIXED:
        raise BadOptions("Teams are entered by an organizer.", code="teams_by_organizer")
    taken = Entrant.objects.filter(season=season)
    if taken.filter(player=player).exists() or taken.filter(partner=player).exists():
        raise BadOptions("You are already entered.", code="already_entered")
    return Entrant.objects.create(season=season, player=player, seed_rank=taken.count() + 1)
