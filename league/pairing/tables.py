"""Multi-table rounds for the 2–6-seat games: table sizes, who sits together, and in which seat.

Sizes are as even as possible within the game's limits, using as few tables as that allows. Who sits with whom is a
local search from a seeded deal: swap two players between tables while it lowers the cost (by default the number of
times each pair at a table has met before), from a few seeded starts, keeping the best. Seats follow, per table, by
the order that gives everyone the seats they have had least (seat 0 is the first seat: the button, or the first to
act), so both rotate over a season.
"""

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

GroupCost = Callable[[Sequence[int]], int]

RESTARTS = 4
EXACT_LIMIT = 20_000


@dataclass(frozen=True)
class TableRound:
    tables: list[list[int]]  # each table's entrants in seat order
    byes: list[int]  # entrants who sit this round out


def table_sizes(count: int, *, min_size: int, max_size: int) -> list[int]:
    """Sizes for seating `count` entrants: the fewest tables whose sizes differ by at most one.

    Raises ValueError when no split fits the limits; `seatable_count` says how many can be seated.
    """
    if not 1 <= min_size <= max_size:
        raise ValueError("need 1 <= min_size <= max_size")
    for tables in range(-(-count // max_size), count // min_size + 1):
        if tables and tables * min_size <= count <= tables * max_size:
            small, extra = divmod(count, tables)
            return [small + 1] * extra + [small] * (tables - extra)
    raise ValueError(f"{count} entrants cannot sit at tables of {min_size} to {max_size}")


def seatable_count(count: int, *, min_size: int, max_size: int) -> int:
    """The most of `count` entrants that fit at tables within the limits (0 when fewer than min_size)."""
    for seated in range(count, 0, -1):
        try:
            table_sizes(seated, min_size=min_size, max_size=max_size)
        except ValueError:
            continue
        return seated
    return 0


def byes_choose(ranked: Sequence[int], count: int, *, byes: Mapping[int, int]) -> list[int]:
    """`count` entrants to sit out: fewest byes so far first, then the lowest-ranked."""
    order = sorted(range(len(ranked)), key=lambda i: (byes.get(ranked[i], 0), -i))
    return [ranked[i] for i in order[:count]]


def met_cost(met: Mapping[frozenset[int], int]) -> GroupCost:
    """The cost of a table: how many times its pairs of entrants have met before."""

    def cost(group: Sequence[int]) -> int:
        return sum(met.get(frozenset(pair), 0) for pair in itertools.combinations(group, 2))

    return cost


def tables_seat(
    ranked: Sequence[int],
    *,
    min_size: int,
    max_size: int,
    met: Mapping[frozenset[int], int] | None = None,
    seat_counts: Mapping[tuple[int, int], int] | None = None,
    byes: Mapping[int, int] | None = None,
    seed: str | int = 0,
    group_cost: GroupCost | None = None,
    seat_order: Callable[[Sequence[int], random.Random], list[int]] | None = None,
) -> TableRound:
    """Seat one round of `ranked` (ranking order, best first) at balanced tables with the fewest repeat meetings."""
    if len(set(ranked)) != len(ranked):
        raise ValueError("entrants must be distinct")
    rng = random.Random(f"tables:{seed}")
    seated_count = seatable_count(len(ranked), min_size=min_size, max_size=max_size)
    out = byes_choose(ranked, len(ranked) - seated_count, byes=byes or {})
    seated = [e for e in ranked if e not in set(out)]
    if not seated:
        return TableRound(tables=[], byes=out)
    sizes = table_sizes(len(seated), min_size=min_size, max_size=max_size)
    cost = group_cost or met_cost(met or {})
    groups = groups_optimize(seated, sizes, cost=cost, rng=rng)
    order = seat_order or (lambda group, r: seats_rotate(group, seat_counts=seat_counts or {}, rng=r))
    return TableRound(tables=[order(group, rng) for group in groups], byes=out)


def groups_optimize(
    entrants: Sequence[int], sizes: Sequence[int], *, cost: GroupCost, rng: random.Random, restarts: int = RESTARTS
) -> list[list[int]]:
    """Split `entrants` into groups of `sizes` with a low total `cost`: the least there is when the splits are few
    enough to try them all, else the best of a few seeded local searches by pair swaps."""
    if _split_count(sizes) <= EXACT_LIMIT:
        pool = list(entrants)
        rng.shuffle(pool)  # the seed picks among equally good splits
        return _exact(pool, sorted(sizes, reverse=True), cost)
    best: list[list[int]] | None = None
    best_cost = 0
    for _ in range(restarts):
        pool = list(entrants)
        rng.shuffle(pool)
        groups, start = [], 0
        for size in sizes:
            groups.append(pool[start : start + size])
            start += size
        total = _improve(groups, cost, rng)
        if best is None or total < best_cost:
            best, best_cost = groups, total
        if best_cost == 0:
            break
    assert best is not None
    return best


def _split_count(sizes: Sequence[int]) -> int:
    """How many ways there are to split sum(sizes) entrants into groups of these sizes."""
    count = math.factorial(sum(sizes))
    for size in sizes:
        count //= math.factorial(size)
    for same in Counter(sizes).values():
        count //= math.factorial(same)
    return count


def _exact(pool: list[int], sizes: list[int], cost: GroupCost) -> list[list[int]]:
    best: list[Any] = [None, None]  # cost, groups

    def search(remaining: list[int], sizes_left: list[int], groups: list[list[int]], total: int) -> None:
        if best[0] is not None and total >= best[0]:
            return
        if not remaining:
            best[0], best[1] = total, [list(g) for g in groups]
            return
        first, rest = remaining[0], remaining[1:]
        for size in dict.fromkeys(sizes_left):
            left = list(sizes_left)
            left.remove(size)
            for others in itertools.combinations(rest, size - 1):
                group = [first, *others]
                chosen = set(others)
                search([e for e in rest if e not in chosen], left, [*groups, group], total + cost(group))

    search(pool, sizes, [], 0)
    groups: list[list[int]] = best[1]
    return groups


def _improve(groups: list[list[int]], cost: GroupCost, rng: random.Random) -> int:
    costs = [cost(g) for g in groups]
    improved = True
    while improved:
        improved = False
        table_pairs = list(itertools.combinations(range(len(groups)), 2))
        rng.shuffle(table_pairs)
        for t, u in table_pairs:
            if costs[t] == 0 and costs[u] == 0:
                continue
            for i, j in itertools.product(range(len(groups[t])), range(len(groups[u]))):
                a, b = groups[t][i], groups[u][j]
                new_t = [*groups[t][:i], b, *groups[t][i + 1 :]]
                new_u = [*groups[u][:j], a, *groups[u][j + 1 :]]
                ct, cu = cost(new_t), cost(new_u)
                if ct + cu < costs[t] + costs[u]:
                    groups[t], groups[u], costs[t], costs[u] = new_t, new_u, ct, cu
                    improved = True
    return sum(costs)


def seats_rotate(group: Sequence[int], *, seat_counts: Mapping[tuple[int, int], int], rng: random.Random) -> list[int]:
    """The seat order giving each entrant the seats they have had least; seeded choice among equals."""
    best: list[list[int]] = []
    best_cost = None
    for order in itertools.permutations(sorted(group)):
        # squared counts: one entrant at a seat for the third time is worse than two at it for the second
        total = sum((seat_counts.get((entrant, seat), 0) + 1) ** 2 for seat, entrant in enumerate(order))
        if best_cost is None or total < best_cost:
            best, best_cost = [list(order)], total
        elif total == best_cost:
            best.append(list(order))
    return rng.choice(best)
