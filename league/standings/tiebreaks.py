"""The tiebreaks a season may order (each defined exactly in docs/standings.md)."""

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

BUCHHOLZ = "buchholz"
BUCHHOLZ_CUT1 = "buchholz_cut1"
SONNEBORN_BERGER = "sonneborn_berger"
DIRECT_ENCOUNTER = "direct_encounter"
WINS = "wins"
AVERAGE_PLACE = "average_place"
SCORE_DIFFERENCE = "score_difference"
SCORE_FOR = "score_for"

TIEBREAKS = (
    BUCHHOLZ,
    BUCHHOLZ_CUT1,
    SONNEBORN_BERGER,
    DIRECT_ENCOUNTER,
    WINS,
    AVERAGE_PLACE,
    SCORE_DIFFERENCE,
    SCORE_FOR,
)
LOWER_IS_BETTER = frozenset({AVERAGE_PLACE})


@dataclass
class Record:
    """What one entrant did over the season, gathered from the outcomes."""

    entrant: int
    points: Fraction = Fraction(0)
    played: int = 0  # played and forfeited tables
    wins: int = 0
    byes: int = 0
    places: list[int] = field(default_factory=list)
    # one per opponent per table: (opponent, 1 if placed above them, 1/2 if level, 0 if below)
    encounters: list[tuple[int, Fraction]] = field(default_factory=list)
    score_for: Fraction = Fraction(0)
    score_difference: Fraction = Fraction(0)


def tiebreak_check(names: Collection[str]) -> list[str]:
    """The names, validated: known, no repeats."""
    names = list(names)
    unknown = [n for n in names if n not in TIEBREAKS]
    if unknown:
        raise ValueError(f"unknown tiebreaks: {', '.join(unknown)}")
    if len(set(names)) != len(names):
        raise ValueError("a tiebreak is listed twice")
    return names


def tiebreak_value(
    name: str, record: Record, *, records: Mapping[int, Record], group: Collection[int]
) -> Fraction | None:
    """The value of one tiebreak for one entrant; `group` is the tie it is asked to break (direct encounter)."""
    if name == BUCHHOLZ:
        return fraction_sum(records[o].points for o, _ in record.encounters)
    if name == BUCHHOLZ_CUT1:
        contributions = [records[o].points for o, _ in record.encounters]
        return fraction_sum(contributions) - min(contributions, default=Fraction(0))
    if name == SONNEBORN_BERGER:
        # grouped by result (1, 1/2; 0 adds nothing): a couple of products per entrant rather than one per encounter
        by_result: dict[Fraction, list[Fraction]] = {}
        for o, result in record.encounters:
            if result:
                by_result.setdefault(result, []).append(records[o].points)
        return fraction_sum(result * fraction_sum(points) for result, points in by_result.items())
    if name == DIRECT_ENCOUNTER:
        return fraction_sum(result for o, result in record.encounters if o in group and o != record.entrant)
    if name == WINS:
        return Fraction(record.wins)
    if name == AVERAGE_PLACE:
        return Fraction(sum(record.places), len(record.places)) if record.places else None
    if name == SCORE_DIFFERENCE:
        return record.score_difference
    if name == SCORE_FOR:
        return record.score_for
    raise ValueError(f"unknown tiebreak {name!r}")


def fraction_sum(values: Iterable[Fraction]) -> Fraction:
    """The exact sum, made as one Fraction: adding Fractions one by one reduces by a gcd at every step, which is
    most of the cost of the standings; here the numerators are summed over the common denominator instead."""
    values = list(values)
    denominator = math.lcm(*{v.denominator for v in values})  # lcm() of nothing is 1
    return Fraction(sum(v.numerator * (denominator // v.denominator) for v in values), denominator)


def sort_keys(name: str, values: Mapping[int, Fraction | None]) -> dict[int, tuple[int, int]]:
    """Ascending keys: better values first; an entrant without an average place comes after those with one. Every
    value is scaled to one common denominator, so the keys are integers (exact, and much cheaper to sort and compare
    than Fractions)."""
    denominator = math.lcm(*{v.denominator for v in values.values() if v is not None})
    sign = 1 if name in LOWER_IS_BETTER else -1
    return {
        entrant: (1, 0) if v is None else (0, sign * v.numerator * (denominator // v.denominator))
        for entrant, v in values.items()
    }
