"""The league bots' row (moved from league/bots/heuristics.py): a pure function of the seat's view and legal rows."""

import random
from collections import Counter
from typing import Any

from games.core.cards import COURT_RANKS
from games.core.protocol import Move
from games.palace.duel import duel_winner


def row_choose(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    """The row whose cards win the most duels on average against a card drawn from the opponent's holding (both
    holdings are public, P-D2); ties go to the first such row. Without an opponent's holding to weigh (it never
    happens in a match in play), any legal row."""
    seat = view.get("seat") or 0
    holdings = view.get("holdings") or []
    theirs = Counter(holdings[1 - seat]) if len(holdings) == 2 else Counter()
    rows = [move for move in legal if move.get("type") == "row" and "cards" in move]
    if not theirs or not rows:
        return dict(rng.choice(legal))
    # how many of their cards each rank of ours beats: the chance of a win times their card count, in whole
    # numbers so that equal rows tie exactly (float sums in another order could differ in the last bit)
    worth = {
        card: sum(count for other, count in theirs.items() if duel_winner(card, other) == 0) for card in COURT_RANKS
    }

    def score(move: Move) -> int:
        return sum(map(worth.__getitem__, move["cards"]))

    # the best score a row can reach is that of the worthiest cards of the hand, in any order: the first row listed
    # that reaches it is the choice, found without scoring the thousands of rows after it
    hand = view.get("hand") or []
    best = sum(sorted((worth[card] for card in hand), reverse=True)[: len(rows[0]["cards"])])
    chosen = next((move for move in rows if score(move) == best), None) or max(rows, key=score)
    return {"type": "row", "cards": list(chosen["cards"])}
