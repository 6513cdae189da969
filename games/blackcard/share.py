"""The forced share after each round's reveal (B-R8, B-D4, B-D14) and the round-2 odd bonus (B-R9, B-D16).

`hand["forced_share"]` holds the share under way: {"amount": the floored share, "best_hand": the seat that pays
nothing, "payers_left": the seats still to answer, best public hand first, "all_odd": the round-2 all-odd seats,
"doubled": whether the all-odd best hand doubled the share (None until it has chosen)}.
"""

from games.blackcard import cards as bc
from games.blackcard.choices import FORCED_SHARE, ODD_BONUS_DOUBLE, Choice, Hand, Pending
from games.blackcard.powers import public_cards
from games.blackcard.public_hands import ranking
from games.core import betting
from games.core.i18n import _
from games.core.protocol import Event, Move

ODD_BONUS_ROUND = 2  # B-R9


def public_keys(hand: Hand, seat: int) -> list[bc.Key]:
    return bc.keys_of(public_cards(hand, seat), hand["jokers_declared"])


def share_amount(hand: Hand) -> int:
    share = hand["forced_share"]
    amount: int = share["amount"] * (2 if share["doubled"] else 1)
    return amount


def _posted(hand: Hand, seat: int, amount: int, events: list[Event], event: Event) -> None:
    """Put up to `amount` of the seat's chips in the pot; the event records what it paid, then an all-in."""
    before = hand["chips"]
    hand["chips"] = betting.post(before, seat, amount)
    paid = hand["chips"]["contrib"][seat] - before["contrib"][seat]
    events.append(event | {"amount": paid})
    if paid and hand["chips"]["stacks"][seat] == 0:
        events.append({"type": "all_in", "seat": seat})


def start_share(hand: Hand, events: list[Event]) -> None:
    """B-R8/B-D4/B-D14: the amount is fixed from the pot before anyone pays; payers answer best hand first."""
    live = betting.live_seats(hand["chips"])
    order = ranking({seat: public_keys(hand, seat) for seat in live})
    best = order[0]
    all_odd: list[int] = []
    if hand["deal_round"] == ODD_BONUS_ROUND:
        all_odd = [s for s in live if hand["public"][s] and all(bc.is_odd(k[0]) for k in public_keys(hand, s))]
    amount = betting.pot_total(hand["chips"]) // len(hand["dealt_in"])
    hand["forced_share"] = {
        "amount": amount,
        "best_hand": best,
        "payers_left": order[1:],
        "all_odd": all_odd,
        "doubled": None if best in all_odd else False,
    }
    if hand["deal_round"] == 3:
        hand["round3_ranking"] = order
    events.append({"type": "forced_share", "seat": best, "amount": amount, "order": order[1:]})
    if all_odd:
        events.append({"type": "odd_bonus", "seats": all_odd})
    if best in all_odd:
        hand["pending_choice"] = {"kind": ODD_BONUS_DOUBLE, "seat": best}
    hand["phase"] = "share"


def step_share(hand: Hand, events: list[Event]) -> bool:
    """Settle the payers who have nothing to decide; True when the share is over."""
    share = hand["forced_share"]
    while share["payers_left"]:
        seat = share["payers_left"][0]
        if seat in share["all_odd"]:
            # B-R9/B-D16: the best hand pays an all-odd payer's share, as far as it can; the payer stays in
            best = share["best_hand"]
            _posted(hand, best, share_amount(hand), events, {"type": "share_paid_for", "seat": best, "target": seat})
            share["payers_left"].pop(0)
            continue
        if hand["chips"]["stacks"][seat] == 0:
            share["payers_left"].pop(0)  # all-in already: nothing to pay, still in
            events.append({"type": "share_skipped", "seat": seat})
            continue
        hand["pending_choice"] = {"kind": FORCED_SHARE, "seat": seat}
        return False
    return True


def _apply_double(hand: Hand, pending: Pending, move: Move, events: list[Event]) -> None:
    hand["forced_share"]["doubled"] = move["type"] == "double"
    if hand["forced_share"]["doubled"]:
        events.append({"type": "share_doubled", "seat": pending["seat"], "amount": share_amount(hand)})
    else:
        events.append({"type": "share_single", "seat": pending["seat"]})


def _apply_forced_share(hand: Hand, pending: Pending, move: Move, events: list[Event]) -> None:
    seat = pending["seat"]
    hand["forced_share"]["payers_left"].pop(0)
    if move["type"] == "pay":
        _posted(hand, seat, share_amount(hand), events, {"type": "share_paid", "seat": seat})
    else:
        hand["chips"] = betting.fold(hand["chips"], seat)
        events.append({"type": "fold", "seat": seat})


SHARE_CHOICES = {
    ODD_BONUS_DOUBLE: Choice(
        moves=lambda hand, pending: [{"type": "double"}, {"type": "single"}],
        apply=_apply_double,
        refusal=_("Choose whether the others pay the share doubled (double) or not (single)."),
        made_when_forced=False,
        # B-D11: the default leaves the others' obligations as they were
        timeout=lambda hand, pending, moves: {"type": "single"},
    ),
    FORCED_SHARE: Choice(
        moves=lambda hand, pending: [{"type": "pay"}, {"type": "fold"}],
        apply=_apply_forced_share,
        refusal=_("Pay the forced share or fold."),
        made_when_forced=False,
        timeout=lambda hand, pending, moves: {"type": "pay"},  # B-D11
    ),
}
