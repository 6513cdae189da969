"""The one module that reaches into Django's internals, so that the statements of `league.sql` cost what
PostgreSQL spends on them and little more: a cursor that binds on the server and is kept per connection, model
instances built from rows as `Model.from_db` builds them (without its per-field work where nothing can tell), and a
value adapted as its field saves it (`get_db_prep_save`) by a shorter way for plain values.

Each internal it relies on is checked against Django's own behaviour in tests/league/sql/test_internals.py: the
cursor wrappers (errors converted, statements logged, the kept cursor left open), `from_db`'s instance (values,
state, deferred fields, the reverse one-to-one caches), the fields' converters, and `get_db_prep_save`'s answers.
A Django upgrade that changes one of them fails there, not in a move.
"""

from collections.abc import Callable
from datetime import datetime
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

Converter = Callable[[Any, Any, Any], Any]


def default_db() -> BaseDatabaseWrapper:
    """The default database's connection itself, to hold for the length of one operation: every attribute read
    through `django.db.connection` looks the connection up in a context-local registry again, and the statements
    of `league.sql` read dozens (a tenth of a move's instructions in the application, bench/instructions.py)."""
    return connections[DEFAULT_DB_ALIAS]


@async_unsafe
def cursor(db: BaseDatabaseWrapper | None = None, *, own: bool = False) -> Any:
    """A cursor for the statements of `league.sql`. On PostgreSQL it binds its parameters on the server and lets
    psycopg prepare a statement once the connection has run it a few times (`prepare_threshold` in
    config/settings.py): PostgreSQL then neither parses nor plans it anew, and a large value (a table's state) is
    sent as a parameter rather than escaped into the statement's text. Django's own cursors bind on the client and
    are never prepared. The cursor is checked and wrapped as Django checks and wraps its own (the connection's
    health, its thread; errors converted, statements logged when Django logs them).

    On PostgreSQL the cursor is the connection's one kept cursor (`_kept_cursor`), left open at the end of a `with`:
    each statement's rows are read before the next statement runs on it. `own`: a cursor of its own instead, for a
    caller that holds two at once."""
    db = db or default_db()
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


Plan = list[tuple[int, str, list[Converter], Any]]


def instances(
    model: type[models.Model],
    cursor: Any,
    *,
    joined: dict[str, type[models.Model]] | None,
    columns: tuple[str, ...] | None = None,
    db: BaseDatabaseWrapper | None = None,
) -> list[Any]:
    """`rows_fetch`'s instances from a cursor that has run its SELECT. `columns`: the statement's column names when
    its text fixes them (no `*`), which spares psycopg building the cursor's description on every statement."""
    db = db or default_db()
    rows = cursor.fetchall()
    if columns is None:
        columns = tuple(column[0] for column in cursor.description)
    plan, related, extras = _row_plan(model, columns, tuple((joined or {}).items()))
    made = []
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
        made.append(instance)
    return made


Related = tuple[str, type[models.Model], Plan, int, tuple[str, str] | None]


@cache
def _row_plan(
    model: type[models.Model], columns: tuple[str, ...], joined: tuple[tuple[str, type[models.Model]], ...]
) -> tuple[Plan, list[Related], list[tuple[int, str]]]:
    """`instances`' plan for a statement's columns, worked out once: the model's read plan; for each joined model
    its name, plan, the position of its key and, when the name is a reverse one-to-one accessor, the names under
    which each side caches the other; and the columns that are no field (set as attributes)."""
    plan = read_plan(model, columns, "")
    related: list[Related] = []
    for name, other in joined:
        other_plan = read_plan(other, columns, f"{name}__")
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
def read_plan(model: type[models.Model], columns: tuple[str, ...], prefix: str) -> Plan:
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


def saved(field: models.Field, value: Any, db: BaseDatabaseWrapper) -> Any:
    """`field.get_db_prep_save(value, db)`, by a shorter way for the values a move writes most (whole numbers,
    booleans, text, aware datetimes, JSON objects and arrays) in fields of Django's own classes; the same answer
    (tests/league/sql/test_internals.py compares them)."""
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


def rows_converted(
    model: type[models.Model], columns: tuple[str, ...], rows: list[tuple[Any, ...]], db: BaseDatabaseWrapper
) -> list[dict[str, Any]]:
    """Rows as dicts keyed by column, the columns that are the model's fields converted as the ORM converts them (a
    JSON field's text decoded, a decimal made a Decimal on SQLite); only the columns with converters are touched."""
    converted = [
        (position, converters, e) for position, _, converters, e in read_plan(model, columns, "") if converters
    ]
    out = []
    for row in rows:
        values = list(row)
        for position, converters, expression in converted:
            for converter in converters:
                values[position] = converter(values[position], expression, db)
        out.append(dict(zip(columns, values, strict=True)))
    return out
