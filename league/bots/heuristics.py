"""How a bot picks a move: pure functions of (the seat's view, its legal moves, a seeded Random).

`choose_random` plays any legal move; `choose_heuristic` plays one simple, documented heuristic per game. Neither
sees more than the API gives the seat; both return a concrete move (free amounts filled in).
"""

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from games.coinche.cards import card_points, strength
from games.core.conformance import concrete
from games.palace.duel import duel_winner

Move = dict[str, Any]
View = dict[str, Any]


def choose_random(view: View, legal: list[Move], rng: random.Random) -> Move:
    """Any legal move, free amounts drawn in their range."""
    return concrete(rng.choice(legal), rng)


def _by_type(legal: list[Move], kind: str) -> Move | None:
    return next((move for move in legal if move.get("type") == kind), None)


def _calling_station(view: View, legal: list[Move], rng: random.Random) -> Move:
    """The poker-like games: check when it is free, call when it is not, never bet, raise or fold unless forced.
    Other steps (discards, reveals, payments) are played at random."""
    for kind in ("check", "call"):
        if (move := _by_type(legal, kind)) is not None:
            return dict(move)
    passive = [m for m in legal if m.get("type") not in ("bet", "raise", "fold")]
    return choose_random(view, passive or legal, rng)


def _palace_row(view: View, legal: list[Move], rng: random.Random) -> Move:
    """Palace Infighting: the row whose cards win the most duels on average against a card drawn from the
    opponent's holding (both holdings are public); ties go to the first such row."""
    seat = view.get("seat") or 0
    holdings = view.get("holdings") or [[], []]
    theirs = Counter(holdings[1 - seat]) if len(holdings) == 2 else Counter()
    total = sum(theirs.values())
    if not total:
        return choose_random(view, legal, rng)

    def worth(card: str) -> float:
        return sum(n for other, n in theirs.items() if duel_winner(card, other) == 0) / total

    rows = [move for move in legal if move.get("type") == "row" and "cards" in move]
    if not rows:
        return choose_random(view, legal, rng)
    return dict(max(rows, key=lambda move: sum(worth(card) for card in move["cards"])))


def _coinche(view: View, legal: list[Move], rng: random.Random) -> Move:
    """Coinche: bid the lowest contract in a suit holding its Jack and three more cards of it (else pass; never
    coinche, surcoinche or call a slam); in play, give the legal card worth the fewest points (the weakest first)."""
    plays = [move for move in legal if move.get("type") == "play" and "card" in move]
    if plays:
        trump = (view.get("contract") or {}).get("suit") or ""
        return dict(min(plays, key=lambda m: (card_points(m["card"], trump), strength(m["card"], trump))))
    bids = [move for move in legal if move.get("type") == "bid"]
    if bids:
        hand = view.get("hand") or []
        for suit in sorted({str(move["suit"]) for move in bids if move.get("suit")}):
            in_suit = [card for card in hand if card[1:] == suit]
            if f"J{suit}" in in_suit and len(in_suit) >= 4:
                cheapest: Move = min((m for m in bids if m.get("suit") == suit), key=_points)
                return dict(cheapest)
    if (move := _by_type(legal, "pass")) is not None:
        return dict(move)
    quiet = [m for m in legal if m.get("type") not in ("coinche", "surcoinche", "slam")]
    return choose_random(view, quiet or legal, rng)


def _points(move: Move) -> int:
    return int(move.get("points", 0))


HEURISTICS: dict[str, Callable[[View, list[Move], random.Random], Move]] = {
    "the-court": _calling_station,
    "black-card": _calling_station,
    "mini-poker": _calling_station,
    "palace-infighting": _palace_row,
    "coinche": _coinche,
}


def choose_heuristic(game: str, view: View, legal: list[Move], rng: random.Random) -> Move:
    """The game's heuristic (random for a game without one)."""
    return HEURISTICS.get(game, choose_random)(view, legal, rng)
