"""A season table of the test game with a season clock, opened at a frozen instant."""

from datetime import UTC, datetime, timedelta
from typing import Any

import time_machine

from league.models import SeasonClock, Seat, Table
from league.services.rounds import season_start
from tests.league.seasons.factories import season_with_entrants


def at(day: int, hour: int = 0, minute: int = 0) -> datetime:
    """December 2026: the 4th is a Friday, the 5th and 6th the weekend."""
    return datetime(2026, 12, day, hour, minute, tzinfo=UTC)


def season_table(game: str, *, start: datetime, per_move: timedelta, rounds: int = 1, **clock: Any) -> Table:
    """The one table of a two-entrant round robin of `game` opened at `start`, under a SeasonClock of `clock`."""
    season, organizer, _ = season_with_entrants(game, entrants=2, options={"rounds": rounds}, time_per_move=per_move)
    SeasonClock.objects.create(season=season, **clock)
    with time_machine.travel(start, tick=False):
        season_start(season=season, by=organizer)
    return Table.objects.get(round__season=season)


def players_of(table: Table) -> dict:
    return {seat.index: seat.player for seat in Seat.objects.filter(table=table).select_related("player")}
