"""league/db.py: the plain SQL of the move pipeline reads and writes what the ORM would."""

from datetime import UTC, datetime, timedelta, timezone

import pytest
from django.db import IntegrityError, connection, models, transaction
from django.db.models import Value

from league.db import (
    _saved,
    _select_list,
    insert_of,
    row_insert,
    row_locked,
    row_update,
    rows_fetch,
    rows_update,
    update_of,
    writes_run,
)
from league.models import Entrant, Move, Seat, SeatClock, Table
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


def test_row_update_adapts_datetimes_json_and_booleans(fake_game: str) -> None:
    table = table_for(fake_game)

    row_update(Table, table.pk, {"state": {"nested": [1, "two"]}, "deadline": AT, "step_open": True})

    table.refresh_from_db()
    assert (table.state, table.deadline, table.step_open) == ({"nested": [1, "two"]}, AT, True)


def test_rows_update_sets_true_on_some_rows_and_false_on_others_in_one_statement(
    fake_game: str, django_assert_num_queries
) -> None:
    table = table_for(fake_game, players=3)
    seats = list(Seat.objects.filter(table=table).order_by("index"))

    with django_assert_num_queries(1):
        rows_update(
            Seat, {seats[2].pk: {"to_act": True}, seats[0].pk: {"to_act": False}, seats[1].pk: {"to_act": False}}
        )

    assert list(Seat.objects.filter(table=table).order_by("index").values_list("to_act", flat=True)) == [
        False,
        False,
        True,
    ]


def test_rows_update_with_nothing_to_change_makes_no_query(django_assert_num_queries) -> None:
    with django_assert_num_queries(0):
        rows_update(Seat, {1: {}, 2: {}})


def test_row_insert_writes_foreign_keys_by_id_and_json(fake_game: str) -> None:
    table = table_for(fake_game)
    seat = Seat.objects.get(table=table, index=0)

    row_insert(
        Move,
        {
            "table": table.pk,
            "seq": 1,
            "seat": 0,
            "player": seat.player_id,
            "payload": {"a": [1]},
            "auto": False,
            "hidden": False,
            "step_open": False,
            "at": AT,
            "idempotency_key": "",
            "result": None,
        },
    )

    move = Move.objects.get(table=table, seq=1)
    assert (move.player_id, move.payload, move.at, move.result) == (seat.player_id, {"a": [1]}, AT, None)


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
        f"SELECT s.*, {_select_list([(SeatClock, 'c', 'clock__')])[0]} FROM league_seat s "
        'LEFT JOIN league_seatclock c ON c.seat_id = s.id WHERE s.table_id = %s ORDER BY s."index"',
        [table.pk],
        joined={"clock": SeatClock},
    )

    assert [seat.pk for seat in seats] == [first.pk, second.pk]
    assert not hasattr(seats[0], "clock")
    assert (seats[1].clock.seat_id, seats[1].clock.bank, seats[1].clock.turn_started_at) == (second.pk, 30, AT)


def test_rows_update_gives_each_row_its_own_values_in_one_statement(fake_game: str, django_assert_num_queries) -> None:
    table = table_for(fake_game, players=3)
    seats = list(Seat.objects.filter(table=table).order_by("index"))
    clocks = [SeatClock.objects.create(seat=seat, bank=10, turn_started_at=AT, deadline=AT) for seat in seats]
    later = AT.replace(hour=5)

    with django_assert_num_queries(1):
        rows_update(
            SeatClock,
            {
                clocks[0].pk: {"deadline": None},
                clocks[1].pk: {"turn_started_at": later, "deadline": later, "bank": 7},
                clocks[2].pk: {},
            },
        )

    assert list(
        SeatClock.objects.filter(pk__in=[c.pk for c in clocks])
        .order_by("seat__index")
        .values_list("bank", "turn_started_at", "deadline")
    ) == [(10, AT, None), (7, later, later), (10, AT, AT)]


def _move_row(table: Table, seat: Seat, *, seq: int, key: str = "") -> dict[str, object]:
    return {
        "table": table.pk,
        "seq": seq,
        "seat": seat.index,
        "player": seat.player_id,
        "payload": {"seq": seq},
        "auto": False,
        "hidden": False,
        "step_open": False,
        "at": AT,
        "idempotency_key": key,
        "result": None,
    }


def test_writes_run_sends_updates_and_an_insert_of_several_tables_as_one_statement(
    fake_game: str, django_assert_num_queries
) -> None:
    table = table_for(fake_game, players=2)
    first, second = Seat.objects.filter(table=table).order_by("index")

    with django_assert_num_queries(1 if connection.vendor == "postgresql" else 3):
        writes_run(
            [
                update_of(Seat, {first.pk: {"to_act": False}, second.pk: {"to_act": True}}),
                None,
                update_of(Table, {table.pk: {"version": 1, "deadline": AT}}),
                insert_of(Move, _move_row(table, first, seq=1)),
            ]
        )

    table.refresh_from_db()
    assert (table.version, table.deadline) == (1, AT)
    assert list(Seat.objects.filter(table=table).order_by("index").values_list("to_act", flat=True)) == [False, True]
    assert Move.objects.get(table=table, seq=1).payload == {"seq": 1}


def test_writes_run_with_nothing_to_write_makes_no_query(django_assert_num_queries) -> None:
    with django_assert_num_queries(0):
        writes_run([None, update_of(Seat, {1: {}})])


def test_a_failing_write_among_several_writes_nothing(fake_game: str) -> None:
    table = table_for(fake_game)
    seat = Seat.objects.get(table=table, index=0)
    row_insert(Move, _move_row(table, seat, seq=1, key="k"))

    with pytest.raises(IntegrityError), transaction.atomic():
        writes_run(
            [update_of(Table, {table.pk: {"version": 7}}), insert_of(Move, _move_row(table, seat, seq=2, key="k"))]
        )

    table.refresh_from_db()
    assert table.version == 0 and not Move.objects.filter(table=table, seq=2).exists()


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
        (Entrant, "seed_rank", [5, None]),
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
        assert _adapted(_saved(field, value, connection)) == _adapted(field.get_db_prep_save(value, connection))
