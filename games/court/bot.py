"""The league's bot for The Court: a calling station (moved from league/bots/heuristics.py, unchanged in play)."""

import random
from typing import Any

Move = dict[str, Any]


def bot_move(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    """Check when it is free, call when it is not, never bet, raise or fold (C-R9: a betting round always offers
    one of the two); a discard (C-R5) is drawn at random among the seat's legal discards."""
    for kind in ("check", "call"):
        for move in legal:
            if move.get("type") == kind:
                return dict(move)
    return dict(rng.choice([move for move in legal if move.get("type") == "discard"]))
