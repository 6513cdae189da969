"""Who takes which chips at the end of a hand: pots and side pots (C-D9), splits (C-D7), the Jester's Crown (C-R16)."""

from typing import Any

from games.core import betting


def pot_layers(contrib: list[int], folded: list[bool]) -> list[dict[str, Any]]:
    """The pots of `betting.side_pots`, each with what every seat put into it ("shares", per seat).

    Same layering: one pot per live seat's total contribution, folded chips filling the layers they reach, folded
    chips above every live level added to the last pot.
    """
    live = [seat for seat, out in enumerate(folded) if not out]
    levels = sorted({contrib[seat] for seat in live})
    pots: list[dict[str, Any]] = []
    floor = 0
    for level in levels:
        shares = [min(c, level) - min(c, floor) for c in contrib]
        if sum(shares):
            pots.append({"amount": sum(shares), "eligible": [s for s in live if contrib[s] >= level], "shares": shares})
        floor = level
    leftover = [c - min(c, floor) for c in contrib]
    if sum(leftover) and pots:
        pots[-1]["shares"] = [a + b for a, b in zip(pots[-1]["shares"], leftover, strict=True)]
        pots[-1]["amount"] += sum(leftover)
    return pots


def left_of_button(seats: list[int], *, button: int, size: int) -> list[int]:
    """`seats` in seat order starting with the first seat left of the button (C-D7's order for odd chips)."""
    return betting.rotate_from(seats, (button + 1) % size, size)


def jester_bonus(
    *, amount: int, shares: list[int], holder: int, stacks: list[int], button: int
) -> dict[int, int]:
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
    *, contrib: list[int], folded: list[bool], stacks: list[int], keys: dict[int, tuple], jester: set[int],
    button: int,
) -> dict[str, Any]:
    """Pay every pot of a showdown; `stacks` are the stacks before the pots are paid, `keys` the live seats' hand keys.

    Returns {"stacks": [...], "pots": [{"amount", "eligible", "winners"}], "jester_paid": [per seat]}.
    """
    size = len(contrib)
    out = list(stacks)
    record = []
    bonuses = []
    for pot in pot_layers(contrib, folded):
        eligible = pot["eligible"]
        best = max(keys[s] for s in eligible)
        winners = left_of_button([s for s in eligible if keys[s] == best], button=button, size=size)
        awards = betting.split(pot["amount"], winners)
        for seat, chips in awards.items():
            out[seat] += chips
        record.append({"amount": pot["amount"], "eligible": eligible, "winners": winners})
        # C-D8: a sole winner against at least one other hand (a pot nobody else could win is no showdown)
        if len(winners) == 1 and len(eligible) > 1 and winners[0] in jester:
            bonuses.append((pot["amount"], pot["shares"], winners[0]))
    paid = [0] * size
    for amount, shares, holder in bonuses:
        for seat, chips in jester_bonus(amount=amount, shares=shares, holder=holder, stacks=out, button=button).items():
            out[seat] -= chips
            out[holder] += chips
            paid[seat] += chips
    return {"stacks": out, "pots": record, "jester_paid": paid}
