"""The league's bot for Coinche (moved from league/bots/heuristics.py, unchanged in play): a cautious bidder and a
cheap player of cards, deciding from the seat's own view and legal moves alone."""

import random
from typing import Any

from games.coinche.cards import card_points, strength

Move = dict[str, Any]

QUIET_CALLS = ("coinche", "surcoinche", "slam")  # never called by the bot: it passes where it may


def _bid(view: dict[str, Any], bids: list[Move]) -> Move | None:
    """The lowest bid in the first suit (S, H, D, C) of which the hand holds the Jack and three more cards."""
    hand = view.get("hand") or []
    for suit in sorted({str(move["suit"]) for move in bids if move.get("suit")}):
        in_suit = [card for card in hand if card[1:] == suit]
        if f"J{suit}" in in_suit and len(in_suit) >= 4:
            lowest: Move = min((move for move in bids if move.get("suit") == suit), key=lambda move: move["points"])
            return dict(lowest)
    return None


def bot_move(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    """In play, the legal card worth the fewest points (the weakest of those first); in the auction, a bid with a
    Jack and three more of a suit (K-R5: the Jack is the best trump), else pass; never coinche, surcoinche or call a
    slam."""
    plays = [move for move in legal if move.get("type") == "play" and "card" in move]
    if plays:
        trump = (view.get("contract") or {}).get("suit") or ""
        return dict(min(plays, key=lambda m: (card_points(m["card"], trump), strength(m["card"], trump))))
    bids = [move for move in legal if move.get("type") == "bid"]
    if bids and (bid := _bid(view, bids)) is not None:
        return bid
    for move in legal:
        if move.get("type") == "pass":
            return dict(move)
    quiet = [move for move in legal if move.get("type") not in QUIET_CALLS]
    return dict(rng.choice(quiet or legal))
