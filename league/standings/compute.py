"""Standings as a pure function of the season's outcomes: the same outcomes always give the same table."""

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from league.standings.points import PointsTable, table_awards
from league.standings.results import Outcome
from league.standings.tiebreaks import DIRECT_ENCOUNTER, Record, sort_keys, tiebreak_check, tiebreak_value


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
    return standings_rank(records, tiebreak_values(records, records, order=order), order=order, lots=lots)


def tiebreak_values(
    entrants: Iterable[int], records: Mapping[int, Record], *, order: Sequence[str]
) -> dict[int, dict[str, Fraction | None]]:
    """The tiebreaks of these entrants that do not depend on a tie (all but direct encounter, left None)."""
    return {
        entrant: {
            name: None
            if name == DIRECT_ENCOUNTER
            else tiebreak_value(name, records[entrant], records=records, group=())
            for name in order
        }
        for entrant in entrants
    }


def standings_rank(
    records: Mapping[int, Record],
    values: dict[int, dict[str, Fraction | None]],
    *,
    order: Sequence[str],
    lots: Mapping[int, int],
    direct: Callable[[list[list[int]]], Mapping[int, Fraction | None]] | None = None,
) -> list[StandingRow]:
    """Rank entrants by points, `values` (their tiebreaks, direct encounter filled in here for the entrants still
    tied when it is reached) and lots. `records` gives points, played, wins and byes; direct encounter is computed
    from the encounters in `records` or, when given, by `direct(tied groups)` (the incremental update keeps only
    the counts of most entrants: it reuses the values of a tie that did not change and reads the encounters of one
    that did)."""
    # match points sort as any tiebreak where more is better; the entrants in the order `records` gives them (the
    # incremental update gives the stored order, nearly sorted already: the sort then costs a pass), as a tie's
    # order is settled by the keys after and the lots, not by this
    groups = _split([list(records)], sort_keys("points", {e: r.points for e, r in records.items()}))
    for name in order:
        if name == DIRECT_ENCOUNTER:
            tied = [group for group in groups if len(group) > 1]
            found = direct(tied) if direct is not None else direct_values(tied, records)
            for entrant, value in found.items():
                values[entrant][name] = value
        # only a tie needs the next key: after the points and the first tiebreak most entrants stand alone, and
        # the keys' common denominator only has to cover the values compared within one tie
        tied_members = [e for group in groups if len(group) > 1 for e in group]
        groups = _split(groups, sort_keys(name, {e: values[e][name] for e in tied_members}))
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


def direct_values(groups: Iterable[list[int]], records: Mapping[int, Record]) -> dict[int, Fraction | None]:
    """Direct encounter within each of these ties, from the members' encounters."""
    out = {}
    for group in groups:
        members = frozenset(group)
        for entrant in group:
            out[entrant] = tiebreak_value(DIRECT_ENCOUNTER, records[entrant], records=records, group=members)
    return out


# an encounter's result; shared, as a Fraction built per encounter was a good part of the cost
_WON, _LEVEL, _LOST = Fraction(1), Fraction(1, 2), Fraction(0)


def records_gather(
    results: Iterable[Outcome], *, table: PointsTable, entrants: Iterable[int] = ()
) -> dict[int, Record]:
    """Each entrant's record over the outcomes. Points and scores are summed as integers (points in units of
    `table.unit`; score differences per number of opponents, over which the opponents' mean is taken) and made
    Fractions once per entrant at the end: exact, without a gcd per addition."""
    records: dict[int, Record] = {e: Record(entrant=e) for e in entrants}
    units: dict[int, int] = {}
    scored: dict[int, int | Fraction] = {}
    differences: dict[int, dict[int, int | Fraction]] = {}  # entrant -> opponents -> sum of (score × n - theirs)
    for outcome in sorted(results, key=lambda o: (o.round, o.table)):
        entries = outcome.entries
        for entry in entries:
            if entry.entrant not in records:
                records[entry.entrant] = Record(entrant=entry.entrant)
        if outcome.kind == "annulled":
            continue
        for entrant, (_, award) in table_awards(outcome, table).items():
            units[entrant] = units.get(entrant, 0) + award
        if outcome.kind == "bye":
            records[entries[0].entrant].byes += 1
            continue
        sided = any(e.side is not None for e in entries)
        best = min(e.place for e in entries)
        at_best = [e for e in entries if e.place == best]
        lone_winner = len({outcome.side_of(e) for e in at_best}) == 1 if sided else len(at_best) == 1
        played = outcome.kind == "played"
        scores = [_exact(e.score) for e in entries] if played else []
        total = sum(scores)
        for i, entry in enumerate(entries):
            entrant, place = entry.entrant, entry.place
            record = records[entrant]
            record.played += 1
            record.places.append(place)
            if lone_winner and place == best:
                record.wins += 1
            opponents = outcome.opponents(entry) if sided else [e for e in entries if e is not entry]
            record.encounters.extend(
                [(o.entrant, _WON if place < o.place else _LEVEL if place == o.place else _LOST) for o in opponents]
            )
            if played:
                score = scores[i]
                scored[entrant] = scored.get(entrant, 0) + score
                if opponents:
                    n = len(opponents)
                    theirs = sum(_exact(o.score) for o in opponents) if sided else total - score
                    by_count = differences.setdefault(entrant, {})
                    by_count[n] = by_count.get(n, 0) + score * n - theirs
    for entrant, record in records.items():
        record.points = Fraction(units.get(entrant, 0), table.unit)
        record.score_for = Fraction(scored.get(entrant, 0))
        by_count = differences.get(entrant) or {}
        if by_count:
            common = math.lcm(*by_count)
            record.score_difference = Fraction(sum(s * (common // n) for n, s in by_count.items()), common)
    return records


def _exact(score: Fraction | int) -> Fraction | int:
    # ints stay ints (cheap to add); anything else (a Fraction, a Decimal) becomes an exact Fraction, as before
    return score if isinstance(score, int) else Fraction(score)


def lots_draw(entrants: Iterable[int], *, seed: str | int) -> dict[int, int]:
    """A seeded draw of lots: the same seed and entrants always draw the same order."""
    pool = sorted(entrants)
    random.Random(f"lots:{seed}").shuffle(pool)
    return {entrant: i + 1 for i, entrant in enumerate(pool)}


def _split(groups: list[list[int]], keys: Mapping[int, Any]) -> list[list[int]]:
    """Each group cut where the key changes, in key order (a group of one is left as it is: it needs no key)."""
    out: list[list[int]] = []
    for group in groups:
        if len(group) == 1:
            out.append(group)
            continue
        ordered = sorted(group, key=keys.__getitem__)
        current: list[int] = []
        for entrant in ordered:
            if current and keys[current[-1]] != keys[entrant]:
                out.append(current)
                current = []
            current.append(entrant)
        out.append(current)
    return out
