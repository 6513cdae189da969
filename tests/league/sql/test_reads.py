"""league/sql/reads.py: rows read by hand come as the ORM would give them; a row locked or None."""

from datetime import UTC, datetime

import pytest
from django.db import transaction

from league.models import Seat, SeatClock, Table
from league.sql.names import select_list
from league.sql.reads import row_locked, rows_fetch
from tests.league.factories import table_for

pytestmark = pytest.mark.django_db

AT = datetime(2026, 3, 29, 1, 30, 15, 123456, tzinfo=UTC)


def test_rows_fetch_converts_each_column_as_the_orm_does(fake_game: str) -> None:
    table = table_for(fake_game)
    Table.objects.filter(pk=table.pk).update(deadline=AT)

    [raw] = rows_fetch(Table, "SELECT * FROM league_table WHERE id = %s", [table.pk])
    orm = Table.objects.get(pk=table.pk)

    assert [(f.attname, getattr(raw, f.attname)) for f in Table._meta.concrete_fields] == [
        (f.attname, getattr(orm, f.attname)) for f in Table._meta.concrete_fields
    ]
    assert raw.deadline == AT and raw.deadline.tzinfo is not None
    # read by psycopg's own loader on PostgreSQL, not Django's: the same instant to the microsecond, in the same zone
    assert raw.deadline.tzinfo is orm.deadline.tzinfo
    assert raw.created_at.isoformat() == orm.created_at.isoformat()
    assert isinstance(raw.state, dict)


def test_rows_fetch_keeps_other_columns_as_attributes(fake_game: str) -> None:
    table = table_for(fake_game)

    [raw] = rows_fetch(Table, "SELECT id, version, 41 + 1 AS answer FROM league_table WHERE id = %s", [table.pk])

    assert (raw.pk, raw.version, raw.answer) == (table.pk, 0, 42)


def test_row_locked_reads_the_row_or_none(fake_game: str) -> None:
    table = table_for(fake_game)

    with transaction.atomic():
        assert row_locked(Table, table.pk).state == Table.objects.get(pk=table.pk).state
        assert row_locked(Table, table.pk + 10_000) is None


def test_seat_clocks_read_back_through_rows_fetch(fake_game: str) -> None:
    table = table_for(fake_game)
    seat = Seat.objects.get(table=table, index=0)
    SeatClock.objects.create(seat=seat, bank=90, turn_started_at=AT)

    [clock] = rows_fetch(SeatClock, "SELECT * FROM league_seatclock WHERE seat_id = %s", [seat.pk])

    assert (clock.bank, clock.turn_started_at, clock.deadline, clock.abandoned) == (90, AT, None, False)


def test_rows_fetch_joins_related_rows_and_leaves_out_missing_ones(fake_game: str) -> None:
    table = table_for(fake_game)
    first, second = Seat.objects.filter(table=table).order_by("index")
    SeatClock.objects.create(seat=second, bank=30, turn_started_at=AT)

    seats = rows_fetch(
        Seat,
        f"SELECT s.*, {select_list([(SeatClock, 'c', 'clock__')])[0]} FROM league_seat s "
        'LEFT JOIN league_seatclock c ON c.seat_id = s.id WHERE s.table_id = %s ORDER BY s."index"',
        [table.pk],
        joined={"clock": SeatClock},
    )

    assert [seat.pk for seat in seats] == [first.pk, second.pk]
    assert not hasattr(seats[0], "clock")
    assert (seats[1].clock.seat_id, seats[1].clock.bank, seats[1].clock.turn_started_at) == (second.pk, 30, AT)
