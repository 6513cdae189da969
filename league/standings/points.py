"""Match points per table from placements: the season's points table (see docs/standings.md)."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
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
    if outcome.kind == "annulled":
        return {}
    if outcome.kind == "bye":
        return {outcome.entries[0].entrant: table.bye}
    sides = outcome.sides()
    places = sorted({_side_place(members) for members in sides.values()})
    row = table.for_sides(len(sides))
    side_points: dict[object, Fraction] = {}
    taken = 0
    for place in places:
        sharing = [key for key, members in sides.items() if _side_place(members) == place]
        span = row[taken : taken + len(sharing)]
        taken += len(sharing)
        if table.draw is not None and len(sharing) == len(sides):
            share = table.draw
        else:
            share = Fraction(sum(span), len(sharing))
        for key in sharing:
            side_points[key] = share
    return {e.entrant: side_points[outcome.side_of(e)] for e in outcome.entries}


def _side_place(members: list[Entry]) -> int:
    places = {m.place for m in members}
    if len(places) != 1:
        raise ValueError("partners share their place")
    return places.pop()
