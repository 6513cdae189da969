"""league/sql/tables.py on the move pipeline's path: the table locked and its seats read after the lock, as the ORM
reads them."""

import threading
from datetime import UTC, datetime

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from league.models import Seat, SeatClock, Table
from league.sql.tables import seats_with_clocks, table_and_seats_locked
from tests.league.factories import table_for

AT = datetime(2026, 3, 29, 1, 30, 15, 123456, tzinfo=UTC)
LATER = datetime(2026, 3, 30, 8, 0, tzinfo=UTC)


@pytest.mark.django_db
def test_the_table_and_its_seats_come_as_the_orm_reads_them(fake_game: str) -> None:
    table = table_for(fake_game)
    Table.objects.filter(pk=table.pk).update(deadline=AT)
    second = Seat.objects.get(table=table, index=1)
    SeatClock.objects.create(seat=second, bank=30, turn_started_at=AT)

    with transaction.atomic():
        locked, seats = table_and_seats_locked(table.pk)
    orm = Table.objects.get(pk=table.pk)

    fields = [f.attname for f in Table._meta.concrete_fields]
    assert [getattr(locked.table, name) for name in fields] == [getattr(orm, name) for name in fields]
    assert (locked.season_id, locked.season_clock) == (None, None)
    assert [seat.index for seat in seats] == [0, 1]
    assert not hasattr(seats[0], "clock")
    assert (seats[1].clock.bank, seats[1].clock.turn_started_at) == (30, AT)
    assert [seat.pk for seat in seats] == [seat.pk for seat in seats_with_clocks(table.pk)]


@pytest.mark.django_db
def test_a_seat_and_its_clock_know_each_other_without_a_query(fake_game: str) -> None:
    table = table_for(fake_game)
    second = Seat.objects.get(table=table, index=1)
    SeatClock.objects.create(seat=second, bank=30, turn_started_at=AT)

    seats = seats_with_clocks(table.pk)

    # as the reverse one-to-one accessor leaves them when set: each side cached on the other
    with CaptureQueriesContext(connection) as queries:
        clock = seats[1].clock
        assert clock.seat is seats[1]
        assert clock.seat_id == seats[1].pk
    assert queries.captured_queries == []
    assert clock == SeatClock.objects.get(seat=second)


@pytest.mark.django_db
def test_the_locked_table_reads_its_opening_events_only_when_asked(fake_game: str) -> None:
    table = table_for(fake_game)
    Table.objects.filter(pk=table.pk).update(opening_events=[{"type": "dealt", "to": [0]}])

    with transaction.atomic():
        locked, _ = table_and_seats_locked(table.pk)

    # no move reads them: they are deferred, as `.defer()` leaves a field, and read from the database on demand
    assert locked.table.get_deferred_fields() == {"opening_events"}
    assert locked.table.opening_events == [{"type": "dealt", "to": [0]}]


@pytest.mark.django_db
def test_no_such_table_reads_none(fake_game: str) -> None:
    table = table_for(fake_game)

    with transaction.atomic():
        assert table_and_seats_locked(table.pk + 10_000) is None


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
@pytest.mark.xdist_group("league-concurrency")
def test_a_read_that_waited_for_the_lock_sees_the_seats_the_holder_wrote(fake_game: str) -> None:
    """The seats are read after the lock is granted: a move that waited for the table sees the clocks the move
    before it wrote, never those of before it (which a join in the locking statement would read)."""
    table = table_for(fake_game)
    seat = Seat.objects.get(table=table, index=0)
    clock = SeatClock.objects.create(seat=seat, bank=30, turn_started_at=AT)
    holding, waiting_started = threading.Event(), threading.Event()
    read: dict[str, object] = {}

    def holder() -> None:
        try:
            with transaction.atomic():
                table_and_seats_locked(table.pk)
                SeatClock.objects.filter(pk=clock.pk).update(turn_started_at=LATER, bank=7)
                holding.set()
                waiting_started.wait(timeout=10)
                # the waiter's statements are sent now; give them time to reach the lock before committing
                threading.Event().wait(0.3)
        finally:
            connection.close()

    def waiter() -> None:
        try:
            holding.wait(timeout=10)
            waiting_started.set()
            with transaction.atomic():
                _, seats = table_and_seats_locked(table.pk)
                read["clock"] = (seats[0].clock.bank, seats[0].clock.turn_started_at)
        finally:
            connection.close()

    threads = [threading.Thread(target=holder), threading.Thread(target=waiter)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert read["clock"] == (7, LATER)
