"""league/sql/writes.py: the writes by hand store what the ORM would store, several of them as one statement."""

from datetime import UTC, datetime

import pytest
from django.db import IntegrityError, connection, transaction

from league.models import Move, Seat, SeatClock, Table
from league.sql.writes import insert_of, row_insert, row_update, rows_update, update_of, writes_run
from tests.league.factories import table_for

pytestmark = pytest.mark.django_db

AT = datetime(2026, 3, 29, 1, 30, 15, 123456, tzinfo=UTC)


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
