"""Places into points or prizes (T-R18), the same for every format.

Every format's `places(state)` gives rows {"entrant", "place", "shared"}: `shared` entrants share the places
place … place + shared − 1 (two semifinal losers without a third-place match: place 3, shared 2; the losers of a
quarterfinal: 5, shared 4; two players out in the same hand with equal stacks: 29, shared 2).
"""

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any


def points_table_check(table: Sequence[int | str | Fraction]) -> list[Fraction]:
    """T-R18: the organizer's points or prizes by place, place 1 first; places past its end get nothing."""
    out = [Fraction(value) for value in table]
    if any(value < 0 for value in out):
        raise ValueError("points and prizes are never negative")
    return out


def points_decimal(value: Fraction) -> Decimal:
    """A place's points as every format's entrant rows keep them: three decimal places, rounded half to even from the
    exact fraction, never through a float (whose nearest binary value rounds a tie such as 1/80 = 0.0125 up)."""
    thousandths, rest = divmod(value.numerator * 1000, value.denominator)
    if 2 * rest > value.denominator or (2 * rest == value.denominator and thousandths % 2):
        thousandths += 1
    return Decimal(thousandths).scaleb(-3)


def awards(places: Sequence[Mapping[str, Any]], table: Sequence[int | str | Fraction]) -> dict[int, Fraction]:
    """T-R18: each placed entrant's points or prize. Entrants who share places share what those places are worth,
    equally: (prize 5 + prize 6) / 2 for two players out in the same hand with equal stacks (as the TDA and the
    poker sites split), (points 5 + … + 8) / 4 for the four losers of the quarterfinals."""
    values = points_table_check(table)
    out: dict[int, Fraction] = {}
    for row in places:
        band = range(row["place"], row["place"] + row["shared"])
        out[row["entrant"]] = Fraction(
            sum((values[p - 1] for p in band if p <= len(values)), Fraction(0)), row["shared"]
        )
    return out


def ratings_sides(places: Sequence[Mapping[str, Any]]) -> tuple[list[list[int]], list[int]]:
    """The places as `league.ratings.ratings_update` takes them (sides, places), for a season that rates its
    tournaments: each entrant a side, ties sharing their place."""
    return [[row["entrant"]] for row in places], [row["place"] for row in places]
