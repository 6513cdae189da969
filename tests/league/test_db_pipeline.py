"""league/db.py on the move pipeline's path: the table locked and its seats read after the lock, statements bound
and prepared on the server, instances made without Model.__init__ (on PostgreSQL where the point is PostgreSQL's)."""

import threading
from datetime import UTC, datetime

import pytest
from django.db import connection, transaction
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext

from league.db import (
    _cursor,
    _db,
    _instance,
    _plain,
    _read_plan,
    lock_clause,
    rows_fetch,
    seats_with_clocks,
    table_and_seats_locked,
)
from league.models import Seat, SeatClock, Table
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


@pytest.mark.django_db
def test_an_instance_made_without_init_behaves_as_one_loaded_by_the_orm(fake_game: str) -> None:
    table = table_for(fake_game)
    seat = Seat.objects.get(table=table, index=0)
    assert _plain(Seat) and _plain(Table)

    [read] = rows_fetch(Seat, "SELECT * FROM league_seat WHERE id = %s", [seat.pk])

    assert (read._state.adding, read._state.db) == (False, "default")
    assert read.table_id == table.pk and read.table == table  # the foreign key loads on demand, as from the ORM
    assert read == seat and read.get_deferred_fields() == set()
    read.to_act = not seat.to_act
    read.save(update_fields=["to_act"])  # an UPDATE, not an INSERT: the instance knows it was read
    assert Seat.objects.get(pk=seat.pk).to_act is read.to_act


@pytest.mark.django_db
def test_a_column_left_out_is_deferred_as_from_db_defers_it(fake_game: str) -> None:
    table = table_for(fake_game)

    [read] = rows_fetch(Table, "SELECT id, version FROM league_table WHERE id = %s", [table.pk])

    assert read.get_deferred_fields() == {f.attname for f in Table._meta.concrete_fields} - {"id", "version"}
    assert read.game == table.game  # read from the database when asked for


@pytest.mark.django_db
def test_a_model_whose_init_is_listened_to_is_made_by_from_db(fake_game: str) -> None:
    table = table_for(fake_game)
    seen = []

    def listen(sender: type, instance: Seat, **kwargs: object) -> None:
        seen.append(instance.pk)

    post_init.connect(listen, sender=Seat)
    _plain.cache_clear()
    try:
        row = Seat.objects.filter(table=table, index=0).values_list("id", "table_id", "index").get()
        plan = _read_plan(Seat, ("id", "table_id", "index"), "")
        made = _instance(Seat, plan, row, _db())
    finally:
        post_init.disconnect(listen, sender=Seat)
        _plain.cache_clear()
    assert seen == [made.pk]


@pytest.mark.django_db
def test_the_statements_are_logged_with_their_text(fake_game: str) -> None:
    table = table_for(fake_game)

    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        table_and_seats_locked(table.pk)

    texts = [query["sql"] for query in queries.captured_queries]
    # (the lock clause is PostgreSQL's; SQLite, which locks the whole file, has none)
    assert any('FROM "league_table" t' in text and lock_clause(of="t") in text for text in texts if text)
    assert any('FROM "league_seat" s' in text for text in texts if text)
    assert None not in texts


@pytest.mark.django_db
@pytest.mark.postgres
def test_the_move_reads_are_prepared_once_per_connection(fake_game: str) -> None:
    table = table_for(fake_game)

    # psycopg prepares a statement once the connection has run it prepare_threshold times (config/settings.py)
    for _ in range(connection.connection.prepare_threshold + 2):
        with transaction.atomic():
            table_and_seats_locked(table.pk)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [statement for (statement,) in cursor.fetchall()]

    assert len([s for s in prepared if 'FROM "league_table" t' in s]) == 1
    assert len([s for s in prepared if 'FROM "league_seat" s' in s]) == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres
def test_a_connection_keeps_one_cursor_for_the_statements_until_it_is_replaced() -> None:
    with _cursor() as first:
        first.execute("SELECT %s::int", [1])
        assert first.fetchall() == [(1,)]
    with _cursor() as second:
        second.execute("SELECT %s::int", [2])
        assert second.fetchall() == [(2,)]
    # one psycopg cursor, left open between statements; a caller that holds two at once gets one of its own
    assert second.cursor is first.cursor and not first.cursor.closed
    with _cursor(own=True) as own:
        assert own.cursor is not first.cursor
    assert own.cursor.closed

    connection.close()
    with _cursor() as third:
        third.execute("SELECT %s::int", [3])
        assert third.fetchall() == [(3,)]
    assert third.cursor is not first.cursor and third.cursor.connection is connection.connection


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
