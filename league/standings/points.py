"""Match points per table from placements: the season's points table (see docs/standings.md)."""

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from league.standings.results import Entry, Outcome


@dataclass(frozen=True)
class PointsTable:
    """Points by place for each number of sides at a table, plus the draw and bye awards.

    `places[n]` lists the points of places 1..n at a table of n sides. Sides that share places share those places'
    points equally, except that when every side shares first place and `draw` is set, each gets `draw` (3/1/0 in a
    duel). A bye is worth `bye`.
    """

    places: Mapping[int, tuple[Fraction, ...]]
    draw: Fraction | None = None
    bye: Fraction = Fraction(0)
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "PointsTable":
        """From the season's JSON: {"places": {"2": [3, 0], "4": [4, 2, 1, 0]}, "draw": 1, "bye": 3}."""
        places = {int(n): tuple(Fraction(p) for p in points) for n, points in data["places"].items()}
        for n, points in places.items():
            if n < 2 or len(points) != n:
                raise ValueError(f"points for a table of {n} sides must list {n} places")
        draw = data.get("draw")
        return cls(places=places, draw=None if draw is None else Fraction(draw), bye=Fraction(data.get("bye", 0)))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"places": {str(n): [_plain(p) for p in pts] for n, pts in sorted(self.places.items())}}
        if self.draw is not None:
            out["draw"] = _plain(self.draw)
        out["bye"] = _plain(self.bye)
        return out

    def for_sides(self, count: int) -> tuple[Fraction, ...]:
        try:
            return self.places[count]
        except KeyError:
            raise ValueError(f"the points table has no row for tables of {count} sides") from None

    @cached_property
    def unit(self) -> int:
        """A denominator every award is a whole multiple of, so points can be summed as integers: a share is a sum
        of places' points over at most n sides, so the awards' denominators times 1..n (the largest table) cover
        it. 2 for 3/1/0 (a draw is not a half, but a shared place at a duel without `draw` is)."""
        awards = [p for row in self.places.values() for p in row] + [self.bye]
        if self.draw is not None:
            awards.append(self.draw)
        return math.lcm(*(a.denominator for a in awards)) * math.lcm(*range(1, max(self.places, default=1) + 1))

    @cached_property
    def _shares(self) -> dict[tuple[int, ...], dict[int, tuple[Fraction, int]]]:
        # (side places, sorted) -> place -> (its share, the share in units); tables repeat a handful of patterns
        return {}

    def shares(self, side_places: tuple[int, ...]) -> dict[int, tuple[Fraction, int]]:
        """Each place's points at a table whose sides placed `side_places` (sorted), as (Fraction, units of
        `unit`); computed once per pattern (a duel has three: won, lost, drawn)."""
        cached = self._shares.get(side_places)
        if cached is None:
            cached = self._shares[side_places] = self._shares_compute(side_places)
        return cached

    def _shares_compute(self, side_places: tuple[int, ...]) -> dict[int, tuple[Fraction, int]]:
        row = self.for_sides(len(side_places))
        out: dict[int, tuple[Fraction, int]] = {}
        taken = 0
        for place in sorted(set(side_places)):
            sharing = side_places.count(place)
            span = row[taken : taken + sharing]
            taken += sharing
            everyone_first = self.draw is not None and sharing == len(side_places)
            share = self.draw if everyone_first and self.draw is not None else Fraction(sum(span), sharing)
            units = share * self.unit
            if units.denominator != 1:  # cannot happen (see `unit`); a wrong sum must never pass silently
                raise ArithmeticError(f"{share} is not a whole number of 1/{self.unit}")
            out[place] = (share, units.numerator)
        return out


def _plain(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


DUEL_DEFAULT = {"places": {"2": [3, 0]}, "draw": 1, "bye": 3}


def multi_default(max_sides: int) -> dict[str, Any]:
    """Default for multi-seat games: last place 0, one point more per place above, the winner one more still."""
    places = {}
    for n in range(2, max_sides + 1):
        row = [n - 1 - k for k in range(n)]
        row[0] += 1
        places[str(n)] = row
    return {"places": places, "bye": places[str(max(2, min(max_sides, 4)))][1]}


def table_points(outcome: Outcome, table: PointsTable) -> dict[int, Fraction]:
    """Match points each entrant at the table earns (annulled: none; bye: the bye award)."""
    return {entrant: share for entrant, (share, _) in table_awards(outcome, table).items()}


def table_awards(outcome: Outcome, table: PointsTable) -> dict[int, tuple[Fraction, int]]:
    """`table_points`, each award also in units of `table.unit` (what the standings sum)."""
    if outcome.kind == "annulled":
        return {}
    if outcome.kind == "bye":
        return {outcome.entries[0].entrant: (table.bye, (table.bye * table.unit).numerator)}
    entries = outcome.entries
    if all(e.side is None for e in entries):
        # every entrant a side of its own (all but rotating-partner Coinche): no grouping to do
        shares = table.shares(tuple(sorted(e.place for e in entries)))
        return {e.entrant: shares[e.place] for e in entries}
    sides = outcome.sides()
    side_place = {key: _side_place(members) for key, members in sides.items()}
    shares = table.shares(tuple(sorted(side_place.values())))
    return {e.entrant: shares[side_place[outcome.side_of(e)]] for e in entries}


def _side_place(members: list[Entry]) -> int:
    places = {m.place for m in members}
    if len(places) != 1:
        raise ValueError("partners share their place")
    return places.pop()
