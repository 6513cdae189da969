"""The moves' partitions in the tests (PostgreSQL): new table ids moved past every partition the migration made, so
that a test's tables fill partitions of its own, a few ids wide, which the test's transaction takes back."""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection

from league.models import Move, Table
from league.sql import partitions

SPAN = 10


def partitioned_at(model_table: str, table_id: int) -> set[str]:
    """The partitions holding a table's rows of `model_table` (league_move, league_ledgerentry)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT DISTINCT tableoid::regclass::text FROM {model_table} WHERE table_id = %s", [table_id])
        return {name for (name,) in cursor.fetchall()}


def table_ids_from(next_id: int) -> None:
    """The next table opened gets this id (a sequence is not rolled back with the test: set it back afterwards)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT setval(pg_get_serial_sequence(%s, 'id'), %s, false)", [Table._meta.db_table, next_id])


@contextmanager
def past_every_partition() -> Iterator[int]:
    """New tables get ids from the top of the partitions made so far (yielded); the sequence is set back after."""
    last = partitions.table_id_last()
    top = max(p.upper for p in partitions.partitions_of(Move) if p.upper is not None)
    table_ids_from(top)
    try:
        yield top
    finally:
        table_ids_from(last + 1)
