"""Standings as a pure function of the season's outcomes: the same outcomes always give the same table."""

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from league.standings.points import PointsTable, table_points
from league.standings.results import Outcome
from league.standings.tiebreaks import DIRECT_ENCOUNTER, Record, sort_key, tiebreak_check, tiebreak_value


@dataclass(frozen=True)
class StandingRow:
    rank: int
    entrant: int
    points: Fraction
    played: int
    wins: int
    byes: int
    tiebreaks: dict[str, Fraction | None]  # every tiebreak of the season; None where it does not apply
    lot: int  # the seeded draw of lots, 1 = drawn first


def standings_compute(
    results: Iterable[Outcome],
    *,
    points_table: PointsTable | Mapping[str, Any],
    tiebreaks: Sequence[str],
    seed: str | int,
    entrants: Iterable[int] = (),
) -> list[StandingRow]:
    """Rank every entrant: match points, then the season's tiebreaks in order, then the seeded draw of lots."""
    table = points_table if isinstance(points_table, PointsTable) else PointsTable.from_json(points_table)
    order = tiebreak_check(tiebreaks)
    records = records_gather(results, table=table, entrants=entrants)
    lots = lots_draw(records, seed=seed)
    values: dict[int, dict[str, Fraction | None]] = {e: {} for e in records}
    for entrant, record in records.items():
        for name in order:
            if name != DIRECT_ENCOUNTER:
                values[entrant][name] = tiebreak_value(name, record, records=records, group=())
            else:
                values[entrant][name] = None  # filled in only for entrants still tied when it is reached

    groups = _split([sorted(records)], lambda e: -records[e].points)
    for name in order:
        if name == DIRECT_ENCOUNTER:
            for group in groups:
                if len(group) > 1:
                    for entrant in group:
                        values[entrant][name] = tiebreak_value(name, records[entrant], records=records, group=group)
        groups = _split(groups, lambda e, name=name: sort_key(name, values[e][name]))
    ranked = [e for group in groups for e in sorted(group, key=lots.__getitem__)]
    return [
        StandingRow(
            rank=i + 1,
            entrant=e,
            points=records[e].points,
            played=records[e].played,
            wins=records[e].wins,
            byes=records[e].byes,
            tiebreaks=values[e],
            lot=lots[e],
        )
        for i, e in enumerate(ranked)
    ]


def records_gather(
    results: Iterable[Outcome], *, table: PointsTable, entrants: Iterable[int] = ()
) -> dict[int, Record]:
    records: dict[int, Record] = {e: Record(entrant=e) for e in entrants}
    for outcome in sorted(results, key=lambda o: (o.round, o.table)):
        for entry in outcome.entries:
            records.setdefault(entry.entrant, Record(entrant=entry.entrant))
        if outcome.kind == "annulled":
            continue
        for entrant, points in table_points(outcome, table).items():
            records[entrant].points += points
        if outcome.kind == "bye":
            records[outcome.entries[0].entrant].byes += 1
            continue
        best = min(e.place for e in outcome.entries)
        sides_at_best = {outcome.side_of(e) for e in outcome.entries if e.place == best}
        for entry in outcome.entries:
            record = records[entry.entrant]
            record.played += 1
            record.places.append(entry.place)
            if entry.place == best and len(sides_at_best) == 1:
                record.wins += 1
            opponents = outcome.opponents(entry)
            for other in opponents:
                result = Fraction(1) if entry.place < other.place else Fraction(entry.place == other.place, 2)
                record.encounters.append((other.entrant, result))
            if outcome.kind == "played":
                score = Fraction(entry.score)
                record.score_for += score
                if opponents:
                    record.score_difference += score - Fraction(
                        sum(Fraction(o.score) for o in opponents), len(opponents)
                    )
    return records


def lots_draw(entrants: Iterable[int], *, seed: str | int) -> dict[int, int]:
    """A seeded draw of lots: the same seed and entrants always draw the same order."""
    pool = sorted(entrants)
    random.Random(f"lots:{seed}").shuffle(pool)
    return {entrant: i + 1 for i, entrant in enumerate(pool)}


def _split(groups: list[list[int]], key) -> list[list[int]]:
    out: list[list[int]] = []
    for group in groups:
        ordered = sorted(group, key=key)
        current: list[int] = []
        for entrant in ordered:
            if current and key(current[-1]) != key(entrant):
                out.append(current)
                current = []
            current.append(entrant)
        out.append(current)
    return out
