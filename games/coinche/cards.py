"""Card order and points, trump and plain (K-R5, K-R6), and the timeout's "lowest card" order (K-D14)."""

from games.core.cards import SUITS

# low to high
TRUMP_ORDER = "78QKTA9J"  # K-R5: J 9 A 10 K Q 8 7, high to low
PLAIN_ORDER = "789JQKTA"  # K-R6: A 10 K Q J 9 8 7, high to low

TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}

_TRUMP_RANK = {rank: i for i, rank in enumerate(TRUMP_ORDER)}
_PLAIN_RANK = {rank: i for i, rank in enumerate(PLAIN_ORDER)}
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}

LAST_TRICK_BONUS = 10  # K-R7 "dix de der"
DEAL_POINTS = 162  # K-R7: card points + last trick, every deal


def card_points(card: str, trump: str) -> int:
    """What one card counts in a won trick (K-R5 for trumps, K-R6 otherwise)."""
    return TRUMP_POINTS[card[0]] if card[1] == trump else PLAIN_POINTS[card[0]]


def cards_points(cards: list[str], trump: str) -> int:
    return sum(TRUMP_POINTS[c[0]] if c[1] == trump else PLAIN_POINTS[c[0]] for c in cards)


def strength(card: str, trump: str) -> int:
    """A number that orders the cards of one suit (K-R5/K-R6); trumps sit above every plain card."""
    if card[1] == trump:
        return 8 + _TRUMP_RANK[card[0]]
    return _PLAIN_RANK[card[0]]


def timeout_order_key(card: str, trump: str | None) -> tuple[int, int]:
    """K-D14: lowest rank in its own order first (trump order for trumps), ties by suit order S, H, D, C."""
    rank = _TRUMP_RANK[card[0]] if card[1] == trump else _PLAIN_RANK[card[0]]
    return rank, _SUIT_INDEX[card[1]]


def hand_sorted(cards: list[str], trump: str | None) -> list[str]:
    """A hand in display order: by suit (S H D C), high card first within a suit."""
    return sorted(cards, key=lambda c: (_SUIT_INDEX[c[1]], -strength(c, trump or "")))
