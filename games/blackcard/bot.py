"""The league's bot for Black Card: a calling station (moved from league/bots/heuristics.py).

It sees only what the API gives the seat: its view and its legal moves.
"""

import random
from typing import Any

from games.core.protocol import Move

AGGRESSIVE = ("bet", "raise", "fold")


def bot_move(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    """Check when it is free, call when it is not, never bet, raise or fold unless nothing else is open (a betting
    round always offers a check or a call). A joker is declared as the highest card it may stand for (the first
    declaration listed, B-R3); every other step (reveals, the forced share, the powers' choices) is played at
    random among the moves that are not a fold."""
    for kind in ("check", "call", "declare"):
        for move in legal:
            if move.get("type") == kind:
                return dict(move)
    calm = [move for move in legal if move.get("type") not in AGGRESSIVE]
    move = dict(rng.choice(calm or legal))
    if "min" in move:  # a free amount, made concrete at its smallest
        move["amount"] = move.pop("min")
        move.pop("max")
    return move
