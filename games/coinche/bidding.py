"""The auction: legal calls, out-of-turn coinche, the surcoinche chance and the end of bidding (K-R9..K-R16).

The auction is a small dict kept in the state:
  {"turn": seat on turn, "calls": [call, ...], "passes": in-turn passes since the last bid (or since the start),
   "bid": {"seat", "points", "suit"} | None, "waived": seats that declined their out-of-turn coinche on that bid}
A call is stored as compact text, "<seat>:<call>" (e.g. "1:pass", "2:bid 100 H", "3:slam S", "0:coinche"), because
the state is copied on every move; `call_record` turns it back into a dict for the views.
"""

from typing import Any

from games.core.cards import SUITS
from games.core.errors import IllegalMove

HIGHEST_BID = 160  # K-D5: above it, only slam
SLAM_VALUE = 500  # K-R23/K-R24: what a slam "bid" is worth in the scoring (K-D11, K-D18)

PASS = {"type": "pass"}
COINCHE = {"type": "coinche"}
SURCOINCHE = {"type": "surcoinche"}


def call_text(seat: int, move: dict[str, Any]) -> str:
    parts = [move["type"]]
    if "points" in move:
        parts.append(str(move["points"]))
    if "suit" in move:
        parts.append(move["suit"])
    return f"{seat}:{' '.join(parts)}"


def call_record(text: str) -> dict[str, Any]:
    """The call as the views show it: {"seat", "type"} and, for a bid or slam, "points"/"suit"."""
    seat, _, body = text.partition(":")
    parts = body.split(" ")
    record: dict[str, Any] = {"seat": int(seat), "type": parts[0]}
    if parts[0] == "bid":
        record["points"] = int(parts[1])
        record["suit"] = parts[2]
    elif parts[0] == "slam":
        record["suit"] = parts[1]
    return record


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
    calls = [dict(PASS)]
    floor = auction["bid"]["points"] if auction["bid"] is not None else -1
    calls.extend(
        {"type": "bid", "points": points, "suit": suit}
        for points in bid_levels(options) if points > floor
        for suit in SUITS
    )
    calls.extend({"type": "slam", "suit": suit} for suit in SUITS)
    if may_coinche:
        calls.append(dict(COINCHE))
    return calls


def _check_keys(move: dict[str, Any], keys: set[str]) -> None:
    if set(move) != keys:
        raise IllegalMove("bad_move", f"a {move['type']} call has exactly the keys {sorted(keys)}")


def _check_suit(move: dict[str, Any]) -> str:
    suit = move["suit"]
    if not isinstance(suit, str) or suit not in SUITS:
        raise IllegalMove("bad_suit", f"suit must be one of {', '.join(SUITS)}")
    return suit


def call_apply(
    auction: dict[str, Any], seat: int, move: dict[str, Any], options: dict[str, Any]
) -> tuple[dict[str, Any], str]:
    """One call; returns the new auction (a copy) and how the auction stands:
    "open", "thrown_in" (four passes, K-R11), "won" (three passes after a bid, K-R16), "slam" (K-R15) or
    "coinched" (K-R14). Raises IllegalMove for anything not allowed, changing nothing."""
    kind = move["type"]
    on_turn = seat == auction["turn"]
    bid = auction["bid"]
    new = {
        "turn": auction["turn"],
        "calls": list(auction["calls"]),
        "passes": auction["passes"],
        "bid": bid,
        "waived": list(auction["waived"]),
    }
    if kind == "pass":
        _check_keys(move, {"type"})
        if not on_turn:
            if seat not in coinche_seats(auction) or seat in auction["waived"]:
                raise IllegalMove("not_your_turn", f"seat {seat} is not on turn")
            new["waived"].append(seat)
            new["waived"].sort()
            return new, "open"
        new["calls"].append(call_text(seat, PASS))
        new["passes"] += 1
        new["turn"] = (seat + 1) % 4
        if bid is None and new["passes"] == 4:
            return new, "thrown_in"
        if bid is not None and new["passes"] == 3:
            return new, "won"
        return new, "open"
    if kind == "coinche":
        _check_keys(move, {"type"})
        if seat not in coinche_seats(auction):
            raise IllegalMove("illegal_coinche", "only an opponent of the last bidder may coinche")
        if not on_turn and seat in auction["waived"]:
            raise IllegalMove("not_your_turn", f"seat {seat} declined to coinche this bid out of turn")
        new["calls"].append(call_text(seat, COINCHE))
        return new, "coinched"
    if not on_turn:
        raise IllegalMove("not_your_turn", f"seat {seat} is not on turn")
    if kind == "bid":
        _check_keys(move, {"type", "points", "suit"})
        points = move["points"]
        if not isinstance(points, int) or isinstance(points, bool):
            raise IllegalMove("bad_bid", "points must be an integer")
        suit = _check_suit(move)
        if points not in bid_levels(options):
            raise IllegalMove("bad_bid", f"bids run from {options['lowest_bid']} to {HIGHEST_BID} "
                                         f"in steps of {options['bid_step']}")
        if bid is not None and points <= bid["points"]:
            raise IllegalMove("bid_too_low", f"a bid must be higher than {bid['points']}")
        new["bid"] = {"seat": seat, "points": points, "suit": suit}
        new["calls"].append(call_text(seat, {"type": "bid", "points": points, "suit": suit}))
        new["passes"] = 0
        new["waived"] = []
        new["turn"] = (seat + 1) % 4
        return new, "open"
    if kind == "slam":
        _check_keys(move, {"type", "suit"})
        suit = _check_suit(move)
        new["bid"] = {"seat": seat, "points": None, "suit": suit}
        new["calls"].append(call_text(seat, {"type": "slam", "suit": suit}))
        return new, "slam"
    raise IllegalMove("wrong_phase", f"a {kind} call is not allowed while bidding")


def surcoinche_order(coincher: int) -> list[int]:
    """K-D8: the contracting team's two players, in turn order from the coincher."""
    return [(coincher + 1) % 4, (coincher + 3) % 4]
