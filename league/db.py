"""Plain SQL for the few statements on the move pipeline's hot path, and the only place where SQL is written by hand.

Django's query compiler costs 0.5–1 ms of CPU per query, several times what PostgreSQL spends on these one-row
statements (bench/http_moves.py, docs/benchmarks.md "What was changed"); a move makes about ten of them. These
helpers write the same SQL by hand and adapt every value through its model field (`get_db_prep_save`, or `_saved`'s
shorter way to the same answer for plain values), so they behave as the ORM does on PostgreSQL and on SQLite alike.
Anything not on the hot path uses the ORM.

The generic helpers come first (`rows_fetch`, `row_locked`, `rows_update`, `row_insert`, and `writes_run` for several
writes in one statement); the statements that are written out by hand are the named queries at the end
(`table_and_seats_locked`, `seats_with_clocks`, `table_for_player`, and those of the sweep and the standings).
"""

import json
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cache
from typing import Any, cast

import psycopg
from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper
from django.db.models import signals
from django.db.models.base import ModelState
from django.db.models.fields.related_descriptors import ForeignKeyDeferredAttribute, ReverseOneToOneDescriptor
from django.utils.asyncio import async_unsafe
from psycopg.types.datetime import TimestamptzLoader

from league.models import Entrant, Move, Result, Round, SeasonClock, Seat, SeatClock, Standing, Table, TableRuling

Converter = Callable[[Any, Any, Any], Any]


def _db() -> BaseDatabaseWrapper:
    """The default database's connection itself, to hold for the length of one operation: every attribute read
    through `django.db.connection` looks the connection up in a context-local registry again, and the helpers
    below read dozens (a tenth of a move's instructions in the application, bench/instructions.py)."""
    return connections[DEFAULT_DB_ALIAS]


@async_unsafe
def _cursor(db: BaseDatabaseWrapper | None = None, *, own: bool = False) -> Any:
    """A cursor for the statements of this module. On PostgreSQL it binds its parameters on the server and lets
    psycopg prepare a statement once the connection has run it a few times (`prepare_threshold` in
    config/settings.py): PostgreSQL then neither parses nor plans it anew, and a large value (a table's state) is
    sent as a parameter rather than escaped into the statement's text. Django's own cursors bind on the client and
    are never prepared. The cursor is checked and wrapped as Django checks and wraps its own (the connection's
    health, its thread; errors converted, statements logged when Django logs them).

    On PostgreSQL the cursor is the connection's one kept cursor (`_kept_cursor`), left open at the end of a `with`:
    each statement's rows are read before the next statement runs on it. `own`: a cursor of its own instead, for a
    caller that holds two at once."""
    db = db or _db()
    if db.vendor != "postgresql":
        return db.cursor()
    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_thread_sharing()
    bound = _bound_cursor(db) if own else _kept_cursor(db)
    return _BoundDebugCursor(bound, db, keep=not own) if db.queries_logged else _BoundCursor(bound, db, keep=not own)


# where the connection's kept cursor lives on Django's connection object: with the psycopg connection it was made on
_KEPT = "_league_kept_cursor"


def _kept_cursor(db: BaseDatabaseWrapper) -> psycopg.Cursor[Any]:
    """The connection's one server-binding cursor, made on first use and again when Django has opened a new
    connection (or the cursor was closed): making one (psycopg's cursor and its own map of adapters) was a third of
    the instructions of a one-row statement, and a move runs three of them (bench/instructions.py)."""
    kept = db.__dict__.get(_KEPT)
    if kept is not None and kept[0] is db.connection and not kept[1].closed:
        cursor: psycopg.Cursor[Any] = kept[1]
        return cursor
    cursor = _bound_cursor(db)
    db.__dict__[_KEPT] = (db.connection, cursor)
    return cursor


def _bound_cursor(db: BaseDatabaseWrapper) -> psycopg.Cursor[Any]:
    bound: psycopg.Cursor[Any] = psycopg.Cursor(db.connection)
    if db.timezone_name == "UTC":
        # psycopg's loader of timestamps, compiled, where Django's is a Python subclass of it that sets the zone
        # after: in a UTC session both answer the same datetime (datetime.UTC), and a move reads about a dozen
        # (2.6 % of a move's instructions, bench/instructions.py)
        bound.adapters.register_loader("timestamptz", TimestamptzLoader)
    return bound


class _BoundCursor(CursorWrapper):
    """Django's cursor wrapper, which leaves the kept cursor open at the end of a `with` (`_cursor`)."""

    def __init__(self, cursor: Any, db: BaseDatabaseWrapper, *, keep: bool) -> None:
        super().__init__(cursor, db)
        self.keep = keep

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        if not self.keep:
            super().__exit__(kind, value, traceback)


class _BoundDebugCursor(_BoundCursor, CursorDebugWrapper):
    """Django's debug cursor (statements logged, as the tests' query captures read them), logging a statement as
    written with its placeholders: Django reads the statement back from a client-binding cursor, which this is not,
    and would log None. It leaves the kept cursor open through `_BoundCursor`."""

    def debug_sql(
        self, sql: Any = None, params: Any = None, use_last_executed_query: bool = False, many: bool = False
    ) -> Any:
        return super().debug_sql(sql, params, use_last_executed_query=False, many=many)


@cache
def _table(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


@cache
def _pk(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.pk.column)


@cache
def _column(model: type[models.Model], name: str) -> tuple[str, models.Field]:
    field = _field(model, name)
    return connection.ops.quote_name(field.column), field


def rows_fetch(
    model: type[models.Model], sql: str, params: list[Any], *, joined: dict[str, type[models.Model]] | None = None
) -> list[Any]:
    """Model instances from a plain SELECT, each column converted as the ORM converts it (datetimes, JSON,
    booleans on SQLite). `joined` names related objects read in the same row: the columns of `joined[name]`
    come as "name__column" and the instance is set as `name` (left out when its id is null). A column that is no
    field (an annotation) is set as an attribute as read."""
    db = _db()
    with _cursor(db) as cursor:
        cursor.execute(sql, params)
        return _instances(model, cursor, joined=joined, db=db)


Plan = list[tuple[int, str, list[Converter], Any]]


def _instances(
    model: type[models.Model],
    cursor: Any,
    *,
    joined: dict[str, type[models.Model]] | None,
    columns: tuple[str, ...] | None = None,
    db: BaseDatabaseWrapper | None = None,
) -> list[Any]:
    """`rows_fetch`'s instances from a cursor that has run its SELECT. `columns`: the statement's column names when
    its text fixes them (no `*`), which spares psycopg building the cursor's description on every statement."""
    db = db or _db()
    rows = cursor.fetchall()
    if columns is None:
        columns = tuple(column[0] for column in cursor.description)
    plan, related, extras = _row_plan(model, columns, tuple((joined or {}).items()))
    instances = []
    for row in rows:
        instance = _instance(model, plan, row, db)
        for name, other, other_plan, pk_position, caches in related:
            if row[pk_position] is not None:
                found = _instance(other, other_plan, row, db)
                if caches is None:
                    setattr(instance, name, found)
                else:
                    # what the reverse one-to-one accessor's __set__ leaves (each side cached on the other; the
                    # join already gave the related row its key), without its checks of a relation that the
                    # statement itself made: a tenth of reading a move's seats and clocks
                    instance._state.fields_cache[caches[0]] = found
                    found._state.fields_cache[caches[1]] = instance
        for position, name in extras:
            setattr(instance, name, row[position])
        instances.append(instance)
    return instances


Related = tuple[str, type[models.Model], Plan, int, tuple[str, str] | None]


@cache
def _row_plan(
    model: type[models.Model], columns: tuple[str, ...], joined: tuple[tuple[str, type[models.Model]], ...]
) -> tuple[Plan, list[Related], list[tuple[int, str]]]:
    """`_instances`' plan for a statement's columns, worked out once: the model's read plan; for each joined model
    its name, plan, the position of its key and, when the name is a reverse one-to-one accessor, the names under
    which each side caches the other; and the columns that are no field (set as attributes)."""
    plan = _read_plan(model, columns, "")
    related: list[Related] = []
    for name, other in joined:
        other_plan = _read_plan(other, columns, f"{name}__")
        pk_position = next(position for position, attname, _, _ in other_plan if attname == other._meta.pk.attname)
        accessor = getattr(model, name, None)
        caches = None
        if isinstance(accessor, ReverseOneToOneDescriptor) and accessor.related.related_model is other:
            caches = (accessor.related.cache_name, accessor.related.field.cache_name)
        related.append((name, other, other_plan, pk_position, caches))
    claimed = {position for one in [plan, *(r[2] for r in related)] for position, _, _, _ in one}
    extras = [(position, column) for position, column in enumerate(columns) if position not in claimed]
    return plan, related, extras


def _instance(model: type[models.Model], plan: Plan, row: tuple[Any, ...], db: BaseDatabaseWrapper) -> Any:
    values = {}
    for position, attname, converters, expression in plan:
        value = row[position]
        for converter in converters:
            value = converter(value, expression, db)
        values[attname] = value
    if not _plain(model):
        return model.from_db(db.alias, list(values), list(values.values()))
    # what Model.from_db makes, without Model.__init__'s signals and per-field setattr (a third of reading a move's
    # table, seats and clocks); a field left out of the plan is deferred, as from_db leaves it
    instance = model.__new__(model)
    state = ModelState()
    state.adding, state.db = False, db.alias
    instance.__dict__.update(values, _state=state)
    return instance


@cache
def _plain(model: type[models.Model]) -> bool:
    """Whether an instance may be made by setting its attributes directly: nobody listens to its init signals and
    no field's attribute is a descriptor that acts on assignment (a file field). Decided once per model: receivers
    connect as the apps load, before any request."""
    listened = signals.pre_init.has_listeners(model) or signals.post_init.has_listeners(model)
    # a foreign key's id attribute acts on assignment only to forget a related object cached before, which a new
    # instance has not
    setters = [
        attribute
        for field in model._meta.concrete_fields
        if hasattr(attribute := getattr(model, field.attname, None), "__set__")
        and not isinstance(attribute, ForeignKeyDeferredAttribute)
    ]
    return not listened and not setters


@cache
def _read_plan(model: type[models.Model], columns: tuple[str, ...], prefix: str) -> Plan:
    """For each field of the model found among the columns (named `prefix` + its column): the column's position,
    the field's attname and converters, in the model's field order (as `Model.from_db` wants them). Worked out once
    per model, column list and prefix."""
    found = {column: position for position, column in enumerate(columns)}
    plan = []
    for field in model._meta.concrete_fields:
        if prefix + field.column in found:
            expression = field.get_col(model._meta.db_table)
            converters = connection.ops.get_db_converters(expression) + expression.get_db_converters(connection)
            plan.append((found[prefix + field.column], field.attname, converters, expression))
    return plan


def lock_clause(*, of: str | None = None) -> str:
    """What `select_for_update(no_key=True)` appends on this database ("" on SQLite, which has no row locks: its
    writers are serialized already); `of` names the one table alias of a join whose rows are locked."""
    features = connection.features
    if not features.has_select_for_update:
        return ""
    clause = " FOR NO KEY UPDATE" if features.has_select_for_no_key_update else " FOR UPDATE"
    if of is not None and features.has_select_for_update_of:
        clause += f" OF {of}"
    return clause


def row_locked(model: type[models.Model], pk: int) -> Any:
    """One row by primary key, locked for the rest of the transaction as `select_for_update(no_key=True)` locks it;
    None when there is no such row."""
    found = rows_fetch(model, f"SELECT * FROM {_table(model)} WHERE {_pk(model)} = %s{lock_clause()}", [pk])
    return found[0] if found else None


@dataclass(frozen=True)
class Write:
    """One write statement not yet run: `writes_run` sends several as one."""

    sql: str
    params: list[Any]


def row_update(model: type[models.Model], pk: int, values: dict[str, Any]) -> None:
    """UPDATE one row by primary key with these field values."""
    writes_run([update_of(model, {pk: values})])


def rows_update(model: type[models.Model], changes: dict[int, dict[str, Any]]) -> None:
    """UPDATE rows by primary key, each with values of its own, in one statement (a CASE per column when several
    rows change); rows with nothing to change are left out."""
    writes_run([update_of(model, changes)])


def update_of(model: type[models.Model], changes: dict[int, dict[str, Any]]) -> Write | None:
    """`rows_update`'s statement, to run with others (`writes_run`); None when no row changes."""
    changes = {pk: values for pk, values in changes.items() if values}
    if not changes:
        return None
    db = _db()
    if len(changes) == 1:
        [(pk, values)] = changes.items()
        params = [_saved(_field(model, name), value, db) for name, value in values.items()]
        return Write(_update_one_sql(model, tuple(values)), [*params, pk])
    sets, params = [], []
    for name in sorted({name for values in changes.values() for name in values}):
        column, field = _column(model, name)
        whens = []
        for pk, values in changes.items():
            if name in values:
                whens.append("WHEN %s THEN %s")
                params += [pk, _saved(field, values[name], db)]
        # ELSE keeps the rows that do not change this column, and types the CASE even when every value is null
        sets.append(f"{column} = CASE {_pk(model)} {' '.join(whens)} ELSE {column} END")
    marks = ", ".join(["%s"] * len(changes))
    return Write(f"UPDATE {_table(model)} SET {', '.join(sets)} WHERE {_pk(model)} IN ({marks})", [*params, *changes])


def writes_run(writes: Sequence[Write | None]) -> None:
    """Run these writes (None: nothing to write). On PostgreSQL they go as one statement, all but the last as
    data-modifying WITH queries: one statement to parse, plan and answer instead of several. They run on one
    snapshot and in no set order, so none may read what another writes (each writes rows of its own); an error in
    any fails the statement as it would have failed alone. Elsewhere they run one by one."""
    todo = [write for write in writes if write is not None]
    if not todo:
        return
    db = _db()
    with _cursor(db) as cursor:
        if len(todo) == 1 or db.vendor != "postgresql":
            for write in todo:
                cursor.execute(write.sql, write.params)
            return
        *first, last = todo
        withs = ", ".join(f"w{index} AS ({write.sql})" for index, write in enumerate(first))
        cursor.execute(f"WITH {withs} {last.sql}", [param for write in todo for param in write.params])


@cache
def _update_one_sql(model: type[models.Model], names: tuple[str, ...]) -> str:
    sets = ", ".join(f"{_column(model, name)[0]} = %s" for name in names)
    return f"UPDATE {_table(model)} SET {sets} WHERE {_pk(model)} = %s"


# the fields of these exact classes adapt a value of one plain type as `_saved` does, whatever it is: Django's
# get_db_prep_save gets there through an `as_sql` probe (an AttributeError raised and caught for every plain value),
# a lazy-text check, to_python and, for a datetime, a look at settings.USE_TZ (140,000 instructions of a move's
# 2.5 million in move_submit, under callgrind)
_INTEGERS = (
    models.IntegerField,
    models.PositiveIntegerField,
    models.PositiveSmallIntegerField,
    models.SmallIntegerField,
    models.BigIntegerField,
    models.PositiveBigIntegerField,
)
_AS_IS = {models.BooleanField: bool, models.CharField: str, models.TextField: str}


def _saved(field: models.Field, value: Any, db: BaseDatabaseWrapper) -> Any:
    """`field.get_db_prep_save(value, db)`, by a shorter way for the values a move writes most (whole numbers,
    booleans, text, aware datetimes, JSON objects and arrays) in fields of Django's own classes; the same answer
    (tests/league/test_db.py compares them)."""
    kind = type(field)
    if kind in _INTEGERS:
        if type(value) is int:
            return db.ops.adapt_integerfield_value(value, field.get_internal_type())
    elif kind is models.DateTimeField:
        if type(value) is datetime and value.utcoffset() is not None:
            return db.ops.adapt_datetimefield_value(value)
    elif kind is models.JSONField:
        if type(value) is dict or type(value) is list:
            return db.ops.adapt_json_value(value, cast(models.JSONField, field).encoder)
    elif type(value) is _AS_IS.get(kind):
        return value
    return field.get_db_prep_save(value, db)


@cache
def _field(model: type[models.Model], name: str) -> models.Field:
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)
    return field


def row_insert(model: type[models.Model], values: dict[str, Any]) -> None:
    """INSERT one row (the database numbers it); the caller does not need its id."""
    writes_run([insert_of(model, values)])


def insert_of(model: type[models.Model], values: dict[str, Any]) -> Write:
    """`row_insert`'s statement, to run with others (`writes_run`)."""
    db = _db()
    params = [_saved(_field(model, name), value, db) for name, value in values.items()]
    return Write(_insert_sql(model, tuple(values)), params)


@cache
def _insert_sql(model: type[models.Model], names: tuple[str, ...]) -> str:
    columns = ", ".join(_column(model, name)[0] for name in names)
    return f"INSERT INTO {_table(model)} ({columns}) VALUES ({', '.join(['%s'] * len(names))})"


# --- the named queries ----------------------------------------------------------------------------------------------


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
    select, columns = _select_list(
        [(Table, "t", ""), (SeasonClock, "c", "clock__")], extra={"season_of_round": "r.season_id"}, without=without
    )
    sql = (
        f"SELECT {select} "
        f"FROM {_table(Table)} t "
        f"LEFT JOIN {_table(Round)} r ON r.id = t.round_id "
        f"LEFT JOIN {_table(SeasonClock)} c ON c.season_id = r.season_id"
    )
    return sql, columns


def _select_list(
    sources: list[tuple[type[models.Model], str, str]],
    *,
    extra: dict[str, str] | None = None,
    without: tuple[str, ...] = (),
) -> tuple[str, tuple[str, ...]]:
    """A select list naming every column of each (model, table alias, prefix) as prefix + column, but for the
    first source's fields named in `without`, then the `extra` expressions by name; and the names in order, which
    the statement's text fixes."""
    quote = connection.ops.quote_name
    items = [
        (f"{alias}.{quote(field.column)}", prefix + field.column)
        for number, (model, alias, prefix) in enumerate(sources)
        for field in model._meta.concrete_fields
        if number or field.name not in without
    ]
    items += [(expression, name) for name, expression in (extra or {}).items()]
    return ", ".join(f"{expression} AS {quote(name)}" for expression, name in items), tuple(name for _, name in items)


def _locked(table: Table) -> LockedTable:
    # the join's extras are set on the instance by rows_fetch; they belong to the answer, not to the Table
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
    db = _db()
    sql, columns = _table_locked_sql()
    with _cursor(db) as cursor:
        cursor.execute(sql + lock_clause(of="t"), [table_id])
        found = _instances(Table, cursor, joined={"clock": SeasonClock}, columns=columns, db=db)
    if not found:
        return None
    return _locked(found[0]), seats_with_clocks(table_id, db=db)


def seats_with_clocks(table_id: int, *, db: BaseDatabaseWrapper | None = None) -> list[Seat]:
    """The table's seats in order, each with its clock when it has one (`seat.clock`), in one statement."""
    db = db or _db()
    sql, columns = _seats_with_clocks_sql()
    with _cursor(db) as cursor:
        cursor.execute(sql, [table_id])
        return _instances(Seat, cursor, joined={"clock": SeatClock}, columns=columns, db=db)


@cache
def _seats_with_clocks_sql() -> tuple[str, tuple[str, ...]]:
    select, columns = _select_list([(Seat, "s", ""), (SeatClock, "c", "clock__")])
    sql = (
        f"SELECT {select} FROM {_table(Seat)} s "
        f"LEFT JOIN {_table(SeatClock)} c ON c.seat_id = s.id "
        f"WHERE s.table_id = %s ORDER BY s.{connection.ops.quote_name('index')}"
    )
    return sql, columns


def table_for_player(table_id: int, player_id: int | None) -> Table | None:
    """What a client needs before a move, in one statement: the table's game, state, version and status, and the
    player's seat at it as `table.your_seat` (None when not seated); None when there is no such table."""
    found = rows_fetch(Table, _table_for_player_sql(), [player_id, table_id])
    return found[0] if found else None


@cache
def _table_for_player_sql() -> str:
    quote = connection.ops.quote_name
    seat = f"SELECT s.{quote('index')} FROM {_table(Seat)} s WHERE s.table_id = t.id AND s.player_id = %s"
    return (
        f"SELECT t.id, t.game, t.state, t.version, t.status, ({seat}) AS your_seat "
        f"FROM {_table(Table)} t WHERE t.id = %s"
    )


# --- the clock sweep's statements (league.services.timeouts): a batch of tables at a time -------------------------


def tables_claim(*, now: Any, limit: int, skip: set[int], retry: bool = False) -> list[LockedTable]:
    """Up to `limit` active tables whose deadline has passed, oldest deadline first, locked as
    `table_and_seats_locked` locks one, each with its season's id and clock; tables another transaction holds are
    skipped (SKIP LOCKED: another sweeper is playing them), and so are the ids in `skip` (tried already by this
    sweep). A table the sweep could not play (`sweep_failed_at`) is left out; with `retry`, only such tables are
    taken, those whose time to try again has come, the longest waiting first. One statement."""
    at = _field(Table, "deadline").get_db_prep_save(now, connection)
    params: list[Any] = ["active", at]
    # written out, not a parameter: the claim's partial indexes are chosen by these predicates
    if retry:
        marked, order = " AND t.sweep_failed_at IS NOT NULL AND t.sweep_retry_at <= %s", "t.sweep_retry_at, t.id"
        params.append(at)
    else:
        marked, order = " AND t.sweep_failed_at IS NULL", "t.deadline, t.id"
    excluded = ""
    if skip:
        excluded = f" AND t.id NOT IN ({', '.join(['%s'] * len(skip))})"
        params += sorted(skip)
    lock = lock_clause(of="t")
    if lock and connection.features.has_select_for_update_skip_locked:
        lock += " SKIP LOCKED"
    select, columns = _tables_with_clocks()
    sql = f"{select} WHERE t.status = %s AND t.deadline <= %s{marked}{excluded} ORDER BY {order} LIMIT %s{lock}"
    with _cursor() as cursor:
        cursor.execute(sql, [*params, limit])
        claimed = _instances(Table, cursor, joined={"clock": SeasonClock}, columns=columns)
    return [_locked(table) for table in claimed]


def last_moves_of(table_ids: list[int]) -> list[Move]:
    """The last move of each of these tables (its table, seq and time), in one statement; a table without moves
    has none."""
    if not table_ids:
        return []
    sql = (
        f"SELECT m.id, m.table_id, m.seq, m.{connection.ops.quote_name('at')} FROM {_table(Move)} m "
        f"WHERE m.table_id IN ({', '.join(['%s'] * len(table_ids))}) "
        f"AND m.seq = (SELECT MAX(l.seq) FROM {_table(Move)} l WHERE l.table_id = m.table_id)"
    )
    return rows_fetch(Move, sql, list(table_ids))


# --- the standings' statements (league.services.standings): what one more finished table makes them read -------

SeatRow = tuple[int, int, str, str | None, int | None, int | None, int | None, int | None]


def season_seat_rows(*, season_id: int, players: Collection[int] | None = None) -> list[SeatRow]:
    """One row per seat of the season's tables, or of those where one of `players` sat: (table id, round number,
    table status, ruling kind or None, seat index, player id, place, score), the last two None without a result; a
    table without seats comes once, its seat's columns None. In round, table and seat order. One statement where
    the ORM took six, each compiled anew (most of the incremental standings' time)."""
    params: list[Any] = [season_id]
    among = ""
    if players is not None:
        if not players:
            return []
        placed, values = _among(list(players))
        among = f" AND t.id IN (SELECT m.table_id FROM {_table(Seat)} m WHERE m.player_id {placed})"
        params += values
    select, order = _season_seat_rows_sql()
    with _cursor() as cursor:
        cursor.execute(select + among + order, params)
        rows: list[SeatRow] = cursor.fetchall()
    return rows


@cache
def _season_seat_rows_sql() -> tuple[str, str]:
    index = connection.ops.quote_name("index")
    select = (
        f"SELECT t.id, r.number, t.status, u.kind, s.{index}, s.player_id, x.place, x.score "
        f"FROM {_table(Table)} t "
        f"JOIN {_table(Round)} r ON r.id = t.round_id "
        f"LEFT JOIN {_table(TableRuling)} u ON u.table_id = t.id "
        f"LEFT JOIN {_table(Seat)} s ON s.table_id = t.id "
        f"LEFT JOIN {_table(Result)} x ON x.table_id = t.id AND x.seat = s.{index} "
        "WHERE r.season_id = %s"
    )
    return select, f" ORDER BY r.number, t.id, s.{index}"


def season_standing_rows(*, season_id: int, names: tuple[str, ...]) -> list[dict[str, Any]]:
    """Every entrant of the season with its stored standing, in rank order: the standing's `id` and the `Standing`
    fields `names` (None where the entrant has no row), converted as the ORM converts them, with the entrant's
    `entrant_id`, `player_id`, `partner_id` and `seed_rank`. One statement where the ORM read the entrants and the
    standings in two."""
    db = _db()
    with _cursor(db) as cursor:
        cursor.execute(_season_standing_rows_sql(names), [season_id])
        columns = tuple(column[0] for column in cursor.description)
        rows = cursor.fetchall()
    # a JSON field's text decoded, a decimal made a Decimal on SQLite: only the columns with converters
    converted = [
        (position, converters, e) for position, _, converters, e in _read_plan(Standing, columns, "") if converters
    ]
    out = []
    for row in rows:
        values = list(row)
        for position, converters, expression in converted:
            for converter in converters:
                values[position] = converter(values[position], expression, db)
        out.append(dict(zip(columns, values, strict=True)))
    return out


@cache
def _season_standing_rows_sql(names: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    fields = ", ".join(f"s.{column} AS {quote(name)}" for name in names for column in [_column(Standing, name)[0]])
    return (
        f"SELECT s.id, e.id AS entrant_id, {fields}, e.player_id, e.partner_id, e.seed_rank "
        f"FROM {_table(Entrant)} e "
        f"LEFT JOIN {_table(Standing)} s ON s.entrant_id = e.id AND s.season_id = e.season_id "
        f"WHERE e.season_id = %s ORDER BY s.{quote('rank')}, e.seed_rank, e.id"
    )


def season_met(*, season_id: int, table_id: int) -> set[int]:
    """The players who sat at a table of the season with one of this table's players, these included (when the
    table is the season's)."""
    sql = (
        f"SELECT DISTINCT o.player_id FROM {_table(Seat)} h "
        f"JOIN {_table(Seat)} m ON m.player_id = h.player_id "
        f"JOIN {_table(Table)} t ON t.id = m.table_id "
        f"JOIN {_table(Round)} r ON r.id = t.round_id "
        f"JOIN {_table(Seat)} o ON o.table_id = t.id "
        "WHERE h.table_id = %s AND r.season_id = %s"
    )
    with _cursor() as cursor:
        cursor.execute(sql, [table_id, season_id])
        return {player_id for (player_id,) in cursor.fetchall()}


def _among(values: list[int]) -> tuple[str, list[Any]]:
    """`column IN these values` as SQL after the column, with its parameters: one array on PostgreSQL (one
    parameter to adapt, the statement's text the same whatever the count), a mark per value elsewhere."""
    if connection.vendor == "postgresql":
        return "= ANY(%s)", [values]
    return f"IN ({', '.join(['%s'] * len(values))})", values


# rows per INSERT: under SQLite's oldest limit of 999 parameters with a dozen columns
INSERT_CHUNK = 80


def rows_insert(model: type[models.Model], rows: list[dict[str, Any]]) -> None:
    """INSERT many rows with the same fields, a few dozen per statement (the database numbers them)."""
    if not rows:
        return
    names = tuple(rows[0])
    values = [tuple(row[name] for name in names) for row in rows]
    with _cursor() as cursor:
        for start in range(0, len(values), INSERT_CHUNK):
            write = _insert_rows_of(model, names, values[start : start + INSERT_CHUNK])
            cursor.execute(write.sql, write.params)


def rows_set(model: type[models.Model], names: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """UPDATE rows by primary key (each row: its pk, then the values of `names`), the same fields of each, in one
    statement. On PostgreSQL the rows come as one JSON document (`UPDATE ... FROM jsonb_to_recordset(%s)`): one
    parameter whatever the number of rows, where a CASE per column (`rows_update`) or an array per column costs the
    client a parameter to adapt and escape per value, and the server a comparison per row and case
    (bench/sweep.py). Values are the fields' Python values (a model's attributes)."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        rows_update(model, {row[0]: dict(zip(names, row[1:], strict=True)) for row in rows})
        return
    fields = [model._meta.pk, *(_field(model, name) for name in names)]
    columns = [connection.ops.quote_name(f.column) for f in fields]
    sets = ", ".join(f"{column} = v.{column}" for column in columns[1:])
    sql = (
        f"UPDATE {_table(model)} AS t SET {sets} FROM jsonb_to_recordset(%s::jsonb) AS v({_record(fields)}) "
        f"WHERE t.{columns[0]} = v.{columns[0]}"
    )
    with _cursor() as cursor:
        cursor.execute(sql, [_document(fields, rows)])


def rows_add(model: type[models.Model], names: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """INSERT many rows with the same fields (the database numbers them): on PostgreSQL one statement from one JSON
    document (`rows_set`), elsewhere a few dozen rows per statement."""
    writes_run(inserts_of(model, names, rows))


def inserts_of(model: type[models.Model], names: tuple[str, ...], rows: list[tuple[Any, ...]]) -> list[Write]:
    """`rows_add`'s statements, to run with others (`writes_run`): one row as a plain INSERT (`insert_of`, the
    cheapest to plan), more as one INSERT from a JSON document on PostgreSQL and a few dozen rows a statement
    elsewhere."""
    if len(rows) == 1:
        return [insert_of(model, dict(zip(names, rows[0], strict=True)))]
    if not rows:
        return []
    if connection.vendor != "postgresql":
        return [
            _insert_rows_of(model, names, rows[start : start + INSERT_CHUNK])
            for start in range(0, len(rows), INSERT_CHUNK)
        ]
    fields = [_field(model, name) for name in names]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    sql = f"INSERT INTO {_table(model)} ({columns}) SELECT * FROM jsonb_to_recordset(%s::jsonb) AS v({_record(fields)})"
    return [Write(sql, [_document(fields, rows)])]


def _insert_rows_of(model: type[models.Model], names: tuple[str, ...], rows: list[tuple[Any, ...]]) -> Write:
    db = _db()
    fields = [_field(model, name) for name in names]
    columns = ", ".join(_column(model, name)[0] for name in names)
    one = f"({', '.join(['%s'] * len(names))})"
    params = [_saved(field, value, db) for row in rows for field, value in zip(fields, row, strict=True)]
    return Write(f"INSERT INTO {_table(model)} ({columns}) VALUES {', '.join([one] * len(rows))}", params)


def _record(fields: list[models.Field]) -> str:
    """The column definitions of `jsonb_to_recordset` for these fields (named by their columns)."""
    return ", ".join(f"{connection.ops.quote_name(f.column)} {f.db_type(connection)}" for f in fields)


def _document(fields: list[models.Field], rows: list[tuple[Any, ...]]) -> str:
    """The rows as a JSON array of objects keyed by column: a JSON field's value nested as it is, a datetime in ISO
    8601 with its offset (PostgreSQL reads it back exactly), numbers, booleans and strings as JSON has them."""
    keys = [f.column for f in fields]
    return json.dumps([dict(zip(keys, row, strict=True)) for row in rows], default=_json_value, separators=(",", ":"))


def _json_value(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Decimal):
        # json writes no Decimal; as text PostgreSQL reads it into the numeric column exactly
        return str(value)
    raise TypeError(f"{type(value).__name__} is not a column value of the sweep's statements")


# SQLite's busy handler retries a waiting write with growing sleeps, up to 100 ms between tries
SQLITE_WAITER_POLL = 0.1


def writers_turn() -> None:
    """Between two of a long job's transactions (a big round opening its tables), let a waiting writer have the
    database. PostgreSQL locks rows, so nothing waits there. SQLite has one write lock for the whole file, and a
    writer waiting on it sleeps up to 100 ms between tries: without a pause as long, the job takes the lock again
    at once and the waiter waits for the whole job (2.3 s of a 400-entrant start, bench/season_start.py)."""
    if connection.vendor == "sqlite" and not connection.in_atomic_block:
        time.sleep(SQLITE_WAITER_POLL)
