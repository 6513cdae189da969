"""Vacations granted and cancelled by an organizer, for any entrant of the club's seasons (the player's own are
`league.services.clocks.vacation_take` and `vacation_cancel`): the same rules, checked by the same code — whole days
within the season's allowance, none in the past, none overlapping, a cancelled one not begun removed and one under
way ending with its current day."""

from datetime import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from league.errors import NotFound
from league.models import Player, Season, Vacation
from league.services.clocks import vacation_cancel, vacation_take
from league.services.permissions import organizer_check


@transaction.atomic
def vacation_grant(*, season: Season, by: Player, player: Player, starts_at: datetime, days: int) -> Vacation:
    """An organizer gives an entrant days off in a season (a player away without a computer, say)."""
    organizer_check(club=season.club, player=by)
    return vacation_take(player=player, season=season, starts_at=starts_at, days=days)


@transaction.atomic
def vacation_revoke(*, season: Season, by: Player, vacation_id: int, now: datetime | None = None) -> Vacation | None:
    """An organizer cancels an entrant's vacation in a season, as the entrant could."""
    organizer_check(club=season.club, player=by)
    vacation = Vacation.objects.select_related("player").filter(pk=vacation_id, season=season).first()
    if vacation is None:
        raise NotFound(_("No such vacation in this season."), field="vacation")
    return vacation_cancel(player=vacation.player, vacation=vacation, now=now)
