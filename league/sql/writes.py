"""Writing rows by hand: one row or many, updated or inserted, and several writes sent as one statement
(`writes_run`). Values are a model's attributes, adapted as their fields save them (`internals.saved`)."""

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cache
from typing import Any

from django.db import connection, models

from league.sql import names
from league.sql.internals import cursor, default_db, saved


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
    db = default_db()
    if len(changes) == 1:
        [(pk, values)] = changes.items()
        params = [saved(names.field(model, name), value, db) for name, value in values.items()]
        return Write(_update_one_sql(model, tuple(values)), [*params, pk])
    sets, params = [], []
    key = names.pk(model)
    for name in sorted({name for values in changes.values() for name in values}):
        column, field = names.column(model, name)
        whens = []
        for pk, values in changes.items():
            if name in values:
                whens.append("WHEN %s THEN %s")
                params += [pk, saved(field, values[name], db)]
        # ELSE keeps the rows that do not change this column, and types the CASE even when every value is null
        sets.append(f"{column} = CASE {key} {' '.join(whens)} ELSE {column} END")
    return Write(
        f"UPDATE {names.table(model)} SET {', '.join(sets)} WHERE {key} IN ({names.marks(len(changes))})",
        [*params, *changes],
    )


def writes_run(writes: Sequence[Write | None]) -> None:
    """Run these writes (None: nothing to write). On PostgreSQL they go as one statement, all but the last as
    data-modifying WITH queries: one statement to parse, plan and answer instead of several. They run on one
    snapshot and in no set order, so none may read what another writes (each writes rows of its own); an error in
    any fails the statement as it would have failed alone. Elsewhere they run one by one."""
    todo = [write for write in writes if write is not None]
    if not todo:
        return
    db = default_db()
    with cursor(db) as statement:
        if len(todo) == 1 or db.vendor != "postgresql":
            for write in todo:
                statement.execute(write.sql, write.params)
            return
        *first, last = todo
        withs = ", ".join(f"w{index} AS ({write.sql})" for index, write in enumerate(first))
        statement.execute(f"WITH {withs} {last.sql}", [param for write in todo for param in write.params])


@cache
def _update_one_sql(model: type[models.Model], fields: tuple[str, ...]) -> str:
    sets = ", ".join(f"{names.column(model, name)[0]} = %s" for name in fields)
    return f"UPDATE {names.table(model)} SET {sets} WHERE {names.pk(model)} = %s"


def row_insert(model: type[models.Model], values: dict[str, Any]) -> None:
    """INSERT one row (the database numbers it); the caller does not need its id."""
    writes_run([insert_of(model, values)])


def insert_of(model: type[models.Model], values: dict[str, Any]) -> Write:
    """`row_insert`'s statement, to run with others (`writes_run`)."""
    db = default_db()
    params = [saved(names.field(model, name), value, db) for name, value in values.items()]
    return Write(_insert_sql(model, tuple(values)), params)


@cache
def _insert_sql(model: type[models.Model], fields: tuple[str, ...]) -> str:
    columns = ", ".join(names.column(model, name)[0] for name in fields)
    return f"INSERT INTO {names.table(model)} ({columns}) VALUES ({names.marks(len(fields))})"


# rows per INSERT: under SQLite's oldest limit of 999 parameters with a dozen columns
INSERT_CHUNK = 80


def rows_insert(model: type[models.Model], rows: list[dict[str, Any]]) -> None:
    """INSERT many rows with the same fields, a few dozen per statement (the database numbers them)."""
    if not rows:
        return
    fields = tuple(rows[0])
    values = [tuple(row[name] for name in fields) for row in rows]
    with cursor() as statement:
        for start in range(0, len(values), INSERT_CHUNK):
            write = _insert_rows_of(model, fields, values[start : start + INSERT_CHUNK])
            statement.execute(write.sql, write.params)


def rows_set(model: type[models.Model], fields: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """UPDATE rows by primary key (each row: its pk, then the values of `fields`), the same fields of each, in one
    statement (`sets_of`). Values are the fields' Python values (a model's attributes)."""
    writes_run([sets_of(model, fields, rows)])


def sets_of(model: type[models.Model], fields: tuple[str, ...], rows: list[tuple[Any, ...]]) -> Write | None:
    """`rows_set`'s statement, to run with others (`writes_run`); None when there is no row. On PostgreSQL the rows
    come as one JSON document (`UPDATE ... FROM jsonb_to_recordset(%s)`): one parameter whatever the number of
    rows, where a CASE per column (`update_of`) or an array per column costs the client a parameter to adapt and
    escape per value, and the server a comparison per row and case (bench/sweep.py). Elsewhere, `update_of`."""
    if not rows:
        return None
    if connection.vendor != "postgresql":
        return update_of(model, {row[0]: dict(zip(fields, row[1:], strict=True)) for row in rows})
    columns = [model._meta.pk, *(names.field(model, name) for name in fields)]
    quoted = [names.quoted(one.column) for one in columns]
    sets = ", ".join(f"{column} = v.{column}" for column in quoted[1:])
    sql = (
        f"UPDATE {names.table(model)} AS t SET {sets} FROM jsonb_to_recordset(%s::jsonb) AS v({_record(columns)}) "
        f"WHERE t.{quoted[0]} = v.{quoted[0]}"
    )
    return Write(sql, [_document(columns, rows)])


def rows_add(model: type[models.Model], fields: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """INSERT many rows with the same fields (the database numbers them): on PostgreSQL one statement from one JSON
    document (`rows_set`), elsewhere a few dozen rows per statement."""
    writes_run(inserts_of(model, fields, rows))


def inserts_of(model: type[models.Model], fields: tuple[str, ...], rows: list[tuple[Any, ...]]) -> list[Write]:
    """`rows_add`'s statements, to run with others (`writes_run`): one row as a plain INSERT (`insert_of`, the
    cheapest to plan), more as one INSERT from a JSON document on PostgreSQL and a few dozen rows a statement
    elsewhere."""
    if len(rows) == 1:
        return [insert_of(model, dict(zip(fields, rows[0], strict=True)))]
    if not rows:
        return []
    if connection.vendor != "postgresql":
        return [
            _insert_rows_of(model, fields, rows[start : start + INSERT_CHUNK])
            for start in range(0, len(rows), INSERT_CHUNK)
        ]
    columns = [names.field(model, name) for name in fields]
    listed = ", ".join(names.quoted(one.column) for one in columns)
    sql = (
        f"INSERT INTO {names.table(model)} ({listed}) "
        f"SELECT * FROM jsonb_to_recordset(%s::jsonb) AS v({_record(columns)})"
    )
    return [Write(sql, [_document(columns, rows)])]


def _insert_rows_of(model: type[models.Model], fields: tuple[str, ...], rows: list[tuple[Any, ...]]) -> Write:
    db = default_db()
    columns = [names.field(model, name) for name in fields]
    listed = ", ".join(names.column(model, name)[0] for name in fields)
    one = f"({names.marks(len(fields))})"
    params = [saved(field, value, db) for row in rows for field, value in zip(columns, row, strict=True)]
    return Write(f"INSERT INTO {names.table(model)} ({listed}) VALUES {', '.join([one] * len(rows))}", params)


def _record(fields: list[models.Field]) -> str:
    """The column definitions of `jsonb_to_recordset` for these fields (named by their columns)."""
    return ", ".join(f"{names.quoted(one.column)} {one.db_type(connection)}" for one in fields)


def _document(fields: list[models.Field], rows: list[tuple[Any, ...]]) -> str:
    """The rows as a JSON array of objects keyed by column: a JSON field's value nested as it is, a datetime in ISO
    8601 with its offset (PostgreSQL reads it back exactly), numbers, booleans and strings as JSON has them."""
    keys = [one.column for one in fields]
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
