"""Duels: who wins one position (P-R5) and where the cards of two rows go (P-R6)."""

from dataclasses import dataclass
from typing import Any

from games.core.cards import COURT_RANKS

# King 4 > Noble 3 > Scholar 2 > Citizen 1 > Jester 0
STRENGTH = {rank: len(COURT_RANKS) - 1 - i for i, rank in enumerate(COURT_RANKS)}


def duel_winner(first: str, second: str) -> int | None:
    """0 if `first` wins, 1 if `second` wins, None on a tie (same rank)."""
    if first == second:
        return None
    # P-R5: the one exception to the order, the Jester beats the King (and only the King)
    if (first, second) == ("J", "K"):
        return 0
    if (first, second) == ("K", "J"):
        return 1
    return 0 if STRENGTH[first] > STRENGTH[second] else 1


@dataclass(frozen=True)
class Settlement:
    """The revealed duels of one round and the cards each player gets back from the two rows."""

    duels: list[dict[str, Any]]  # {"position": 1.., "cards": [seat 0's, seat 1's], "winner": 0 | 1 | None}
    returned: tuple[list[str], list[str]]  # per seat: own cards back + trophies, in row order
    wins: tuple[int, int]
    ties: int


def rows_settle(*, rows: tuple[list[str], list[str]] | list[list[str]]) -> Settlement:
    """Duel two equally long rows position by position, left to right (P-R4), and share out the cards (P-R6)."""
    first, second = rows
    if len(first) != len(second):
        raise ValueError("rows of different lengths")
    duels: list[dict[str, Any]] = []
    returned: tuple[list[str], list[str]] = ([], [])
    wins = [0, 0]
    ties = 0
    for position, (card_0, card_1) in enumerate(zip(first, second, strict=True), start=1):
        winner = duel_winner(card_0, card_1)
        duels.append({"position": position, "cards": [card_0, card_1], "winner": winner})
        if winner is None:
            # a tie: each takes back their own card, nobody wins a trophy
            returned[0].append(card_0)
            returned[1].append(card_1)
            ties += 1
        else:
            returned[winner].extend([card_0, card_1])
            wins[winner] += 1
    return Settlement(duels=duels, returned=returned, wins=(wins[0], wins[1]), ties=ties)
