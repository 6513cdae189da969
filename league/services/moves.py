"""The move pipeline: the only way a table's state changes (see docs/architecture.md, "The move pipeline").

One writer per table (the table row is locked), a version check against what the client saw, the engine applies the
move, and the move, the new state, ledger rows and results are written in one transaction. Nothing is replayed: the
cost of a move does not depend on how long the match has run.
"""

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games import IllegalMove
from games.core.events import is_secret
from games.core.protocol import Engine
from league.engines import engine_for
from league.errors import (
    IdempotencyMismatch,
    IllegalMoveError,
    InvalidValue,
    NotFound,
    NotSeated,
    StaleVersion,
    TableClosed,
)
from league.logs import context_bind
from league.metrics import move_counted
from league.models import Move, Player, Seat, Table
from league.services.clocks import Policy, clock_after_move, clock_policy, seats_with_clocks
from league.services.follow_up import follow_up_defer_write, follow_up_enqueue
from league.services.tables import record_end, record_ledger, seats_to_act_update
from league.services.written_moves import WrittenMove, moves_write_of
from league.sql.tables import table_and_seats_locked
from league.sql.writes import update_of, writes_run

MAX_KEY_LENGTH = 100
TURN_TASK = "league.tasks.turn_notify"


@dataclass(frozen=True)
class MoveResult:
    table_id: int
    seq: int
    version: int
    status: str
    deadline: datetime | None
    view: dict[str, Any]
    replayed: bool = False

    def as_stored(self) -> dict[str, Any]:
        """What a retry with the same key gets back; the view is left out (it can weigh hundreds of kB, e.g. every
        Palace row as a legal move) and is rendered anew on the retry."""
        return {
            "table_id": self.table_id,
            "seq": self.seq,
            "version": self.version,
            "status": self.status,
            "deadline": self.deadline.isoformat() if self.deadline else None,
        }

    @classmethod
    def from_stored(cls, data: dict[str, Any], *, view: dict[str, Any]) -> "MoveResult":
        deadline = datetime.fromisoformat(data["deadline"]) if data["deadline"] else None
        return cls(**{**data, "deadline": deadline, "view": view, "replayed": True})


def move_submit(
    *,
    table_id: int,
    player: Player,
    move: dict[str, Any],
    expected_version: int,
    idempotency_key: str | None = None,
) -> MoveResult:
    """Apply one move for the player's seat, or refuse it and change nothing."""
    if idempotency_key is not None and not 0 < len(idempotency_key) <= MAX_KEY_LENGTH:
        raise InvalidValue(f"An idempotency key has 1 to {MAX_KEY_LENGTH} characters.", field="idempotency_key")
    try:
        return _submit(
            table_id=table_id, player=player, move=move, expected_version=expected_version, key=idempotency_key
        )
    except IntegrityError:
        # the key was taken at an earlier version (a reused key): answer as for a retry, from the stored move
        replay = _replayed(table_id=table_id, player=player, move=move, key=idempotency_key)
        if replay is None:
            raise
        return replay


@transaction.atomic
def _submit(
    *, table_id: int, player: Player, move: dict[str, Any], expected_version: int, key: str | None
) -> MoveResult:
    table, policy, seats = _locked_table(table_id)
    context_bind(table_id=table.pk, season_id=policy.season_id)
    with move_counted(game=table.game) as outcome:
        result = _submit_locked(
            table=table,
            policy=policy,
            seats=seats,
            player=player,
            move=move,
            expected_version=expected_version,
            key=key,
        )
        outcome.replayed = result.replayed
    return result


def _submit_locked(
    *,
    table: Table,
    policy: Policy,
    seats: list[Seat],
    player: Player,
    move: dict[str, Any],
    expected_version: int,
    key: str | None,
) -> MoveResult:
    seat = next((s.index for s in seats if s.player_id == player.pk), None)
    if seat is None:
        raise NotSeated()
    try:
        if table.status != Table.Status.ACTIVE:
            raise TableClosed(f"The table is {table.status}.")
        _check_version(table=table, seat=seat, expected=expected_version)
        return _apply(
            table=table,
            policy=policy,
            seats=seats,
            seat=seat,
            player_id=player.pk,
            move=move,
            auto=False,
            key=key,
            now=timezone.now(),
        )
    except (TableClosed, StaleVersion, IllegalMoveError):
        # (all raised before anything is written) a retry of an applied move is refused as stale, closed or illegal,
        # so its key is looked up only then, not on every move; a key reused at the current version fails at the
        # insert instead (move_submit)
        replay = _replayed(table_id=table.pk, player=player, move=move, key=key, table=table)
        if replay is None:
            raise
        return replay


def _replayed(
    *, table_id: int, player: Player, move: dict[str, Any], key: str | None, table: Table | None = None
) -> MoveResult | None:
    """The first answer to a move made with this key (its seq, version, status and deadline, with the seat's view as
    it is now); None when the key is new; IdempotencyMismatch when it was used for another move."""
    if key is None:
        return None
    done = Move.objects.filter(table_id=table_id, player=player, idempotency_key=key).first()
    if done is None:
        return None
    if _canonical(done.payload) != _canonical(move):
        raise IdempotencyMismatch()
    table = table or Table.objects.get(pk=table_id)
    view = engine_for(table.game).view(table.state, done.seat)
    return MoveResult.from_stored(done.result or {}, view=view)


@transaction.atomic
def move_timeout(*, table_id: int, seat: int, now: datetime) -> MoveResult | None:
    """Play the engine's timeout move for a seat whose clock ran out; None (nothing done) when the table is not
    overdue or the seat is not to act, so a task that runs twice, or late, does no harm."""
    table, policy, seats = _locked_table(table_id)
    return timeout_play(table=table, policy=policy, seat=seat, now=now, seats=seats)


def timeout_play(
    *, table: Table, policy: Policy, seat: int, now: datetime, seats: list[Seat] | None = None
) -> MoveResult | None:
    """`move_timeout` on a table the caller has locked (the sweep), with its clock policy, and its seats and
    clocks if already read."""
    if table.status != Table.Status.ACTIVE or table.deadline is None or table.deadline > now:
        return None
    engine = engine_for(table.game)
    if seat not in engine.to_act(table.state):
        return None
    seats = seats if seats is not None else seats_with_clocks(table)
    mover = next(s for s in seats if s.index == seat)
    return _apply(
        table=table,
        policy=policy,
        seats=seats,
        seat=seat,
        player_id=mover.player_id,
        move=engine.timeout_move(table.state, seat),
        auto=True,
        key=None,
        now=now,
    )


def _locked_table(table_id: int) -> tuple[Table, Policy, list[Seat]]:
    """The table locked (no_key: the lock does not block inserts of moves, seats and ledger rows that reference
    it), with its clock policy read in the same statement, and its seats and clocks read in the same round trip."""
    found = table_and_seats_locked(table_id)
    if found is None:
        raise NotFound("No such table.", field="table_id")
    locked, seats = found
    table = locked.table
    policy = clock_policy(
        season_clock=locked.season_clock, time_per_move=table.time_per_move, season_id=locked.season_id
    )
    return table, policy, seats


def _check_version(*, table: Table, seat: int, expected: int) -> None:
    """Refuse a move decided on an old version, unless everything applied since was another seat's hidden move of
    the same still-open simultaneous step: then the client could not have seen anything new."""
    if expected == table.version:
        return
    # an open step has at most players - 1 moves in it; anything older is stale whatever it was
    if not isinstance(expected, int) or not table.version - table.players < expected < table.version:
        raise StaleVersion(current=table.version, expected=expected)
    since = Move.objects.filter(table=table, seq__gt=expected).values_list("seat", "step_open")
    if not all(step_open and other != seat for other, step_open in since):
        raise StaleVersion(current=table.version, expected=expected)


def _apply(
    *,
    table: Table,
    policy: Policy,
    seats: list[Seat],
    seat: int,
    player_id: int,
    move: dict[str, Any],
    auto: bool,
    key: str | None,
    now: datetime,
) -> MoveResult:
    engine = engine_for(table.game)
    state = table.state
    before = engine.to_act(state)
    try:
        new_state, events = engine.play_move(state, seat, move)
    except IllegalMove as error:
        raise IllegalMoveError(error.code, error.message) from error
    after = engine.to_act(new_state)
    # the engine says what others learn of the move and whether its secret step goes on: a forced move (one legal
    # choice) is as secret as any other, and keeps every seat's clock while the step stays open
    hidden = is_secret(events)
    step_open = step_left_open(engine, state=state, new_state=new_state, seat=seat, before=before, after=after)

    applied = AppliedMove(
        table=table,
        engine=engine,
        policy=policy,
        seats=seats,
        seat=seat,
        player_id=player_id,
        move=move,
        auto=auto,
        key=key,
        now=now,
        new_state=new_state,
        events=events,
        hidden=hidden,
        step_open=step_open,
        after=after,
        known_rows=engine.ledger_count(state),
    )
    return _write(applied)


@dataclass(frozen=True)
class AppliedMove:
    """A move the engine has applied and the pipeline has yet to write: the locked table as it was read, who moved
    and what, and what the engine answered."""

    table: Table
    engine: Engine
    policy: Policy
    seats: list[Seat]
    seat: int
    player_id: int
    move: dict[str, Any]
    auto: bool
    key: str | None
    now: datetime
    new_state: dict[str, Any]
    events: list[dict[str, Any]]
    hidden: bool
    step_open: bool
    after: list[int]
    known_rows: int  # the ledger rows of the state before the move, all stored already


def _write(applied: AppliedMove) -> MoveResult:
    """Write what the move did: the ledger, the end, the clocks, the table, the to-act marks and the move row."""
    table, engine, new_state, seat, now = applied.table, applied.engine, applied.new_state, applied.seat, applied.now
    step_open, after = applied.step_open, applied.after
    table.version += 1
    table.state = new_state
    table.step_open = step_open
    record_ledger(table=table, engine=engine, state=new_state, known_rows=applied.known_rows)
    finished = engine.is_over(new_state)
    if finished:
        record_end(table=table, engine=engine, state=new_state, now=now)
    # the one writer of the deadline: the clocks say when the seats to act run out (a simultaneous step runs on one
    # clock; a new turn starts a new one), the pipeline stores it
    table.deadline, clocks_write = clock_after_move(
        table=table,
        policy=applied.policy,
        seats=applied.seats,
        seat=seat,
        auto=applied.auto,
        after=after,
        step_open=step_open,
        now=now,
    )
    table_write = update_of(
        Table,
        {
            table.pk: {
                "state": table.state,
                "version": table.version,
                "step_open": table.step_open,
                "deadline": table.deadline,
                "status": table.status,
                "finished_at": table.finished_at,
            }
        },
    )
    # the seats the move brings to act (not those still to act in a simultaneous step, nor the mover acting again)
    comes_to = not finished and any(seat.index in after and not seat.to_act for seat in applied.seats)
    seats_write = seats_to_act_update(seats=applied.seats, to_act=after)
    result = MoveResult(
        table_id=table.pk,
        seq=table.version,
        version=table.version,
        status=table.status,
        deadline=table.deadline,
        view=engine.view(new_state, seat),
    )
    move_writes = moves_write_of(
        [
            WrittenMove(
                table_id=table.pk,
                seq=table.version,
                seat=seat,
                player_id=applied.player_id,
                payload=applied.move,
                events=applied.events,
                auto=applied.auto,
                hidden=applied.hidden,
                step_open=step_open,
                at=now,
                idempotency_key=applied.key or "",
                result=result.as_stored() if applied.key is not None else None,
            )
        ]
    )
    # "your move" to whoever is next, in the app, by push and by mail: one outbox row, whoever and however many they
    # are, taken by the notifications' drain within seconds (league.services.reminders.turn_notices_drain)
    notify_write = follow_up_defer_write(task=TURN_TASK, now=now, table_id=table.pk) if comes_to else None
    # the clocks, the table, the to-act marks, the move row and the outbox row as one statement: each writes rows of
    # its own
    writes_run([clocks_write, table_write, seats_write, notify_write, *move_writes])
    if finished:
        # rate it and, for a season's table, refresh the standings and settle its round: the task runs
        # league.services.rounds.season_table_refresh once the move has committed
        follow_up_enqueue(task="league.tasks.standings_refresh", table_id=table.pk)
    return result


def step_left_open(
    engine: Engine, *, state: dict[str, Any], new_state: dict[str, Any], seat: int, before: list[int], after: list[int]
) -> bool:
    """Whether the move was one seat's choice in a secret step that is still open after it: the engine's state says
    the step goes on and the seats to act are those before less the mover (not a new step begun by a reveal)."""
    return (
        engine.secret_step(state)
        and engine.secret_step(new_state)
        and bool(after)
        and set(after) == set(before) - {seat}
    )


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
