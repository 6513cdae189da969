"""The statements of the move pipeline and the clock sweep: a table locked with what governs its clock, its seats
with their clocks, what a client reads before a move, a batch of overdue tables claimed, their last moves."""

from dataclasses import dataclass
from functools import cache
from typing import Any

from django.db import connection
from django.db.backends.base.base import BaseDatabaseWrapper

from league.models import Move, Round, SeasonClock, Seat, SeatClock, Table
from league.sql import names
from league.sql.internals import cursor, default_db, instances
from league.sql.reads import lock_clause, rows_fetch


@dataclass(frozen=True)
class LockedTable:
    """A table row locked for the move pipeline, with what governs its clock, read in the same statement."""

    table: Table
    season_id: int | None  # None: a table without a season
    season_clock: SeasonClock | None  # None: per-move time alone


@cache
def _table_locked_sql() -> tuple[str, tuple[str, ...]]:
    """The move pipeline's read of one table (add the lock clause), and its column names. The opening's events
    are left out (deferred, as `.defer()` leaves a field: read if something asks for them): no move needs them,
    and they were a third of the JSON a move decoded to read its table."""
    select, columns = _tables_with_clocks(without=("opening_events",))
    return f"{select} WHERE t.id = %s", columns


@cache
def _tables_with_clocks(without: tuple[str, ...] = ()) -> tuple[str, tuple[str, ...]]:
    """SELECT ... FROM tables `t` with each one's season id (`season_of_round`) and season clock (`clock__...`),
    and the column names, for a WHERE to follow; the table's fields named in `without` are left out."""
    select, columns = names.select_list(
        [(Table, "t", ""), (SeasonClock, "c", "clock__")], extra={"season_of_round": "r.season_id"}, without=without
    )
    sql = (
        f"SELECT {select} "
        f"FROM {names.table(Table)} t "
        f"LEFT JOIN {names.table(Round)} r ON r.id = t.round_id "
        f"LEFT JOIN {names.table(SeasonClock)} c ON c.season_id = r.season_id"
    )
    return sql, columns


def _locked(table: Table) -> LockedTable:
    # the join's extras are set on the instance by `instances`; they belong to the answer, not to the Table
    season_id = table.__dict__.pop("season_of_round", None)
    clock = table.__dict__.pop("clock", None)
    return LockedTable(table=table, season_id=season_id, season_clock=clock)


def table_and_seats_locked(table_id: int) -> tuple[LockedTable, list[Seat]] | None:
    """The table locked as `select_for_update(no_key=True)` locks it (its row only), with its season's id and clock
    from the same statement, then its seats and clocks (`seats_with_clocks`); None when there is no such table.

    The seats are a statement of their own, run once the lock is granted: a statement reads with the snapshot it took
    before waiting for a lock, so seats joined into the locking statement could be those from before the previous
    writer committed. Sending both in one round trip (psycopg's pipeline mode) cost more CPU than the round trip it
    saved (bench/move_writes.py)."""
    db = default_db()
    sql, columns = _table_locked_sql()
    with cursor(db) as rows:
        rows.execute(sql + lock_clause(of="t"), [table_id])
        found = instances(Table, rows, joined={"clock": SeasonClock}, columns=columns, db=db)
    if not found:
        return None
    return _locked(found[0]), seats_with_clocks(table_id, db=db)


def seats_with_clocks(table_id: int, *, db: BaseDatabaseWrapper | None = None) -> list[Seat]:
    """The table's seats in order, each with its clock when it has one (`seat.clock`), in one statement."""
    db = db or default_db()
    sql, columns = _seats_with_clocks_sql()
    with cursor(db) as rows:
        rows.execute(sql, [table_id])
        return instances(Seat, rows, joined={"clock": SeatClock}, columns=columns, db=db)


@cache
def _seats_with_clocks_sql() -> tuple[str, tuple[str, ...]]:
    select, columns = names.select_list([(Seat, "s", ""), (SeatClock, "c", "clock__")])
    sql = (
        f"SELECT {select} FROM {names.table(Seat)} s "
        f"LEFT JOIN {names.table(SeatClock)} c ON c.seat_id = s.id "
        f"WHERE s.table_id = %s ORDER BY s.{names.quoted('index')}"
    )
    return sql, columns


def table_for_player(table_id: int, player_id: int | None) -> Table | None:
    """What a client needs before a move, in one statement: the table's game, state, version and status, and the
    player's seat at it as `table.your_seat` (None when not seated); None when there is no such table."""
    found = rows_fetch(Table, _table_for_player_sql(), [player_id, table_id])
    return found[0] if found else None


@cache
def _table_for_player_sql() -> str:
    seat = f"SELECT s.{names.quoted('index')} FROM {names.table(Seat)} s WHERE s.table_id = t.id AND s.player_id = %s"
    return (
        f"SELECT t.id, t.game, t.state, t.version, t.status, ({seat}) AS your_seat "
        f"FROM {names.table(Table)} t WHERE t.id = %s"
    )


# --- the clock sweep's statements (league.services.timeouts): a batch of tables at a time -------------------------


def tables_claim(*, now: Any, limit: int, skip: set[int], retry: bool = False) -> list[LockedTable]:
    """Up to `limit` active tables whose deadline has passed, oldest deadline first, locked as
    `table_and_seats_locked` locks one, each with its season's id and clock; tables another transaction holds are
    skipped (SKIP LOCKED: another sweeper is playing them), and so are the ids in `skip` (tried already by this
    sweep). A table the sweep could not play (`sweep_failed_at`) is left out; with `retry`, only such tables are
    taken, those whose time to try again has come, the longest waiting first. One statement."""
    at = names.field(Table, "deadline").get_db_prep_save(now, connection)
    params: list[Any] = ["active", at]
    # written out, not a parameter: the claim's partial indexes are chosen by these predicates
    if retry:
        marked, order = " AND t.sweep_failed_at IS NOT NULL AND t.sweep_retry_at <= %s", "t.sweep_retry_at, t.id"
        params.append(at)
    else:
        marked, order = " AND t.sweep_failed_at IS NULL", "t.deadline, t.id"
    excluded = ""
    if skip:
        excluded = f" AND t.id NOT IN ({names.marks(len(skip))})"
        params += sorted(skip)
    lock = lock_clause(of="t")
    if lock and connection.features.has_select_for_update_skip_locked:
        lock += " SKIP LOCKED"
    select, columns = _tables_with_clocks()
    sql = f"{select} WHERE t.status = %s AND t.deadline <= %s{marked}{excluded} ORDER BY {order} LIMIT %s{lock}"
    with cursor() as rows:
        rows.execute(sql, [*params, limit])
        claimed = instances(Table, rows, joined={"clock": SeasonClock}, columns=columns)
    return [_locked(table) for table in claimed]


def last_moves_of(table_ids: list[int]) -> list[Move]:
    """The last move of each of these tables (its table, seq and time), in one statement; a table without moves
    has none."""
    if not table_ids:
        return []
    moves = names.table(Move)
    sql = (
        f"SELECT m.id, m.table_id, m.seq, m.{names.quoted('at')} FROM {moves} m "
        f"WHERE m.table_id IN ({names.marks(len(table_ids))}) "
        f"AND m.seq = (SELECT MAX(l.seq) FROM {moves} l WHERE l.table_id = m.table_id)"
    )
    return rows_fetch(Move, sql, list(table_ids))
