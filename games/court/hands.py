"""Hand evaluation for The Court: the eight categories (C-R14), ties (C-R15, C-D6) and public-card order (C-R8, C-D3).

Cards are rank codes of the court deck (K N S C J, high to low). A hand key is a tuple that compares with `>`:
higher is stronger, equal keys tie.
"""

from collections import Counter
from functools import cache
from typing import Any

from games.core.cards import COURT_RANKS
from games.core.i18n import _

RANK_VALUE = {rank: len(COURT_RANKS) - 1 - i for i, rank in enumerate(COURT_RANKS)}  # K=4 … J=0
VALUE_RANK = {value: rank for rank, value in RANK_VALUE.items()}

CROWN, FOUR_CARDS, STRAIGHT, FULL_HOUSE, HALF, TRIPLE, TWO_PAIR, ONE_PAIR = range(1, 9)
CATEGORY_NAMES = {
    CROWN: "crown",
    FOUR_CARDS: "four_cards",
    STRAIGHT: "straight",
    FULL_HOUSE: "full_house",
    HALF: "half",
    TRIPLE: "triple",
    TWO_PAIR: "two_pair",
    ONE_PAIR: "one_pair",
}


# the plural of each rank, for the category phrases of a showdown ("Two Pair, Kings and Scholars")
RANK_PLURALS = {"K": _("Kings"), "N": _("Nobles"), "S": _("Scholars"), "C": _("Citizens"), "J": _("Jesters")}

# category, then the ranks of the combination; then the kickers' ranks when the table compares them (C-R15)
HandKey = tuple[int, tuple[int, ...], tuple[int, ...]]


def _groups(cards: list[str]) -> tuple[tuple[int, int], ...]:
    """(count, rank value) per rank held, largest group first, then higher rank first."""
    return _groups_of("".join(sorted(cards)))


@cache
def _groups_of(hand: str) -> tuple[tuple[int, int], ...]:
    # cached by the sorted cards: there are 126 hands of 5 cards from 5 ranks (fewer of 1 to 3 public cards), and
    # counting them was a tenth of a move's cost
    return tuple(sorted(((count, RANK_VALUE[rank]) for rank, count in Counter(hand).items()), reverse=True))


def classify(cards: list[str]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(category 1..8, ranks of the combination by significance, kicker ranks high to low) of a 5-card hand."""
    if len(cards) != 5:
        raise ValueError("a showdown hand has 5 cards")
    groups = _groups(cards)
    counts = [count for count, _value in groups]
    values = [value for _count, value in groups]
    if counts == [5]:
        return CROWN, (values[0],), ()
    if counts == [4, 1]:
        return FOUR_CARDS, (values[0],), (values[1],)
    if counts == [1, 1, 1, 1, 1]:
        return STRAIGHT, (), ()
    if counts == [3, 2]:
        return FULL_HOUSE, (values[0], values[1]), ()
    if counts == [3, 1, 1]:
        return TRIPLE, (values[0],), (values[1], values[2])
    if counts == [2, 2, 1]:
        return TWO_PAIR, (values[0], values[1]), (values[2],)
    # 2+1+1+1: four ranks; a Half when the missing rank is an end of the chain (C-R3: the chain does not wrap)
    missing = ({0, 1, 2, 3, 4} - set(values)).pop()
    if missing == RANK_VALUE["K"]:
        return HALF, (RANK_VALUE["N"],), (values[0],)
    if missing == RANK_VALUE["J"]:
        return HALF, (RANK_VALUE["K"],), (values[0],)
    return ONE_PAIR, (values[0],), tuple(values[1:])


def hand_key(cards: list[str], *, kickers: bool = False) -> HandKey:
    """C-R15/C-D6: category, then the combination's ranks; kickers only with the `kickers` table option."""
    category, combination, rest = classify(cards)
    return (-category, combination, rest if kickers else ())


def is_jester_crown(cards: list[str]) -> bool:
    """C-R16: five Jesters."""
    return len(cards) == 5 and all(card == "J" for card in cards)


def describe(cards: list[str]) -> dict[str, Any]:
    """A JSON description of a showdown hand for the public record."""
    category, combination, rest = classify(cards)
    return {
        "category": CATEGORY_NAMES[category],
        "rank": category,
        "combination": [VALUE_RANK[value] for value in combination],
        "kickers": [VALUE_RANK[value] for value in rest],
    }


def _ranks_phrase(value: int) -> dict[str, str]:
    return {"text": RANK_PLURALS[VALUE_RANK[value]]}


def category_phrase(cards: list[str]) -> dict[str, Any]:
    """C-R14: the category of a 5-card hand and the ranks it is made of, as a phrase people read at a showdown
    (games/core/events.py): {"text": "Two Pair, {high} and {low}", "high": {"text": "Kings"}, ...}."""
    category, combination, _rest = classify(cards)
    if category == CROWN:
        if combination[0] == RANK_VALUE["J"]:
            return {"text": _("Jester's Crown")}
        return {"text": _("Crown of {rank}"), "rank": _ranks_phrase(combination[0])}
    if category == FOUR_CARDS:
        return {"text": _("Four Cards, {rank}"), "rank": _ranks_phrase(combination[0])}
    if category == STRAIGHT:
        return {"text": _("Straight")}
    if category == FULL_HOUSE:
        return {
            "text": _("Full House, {high} over {low}"),
            "high": _ranks_phrase(combination[0]),
            "low": _ranks_phrase(combination[1]),
        }
    if category == HALF:
        if combination[0] == RANK_VALUE["K"]:
            return {"text": _("Half, King to Citizen")}
        return {"text": _("Half, Noble to Jester")}
    if category == TRIPLE:
        return {"text": _("Triple, {rank}"), "rank": _ranks_phrase(combination[0])}
    if category == TWO_PAIR:
        return {
            "text": _("Two Pair, {high} and {low}"),
            "high": _ranks_phrase(combination[0]),
            "low": _ranks_phrase(combination[1]),
        }
    return {"text": _("One Pair, {rank}"), "rank": _ranks_phrase(combination[0])}


def public_key(cards: list[str]) -> tuple[int, tuple[int, ...]]:
    """C-R8/C-D3: public cards compare by category (triple > pair > none), then the group's rank, then the others."""
    groups = _groups(cards)
    return (groups[0][0] if groups else 0, tuple(value for _count, value in groups))


def first_actor(public: list[list[str]], live: list[int], *, button: int) -> int:
    """C-R7: the live seat with the highest public hand; equal ones go to the seat nearest the button's left."""
    size = len(public)
    return max(live, key=lambda seat: (public_key(public[seat]), -((seat - button - 1) % size)))
