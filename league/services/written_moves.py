"""What a written move is: the one value the move pipeline (league.services.moves) and the clock sweep
(league.services.timeouts) build for every move they apply, and the one function that turns moves into the
statements that store them."""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from league.models import Move
from league.sql.writes import Write, inserts_of

# Move's fields in the order of `WrittenMove.values`
COLUMNS = (
    "table",
    "seq",
    "seat",
    "player",
    "payload",
    "events",
    "auto",
    "hidden",
    "step_open",
    "at",
    "idempotency_key",
    "result",
)


@dataclass(frozen=True)
class WrittenMove:
    """A `league_move` row before it is written: the move, what the engine declared of it (its events, each with
    its audience; whether it is secret; whether the secret step stays open), and when it was played."""

    table_id: int
    seq: int
    seat: int
    player_id: int
    payload: dict[str, Any]
    events: list[dict[str, Any]]
    auto: bool
    hidden: bool
    step_open: bool
    at: datetime
    # the client's key and what move_submit answered, so that a retry with the same key gets the same answer; the
    # clock's moves have neither
    idempotency_key: str = ""
    result: dict[str, Any] | None = None

    def values(self) -> tuple[Any, ...]:
        return (
            self.table_id,
            self.seq,
            self.seat,
            self.player_id,
            self.payload,
            self.events,
            self.auto,
            self.hidden,
            self.step_open,
            self.at,
            self.idempotency_key,
            self.result,
        )


def moves_write_of(moves: Sequence[WrittenMove]) -> list[Write]:
    """The statements that store these moves, to run with the rest of their transaction's writes (`writes_run`):
    one move (the pipeline's) as a plain INSERT, a batch (the sweep's) as one INSERT on PostgreSQL."""
    return inserts_of(Move, COLUMNS, [move.values() for move in moves])
