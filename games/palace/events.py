"""The events of Palace Infighting (games/core/events.py): what a table's log tells of each round.

A round reads, for everyone:

    hand_start      {number}                           round n begins
    row_laid        {seat}                             the first row, face down; its cards only to its own seat
    row_laid        {seat}                             the second row, which the reveal then shows
    rows_revealed   {rows: [{seat, row}, ...]}          both rows, left to right (P-R4)
    duel_won        {position, winner, card, cards}     once per duel: the winning card, both cards taken (P-R5/6)
    duel_tied       {position, card}                    or: the same rank twice, each takes back their own (P-R6)
    hand_end        {number, deltas, ties, results: [{seat, wins, held}, ...]}   the round's score (P-R7, P-D3)
    match_end       {placements, scores, reason}         after the round that ends the match (P-R8, P-D1)
    hand_start      {number}                           or the next round

The opening adds each seat's starting cards (`holding`, public: P-R2 gives both the same ten, and P-D2 shows
holdings in full).
"""

from typing import Any

from games.core.i18n import _
from games.core.protocol import Event
from games.palace.duel import Settlement

EVENT_TYPES = {
    "hand_start": _("Round {number}"),
    "holding": _("{seat} holds {cards}"),
    "row_laid": _("{seat} lays a row face down"),
    "rows_revealed": _("The rows are revealed, left to right"),
    "rows_revealed.rows": _("{seat} laid {row}"),
    "duel_won": _("Duel {position}: {winner} wins with {card} and takes {cards}"),
    "duel_tied": _("Duel {position}: {card} against {card}, a tie; each takes back their own card"),
    "hand_end": _("Round {number} is over (duels tied: {ties})"),
    "hand_end.results": _("{seat}: duels won {wins}, cards held {held}"),
    "match_end": _("The match is over: {reason}"),
}


def round_started(number: int) -> Event:
    return {"type": "hand_start", "number": number}


def holding_shown(seat: int, cards: list[str]) -> Event:
    return {"type": "holding", "seat": seat, "cards": list(cards)}


def row_laid(seat: int, row: list[str], *, revealed_next: bool) -> Event:
    """The move itself: the seat has laid a row. The first row of a round stays face down (P-R3): its cards go to
    its own seat only. The second is shown by the reveal that follows it at once."""
    if revealed_next:
        return {"type": "row_laid", "seat": seat}
    return {"type": "row_laid", "seat": seat, "secret": {"to": [seat], "row": list(row)}}


def rows_revealed(rows: list[list[str]]) -> Event:
    return {"type": "rows_revealed", "rows": [{"seat": seat, "row": list(row)} for seat, row in enumerate(rows)]}


def duels_told(settlement: Settlement) -> list[Event]:
    """One event per position, left to right (P-R4): who won it and the cards taken (P-R5, P-R6)."""
    events: list[Event] = []
    for duel in settlement.duels:
        position, cards, winner = duel["position"], duel["cards"], duel["winner"]
        if winner is None:
            # a tie is the same rank on both sides (P-R5), so one card names it
            events.append({"type": "duel_tied", "position": position, "card": cards[0]})
        else:
            won_with = cards[winner]
            events.append(
                {
                    "type": "duel_won",
                    "position": position,
                    "winner": winner,
                    "card": won_with,
                    "cards": [won_with, cards[1 - winner]],
                }
            )
    return events


def round_ended(*, number: int, settlement: Settlement, held_before: list[int], held_after: list[int]) -> Event:
    return {
        "type": "hand_end",
        "number": number,
        "deltas": [after - before for before, after in zip(held_before, held_after, strict=True)],
        "ties": settlement.ties,
        "results": [
            {"seat": seat, "wins": settlement.wins[seat], "held": held_after[seat]} for seat in range(len(held_after))
        ],
    }


def match_ended(*, placements: list[int], scores: list[int], result: dict[str, Any]) -> Event:
    return {"type": "match_end", "placements": placements, "scores": scores, "reason": _end_reason(result, scores)}


def _end_reason(result: dict[str, Any], scores: list[int]) -> dict[str, Any]:
    """Why the match ended, as a phrase (games/core/events.py) with its own fields."""
    winner = result["winner"]
    if result["reason"] == "no_cards":
        return {"text": _("{seat} has no cards left"), "seat": 1 - winner}
    if winner is None:
        return {"text": _("after the last round both hold {held} cards, a draw"), "held": scores[0]}
    return {"text": _("after the last round {winner} holds more cards"), "winner": winner}
