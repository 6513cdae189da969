"""The auction: legal calls, out-of-turn coinche, the surcoinche chance and the end of bidding (K-R9..K-R16).

The auction is a small dict kept in the state:
  {"turn": seat on turn, "calls": [call, ...], "passes": in-turn passes since the last bid (or since the start),
   "bid": {"seat", "points", "suit"} | None, "waived": seats that declined their out-of-turn coinche on that bid}
A call is stored as the views show it: {"seat", "type"} and, for a bid, "points" and "suit", for a slam, "suit".
The engine checks a move's fields (games/coinche/engine.py) before it reaches these functions.
"""

from typing import Any

from games.core.cards import SUITS
from games.core.errors import IllegalMove
from games.core.i18n import _

HIGHEST_BID = 160  # K-D5: above it, only slam
SLAM_VALUE = 500  # K-R23/K-R24: what a slam "bid" is worth in the scoring (K-D11, K-D18)

PASS = {"type": "pass"}
COINCHE = {"type": "coinche"}
SURCOINCHE = {"type": "surcoinche"}


def call_record(seat: int, move: dict[str, Any]) -> dict[str, Any]:
    """The call as the auction keeps it: {"seat", "type"} and the bid's "points"/"suit" or the slam's "suit"."""
    return {"seat": seat, **move}


def auction_new(*, first: int) -> dict[str, Any]:
    """K-R9: the player on the dealer's right speaks first."""
    return {"turn": first, "calls": [], "passes": 0, "bid": None, "waived": []}


def bid_levels(options: dict[str, Any]) -> list[int]:
    """K-R12/K-D5: lowest bid up to 160 in steps (both table settings, K-D15)."""
    return list(range(options["lowest_bid"], HIGHEST_BID + 1, options["bid_step"]))


def opponents_of(seat: int) -> tuple[int, int]:
    return (seat + 1) % 4, (seat + 3) % 4


def coinche_seats(auction: dict[str, Any]) -> tuple[int, ...]:
    """K-R14: the seats that may coinche now: the last bidder's opponents, once there is a bid."""
    bid = auction["bid"]
    return opponents_of(bid["seat"]) if bid is not None else ()


def auction_to_act(auction: dict[str, Any]) -> list[int]:
    """K-D7: the seat on turn, plus either opponent of the last bidder who may still coinche out of turn."""
    seats = {auction["turn"]}
    seats.update(s for s in coinche_seats(auction) if s not in auction["waived"])
    return sorted(seats)


def legal_calls(auction: dict[str, Any], seat: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """Every call `seat` may make now (K-R9, K-R10, K-R12, K-R14, K-R15; K-D7 out of turn)."""
    may_coinche = seat in coinche_seats(auction)
    if seat != auction["turn"]:
        if may_coinche and seat not in auction["waived"]:
            # K-D7: out of turn only a coinche, or a pass that declines it (the timeout's default, K-D14)
            return [dict(COINCHE), dict(PASS)]
        return []
    calls: list[dict[str, Any]] = [dict(PASS)]
    floor = auction["bid"]["points"] if auction["bid"] is not None else -1
    calls.extend(
        {"type": "bid", "points": points, "suit": suit}
        for points in bid_levels(options)
        if points > floor
        for suit in SUITS
    )
    calls.extend({"type": "slam", "suit": suit} for suit in SUITS)
    if may_coinche:
        calls.append(dict(COINCHE))
    return calls


def _check_suit(move: dict[str, Any]) -> str:
    suit = move["suit"]
    if not isinstance(suit, str) or suit not in SUITS:
        raise IllegalMove("bad_suit", _("The suit is one of {suits}."), suits=", ".join(SUITS))
    return suit


def _fresh(auction: dict[str, Any]) -> dict[str, Any]:
    """A copy to change: the calls already made and the bid are never changed, only added to or replaced."""
    return {**auction, "calls": list(auction["calls"]), "waived": list(auction["waived"])}


def _not_your_turn() -> IllegalMove:
    return IllegalMove("not_your_turn", _("It is not your turn."))


def call_apply(
    auction: dict[str, Any], seat: int, move: dict[str, Any], options: dict[str, Any]
) -> tuple[dict[str, Any], str]:
    """One call; returns the new auction (a copy) and how the auction stands:
    "open", "thrown_in" (four passes, K-R11), "won" (three passes after a bid, K-R16), "slam" (K-R15) or
    "coinched" (K-R14). Raises IllegalMove for anything not allowed, changing nothing."""
    kind = move["type"]
    on_turn = seat == auction["turn"]
    bid = auction["bid"]
    if kind == "pass":
        new = _fresh(auction)
        if not on_turn:
            if seat not in coinche_seats(auction) or seat in auction["waived"]:
                raise _not_your_turn()
            new["waived"].append(seat)
            new["waived"].sort()
            return new, "open"
        new["calls"].append(call_record(seat, PASS))
        new["passes"] += 1
        new["turn"] = (seat + 1) % 4
        if bid is None and new["passes"] == 4:
            return new, "thrown_in"
        if bid is not None and new["passes"] == 3:
            return new, "won"
        return new, "open"
    if kind == "coinche":
        if seat not in coinche_seats(auction):
            raise IllegalMove("illegal_coinche", _("Only an opponent of the last bidder may coinche."))
        if not on_turn and seat in auction["waived"]:
            raise IllegalMove(
                "not_your_turn", _("You passed on coinching this bid: you may still coinche it on your own turn.")
            )
        new = _fresh(auction)
        new["calls"].append(call_record(seat, COINCHE))
        return new, "coinched"
    if not on_turn:
        raise _not_your_turn()
    if kind == "bid":
        points = move["points"]
        if not isinstance(points, int) or isinstance(points, bool):
            raise IllegalMove("bad_bid", _("A bid names a whole number of points."))
        suit = _check_suit(move)
        if points not in bid_levels(options):
            raise IllegalMove(
                "bad_bid",
                _("Bids run from {lowest} to {highest} in steps of {step}."),
                lowest=options["lowest_bid"],
                highest=HIGHEST_BID,
                step=options["bid_step"],
            )
        if bid is not None and points <= bid["points"]:
            raise IllegalMove(
                "bid_too_low", _("A bid must name more than the {points} points bid last."), points=bid["points"]
            )
        new = _fresh(auction)
        new["bid"] = {"seat": seat, "points": points, "suit": suit}
        new["calls"].append(call_record(seat, {"type": "bid", "points": points, "suit": suit}))
        new["passes"] = 0
        new["waived"] = []
        new["turn"] = (seat + 1) % 4
        return new, "open"
    if kind == "slam":
        suit = _check_suit(move)
        new = _fresh(auction)
        new["bid"] = {"seat": seat, "points": None, "suit": suit}
        new["calls"].append(call_record(seat, {"type": "slam", "suit": suit}))
        return new, "slam"
    raise IllegalMove("wrong_phase", _("The auction is on: pass, bid, bid a slam or coinche."))


def surcoinche_order(coincher: int) -> list[int]:
    """K-D8: the contracting team's two players, in turn order from the coincher."""
    return [(coincher + 1) % 4, (coincher + 3) % 4]
