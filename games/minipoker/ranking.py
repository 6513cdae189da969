"""Two-card hand ranking under the `common` and `original` rule sets (M-R8..M-R12, M-D5, M-D6, M-R20, M-R21, M-R24).

A hand is evaluated to a `Hand`: its category (what it plays as), the special it is (if any), and a key; a larger key
is a stronger hand and equal keys tie. A key starts with the category's place on the ladder: a Triple 10, the Royal
straight flush 9 ... a Top or kkeut 1, a special that cannot win 0 (M-R23). Specials are keyed by what they play as
when they catch nothing (M-R18, M-D10, M-R23); what they catch is decided in `specials.py`.
"""

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

RANK_VALUE = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}
SUIT_ORDER = {"C": 0, "H": 1, "D": 2, "S": 3}  # M-R20: spade > diamond > heart > club
KKEUT_VALUE = {**{rank: value for rank, value in RANK_VALUE.items() if value <= 10}, "A": 1, "J": 11, "Q": 12, "K": 13}

STRAIGHT_FLUSH_FAMILY = frozenset({"royal_straight_flush", "back_straight_flush", "straight_flush"})


@dataclass(frozen=True)
class Rules:
    """The ranking settings of a table (defaults: the `common` rules)."""

    original: bool = False
    back_combos: bool = True
    kkeut: bool = False
    top_kicker: bool = False
    specials: bool = True
    triple: bool = False
    flush_pair_hunter: bool = False
    flush_black_knight: bool = False
    spade_flush_regamer: bool = False


def rules_from_options(options: dict[str, Any]) -> Rules:
    """The ranking settings of a table's (checked) options."""
    return _rules(
        options["rules"] == "original",
        options["back_combos"],
        options["top_scoring"] == "kkeut",
        options["top_kicker"],
        options["specials"],
        options["triple"],
        options["flush_pair_hunter"],
        options["flush_black_knight"],
        options["spade_flush_regamer"],
    )


@lru_cache(maxsize=64)
def _rules(*flags: bool) -> Rules:
    return Rules(*flags)


class Hand(NamedTuple):
    cards: tuple[str, ...]
    category: str  # what the hand plays as
    special: str | None  # pair_hunter, black_knight, regamer, flush_regamer, and the M-R24 extras
    key: tuple[int, ...]

    @property
    def name(self) -> str:
        """The hand's name in the ranking table: the special it is, else its category."""
        return self.special or self.category


def card_strength(card: str) -> tuple[int, int]:
    """Rank, then suit in the M-R20 order: the order of single cards (first draw, face-up cards)."""
    return RANK_VALUE[card[0]], SUIT_ORDER[card[1]]


def kkeut(cards: tuple[str, ...]) -> int:
    """M-D5: the last digit of the sum, A=1, J=11, Q=12, K=13."""
    return sum(KKEUT_VALUE[card[0]] for card in cards) % 10


def natural(cards: tuple[str, str], rules: Rules) -> tuple[str, tuple[int, ...]]:
    """Category and key of two cards as an ordinary hand (no special powers)."""
    a, b = cards
    ra, rb = RANK_VALUE[a[0]], RANK_VALUE[b[0]]
    high, low = max(ra, rb), min(ra, rb)
    suited = a[1] == b[1]
    if high == low:
        return "pair", (6, high)
    ace_king = high == 14 and low == 13
    ace_two = rules.back_combos and high == 14 and low == 2
    if suited:
        if ace_king:
            return "royal_straight_flush", (9,)
        if ace_two:
            return "back_straight_flush", (8,)
        if high - low == 1:
            return "straight_flush", (7, high)
        return "flush", (2, high, low)
    if ace_king:
        return "royal_straight", (5,)
    if ace_two:
        return "back_straight", (4,)
    if high - low == 1:
        return "straight", (3, high)
    if rules.kkeut:
        return "kkeut", (1, kkeut(cards))
    if rules.top_kicker:
        return "top", (1, high, low)
    return "top", (1, high)


def special_of(cards: tuple[str, str], rules: Rules) -> str | None:
    """Which special the two cards are under the table's rules (M-R14..M-R17, M-R22, M-R24), if any."""
    if not rules.specials:
        return None
    a, b = cards
    ranks = {a[0], b[0]}
    suited = a[1] == b[1]
    if rules.original:
        if ranks == {"3", "7"}:
            return "pair_hunter" if not suited else ("flush_pair_hunter" if rules.flush_pair_hunter else None)
        if ranks == {"4", "7"}:
            return "black_knight" if not suited else ("flush_black_knight" if rules.flush_black_knight else None)
        if ranks == {"4", "9"}:
            if not suited:
                return "regamer"
            return "spade_flush_regamer" if rules.spade_flush_regamer and a[1] == "S" else "flush_regamer"
        return None
    if ranks == {"3", "7"} and suited:
        return "pair_hunter"
    if ranks == {"4", "7"} and suited:
        return "black_knight"
    if ranks == {"4", "9"}:
        return "flush_regamer" if suited else "regamer"
    return None


def _top_suit(cards: tuple[str, ...]) -> int:
    """M-D16: the suit of the higher card (for a pair, the higher suit of the two)."""
    return SUIT_ORDER[max(cards, key=card_strength)[1]]


def evaluate(cards: tuple[str, ...] | list[str], rules: Rules) -> Hand:
    """The hand two cards make (or three of a rank, a Triple, when the table allows it)."""
    return _evaluate(tuple(cards), rules)


@lru_cache(maxsize=65536)
def _evaluate(cards: tuple[str, ...], rules: Rules) -> Hand:
    if len(cards) == 3:
        if not (rules.triple and cards[0][0] == cards[1][0] == cards[2][0]):
            raise ValueError(f"three cards make a hand only as a Triple: {cards}")
        # M-R24: triples compare by rank (two of one rank cannot meet)
        return Hand(cards, "triple", None, (10, RANK_VALUE[cards[0][0]]))
    if len(cards) != 2 or cards[0] == cards[1]:
        raise ValueError(f"a hand is two different cards: {cards}")
    special = special_of(cards, rules)
    if special is not None and rules.original:
        # M-R23: every special ranks below every Top when it catches nothing; they all draw with each other
        return Hand(cards, "special", special, (0,))
    category, key = natural(cards, rules)
    if special in ("pair_hunter", "black_knight") and rules.kkeut:
        # M-R18: with kkeut scoring they fall back to their kkeut (1 and 0), not to a Flush
        category, key = "kkeut", (1, kkeut(cards))
    if rules.original:
        key = (*key, _top_suit(cards))
    return Hand(cards, category, special, key)
