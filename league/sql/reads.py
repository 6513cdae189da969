"""Reading rows by hand: model instances from a plain SELECT, one row locked, and a column among many values."""

from typing import Any

from django.db import connection, models
from django.db.models.expressions import RawSQL

from league.sql import names
from league.sql.internals import cursor, default_db, instances


def rows_fetch(
    model: type[models.Model], sql: str, params: list[Any], *, joined: dict[str, type[models.Model]] | None = None
) -> list[Any]:
    """Model instances from a plain SELECT, each column converted as the ORM converts it (datetimes, JSON,
    booleans on SQLite). `joined` names related objects read in the same row: the columns of `joined[name]`
    come as "name__column" and the instance is set as `name` (left out when its id is null). A column that is no
    field (an annotation) is set as an attribute as read."""
    db = default_db()
    with cursor(db) as rows:
        rows.execute(sql, params)
        return instances(model, rows, joined=joined, db=db)


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
    found = rows_fetch(model, f"SELECT * FROM {names.table(model)} WHERE {names.pk(model)} = %s{lock_clause()}", [pk])
    return found[0] if found else None


def among(values: list[int]) -> tuple[str, list[Any]]:
    """`column IN these values` as SQL after the column, with its parameters: one array on PostgreSQL (one
    parameter to adapt, the statement's text the same whatever the count), a mark per value elsewhere."""
    if connection.vendor == "postgresql":
        return "= ANY(%s)", [values]
    return f"IN ({names.marks(len(values))})", values


def ids_listed(ids: list[int]) -> Any:
    """What an ORM filter's `__in` takes for these ids: one array on PostgreSQL (a thousand marks were each parsed on
    the client and sent apart: ~3 ms a read, five reads of a season's crosstable), the list itself elsewhere."""
    if connection.vendor == "postgresql":
        return RawSQL("SELECT unnest(%s::bigint[])", (ids,))
    return ids
