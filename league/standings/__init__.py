"""Standings: a pure function from a season's table outcomes to ranked rows (docs/standings.md)."""

from league.standings.compute import StandingRow, lots_draw, standings_compute
from league.standings.points import DUEL_DEFAULT, PointsTable, multi_default, table_points
from league.standings.results import Entry, Outcome
from league.standings.tiebreaks import TIEBREAKS

__all__ = [
    "DUEL_DEFAULT",
    "TIEBREAKS",
    "Entry",
    "Outcome",
    "PointsTable",
    "StandingRow",
    "lots_draw",
    "multi_default",
    "standings_compute",
    "table_points",
]
