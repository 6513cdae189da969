"""The betting machinery shared by The Court, Black Card and Mini Poker.

A hand's chips live in one JSON dict (`Chips`), embedded in the game's state:

    {"stacks": [...], "contrib": [...], "folded": [...], "round": None | {...}}

`contrib` is what each seat has put into the pot this hand (side pots are derived from it, never stored). `round`
is the betting round under way:

    {"order": [...seats in action order...], "bets": [...this round...], "pending": [...seats still to act...],
     "closed": [...seats that acted since the last full bet or raise...], "raised": [...seats that raised...],
     "raises": n, "last_increment": n}

Sizes are decided by a `Limits` policy: the half-pot cap of The Court, pot-limit with one raise each for Black Card,
the raise-count cap, fixed cap, pot-limit or no-limit of Mini Poker. Moves:

    {"type": "check"} {"type": "call"} {"type": "fold"}
    {"type": "bet", "amount": n}     n = the chips put in
    {"type": "raise", "amount": n}   n = what the raise adds on top of the call

Every function returns new data and leaves its input untouched.
"""

from dataclasses import dataclass
from typing import Any

from games.core.choices import amount_presets
from games.core.errors import IllegalMove
from games.core.i18n import _
from games.core.protocol import Event

Chips = dict[str, Any]

# the keys each betting move may carry (a client may invent none: games/core/protocol.py)
MOVE_KEYS = {
    "check": {"type"},
    "call": {"type"},
    "fold": {"type"},
    "bet": {"type", "amount"},
    "raise": {"type", "amount"},
}

# the sentences of the betting events (games/core/events.py), shared by the three games that bet
EVENT_TYPES = {
    "check": _("{seat} checks"),
    "call": _("{seat} calls {amount}"),
    "bet": _("{seat} bets {amount}"),
    "raise": _("{seat} raises by {raise_by} to {total}"),
    "fold": _("{seat} folds"),
    "all_in": _("{seat} is all-in"),
    "ante": _("{seat} puts in {amount}"),
}


@dataclass(frozen=True)
class Limits:
    """How big a bet or raise may be, and how many raises a round allows."""

    cap: str = "none"  # "none" | "half_pot" (The Court) | "pot" (pot-limit) | "fixed"
    fixed_cap: int = 0  # with cap="fixed": the most a bet or raise may add
    min_bet: int = 1
    min_raise_is_last_increment: bool = False  # Mini Poker: a raise adds at least the previous increment
    max_raises: int | None = None  # per round (Mini Poker's three_raises)
    one_raise_each: bool = False  # Black Card: each player raises at most once a round

    def max_increment(self, *, pot: int, to_call: int) -> int | None:
        """The most a bet (to_call == 0) or a raise may add; None when unlimited."""
        if self.cap == "half_pot":
            # C-D4: half of the pot before the player's own call, rounded down
            return pot // 2
        if self.cap == "pot":
            # pot-limit: the pot as it stands after the raiser's call
            return pot + to_call
        if self.cap == "fixed":
            return self.fixed_cap
        return None


def _copied(chips: Chips) -> Chips:
    """A copy deep enough for every change made here (the lists); deepcopy was a tenth of a hand's cost."""
    out = {key: list(value) if isinstance(value, list) else value for key, value in chips.items()}
    if chips["round"] is not None:
        out["round"] = {key: list(value) if isinstance(value, list) else value for key, value in chips["round"].items()}
    return out


def new_hand(stacks: list[int], *, seats_in: list[int] | None = None) -> Chips:
    """Chips for a new hand: seats not in `seats_in` (busted players) take no part."""
    seats_in = list(range(len(stacks))) if seats_in is None else seats_in
    return {
        "stacks": list(stacks),
        "contrib": [0] * len(stacks),
        "folded": [seat not in seats_in for seat in range(len(stacks))],
        "round": None,
    }


def post(chips: Chips, seat: int, amount: int) -> Chips:
    """Put up to `amount` of the seat's stack into the pot (an ante, a forced share); short stacks go all-in."""
    out = _copied(chips)
    paid = min(amount, out["stacks"][seat])
    out["stacks"][seat] -= paid
    out["contrib"][seat] += paid
    if out["round"] is not None:
        out["round"]["bets"][seat] += paid
    return out


def pot_total(chips: Chips) -> int:
    return sum(chips["contrib"])


def live_seats(chips: Chips) -> list[int]:
    """Seats still in the hand (not folded; all-in seats included)."""
    return [seat for seat, folded in enumerate(chips["folded"]) if not folded]


def is_all_in(chips: Chips, seat: int) -> bool:
    return not chips["folded"][seat] and chips["stacks"][seat] == 0


def can_act(chips: Chips, seat: int) -> bool:
    return not chips["folded"][seat] and chips["stacks"][seat] > 0


def fold(chips: Chips, seat: int) -> Chips:
    """Fold a seat outside a betting round (a forced share refused)."""
    out = _copied(chips)
    out["folded"][seat] = True
    if out["round"] is not None:
        out["round"]["pending"] = [s for s in out["round"]["pending"] if s != seat]
    return out


def open_round(chips: Chips, order: list[int]) -> Chips:
    """Start a betting round with seats acting in `order` (cyclic); nobody acts when fewer than two could bet."""
    out = _copied(chips)
    actors = [seat for seat in order if can_act(out, seat)]
    out["round"] = {
        "order": list(order),
        "bets": [0] * len(out["stacks"]),
        "pending": actors if len(actors) >= 2 else [],
        "closed": [],
        "raised": [],
        "raises": 0,
        "last_increment": 0,
    }
    return out


def close_round(chips: Chips) -> Chips:
    out = _copied(chips)
    out["round"] = None
    return out


def to_act(chips: Chips) -> int | None:
    """The seat on turn in the current round, or None when the round is over."""
    rnd = chips["round"]
    if rnd is None or not rnd["pending"] or len(live_seats(chips)) < 2:
        return None
    seat: int = rnd["pending"][0]
    return seat


def round_over(chips: Chips) -> bool:
    return to_act(chips) is None


def to_call(chips: Chips, seat: int) -> int:
    bets: list[int] = chips["round"]["bets"]
    return max(bets) - bets[seat]


def _may_raise(chips: Chips, seat: int, limits: Limits) -> bool:
    rnd = chips["round"]
    if seat in rnd["closed"]:
        return False  # acted since the last full raise: a short all-in does not reopen the betting
    if limits.one_raise_each and seat in rnd["raised"]:
        return False
    if limits.max_raises is not None and max(rnd["bets"]) > 0 and rnd["raises"] >= limits.max_raises:
        return False
    # someone else must still be able to answer a raise
    return any(can_act(chips, other) for other in live_seats(chips) if other != seat)


def _increment_bounds(chips: Chips, seat: int, limits: Limits) -> tuple[int, int] | None:
    """(min, max) of what a bet or raise may add on top of the call, or None when none is possible."""
    rnd = chips["round"]
    call = to_call(chips, seat)
    stack_room = chips["stacks"][seat] - call
    if stack_room <= 0 or not _may_raise(chips, seat, limits):
        return None
    floor = limits.min_bet
    if call > 0 and limits.min_raise_is_last_increment:
        floor = max(floor, rnd["last_increment"])
    cap = limits.max_increment(pot=pot_total(chips), to_call=call)
    if cap is not None and cap < floor:
        return None
    ceiling = stack_room if cap is None else min(cap, stack_room)
    # a stack below the minimum may still go all-in for less
    return (min(floor, ceiling), ceiling)


def legal_moves(chips: Chips, seat: int, limits: Limits) -> list[dict[str, Any]]:
    """The betting moves open to `seat` now, with free amounts as {"min", "max"} dicts."""
    if to_act(chips) != seat:
        return []
    call = to_call(chips, seat)
    moves: list[dict[str, Any]] = [{"type": "check"}] if call == 0 else [{"type": "call"}]
    bounds = _increment_bounds(chips, seat, limits)
    if bounds is not None:
        kind = "bet" if max(chips["round"]["bets"]) == 0 else "raise"
        moves.append({"type": kind, "min": bounds[0], "max": bounds[1]})
    if call > 0:
        moves.append({"type": "fold"})
    return moves


def presets(chips: Chips, seat: int, moves: list[dict[str, Any]], *, pot: int | None = None) -> dict[str, Any]:
    """For each free-amount move among `moves` (the seat's legal moves), the amounts a bet slider offers
    (games/core/choices.py): `pot` is the game's whole pot when it holds more than the chips of this hand."""
    if chips["round"] is None:
        return {}
    call = to_call(chips, seat)
    total = pot_total(chips) if pot is None else pot
    return {
        move["type"]: amount_presets(
            low=move["min"], high=move["max"], pot=total, to_call=call, stack=chips["stacks"][seat]
        )
        for move in moves
        if "min" in move
    }


def pots_now(chips: Chips) -> list[dict[str, Any]]:
    """The pots as they stand during a hand, for the table to show: the chips put in, cut at the contribution of
    each live seat that is all-in (a side pot starts above it); {"amount", "eligible"} each, the main pot first."""
    live = live_seats(chips)
    all_in = [seat for seat in live if chips["stacks"][seat] == 0]
    cut = pots_cut(chips["contrib"], live, capped=all_in)
    return [{"amount": pot["amount"], "eligible": pot["eligible"]} for pot in cut]


def timeout_move(chips: Chips, seat: int) -> dict[str, Any]:
    """Check if allowed, otherwise fold (the timeout default of all three poker-like games)."""
    return {"type": "check"} if to_call(chips, seat) == 0 else {"type": "fold"}


def _next_pending(chips: Chips, actor: int) -> list[int]:
    """Everyone who can still act, in action order starting after `actor`, who now owes a response."""
    order = chips["round"]["order"]
    start = order.index(actor)
    rotated = order[start + 1 :] + order[:start]
    return [seat for seat in rotated if can_act(chips, seat)]


def apply(chips: Chips, seat: int, move: dict[str, Any], limits: Limits) -> Chips:
    """Apply one betting move; raises IllegalMove and changes nothing when it is not allowed."""
    if to_act(chips) != seat:
        raise IllegalMove("not_your_turn", _("It is not your turn to bet."))
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", _("A move is a JSON object with a type."))
    kind = move.get("type")
    if kind in MOVE_KEYS and not set(move) <= MOVE_KEYS[kind]:
        raise IllegalMove(
            "unknown_field",
            _("A {kind} move has no field {fields}."),
            kind=kind,
            fields=", ".join(sorted(map(str, set(move) - MOVE_KEYS[kind]))),
        )
    call = to_call(chips, seat)
    out = _copied(chips)
    rnd = out["round"]
    if kind == "check":
        if call:
            raise IllegalMove("cannot_check", _("There is a bet of {call} to call."), call=call)
        rnd["pending"].pop(0)
        rnd["closed"].append(seat)
        return out
    if kind == "fold":
        if not call:
            raise IllegalMove("cannot_fold", _("Nothing to call: check instead of folding."))
        out["folded"][seat] = True
        rnd["pending"].pop(0)
        return out
    if kind == "call":
        if not call:
            raise IllegalMove("nothing_to_call", _("There is no bet to call: check instead."))
        out = post(out, seat, call)
        out["round"]["pending"].pop(0)
        out["round"]["closed"].append(seat)
        return out
    if kind in ("bet", "raise"):
        expected = "bet" if max(rnd["bets"]) == 0 else "raise"
        if kind != expected:
            raise IllegalMove(
                f"cannot_{kind}",
                _("Nobody has bet yet: bet instead.")
                if expected == "bet"
                else _("There is a bet already: raise instead."),
            )
        amount = move.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalMove("bad_amount", _("A bet or raise needs a whole number of chips as its amount."))
        bounds = _increment_bounds(chips, seat, limits)
        if bounds is None:
            raise IllegalMove("raise_not_allowed", _("You may not bet or raise now."))
        low, high = bounds
        if not low <= amount <= high:
            raise IllegalMove(
                "amount_out_of_range", _("The amount must be between {low} and {high}."), low=low, high=high
            )
        out = post(out, seat, call + amount)
        rnd = out["round"]
        full = amount >= _full_increment(chips, seat, limits)
        if kind == "raise":
            rnd["raises"] += 1
            rnd["raised"].append(seat)
        if full:
            rnd["last_increment"] = max(rnd["last_increment"], amount) if kind == "raise" else amount
            rnd["closed"] = [seat]
        else:
            rnd["closed"].append(seat)
        rnd["pending"] = _next_pending(out, seat)
        return out
    raise IllegalMove("unknown_move", _("Unknown betting move {kind}."), kind=repr(kind))


def move_events(before: Chips, seat: int, move: dict[str, Any], after: Chips) -> list[Event]:
    """The public record of a betting move `apply` accepted: what it put in, and an all-in when it emptied the stack."""
    kind = move["type"]
    event: Event = {"type": kind, "seat": seat}
    put_in = after["contrib"][seat] - before["contrib"][seat]
    if kind in ("call", "bet"):
        event["amount"] = put_in
    elif kind == "raise":
        event |= {"raise_by": move["amount"], "total": after["round"]["bets"][seat]}
    events = [event]
    if put_in and after["stacks"][seat] == 0:
        events.append({"type": "all_in", "seat": seat})
    return events


def _full_increment(chips: Chips, seat: int, limits: Limits) -> int:
    """The smallest increment that counts as a full bet or raise (reopens the betting to those who acted)."""
    call = to_call(chips, seat)
    floor = limits.min_bet
    if call > 0 and limits.min_raise_is_last_increment:
        floor = max(floor, chips["round"]["last_increment"])
    return floor


# --- pots at the end of a hand -------------------------------------------------------------------------------------


def side_pots(chips: Chips) -> list[dict[str, Any]]:
    """The main pot and side pots of a hand: [{"amount", "eligible": [seats], "shares": [per seat]}], main first.

    Cut at each live seat's total contribution: a seat is eligible for every layer its contribution reaches; folded
    chips fill the layers they reach, and folded chips above every live level go to the last pot. A top layer only
    one seat can win (an uncalled bet) is a pot of its own, which goes back to that seat.
    """
    live = live_seats(chips)
    return pots_cut(chips["contrib"], live, capped=live)


def pots_cut(contrib: list[int], live: list[int], *, capped: list[int]) -> list[dict[str, Any]]:
    """Pots cut at the contributions of the `capped` seats, main first, each {"amount", "eligible", "shares"}:
    the one pot arithmetic of the three games. In poker every live seat is capped at what it put in (`side_pots`);
    Black Card caps only its all-in players, a player who is not all-in being eligible for every chip (B-D4).

    A live seat is eligible for a layer when it is not capped or its contribution reaches the layer. Chips above
    the top cap are a pot of the live seats not capped, or, when there are none, go to the last pot.
    """
    levels = sorted({contrib[seat] for seat in capped})
    free = [seat for seat in live if seat not in capped]
    pots: list[dict[str, Any]] = []
    floor = 0
    for level in levels:
        shares = [min(c, level) - min(c, floor) for c in contrib]
        if sum(shares):
            eligible = [seat for seat in live if seat in free or contrib[seat] >= level]
            pots.append({"amount": sum(shares), "eligible": eligible, "shares": shares})
        floor = level
    rest = [c - min(c, floor) for c in contrib]
    if sum(rest):
        if free:
            pots.append({"amount": sum(rest), "eligible": free, "shares": rest})
        elif pots:
            pots[-1]["amount"] += sum(rest)
            pots[-1]["shares"] = [a + b for a, b in zip(pots[-1]["shares"], rest, strict=True)]
    return pots


def split(amount: int, winners: list[int]) -> dict[int, int]:
    """Divide in whole chips; the odd chips go one each to the winners in the order given."""
    share, odd = divmod(amount, len(winners))
    return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(winners)}


def pay_out(chips: Chips, awards: dict[int, int]) -> Chips:
    """Give the pot to the winners: stacks grow, the hand's contributions are emptied."""
    out = _copied(chips)
    for seat, amount in awards.items():
        out["stacks"][seat] += amount
    out["contrib"] = [0] * len(out["contrib"])
    out["round"] = None
    return out


def rotate_from(seats: list[int], start: int, size: int) -> list[int]:
    """`seats` ordered clockwise (increasing seat number, wrapping) starting at `start` (or the next seat after)."""
    return sorted(seats, key=lambda seat: (seat - start) % size)
