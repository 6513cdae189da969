"""The sweep that plays timeouts: every seat whose clock has run out gets the engine's timeout move (docs/clocks.md,
"The sweep"); the season's forfeit policy for a seat abandoned on time.

Above the clocks and the move pipeline: the clocks say who is due, the pipeline plays the move. The sweep works a
batch of overdue tables at a time (docs/scale.md): one statement claims and locks them (`FOR NO KEY UPDATE SKIP
LOCKED`, so any number of sweepers share a backlog with row locks alone), one reads their seats and clocks, one
their vacations; each table's timeouts are then worked out in memory, and the plain ones (a turn passed, nothing
revealed, no deal or match ended) written for the whole batch in a few set-based statements. A timeout that does more
goes through the move pipeline itself, table by table, in its own savepoint. A table that raises is rolled back to
its savepoint, logged and marked for an organizer (`Table.sweep_error`), and the sweep goes on with the others; a
marked table is left out of the claim and tried again on a schedule of its own, backing off (`sweep_retry_wait`),
until a sweep plays it or an organizer clears the mark (`table_sweep_mark_clear`).
"""

import logging
import random
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from django.db import DatabaseError, transaction

from games.core.events import is_secret
from league.clocks.arithmetic import Interval, is_overdue
from league.engines import engine_for
from league.logs import request_id
from league.models import Entrant, OutboxMessage, Player, Season, Seat, SeatClock, Table, TableRuling
from league.services.clocks import (
    CLOCK_FIELDS,
    Policy,
    clock_advance,
    clock_policy,
    clock_values,
    seat_clocks_for,
    seat_deadline,
    seats_with_clocks,
    table_policy,
    vacations_for,
    vacations_of,
)
from league.services.follow_up import follow_up_enqueue
from league.services.moves import TURN_TASK, timeout_play
from league.services.permissions import organizer_check
from league.services.standings import entrant_map
from league.services.tables import table_annul
from league.services.written_moves import WrittenMove, moves_write_of
from league.sql.tables import LockedTable, last_moves_of, tables_claim
from league.sql.writes import rows_add, rows_set, rows_update, writes_run

logger = logging.getLogger(__name__)

# a sweep plays at most this many timeout moves at one table, so a table of abandoned seats cannot hold it forever
MAX_TIMEOUTS_PER_TABLE = 2000
# tables claimed and written together: each batch is one transaction that holds their rows for its duration (a move
# at one of them waits that long), so it stays well under a second (bench/sweep.py --batch)
BATCH = 200
# tables the sweep could not play (marked) that one call tries again, after every healthy table it was asked for
RETRIES = 100
# a marked table is tried again after as long as it has been failing, within these bounds (`sweep_retry_wait`): a
# fixed clock or table is played within the hour, a table broken for good costs a try an hour
RETRY_FIRST = timedelta(minutes=2)
RETRY_MOST = timedelta(hours=1)


@dataclass(frozen=True)
class TimeoutDone:
    table_id: int
    seat: int
    seq: int
    abandoned: bool = False
    forfeited: bool = False


PLAYED_COLUMNS = ("state", "version", "step_open", "deadline")


# a seat and its clock as the sweep reads them, one row per seat (`_batch_timeouts`): plain values, no model instances
SEAT_READ = (
    "table_id",
    "id",
    "index",
    "player_id",
    "to_act",
    "clock__id",
    *(f"clock__{name}" for name in CLOCK_FIELDS),
)


@dataclass
class _Clock:
    """A seat's clock in the sweep (a `RunningClock`): pk None for a clock made on first need."""

    pk: int | None
    seat_id: int
    bank: int
    turn_started_at: datetime | None
    deadline: datetime | None
    consecutive_timeouts: int
    abandoned: bool


@dataclass(frozen=True)
class _SeatRow:
    pk: int
    index: int
    player_id: int
    to_act: bool
    clock: _Clock | None


@dataclass
class _Planned:
    """A table's plain timeouts worked out in memory, as rows to write with the rest of its batch."""

    table: Table
    done: list[TimeoutDone] = field(default_factory=list)
    played: tuple[Any, ...] | None = None  # (pk, *PLAYED_COLUMNS) when a timeout was played
    deadline: tuple[Any, ...] | None = None  # (pk, deadline) when only the deadline moved
    moves: list[WrittenMove] = field(default_factory=list)
    new_clocks: list[tuple[Any, ...]] = field(default_factory=list)  # (seat, *CLOCK_FIELDS)
    clocks: list[tuple[Any, ...]] = field(default_factory=list)  # (pk, *CLOCK_FIELDS)
    marks: list[tuple[int, bool]] = field(default_factory=list)  # (seat pk, to_act)


class _NotPlain(Exception):
    """The table's timeout does more than pass a turn: the move pipeline plays it (`_table_timeouts`)."""


def timeouts_apply(*, now: datetime, limit: int = 500, batch: int = BATCH, retries: int = RETRIES) -> list[TimeoutDone]:
    """Play the timeout of every seat whose clock has run out, up to `limit` tables, `batch` tables per transaction;
    then up to `retries` of the tables it could not play before whose time to try again has come. Tables another
    sweeper holds are skipped (it is handling them), so sweepers running at once never act on the same table; a
    table that fails is tried once per call, and marked: it leaves the claim for its own schedule (`_marks`), so
    that however many tables fail, the healthy ones behind them are reached."""
    done: list[TimeoutDone] = []
    seen: set[int] = set()
    for retry, most in ((False, limit), (True, retries)):
        taken = 0
        while taken < most:
            with transaction.atomic():
                claimed = tables_claim(now=now, limit=min(batch, most - taken), skip=seen, retry=retry)
                if not claimed:
                    break
                taken += len(claimed)
                seen.update(locked.table.pk for locked in claimed)
                done += _batch_timeouts(claimed, now=now)
    return done


def _batch_timeouts(claimed: list[LockedTable], *, now: datetime) -> list[TimeoutDone]:
    """With the batch's tables locked: plan each in memory, write the plain ones together, send the others through
    the pipeline one by one; a table that raises is marked, the rest go on."""
    ids = [locked.table.pk for locked in claimed]
    seats: dict[int, list[_SeatRow]] = {pk: [] for pk in ids}
    rows = Seat.objects.filter(table_id__in=ids).order_by("table_id", "index").values_list(*SEAT_READ)
    for table_id, seat_id, index, player_id, to_act, clock_id, *values in rows:
        clock = _Clock(clock_id, seat_id, *values) if clock_id is not None else None
        seats[table_id].append(_SeatRow(seat_id, index, player_id, to_act, clock))
    unclocked = [pk for pk in ids if any(seat.clock is None for seat in seats[pk])]
    last_moves = {move.table_id: move.at for move in last_moves_of(unclocked)}
    vacations = vacations_of(
        {
            (locked.season_id, seat.player_id)
            for locked in claimed
            if locked.season_id is not None
            for seat in seats[locked.table.pk]
        }
    )
    planned: list[_Planned] = []
    piped: list[int] = []
    failed: dict[int, tuple[str, BaseException]] = {}
    for locked in claimed:
        try:
            planned.append(_plan(locked, seats[locked.table.pk], vacations, last_moves.get(locked.table.pk), now=now))
        except _NotPlain:
            piped.append(locked.table.pk)
        except Exception as error:  # any fault of one table (engine, clock, data) must not stop the others
            failed[locked.table.pk] = _failure(error)
    done: list[TimeoutDone] = []
    try:
        with transaction.atomic():
            _write(planned)
        for plan in planned:
            done += plan.done
    except DatabaseError:
        # one table's rows were refused: find it by writing each table alone
        for plan in planned:
            try:
                with transaction.atomic():
                    _write([plan])
                done += plan.done
            except DatabaseError as error:
                failed[plan.table.pk] = _failure(error)
    for table_id in piped:
        try:
            with transaction.atomic():
                table = Table.objects.get(pk=table_id)
                done += _table_timeouts(table=table, now=now)
        except Exception as error:  # as above: the pipeline's own faults are this table's alone
            failed[table_id] = _failure(error)
    rows_update(Table, _marks(claimed, failed, now=now))
    return done


def _failure(error: BaseException) -> tuple[str, BaseException]:
    """Why a table failed, as organizers read it (the admin, their console) and the error for the log. An error
    raised inside an engine keeps only its type: its message may name cards (a hand in a ValueError), which an
    organizer who plays must not read; the log has it whole."""
    reason = f"{type(error).__name__}: {error}"
    traceback = error.__traceback__
    while traceback is not None and traceback.tb_next is not None:
        traceback = traceback.tb_next
    if traceback is not None and str(traceback.tb_frame.f_globals.get("__name__", "")).startswith("games."):
        reason = f"{type(error).__name__} (raised by the game's engine; its message is in the server's log)"
    return reason[: Table._meta.get_field("sweep_error").max_length], error


def _marks(
    claimed: list[LockedTable], failed: dict[int, tuple[str, BaseException]], *, now: datetime
) -> dict[int, dict[str, Any]]:
    """The sweep's marks after a batch: a table that failed is marked, or keeps its mark with a later try; a marked
    table played at last loses it (its clock or data were fixed). The first failure of a table is logged at ERROR
    with its traceback, the alert; a failure at a retry only as a warning, so that a broken table alerts once."""
    tables = {locked.table.pk: locked.table for locked in claimed}
    marks: dict[int, dict[str, Any]] = {}
    for pk, (reason, error) in failed.items():
        since = tables[pk].sweep_failed_at
        if since is None:
            logger.error(
                "the sweep could not play the timeouts of table %s; it is marked and tried again on its own schedule",
                pk,
                exc_info=error,
            )
            since = now
        else:
            logger.warning(
                "the sweep still cannot play the timeouts of table %s (failing since %s): %s", pk, since, reason
            )
        marks[pk] = {
            "sweep_error": reason,
            "sweep_failed_at": since,
            "sweep_retry_at": now + sweep_retry_wait(now - since),
        }
    for pk, table in tables.items():
        if table.sweep_failed_at is not None and pk not in failed:
            marks[pk] = {"sweep_error": "", "sweep_failed_at": None, "sweep_retry_at": None}
    return marks


def sweep_retry_wait(failing: timedelta) -> timedelta:
    """How long a marked table waits before the sweep tries it again, having failed for `failing`: as long again,
    from RETRY_FIRST up to RETRY_MOST (the waits double), spread by a quarter either way so that tables that broke
    together are not all tried by the same sweep."""
    wait = min(max(failing, RETRY_FIRST), RETRY_MOST)
    return wait * random.uniform(0.75, 1.25)


@transaction.atomic
def table_sweep_mark_clear(*, table_id: int, by: Player | None) -> Table:
    """An organizer of the table's club (`by`), or an operator in the admin (None), takes the sweep's mark off a
    table: the next sweep tries it with the others (and marks it again if it still fails). A table with no mark is
    left as it is."""
    table = Table.objects.select_for_update(no_key=True).select_related("club").get(pk=table_id)
    if by is not None:
        organizer_check(club=table.club, player=by)
    if table.sweep_failed_at is not None:
        table.sweep_error, table.sweep_failed_at, table.sweep_retry_at = "", None, None
        table.save(update_fields=["sweep_error", "sweep_failed_at", "sweep_retry_at"])
    return table


def _plan(
    locked: LockedTable,
    seats: list[_SeatRow],
    vacations: dict[tuple[int, int], list[Interval]],
    last_move_at: datetime | None,
    *,
    now: datetime,
) -> _Planned:
    """`_table_timeouts` in memory for a table whose every due timeout is plain (one seat to act, no step open, no
    ledger row, the match goes on, nobody forfeits): raises _NotPlain otherwise, having written nothing."""
    table = locked.table
    read_deadline = table.deadline
    plan = _Planned(table=table)
    policy = clock_policy(
        season_clock=locked.season_clock, time_per_move=table.time_per_move, season_id=locked.season_id
    )
    engine = engine_for(table.game)
    clocks = _clocks(table, policy, seats, last_move_at)
    before = {index: clock_values(clock) for index, clock in clocks.items() if clock.pk is not None}
    players = {seat.index: seat.player_id for seat in seats}
    season_id = locked.season_id if policy.vacations else None
    seat_vacations = {
        seat.player_id: vacations.get((season_id, seat.player_id), []) if season_id else [] for seat in seats
    }
    marks = {seat.index: seat.to_act for seat in seats}
    for _ in range(MAX_TIMEOUTS_PER_TABLE):
        to_act = engine.to_act(table.state)
        deadlines = {i: seat_deadline(clocks[i], policy, seat_vacations[players[i]]) for i in to_act}
        due = [i for i in to_act if is_overdue(deadlines[i], now)]
        if not due:
            # the stored deadline was early (a bank, a pause or a vacation the opening deadline did not know)
            table.deadline = min(deadlines.values()) if deadlines else None
            break
        if len(to_act) > 1 or table.step_open:
            raise _NotPlain()  # a simultaneous step: whether the move is hidden is the pipeline's to decide
        seat = due[0]
        state = table.state
        move = engine.timeout_move(state, seat)
        # the events the engine declares, stored as the pipeline stores them (the story and each viewer's log)
        new_state, events = engine.play_move(state, seat, move)
        if engine.is_over(new_state) or engine.ledger_count(new_state) > engine.ledger_count(state):
            raise _NotPlain()
        after = engine.to_act(new_state)
        table.version += 1
        table.state = new_state
        table.deadline = clock_advance(
            clocks=dict(clocks),
            players=players,
            vacations=seat_vacations,
            policy=policy,
            seat=seat,
            auto=True,
            after=after,
            active=True,
            step_open=False,
            now=now,
        )
        clock = clocks[seat]
        if clock.abandoned and clock.consecutive_timeouts == policy.abandon_after and policy.forfeit:
            raise _NotPlain()
        plan.moves.append(
            WrittenMove(
                table_id=table.pk,
                seq=table.version,
                seat=seat,
                player_id=players[seat],
                payload=move,
                events=events,
                auto=True,
                hidden=is_secret(events),
                step_open=False,
                at=now,
            )
        )
        abandoned = clock.abandoned and clock.consecutive_timeouts == policy.abandon_after
        plan.done.append(TimeoutDone(table.pk, seat, table.version, abandoned=abandoned))
        marks = {index: index in after for index in marks}
    if plan.moves:
        plan.played = (table.pk, table.state, table.version, False, table.deadline)
    elif table.deadline != read_deadline:
        plan.deadline = (table.pk, table.deadline)
    for seat_row in seats:
        clock = clocks[seat_row.index]
        if clock.pk is None:
            plan.new_clocks.append((seat_row.pk, *clock_values(clock)))
        elif clock_values(clock) != before[seat_row.index]:
            plan.clocks.append((clock.pk, *clock_values(clock)))
        if seat_row.to_act != marks[seat_row.index]:
            plan.marks.append((seat_row.pk, marks[seat_row.index]))
    return plan


def _clocks(table: Table, policy: Policy, seats: list[_SeatRow], last_move_at: datetime | None) -> dict[int, _Clock]:
    """`seat_clocks_for` without writing: a seat without a clock gets a new one (saved with the batch), its turn
    started when the table's last move was made (or when it opened)."""
    started = last_move_at
    if started is None and table.deadline is not None:
        started = table.deadline - timedelta(seconds=table.time_per_move)
    bank = int(policy.control.bank_start.total_seconds())
    clocks = {}
    for seat in seats:
        # a copy: the plan may be dropped (_NotPlain) and the seat's row read again by the pipeline
        clock = (
            replace(seat.clock)
            if seat.clock
            else _Clock(None, seat.pk, bank, started or table.created_at, None, 0, False)
        )
        clocks[seat.index] = clock
    return clocks


def _write(planned: list[_Planned]) -> None:
    """The batch's plain timeouts in seven statements at most: new clocks, changed clocks, tables played, tables whose
    deadline alone moved, to-act marks, moves, and the outbox rows of their notifications."""
    rows_add(SeatClock, ("seat", *CLOCK_FIELDS), [row for plan in planned for row in plan.new_clocks])
    rows_set(SeatClock, CLOCK_FIELDS, [row for plan in planned for row in plan.clocks])
    rows_set(Table, PLAYED_COLUMNS, [plan.played for plan in planned if plan.played])
    rows_set(Table, ("deadline",), [plan.deadline for plan in planned if plan.deadline])
    rows_set(Seat, ("to_act",), [row for plan in planned for row in plan.marks])
    writes_run(moves_write_of([move for plan in planned for move in plan.moves]))
    # "your move" to whoever the timeouts brought each table to, as after a move: an outbox row a table, for the
    # notifications' drain (league.services.reminders.turn_notices_drain)
    # (every column named: request_id has no default in PostgreSQL; the sweep is the task's own work, so its id)
    caused_by = request_id()
    turns = [
        (TURN_TASK, {"table_id": plan.played[0]}, plan.moves[-1].at, 0, caused_by) for plan in planned if plan.played
    ]
    rows_add(OutboxMessage, ("task", "kwargs", "created_at", "attempts", "request_id"), turns)


@transaction.atomic
def table_timeouts_apply(*, table_id: int, now: datetime) -> list[TimeoutDone]:
    """The sweep for one table (the ETA task): waits for the table's lock, then does what is due and nothing else."""
    table = Table.objects.select_for_update(no_key=True).filter(pk=table_id).first()
    if table is None or table.status != Table.Status.ACTIVE:
        return []
    return _table_timeouts(table=table, now=now)


def _table_timeouts(*, table: Table, now: datetime) -> list[TimeoutDone]:
    """With the table locked: play the timeout of each seat due at `now`, one at a time (each may change who is to
    act), until none is due; then the table's deadline is the earliest true deadline of its seats to act. The table,
    its seats and their clocks are read once: the move pipeline updates them in place."""
    done: list[TimeoutDone] = []
    policy = table_policy(table)
    engine = engine_for(table.game)
    seats = seats_with_clocks(table)
    clocks = seat_clocks_for(table, policy, seats)
    vacations = vacations_for(policy, [seat.player_id for seat in seats])
    for _ in range(MAX_TIMEOUTS_PER_TABLE):
        if table.status != Table.Status.ACTIVE:
            break
        to_act = engine.to_act(table.state)
        deadlines = {i: seat_deadline(clocks[i][1], policy, vacations[clocks[i][0].player_id]) for i in to_act}
        due = [i for i in to_act if is_overdue(deadlines[i], now)]
        if not due:
            # the stored deadline was early (a bank, a pause or a vacation the opening deadline did not know)
            earliest = min(deadlines.values()) if deadlines else None
            if table.deadline != earliest:
                table.deadline = earliest
                table.save(update_fields=["deadline"])
            break
        seat = due[0]
        if table.deadline is None or table.deadline > now:
            # timeout_play trusts the table's deadline; bring it in line with the seat's own deadline
            table.deadline = deadlines[seat]
        result = timeout_play(table=table, policy=policy, seat=seat, now=now, seats=seats)
        if result is None:
            logger.warning("timeout of seat %s at table %s was not applied", seat, table.pk)
            break
        clock = clocks[seat][1]
        newly_abandoned = clock.abandoned and clock.consecutive_timeouts == policy.abandon_after
        forfeited = newly_abandoned and policy.forfeit and result.status == Table.Status.ACTIVE
        done.append(TimeoutDone(table.pk, seat, result.seq, abandoned=newly_abandoned, forfeited=forfeited))
        if forfeited:
            _forfeit_by_clock(table=table, seat=seat, now=now)
            break
    return done


def _forfeit_by_clock(*, table: Table, seat: int, now: datetime) -> None:
    """The season's forfeit policy: the abandoning seat's entrant loses the table, as by an organizer's ruling."""
    season = Season.objects.get(rounds__tables=table)
    player_id = Seat.objects.get(table=table, index=seat).player_id
    entrant = Entrant.objects.get(pk=entrant_map(season)[player_id])
    table_annul(table_id=table.pk, reason=f"forfeit: seat {seat} abandoned on time")
    TableRuling.objects.filter(table=table).delete()
    ruling = TableRuling.objects.create(
        table=table, kind=TableRuling.Kind.FORFEIT, reason=f"seat {seat} abandoned on time", by=None, at=now
    )
    ruling.forfeiting.set([entrant])
    follow_up_enqueue(task="league.tasks.standings_refresh", table_id=table.pk)
