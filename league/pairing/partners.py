"""Coinche partnerships (K-R1: 4 seats, partners opposite, seats 0+2 against 1+3).

Fixed teams are paired as entrants (round robin or Swiss over teams) and seated by `team_seats`. Individual entrants
with rotating partners are grouped in fours by the multi-table search, where a table's cost is that of its best
split into partnerships: each earlier partnership weighs more than every earlier meeting together.
"""

import itertools
import random
from collections.abc import Mapping, Sequence

from league.pairing.tables import TableRound, tables_seat

PARTNER_WEIGHT = 100
SEATS = 4


def team_seats(first: Sequence[int], second: Sequence[int], *, round_number: int) -> list[int]:
    """Seats 0..3 for two fixed teams: the first team on 0 and 2; partners swap seats every other round."""
    a, c = first if round_number % 2 else list(reversed(first))
    b, d = second if round_number % 2 else list(reversed(second))
    return [a, b, c, d]


def splits(group: Sequence[int]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The three ways to split four players into two partnerships."""
    a, b, c, d = group
    return [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]


def split_cost(
    split: tuple[tuple[int, int], tuple[int, int]],
    *,
    partnered: Mapping[frozenset[int], int],
    met: Mapping[frozenset[int], int],
) -> int:
    (p, q), (r, s) = split
    partner_repeats = partnered.get(frozenset((p, q)), 0) + partnered.get(frozenset((r, s)), 0)
    opponent_repeats = sum(met.get(frozenset((x, y)), 0) for x in (p, q) for y in (r, s))
    return PARTNER_WEIGHT * partner_repeats + opponent_repeats


def rotating_partners_seat(
    ranked: Sequence[int],
    *,
    partnered: Mapping[frozenset[int], int],
    met: Mapping[frozenset[int], int],
    seat_counts: Mapping[tuple[int, int], int] | None = None,
    byes: Mapping[int, int] | None = None,
    seed: str | int = 0,
) -> TableRound:
    """Tables of four with the fewest repeat partners (then opponents); partners sit opposite.

    `met` counts earlier meetings as opponents, `partnered` earlier partnerships. Entrants beyond a multiple of four
    sit out (fewest byes first, then the lowest-ranked).
    """
    seat_counts = seat_counts or {}

    def cost(group: Sequence[int]) -> int:
        return min(split_cost(s, partnered=partnered, met=met) for s in splits(group))

    def order(group: Sequence[int], rng: random.Random) -> list[int]:
        scored = [(split_cost(s, partnered=partnered, met=met), s) for s in splits(sorted(group))]
        low = min(c for c, _ in scored)
        candidates = []
        for _, ((p, q), (r, s)) in (x for x in scored if x[0] == low):
            for first, second in ((p, q), (r, s)), ((r, s), (p, q)):
                for a, c in itertools.permutations(first):
                    for b, d in itertools.permutations(second):
                        seats = [a, b, c, d]
                        load = sum((seat_counts.get((e, i), 0) + 1) ** 2 for i, e in enumerate(seats))
                        candidates.append((load, seats))
        least = min(load for load, _ in candidates)
        return rng.choice([seats for load, seats in candidates if load == least])

    return tables_seat(ranked, min_size=SEATS, max_size=SEATS, byes=byes, seed=seed, group_cost=cost, seat_order=order)
