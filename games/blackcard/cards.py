"""Card order (B-R2), values for sums (B-R4), odd cards (B-D2) and the two jokers (B-R3).

A card's identity is its code, or for a joker its declaration ("XR" declared "AH" plays as the ace of hearts);
an undeclared joker has no rank or suit (B-D1). A key orders identities: rank, then suit (spade > diamond > heart
> club), then a joker above the very card it stands for.
"""

from games.core.cards import BLACK_JOKER, COLOUR_JOKER, JOKERS, RANK_NAMES, RANKS, SUITS, is_joker, standard_deck

SUIT_STRENGTH = {"S": 3, "D": 2, "H": 1, "C": 0}  # B-R2
SUIT_OF_STRENGTH = {strength: suit for suit, strength in SUIT_STRENGTH.items()}
SUIT_ORDER = "SDHC"  # strongest first (B-D20: flush powers fire in this order)
RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}  # 0 is the 2, 12 the ace
RANK_WORDS = [RANK_NAMES.get(rank, rank) for rank in RANKS]  # "2" ... "10", "J", "Q", "K", "A", by rank index
ACE = 12
FACE_RANKS = (9, 10, 11)  # J Q K
JOKER_SUITS = {COLOUR_JOKER: "DH", BLACK_JOKER: "SC"}

Key = tuple[int, int, int]


def full_deck() -> list[str]:
    """The 54 cards in their documented order (B-R1)."""
    return standard_deck(jokers=True)


def identity(card: str, jokers: dict[str, str]) -> str | None:
    """The card a code plays as; None for an undeclared joker."""
    if is_joker(card):
        return jokers.get(card)
    return card


def key_of(card: str, jokers: dict[str, str]) -> Key | None:
    """B-R2/B-R3 order key of a card as it plays, None for an undeclared joker."""
    ident = identity(card, jokers)
    if ident is None:
        return None
    return (RANK_INDEX[ident[0]], SUIT_STRENGTH[ident[1]], 1 if is_joker(card) else 0)


def identity_code(key: Key) -> str:
    """The code of the card a key plays as (a joker's declaration)."""
    return RANKS[key[0]] + SUIT_OF_STRENGTH[key[1]]


def keys_of(cards: list[str], jokers: dict[str, str]) -> list[Key]:
    """Keys of the cards that have an identity (undeclared jokers left out)."""
    out = []
    for card in cards:
        key = key_of(card, jokers)
        if key is not None:
            out.append(key)
    return out


def declarable(joker: str) -> list[str]:
    """B-R3: what a joker may stand for, highest first (colour: diamonds and hearts; black: spades and clubs)."""
    suits = sorted(JOKER_SUITS[joker], key=lambda s: -SUIT_STRENGTH[s])
    cards = [rank + suit for rank in RANKS for suit in suits]
    return sorted(cards, key=lambda c: (-RANK_INDEX[c[0]], -SUIT_STRENGTH[c[1]]))


def sum_values(rank: int) -> tuple[int, ...]:
    """B-R4: 2-10 at face value, J 11, Q 12, K 13, A 1 or 14."""
    if rank == ACE:
        return (1, 14)
    return (rank + 2,)


def is_odd(rank: int) -> bool:
    """B-D2: an ace is odd, J and K are odd, Q is even."""
    return rank == ACE or (rank + 2) % 2 == 1


def is_face_target(card: str, jokers: dict[str, str]) -> bool:
    """B-R13: a face card as a target is a J, Q or K, or any public joker whatever it was declared as."""
    if is_joker(card):
        return True
    return RANK_INDEX[card[0]] in FACE_RANKS


def timeout_order_key(card: str) -> Key:
    """B-D11 'lower of the two new cards': real cards by B-R2; an undeclared joker, which may become any card of
    its colours, counts above every real card."""
    if is_joker(card):
        return (13, SUIT_STRENGTH["S"] if card == BLACK_JOKER else 0, 1)
    return (RANK_INDEX[card[0]], SUIT_STRENGTH[card[1]], 0)


__all__ = [
    "ACE",
    "JOKERS",
    "SUITS",
    "Key",
    "declarable",
    "full_deck",
    "identity",
    "identity_code",
    "is_joker",
    "key_of",
    "keys_of",
]
