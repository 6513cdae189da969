"""Reads of players' vacations in a season (pages and API alike)."""

from league.errors import NotFound
from league.models import Player, Season, Vacation


def player_vacations(*, season: Season, player: Player) -> list[Vacation]:
    return list(Vacation.objects.filter(season=season, player=player).order_by("starts_at"))


def vacation_get(*, season: Season, player: Player, vacation_id: int) -> Vacation:
    """One of the player's own vacations in the season; NotFound for anyone else's."""
    try:
        return Vacation.objects.get(pk=vacation_id, season=season, player=player)
    except Vacation.DoesNotExist:
        raise NotFound("No such vacation of yours in this season.", field="vacation_id") from None


def vacation_days_used(vacations: list[Vacation]) -> int:
    """Whole days taken (a vacation cut short counts the days begun, as `vacation_cancel` leaves it)."""
    return sum(round((v.ends_at - v.starts_at).total_seconds() / 86400) for v in vacations)
