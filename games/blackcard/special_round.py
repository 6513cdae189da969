"""The passives and the special round (B-R10, B-R11, B-R16, B-D9): who plays when, the A+21 draws, community cards.

`hand["special_round"]` holds the round under way: {"order": the seats in B-R11 order, "ace21_draws_left": A+21
seats yet to draw, "position": the index in `order` of the seat whose turn is next, "turn_seat": the seat whose
powers are being used (None between turns), "powers_left": that turn's powers not yet used (powers.turn_powers),
"power_fired": whether any power fired in this pass, "passes": the passes begun, "named": the players named by a
power so far, [{"seat", "power", "target"}] (target None: a peek declined)}.
"""

from games.blackcard import cards as bc
from games.blackcard import passives as passive_rules
from games.blackcard import powers
from games.blackcard.choices import ACE21_KEEP, Hand
from games.blackcard.share import public_keys
from games.core import betting
from games.core.i18n import _
from games.core.protocol import Event

ACE21_DRAW = 3  # B-R10
PASSIVE_PHRASES = {"ace21": _("A+21"), "royalty": _("Royalty"), "four_suits": _("Four suits")}


def start_special(hand: Hand, events: list[Event]) -> None:
    """B-R10/B-R11: passives judged once, then the order: A+21 players, then lowest round-3 hand to highest."""
    live = betting.live_seats(hand["chips"])
    judged = passive_rules.judge({seat: public_keys(hand, seat) for seat in live})
    rest = [seat for seat in reversed(hand["round3_ranking"]) if seat in live and seat not in judged["ace21"]]
    hand["passives"] = judged
    order = judged["ace21"] + rest
    hand["special_round"] = {
        "order": order,
        "ace21_draws_left": list(judged["ace21"]),
        "position": 0,
        "turn_seat": None,
        "powers_left": [],
        "power_fired": False,
        "passes": 1,
        "named": [],
    }
    hand["phase"] = "special"
    for name, seats in judged.items():
        events.extend({"type": "passive", "seat": seat, "passive": {"text": PASSIVE_PHRASES[name]}} for seat in seats)
    events.append({"type": "special_round_start", "order": order})


def step_special(hand: Hand, events: list[Event]) -> bool:
    """One step of the special round; True when the round is over."""
    special = hand["special_round"]
    if special["ace21_draws_left"]:
        seat = special["ace21_draws_left"].pop(0)
        drawn = [card for card in (powers.draw(hand) for _draw in range(ACE21_DRAW)) if card is not None]
        if drawn:
            events.append({"type": "ace21_draw", "seat": seat, "cards": drawn})
            hand["pending_choice"] = {"kind": ACE21_KEEP, "seat": seat, "cards": drawn}
        return False
    if special["powers_left"]:
        powers.start(hand, special["powers_left"].pop(0), special["turn_seat"], events)
        return False
    if special["turn_seat"] is not None:
        special["turn_seat"] = None
        special["position"] += 1
        return False
    if special["position"] < len(special["order"]):
        seat = special["order"][special["position"]]
        todo = powers.turn_powers(powers.power_keys(hand, seat), seat, hand["passives"])
        if todo:
            special["power_fired"], special["powers_left"], special["turn_seat"] = True, todo, seat
        else:
            special["position"] += 1
        return False
    if special["power_fired"] or not hand["deck"]:  # B-R16, B-D9
        events.append({"type": "special_round_end", "passes": special["passes"]})
        return True
    card = powers.draw(hand)
    assert card is not None
    hand["community"].append(card)
    events.append({"type": "community_card", "card": card})
    if bc.is_joker(card):
        powers.queue_declaration(hand, special["order"][0], card)  # B-D17
    special["position"], special["passes"] = 0, special["passes"] + 1
    return False
