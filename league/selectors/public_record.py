"""What an ended table publishes of its moves, for every door that shows them once it is over (the record, the
history, the replay, the admin): each move as its engine declares it public for ever (`engine.public_moves`: a
fold's cards and a face-down discard stay secret, a revealed row or a showdown's cards are public) and its events as
a spectator saw them. games/core/public_record.py holds the rule and the replay that checks it.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from games.core.public_record import public_log
from league.engines import engine_for
from league.models import Table
from league.selectors.move_history import table_moves


@dataclass(frozen=True)
class PublishedMove:
    seq: int
    seat: int
    payload: dict[str, Any]  # the move whole, or its type alone when concealed
    concealed: bool
    events: list[dict[str, Any]]  # as a spectator saw them
    auto: bool
    at: datetime


def published_moves(*, table: Table) -> list[PublishedMove]:
    """Every move of the table, in order, as everyone may know it for ever."""
    moves = table_moves(table=table)
    public = public_log(engine_for(table.game), [(move.seat, move.payload, move.events or []) for move in moves])
    return [
        PublishedMove(
            seq=move.seq,
            seat=move.seat,
            payload=entry.move,
            concealed=entry.concealed,
            events=entry.events,
            auto=move.auto,
            at=move.at,
        )
        for move, entry in zip(moves, public, strict=True)
    ]
