"""Card codes and the three decks in play.

Codes are short strings so that states, moves and views stay readable:
- court deck (The Court, Palace Infighting): one letter per rank, K N S C J; cards of one rank are interchangeable.
- 52-card deck: rank then suit, e.g. "AS", "TD", "7C" (T is ten); suits S H D C.
- jokers (Black Card): "XR" the colour joker, "XB" the black-and-white joker.
- Coinche: the 32-card subset of the 52-card codes, 7 up to A.
"""

COURT_RANKS = "KNSCJ"  # high to low: King, Noble, Scholar, Citizen, Jester
COURT_RANK_NAMES = {"K": "King", "N": "Noble", "S": "Scholar", "C": "Citizen", "J": "Jester"}

RANKS = "23456789TJQKA"  # low to high
SUITS = "SHDC"
RANK_NAMES = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

COLOUR_JOKER = "XR"
BLACK_JOKER = "XB"
JOKERS = (COLOUR_JOKER, BLACK_JOKER)

COINCHE_RANKS = "789TJQKA"


def court_deck() -> list[str]:
    """The 100-card court deck: 20 cards of each of the five ranks."""
    return [rank for rank in COURT_RANKS for _ in range(20)]


def standard_deck(*, jokers: bool = False) -> list[str]:
    """The 52-card deck in its documented order (suits S H D C, ranks 2..A), jokers last when asked for."""
    deck = [rank + suit for suit in SUITS for rank in RANKS]
    return deck + list(JOKERS) if jokers else deck


def coinche_deck() -> list[str]:
    """The 32-card deck: 7 8 9 10 J Q K A in each suit."""
    return [rank + suit for suit in SUITS for rank in COINCHE_RANKS]


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]


def is_joker(card: str) -> bool:
    return card in JOKERS


def card_label(card: str) -> str:
    """A human-readable label, e.g. "10♦" or "King"; used by pages and text exports."""
    if card in COURT_RANK_NAMES:
        return COURT_RANK_NAMES[card]
    if card == COLOUR_JOKER:
        return "Colour joker"
    if card == BLACK_JOKER:
        return "Black joker"
    return RANK_NAMES.get(card[0], card[0]) + SUIT_SYMBOLS[card[1]]
