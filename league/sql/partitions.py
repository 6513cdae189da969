"""The statements behind the moves' and ledger's partitions on PostgreSQL (docs/scale.md, "Partitioning"): what the
catalogue says of them, creating one ahead, the rows of one for its export, detaching and dropping one.

`league_move` and `league_ledgerentry` are partitioned by range of `table_id` (migration 0024), both with the same
bounds, so that every row of one table lives in one partition of each. Elsewhere (SQLite) they are plain tables and
nothing here is called: `partitioned()` says which.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass

from django.db import connection, models

from league.models import LedgerEntry, Move, Table
from league.sql.names import composed, quoted

# the partitioned tables, in the order their partitions are made and dropped
MODELS: tuple[type[models.Model], ...] = (Move, LedgerEntry)
DEFAULT_SUFFIX = "_default"
BOUNDS = re.compile(r"FOR VALUES FROM \((?P<lower>[^)]*)\) TO \((?P<upper>[^)]*)\)")
# a detach waits this long at most for the parent's lock (moves being written hold it briefly): a job that cannot
# have it fails and runs again, rather than queue every move behind it
LOCK_TIMEOUT = "5s"


@dataclass(frozen=True)
class Partition:
    name: str
    lower: int | None  # None: from the lowest id (MINVALUE)
    upper: int | None  # None: the DEFAULT partition

    @property
    def default(self) -> bool:
        return self.upper is None


def partitioned() -> bool:
    """Whether the moves' table is partitioned here (PostgreSQL migrated to 0024)."""
    if connection.vendor != "postgresql":
        return False
    with connection.cursor() as cursor:
        cursor.execute("SELECT relkind FROM pg_class WHERE oid = to_regclass(%s)", [Move._meta.db_table])
        row = cursor.fetchone()
    return row is not None and row[0] == "p"


def partitions_of(model: type[models.Model]) -> list[Partition]:
    """The partitions of the model's table, lowest bound first, the DEFAULT one last."""
    sql = (
        "SELECT c.relname, pg_get_expr(c.relpartbound, c.oid) FROM pg_inherits i "
        "JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = to_regclass(%s)"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [model._meta.db_table])
        rows = cursor.fetchall()
    found = [_partition(name, bound) for name, bound in rows]
    return sorted(found, key=lambda p: (p.default, -1 if p.lower is None else p.lower))


def _partition(name: str, bound: str) -> Partition:
    if bound == "DEFAULT":
        return Partition(name=name, lower=None, upper=None)
    match = BOUNDS.fullmatch(bound)
    if match is None:
        raise ValueError(f"{name}: a bound this code does not read: {bound}")
    lower = match["lower"].strip("'")
    return Partition(name=name, lower=None if lower == "MINVALUE" else int(lower), upper=int(match["upper"].strip("'")))


def partitions_lock() -> None:
    """Until the transaction ends, be the only one making or archiving partitions (a transaction-level advisory
    lock): two runs of the job at once would make the same partition twice."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(hashtext('cardleague: move partitions'))")


def partition_name(model: type[models.Model], lower: int) -> str:
    return f"{model._meta.db_table}_p{lower}"


def partition_create(model: type[models.Model], *, lower: int, upper: int) -> str:
    """A partition of the model's table for the table ids [lower, upper). Rows of that range already in the DEFAULT
    partition (the job did not run for a long time) would make PostgreSQL refuse it: they are moved into the new
    partition first, in the caller's transaction, before it is attached."""
    name, parent, default = partition_name(model, lower), model._meta.db_table, model._meta.db_table + DEFAULT_SUFFIX
    # DDL takes no parameters: the bounds are whole numbers written out
    bound = f"FOR VALUES FROM ({int(lower)}) TO ({int(upper)})"
    with connection.cursor() as cursor:
        cursor.execute(
            composed("SELECT EXISTS (SELECT 1 FROM {} WHERE table_id >= %s AND table_id < %s)", default), [lower, upper]
        )
        (strays,) = cursor.fetchone()
        if not strays:
            cursor.execute(composed("CREATE TABLE {} PARTITION OF {} ", name, parent) + bound)
            return name
        cursor.execute(composed("CREATE TABLE {} (LIKE {} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)", name, parent))
        cursor.execute(
            composed(
                "WITH moved AS (DELETE FROM {} WHERE table_id >= %s AND table_id < %s RETURNING *) "
                "INSERT INTO {} SELECT * FROM moved",
                default,
                name,
            ),
            [lower, upper],
        )
        cursor.execute(composed("ALTER TABLE {} ATTACH PARTITION {} ", parent, name) + bound)
    return name


def default_rows(model: type[models.Model]) -> tuple[int, int | None, int | None]:
    """How many rows the model's DEFAULT partition holds, and their lowest and highest table ids."""
    with connection.cursor() as cursor:
        cursor.execute(
            composed("SELECT count(*), min(table_id), max(table_id) FROM {}", model._meta.db_table + DEFAULT_SUFFIX)
        )
        count, lowest, highest = cursor.fetchone()
    return count, lowest, highest


def table_id_last() -> int:
    """The highest table id handed out so far (0 before the first): no new table gets one at or below it."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [Table._meta.db_table])
        (sequence,) = cursor.fetchone()
        # the catalogue's answer is a name already quoted where it needs to be (regclass text)
        cursor.execute(f"SELECT last_value, is_called FROM {sequence}")
        last, called = cursor.fetchone()
    return int(last) if called else int(last) - 1


def rows_count(name: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(composed("SELECT count(*) FROM {}", name))
        (count,) = cursor.fetchone()
    return int(count)


def rows_as_json(name: str, *, order: str) -> Iterator[tuple[int, str]]:
    """Every row of one partition as (table id, the row as a JSON object keyed by column), in `order`, read through a
    server-side cursor a few thousand rows at a time."""
    sql = f"SELECT r.table_id, row_to_json(r)::text FROM {quoted(name)} r ORDER BY {order}"
    with connection.chunked_cursor() as cursor:
        cursor.execute(sql)
        while rows := cursor.fetchmany(2000):
            yield from rows


def partition_detach(model: type[models.Model], name: str) -> None:
    """Detach one partition, in the caller's transaction, waiting `LOCK_TIMEOUT` at most for the parent's lock. Not
    CONCURRENTLY: PostgreSQL allows that only outside a transaction and on a parent without a DEFAULT partition;
    here the detach, the count, the archive's record and the drop commit together or not at all."""
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'")
        cursor.execute(composed("ALTER TABLE {} DETACH PARTITION {}", model._meta.db_table, name))


def partition_drop(name: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute(composed("DROP TABLE {}", name))
