"""A small made-up season that the settings pages rank with the organizer's points table and tiebreaks before they
are saved, so that the order of the tiebreaks can be seen at work: six entrants over three rounds, several level on
match points."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from league.standings.compute import standings_compute
from league.standings.ranks import shared_ranks
from league.standings.results import Entry, Outcome

NAMES = ("Ana", "Ben", "Cho", "Dae", "Eun", "Fay")

# duels: (round, first, second, first's score, second's score); A and E end on 6 points, B, C and D on 4
DUELS = (
    (1, 0, 1, 60, 40),
    (1, 2, 3, 50, 50),
    (1, 4, 5, 70, 30),
    (2, 2, 0, 55, 45),
    (2, 1, 4, 52, 48),
    (2, 3, 5, 80, 20),
    (3, 0, 3, 51, 49),
    (3, 4, 2, 60, 40),
    (3, 1, 5, 50, 50),
)
# tables of three: (round, [(entrant, place, score), ...]); with the default 3/1/0, B, C and E end level on 4
TABLES = (
    (1, ((0, 1, 150), (1, 2, 100), (2, 3, 50))),
    (1, ((3, 1, 160), (4, 2, 90), (5, 3, 50))),
    (2, ((4, 1, 160), (3, 2, 100), (0, 3, 40))),
    (2, ((1, 1, 130), (2, 2, 120), (5, 3, 50))),
    (3, ((0, 1, 120), (5, 2, 100), (4, 3, 80))),
    (3, ((2, 1, 170), (3, 2, 70), (1, 3, 60))),
)


@dataclass(frozen=True)
class ExampleRow:
    rank: int  # shared by entrants left level
    name: str
    points: Fraction
    tiebreaks: dict[str, Fraction | None]


def _outcomes(multi: bool) -> list[Outcome]:
    if multi:
        return [
            Outcome(
                round=r, table=i, kind="played", entries=tuple(Entry(entrant=e, place=p, score=s) for e, p, s in seats)
            )
            for i, (r, seats) in enumerate(TABLES, start=1)
        ]
    outcomes = []
    for i, (r, first, second, a, b) in enumerate(DUELS, start=1):
        places = (1, 1) if a == b else (1, 2) if a > b else (2, 1)
        entries = (Entry(entrant=first, place=places[0], score=a), Entry(entrant=second, place=places[1], score=b))
        outcomes.append(Outcome(round=r, table=i, kind="played", entries=entries))
    return outcomes


def example_standings(*, points_table: Mapping[str, Any], tiebreaks: Sequence[str], multi: bool) -> list[ExampleRow]:
    """The example ranked by the given points table and tiebreaks (duels, or tables of three when `multi`);
    ValueError when the points table cannot rank it (no row for the example's tables)."""
    rows = standings_compute(
        _outcomes(multi), points_table=points_table, tiebreaks=tiebreaks, seed="example", entrants=range(6)
    )
    ranks = shared_ranks([(row.points, *(row.tiebreaks[name] for name in tiebreaks)) for row in rows])
    return [
        ExampleRow(rank=rank, name=NAMES[row.entrant], points=row.points, tiebreaks=row.tiebreaks)
        for rank, row in zip(ranks, rows, strict=True)
    ]
