"""Who takes which chips at the end of a hand: pots and side pots (C-D9), splits (C-D7), the Jester's Crown (C-R16)."""

from typing import Any

from games.core import betting
from games.court.hands import HandKey


def left_of_button(seats: list[int], *, button: int, size: int) -> list[int]:
    """`seats` in seat order starting with the first seat left of the button (C-D7's order for odd chips)."""
    return betting.rotate_from(seats, (button + 1) % size, size)


def jester_bonus(*, amount: int, shares: list[int], holder: int, stacks: list[int], button: int) -> dict[int, int]:
    """C-D8: what each other contributor to a pot pays the Jester's Crown holder (seat -> chips).

    The bonus equals the pot; each payer's part is proportional to what they put into it, rounded down, the odd
    chips one each from payers in seat order left of the button; every part is capped at the payer's stack, and
    a shortfall is not passed on to anyone else.
    """
    size = len(shares)
    payers = left_of_button([s for s in range(size) if s != holder and shares[s] > 0], button=button, size=size)
    paid_in = sum(shares[s] for s in payers)
    if not paid_in:
        return {}
    parts = {s: amount * shares[s] // paid_in for s in payers}
    for s in payers[: amount - sum(parts.values())]:
        parts[s] += 1
    return {s: min(part, stacks[s]) for s, part in parts.items() if min(part, stacks[s]) > 0}


def settle(
    *,
    contrib: list[int],
    folded: list[bool],
    stacks: list[int],
    keys: dict[int, HandKey],
    jester: set[int],
    button: int,
) -> dict[str, Any]:
    """Pay every pot of a showdown; `stacks` are the stacks before the pots are paid, `keys` the live seats' hand keys.

    Returns {"stacks": [...], "pots": [{"amount", "eligible", "winners"}], "jester_paid": [per seat],
    "jester_bonuses": [{"pot", "seat" (the payer), "winner" (the holder), "amount"}]}.
    """
    size = len(contrib)
    out = list(stacks)
    record = []
    bonuses = []
    pots = betting.side_pots({"stacks": stacks, "contrib": contrib, "folded": folded, "round": None})
    for index, pot in enumerate(pots):
        eligible = pot["eligible"]
        best = max(keys[s] for s in eligible)
        winners = left_of_button([s for s in eligible if keys[s] == best], button=button, size=size)
        for seat, chips in betting.split(pot["amount"], winners).items():
            out[seat] += chips
        record.append({"amount": pot["amount"], "eligible": eligible, "winners": winners})
        # C-D8: a sole winner against at least one other hand (a pot nobody else could win is no showdown)
        if len(winners) == 1 and len(eligible) > 1 and winners[0] in jester:
            bonuses.append((index, pot["amount"], pot["shares"], winners[0]))
    # C-D8: the bonuses come after every pot of the hand is paid, each payer capped at the stack it then holds
    paid = [0] * size
    payments = []
    for index, amount, shares, holder in bonuses:
        for seat, chips in jester_bonus(amount=amount, shares=shares, holder=holder, stacks=out, button=button).items():
            out[seat] -= chips
            out[holder] += chips
            paid[seat] += chips
            payments.append({"pot": index, "seat": seat, "winner": holder, "amount": chips})
    return {"stacks": out, "pots": record, "jester_paid": paid, "jester_bonuses": payments}
