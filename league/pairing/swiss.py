"""Swiss pairing: score groups, no repeat pairing while one is avoidable, byes to the lowest-ranked without one.

Pairs come from networkx's max-weight matching. One matching over every possible pair is cubic in the entrants and
takes seconds at a few hundred, so the ranking is paired in overlapping blocks of nearby ranks (each entrant linked
to the next `window` below it): a block commits the pairs that touch its upper part and hands the rest on. If that
leaves a repeat pairing, blocks and window double until one matching covers everyone, which finds the fewest repeats
there are.
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

BLOCK = 24
WINDOW = 8
# weights are integers so the matching is exact; a repeat costs more than every other preference together
_SCORE_UNIT = 1000
_BASE = 10**9


@dataclass(frozen=True)
class SwissEntrant:
    """An entrant as the pairing sees it, listed in the current ranking (best first)."""

    id: int
    score: Fraction | int = 0
    byes: int = 0
    first_seats: int = 0  # tables at which they had the first seat (white, or the first to act)
    second_seats: int = 0


@dataclass(frozen=True)
class SwissRound:
    pairs: list[tuple[int, int]]  # (first seat, second seat)
    bye: int | None


def swiss_pair(
    entrants: Sequence[SwissEntrant],
    *,
    played: Collection[frozenset[int]] = (),
    block: int = BLOCK,
    window: int = WINDOW,
) -> SwissRound:
    """Pair one Swiss round of `entrants` (in ranking order) avoiding the pairs in `played`."""
    if len({e.id for e in entrants}) != len(entrants):
        raise ValueError("entrants must be distinct")
    ranked = list(entrants)
    bye = None
    if len(ranked) % 2:
        bye = bye_choose(ranked)
        ranked = [e for e in ranked if e.id != bye]
    played_set = {frozenset(p) for p in played}
    while True:
        pairs = _pair_in_blocks(ranked, played_set, block=block, window=window)
        global_ = block >= len(ranked) and window >= len(ranked)
        if global_ or not any(frozenset(p) in played_set for p in pairs):
            break
        block, window = block * 2, window * 2
    by_id = {e.id: e for e in entrants}
    rank = {e.id: i for i, e in enumerate(entrants)}
    return SwissRound(pairs=[_seat_order(by_id[a], by_id[b], rank) for a, b in pairs], bye=bye)


def bye_choose(ranked: Sequence[SwissEntrant]) -> int:
    """The lowest-ranked entrant with the fewest byes (no bye at all, while anyone has none)."""
    fewest = min(e.byes for e in ranked)
    return next(e.id for e in reversed(ranked) if e.byes == fewest)


def _pair_in_blocks(
    ranked: list[SwissEntrant], played: set[frozenset[int]], *, block: int, window: int
) -> list[tuple[int, int]]:
    groups = _score_groups(ranked)
    remaining = list(ranked)
    pairs: list[tuple[int, int]] = []
    while remaining:
        last = len(remaining) <= block + block // 2
        chunk = remaining if last else remaining[:block]
        matched = _match(chunk, played, groups, window=len(chunk) if last else window)
        top = {e.id for e in chunk[: len(chunk) if last else block // 2]}
        committed = set()
        for a, b in matched:
            if a in top or b in top:
                pairs.append((a, b))
                committed |= {a, b}
        if last and len(committed) != len(chunk):
            raise AssertionError("a complete graph on an even count always has a perfect matching")
        remaining = [e for e in remaining if e.id not in committed]
    return pairs


def _score_groups(ranked: list[SwissEntrant]) -> dict[int, tuple[int, int]]:
    """Each entrant's position inside its score group and that group's size."""
    out: dict[int, tuple[int, int]] = {}
    start = 0
    for i in range(1, len(ranked) + 1):
        if i == len(ranked) or ranked[i].score != ranked[start].score:
            for k in range(start, i):
                out[ranked[k].id] = (k - start, i - start)
            start = i
    return out


def _match(
    chunk: list[SwissEntrant], played: set[frozenset[int]], groups: dict[int, tuple[int, int]], *, window: int
) -> list[tuple[int, int]]:
    graph = nx.Graph()
    graph.add_nodes_from(e.id for e in chunk)
    for i, a in enumerate(chunk):
        for j in range(i + 1, min(len(chunk), i + 1 + window)):
            b = chunk[j]
            graph.add_edge(a.id, b.id, weight=_weight(a, b, j - i, played, groups, len(chunk), window))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    order = {e.id: i for i, e in enumerate(chunk)}
    return sorted((tuple(sorted(p, key=order.__getitem__)) for p in matching), key=lambda p: order[p[0]])


def _weight(
    a: SwissEntrant,
    b: SwissEntrant,
    distance: int,
    played: set[frozenset[int]],
    groups: dict[int, tuple[int, int]],
    size: int,
    window: int,
) -> int:
    score_gap = int(abs(Fraction(a.score) - Fraction(b.score)) * _SCORE_UNIT)
    cost = score_gap * score_gap * size
    pos_a, group_size = groups[a.id]
    pos_b, _ = groups[b.id]
    if a.score == b.score:
        # inside a score group the upper half meets the lower half (1 v 5, 2 v 6, ... in a group of 8); a group
        # wider than the window aims at the window's half instead, out of reach being out of reach
        ideal = max(1, min(group_size // 2, window // 2))
        cost += (abs(pos_a - pos_b) - ideal) ** 2
    else:
        cost += distance
    weight = _BASE - cost
    if frozenset((a.id, b.id)) in played:
        weight -= _BASE // 2
    return weight


def _seat_order(a: SwissEntrant, b: SwissEntrant, rank: dict[int, int]) -> tuple[int, int]:
    """The first seat to whoever has had it less often; on equal counts, to the higher-ranked."""
    balance_a = a.first_seats - a.second_seats
    balance_b = b.first_seats - b.second_seats
    if balance_a != balance_b:
        return (a.id, b.id) if balance_a < balance_b else (b.id, a.id)
    return (a.id, b.id) if rank[a.id] < rank[b.id] else (b.id, a.id)
