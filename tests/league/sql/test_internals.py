"""league/sql/internals.py, one test per Django internal it relies on: instances as `Model.from_db` makes them,
the fields' adaptation (`get_db_prep_save`), Django's cursor wrappers (statements logged), and the cursor kept and
prepared per connection (on PostgreSQL, where the point is PostgreSQL's)."""

from datetime import UTC, datetime, timedelta, timezone

import pytest
from django.db import connection, models, transaction
from django.db.models import Value
from django.db.models.signals import post_init
from django.test.utils import CaptureQueriesContext

from league.models import Entrant, Move, Seat, Table
from league.sql.internals import _instance, _plain, cursor, default_db, read_plan, saved
from league.sql.reads import lock_clause, rows_fetch
from league.sql.tables import table_and_seats_locked
from tests.league.factories import table_for

AT = datetime(2026, 3, 29, 1, 30, 15, 123456, tzinfo=UTC)


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
        plan = read_plan(Seat, ("id", "table_id", "index"), "")
        made = _instance(Seat, plan, row, default_db())
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
    with cursor() as first:
        first.execute("SELECT %s::int", [1])
        assert first.fetchall() == [(1,)]
    with cursor() as second:
        second.execute("SELECT %s::int", [2])
        assert second.fetchall() == [(2,)]
    # one psycopg cursor, left open between statements; a caller that holds two at once gets one of its own
    assert second.cursor is first.cursor and not first.cursor.closed
    with cursor(own=True) as own:
        assert own.cursor is not first.cursor
    assert own.cursor.closed

    connection.close()
    with cursor() as third:
        third.execute("SELECT %s::int", [3])
        assert third.fetchall() == [(3,)]
    assert third.cursor is not first.cursor and third.cursor.connection is connection.connection


def _adapted(value: object) -> tuple[object, ...]:
    """What a prepared value is for the database: its type, and for a JSON wrapper what it wraps and dumps with."""
    if hasattr(value, "obj"):  # psycopg's Jsonb, which compares by identity
        return (type(value), value.obj, value.dumps)
    return (type(value), value)


@pytest.mark.parametrize(
    ("model", "name", "values"),
    [
        (Table, "version", [0, 7, 2**31 - 1, True, "12", None]),  # a positive integer
        (Seat, "index", [0, 3, False]),  # a positive small integer
        (Move, "seat", [1]),
        (Entrant, "seed", [5, None]),
        (Table, "step_open", [True, False, 1, None]),  # a boolean
        (Table, "status", ["active", Table.Status.FINISHED, ""]),  # text
        (Table, "annul_reason", ["", "a reason"]),
        (
            Table,
            "deadline",  # a datetime
            [AT, AT.astimezone(timezone(timedelta(hours=9))), AT.replace(tzinfo=None), None],
        ),
        (
            Move,
            "payload",
            [{"type": "pick"}, [], [1, {"a": None}], {}, None, "text", 3, Value(None, models.JSONField())],
        ),
        (Move, "table", [1, 2**40, None]),  # a foreign key: Django's own way
    ],
)
@pytest.mark.filterwarnings("ignore:DateTimeField .* received a naive datetime")
def test_saved_adapts_each_value_as_get_db_prep_save_does(model, name, values) -> None:
    field = model._meta.get_field(name)
    for value in values:
        assert _adapted(saved(field, value, connection)) == _adapted(field.get_db_prep_save(value, connection))
