"""Reads of players' vacations in a season (pages and API alike)."""

from dataclasses import dataclass

from league.errors import NotFound
from league.models import Club, Entrant, Player, Season, Vacation


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


@dataclass(frozen=True)
class EntrantVacations:
    """One entrant's vacations in a season, for the organizer's page: its players, the days used and left."""

    label: str
    players: list[Player]
    vacations: list[Vacation]
    used: int
    left: int


@dataclass(frozen=True)
class SeasonVacations:
    season: Season
    allowed: int
    zone: str
    entrants: list[EntrantVacations]


def club_vacations(*, club: Club) -> list[SeasonVacations]:
    """Every season of the club still to be played or under way, with its allowance and each entrant's vacations
    (a team's players share the entrant's row, each with their own vacations counted together)."""
    seasons = (
        Season.objects.filter(club=club, status__in=[Season.Status.REGISTRATION, Season.Status.RUNNING])
        .select_related("clock")
        .order_by("name", "id")
    )
    out = []
    for season in seasons:
        clock = getattr(season, "clock", None)
        allowed = clock.vacation_days if clock is not None else 0
        taken = list(Vacation.objects.filter(season=season).order_by("starts_at"))
        rows = []
        for entrant in Entrant.objects.filter(competition=season, withdrawn=False).select_related("player", "partner"):
            players = [entrant.player, *([entrant.partner] if entrant.partner else [])]
            ids = {p.pk for p in players}
            mine = [v for v in taken if v.player_id in ids]
            used = vacation_days_used(mine)
            rows.append(EntrantVacations(entrant.label, players, mine, used, max(allowed - used, 0)))
        zone = clock.time_zone if clock is not None else "UTC"
        out.append(SeasonVacations(season, allowed, zone, sorted(rows, key=lambda r: r.label.casefold())))
    return out
