"""The Mini Poker bot's move, from what its seat sees (moved from league/bots/heuristics.py, unchanged in play)."""

import random
from typing import Any

from games.core.conformance import concrete

Move = dict[str, Any]


def bot_move(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    """A calling station: check when it is free, call when it is not, never bet, raise or fold unless forced; the
    other steps (the card to turn up, the cards to show, a regame, a buy-back) at random."""
    for kind in ("check", "call"):
        move = next((move for move in legal if move.get("type") == kind), None)
        if move is not None:
            return dict(move)
    passive = [move for move in legal if move.get("type") not in ("bet", "raise", "fold")]
    return concrete(rng.choice(passive or legal), rng)
