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


def row_fits(*, cards: list[str], hand: list[str]) -> bool:
    """Whether every card of the row comes from the hand (copies counted)."""
    need = Counter(cards)
    have = Counter(hand)
    return all(have[rank] >= count for rank, count in need.items())


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
            out.extend((rank, *tail) for tail in _rows(rest, length - 1))
    return tuple(out)


def row_strongest(*, hand: list[str], length: int) -> list[str]:
    """P-D4: the `length` strongest cards, laid King, Noble, Scholar, Citizen, Jester."""
    return cards_sorted(hand)[:length]
