"""Rows: how long a round's rows are (P-D2), which rows a holding can lay, and the timeout row (P-D4)."""

from collections import Counter
from functools import lru_cache

from games.core.cards import COURT_RANKS

ROW_MAX = 5
RANK_ORDER = {rank: i for i, rank in enumerate(COURT_RANKS)}  # K first: the order holdings are shown and stored in


def row_length(*, held: list[int] | tuple[int, ...]) -> int:
    """P-D2: min(5, A, B), so that every laid card meets an opposing card."""
    return min(ROW_MAX, *held)


def cards_sorted(cards: list[str]) -> list[str]:
    """Cards in rank order, King first (ranks are interchangeable, so this is the canonical form of a holding)."""
    return sorted(cards, key=RANK_ORDER.__getitem__)


def row_missing(*, cards: list[str], hand: list[str]) -> list[str]:
    """What the row asks that the hand does not hold (copies counted), King first: every card of the row of each
    rank the row needs more of than the hand has, so that a refusal can say "You do not hold three Kings"; empty
    when the hand holds the whole row."""
    need = Counter(cards)
    have = Counter(hand)
    short = {rank for rank, count in need.items() if have[rank] < count}
    if not short:  # nearly every move: a row taken from the legal moves
        return []
    return [rank for rank in COURT_RANKS if rank in short for _copy in range(need[rank])]


def rows_distinct(*, hand: list[str], length: int) -> tuple[tuple[str, ...], ...]:
    """Every distinct row of `length` cards the hand can lay, in order (King first at each position)."""
    counts = Counter(hand)
    # copies beyond the row's length change nothing, so capping them lets more holdings share a cache entry
    return _rows(tuple(min(counts[rank], length) for rank in COURT_RANKS), length)


@lru_cache(maxsize=4096)
def _rows(counts: tuple[int, ...], length: int) -> tuple[tuple[str, ...], ...]:
    if length == 0:
        return ((),)
    out: list[tuple[str, ...]] = []
    for i, rank in enumerate(COURT_RANKS):
        if counts[i]:
            rest = (*counts[:i], counts[i] - 1, *counts[i + 1 :])
            head = (rank,)
            # a list comprehension and tuple concatenation: a third faster than extend() over (rank, *tail)
            out += [head + tail for tail in _rows(rest, length - 1)]
    return tuple(out)


def row_strongest(*, hand: list[str], length: int) -> list[str]:
    """P-D4: the `length` strongest cards, laid King, Noble, Scholar, Citizen, Jester."""
    return cards_sorted(hand)[:length]
