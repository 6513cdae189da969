"""The names a statement takes — a model's table, its primary key, a field's column — quoted by `psycopg.sql`,
once per model and field (the hot path asks for them on every statement it builds).

The quoting is the standard SQL one (a double-quoted identifier, a double quote doubled), which PostgreSQL and
SQLite both read; the text is made without a connection, so it is the same whichever database a statement goes to.
"""

from collections.abc import Sequence
from functools import cache

from django.db import models
from psycopg import sql


def quoted(name: str) -> str:
    """An identifier (a table, a column, an alias's name) as a statement's text."""
    return sql.Identifier(name).as_string(None)


def composed(template: str, *names: str) -> str:
    """`template` with each `{}` filled by the next name, quoted (the statement's `%s` are left as they are)."""
    return sql.SQL(template).format(*(sql.Identifier(name) for name in names)).as_string(None)


@cache
def table(model: type[models.Model]) -> str:
    return quoted(model._meta.db_table)


@cache
def pk(model: type[models.Model]) -> str:
    return quoted(model._meta.pk.column)


@cache
def field(model: type[models.Model], name: str) -> models.Field:
    found = model._meta.get_field(name)
    assert isinstance(found, models.Field)
    return found


@cache
def column(model: type[models.Model], name: str) -> tuple[str, models.Field]:
    """A field's quoted column, and the field."""
    found = field(model, name)
    return quoted(found.column), found


def marks(count: int) -> str:
    """`count` placeholders, comma-separated."""
    return ", ".join(["%s"] * count)


def select_list(
    sources: Sequence[tuple[type[models.Model], str, str]],
    *,
    extra: dict[str, str] | None = None,
    without: tuple[str, ...] = (),
) -> tuple[str, tuple[str, ...]]:
    """A select list naming every column of each (model, table alias, prefix) as prefix + column, but for the
    first source's fields named in `without`, then the `extra` expressions by name; and the names in order, which
    the statement's text fixes."""
    items = [
        (f"{alias}.{quoted(one.column)}", prefix + one.column)
        for number, (model, alias, prefix) in enumerate(sources)
        for one in model._meta.concrete_fields
        if number or one.name not in without
    ]
    items += [(expression, name) for name, expression in (extra or {}).items()]
    return ", ".join(f"{expression} AS {quoted(name)}" for expression, name in items), tuple(name for _, name in items)
