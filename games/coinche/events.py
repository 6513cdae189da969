"""The events of Coinche (games/core/events.py): a deal told in full, so that a spectator who comes back days later
reads every call of the auction and every card of every trick from the log alone.

A deal reads, for everyone but the dealt cards (each hand to its own seat only):

    hand_start        {number, dealer}                        deal n (1-based) begins
    cut               {seat, at}                              the dealer's left cuts `at` cards (K-R4)
    cards_dealt       {seat, cards}, to [seat]                once per seat, in dealing order (K-D2)
    pass / bid / slam / coinche / surcoinche                  each call of the auction, in the order made
        pass {seat} · bid {seat, points, suit} · slam {seat, suit} · coinche {seat, target} · surcoinche {seat}
    coinche_declined  {seat}                                  an out-of-turn pass: no coinche on this bid (K-D7)
    contract          {taker, points, suit, slam, level, bid, doubling}    the auction closed (K-R16)
    play              {seat, card}                            every card, in play order
    belote / rebelote {seat, card}                            with the card that announces it (K-R8, K-D3)
    trick             {number, leader, winner, plays: [{seat, card}], points}   each trick won (K-R19)
    deal_score        {taker, result, made, teams: [{team, tricks, points, score}]}   K-R20..K-R26
    thrown_in         {dealer}                                or: four passes, nothing scored (K-R11)
    hand_end          {number, deltas, totals}                per seat, as the ledger row (K-D13)
    match_end         {placements, scores, winners}           after the deal that ends the match (K-R27)

Every Coinche call and card is made face up, out-of-turn coinches included (K-D7): only the dealt cards have an
audience.
"""

from typing import Any

from games.core.i18n import _, ngettext
from games.core.protocol import Event

EVENT_TYPES = {
    "hand_start": _("Deal {number}: {dealer} deals"),
    "cut": _("{seat} cuts {at} cards"),
    "cards_dealt": _("{seat} is dealt {cards}"),
    "pass": _("{seat} passes"),
    "bid": _("{seat} bids {points} {suit}"),
    "slam": _("{seat} bids a slam in {suit}"),
    "coinche": _("{seat} coinches {target}'s bid"),
    "coinche_declined": _("{seat} does not coinche"),
    "surcoinche": _("{seat} surcoinches"),
    "contract": _("Contract: {taker} plays {bid} {suit}, {doubling}"),
    "play": _("{seat} plays {card}"),
    "belote": _("{seat} announces Belote with {card}"),
    "rebelote": _("{seat} announces Rebelote with {card}"),
    "trick": _("Trick {number} goes to {winner} for {points} points"),
    "trick.plays": _("{seat} played {card}"),
    "deal_score": _("{taker}'s contract {result}"),
    "deal_score.teams": _("{team} took {tricks} tricks for {points} points and score {score}"),
    "thrown_in": _("Everyone passed: the cards are dealt again"),
    "hand_end": _("Deal {number} is over"),
    "match_end": ngettext("The match is over: {winners} wins", "The match is over: {winners} win", "winners"),
}


def deal_started(number: int, *, dealer: int, cut: int, hands: list[list[str]]) -> list[Event]:
    """K-R4/K-D2: the deal's number (1-based), the cut by the dealer's left, each hand to its own seat in dealing
    order (the dealer's right first, the dealer last)."""
    events: list[Event] = [
        {"type": "hand_start", "number": number, "dealer": dealer},
        {"type": "cut", "seat": (dealer + 3) % 4, "at": cut},
    ]
    for step in (1, 2, 3, 4):
        seat = (dealer + step) % 4
        events.append({"type": "cards_dealt", "seat": seat, "cards": list(hands[seat]), "to": [seat]})
    return events


def call_made(seat: int, call: dict[str, Any], *, target: int | None = None) -> Event:
    """One call of the auction as everyone hears it; a coinche names the bidder it doubles."""
    event: Event = {**call, "seat": seat}
    if call["type"] == "coinche":
        event["target"] = target
    return event


def coinche_declined(seat: int) -> Event:
    return {"type": "coinche_declined", "seat": seat}


def _bid_phrase(points: int | None) -> dict[str, Any]:
    if points is None:
        return {"text": _("a slam in")}
    return {"text": _("{points} in"), "points": points}


def _doubling_phrase(contract: dict[str, Any]) -> dict[str, Any]:
    if contract["surcoinche_by"] is not None:
        return {
            "text": _("coinched by {seat} and surcoinched by {caller}"),
            "seat": contract["coinche_by"],
            "caller": contract["surcoinche_by"],
        }
    if contract["coinche_by"] is not None:
        return {"text": _("coinched by {seat}"), "seat": contract["coinche_by"]}
    return {"text": _("not coinched")}


def contract_closed(contract: dict[str, Any]) -> Event:
    """K-R16: the auction is over; `level` is 1, 2 coinched or 4 surcoinched (K-R25); `points` is None for a slam."""
    return {
        "type": "contract",
        "taker": contract["seat"],
        "points": contract["points"],
        "suit": contract["suit"],
        "slam": contract["slam"],
        "level": contract["level"],
        "bid": _bid_phrase(contract["points"]),
        "doubling": _doubling_phrase(contract),
    }


def card_played(seat: int, card: str) -> Event:
    return {"type": "play", "seat": seat, "card": card}


def belote_announced(seat: int, call: str, card: str) -> Event:
    return {"type": call, "seat": seat, "card": card}


def trick_won(number: int, *, leader: int, winner: int, cards: list[str], points: int) -> Event:
    """`points`: what the trick brings its winners, the last trick's 10 included (K-R7)."""
    return {
        "type": "trick",
        "number": number,
        "leader": leader,
        "winner": winner,
        "plays": [{"seat": (leader + i) % 4, "card": card} for i, card in enumerate(cards)],
        "points": points,
    }


def _result_phrase(*, made: bool, all_tricks: bool) -> dict[str, Any]:
    if made and all_tricks:
        return {"text": _("is made, with every trick")}
    if made:
        return {"text": _("is made")}
    return {"text": _("fails")}


def deal_scored(row: dict[str, Any], teams: tuple[list[int], list[int]]) -> Event:
    """K-R20..K-R26 from the deal's ledger row: made or failed, and each team's tricks, points made (cards, last
    trick and belote) and score after rounding."""
    return {
        "type": "deal_score",
        "taker": row["contract"]["seat"],
        "result": _result_phrase(made=row["made"], all_tricks=row["all_tricks"]),
        "made": row["made"],
        "teams": [
            {
                "team": list(team),
                "tricks": row["tricks"][index],
                "points": row["points_made"][index],
                "score": row["team_scores"][index],
            }
            for index, team in enumerate(teams)
        ],
    }


def thrown_in(dealer: int) -> Event:
    return {"type": "thrown_in", "dealer": dealer}


def deal_ended(row: dict[str, Any]) -> Event:
    """The ledger row's deltas and running totals, per seat (a team's two seats alike)."""
    return {"type": "hand_end", "number": row["deal"] + 1, "deltas": list(row["deltas"]), "totals": list(row["totals"])}


def match_ended(outcome: dict[str, Any], winners: list[int]) -> Event:
    return {"type": "match_end", "placements": outcome["placements"], "scores": outcome["scores"], "winners": winners}
