"""The one written move: the pipeline's move and the sweep's batch are stored by the same statements, from the same
value, field for field."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import IntegrityError, connection
from django.test.utils import CaptureQueriesContext

from league.models import Move
from league.services.written_moves import WrittenMove, moves_write_of
from league.sql.writes import writes_run
from tests.league.factories import PlayerFactory, table_for

pytestmark = pytest.mark.django_db

AT = datetime(2026, 12, 6, 13, 5, 7, 123456, tzinfo=UTC)


def _moves(table, player, count: int) -> list[WrittenMove]:
    return [
        WrittenMove(
            table_id=table.pk,
            seq=table.version + n,
            seat=n % 2,
            player_id=player.pk,
            payload={"card": f"{n}H", "nested": [n, None, "한"]},
            events=[{"kind": "played", "to": "all", "n": n}],
            auto=n % 2 == 1,
            hidden=n == 2,
            step_open=n == 3,
            at=AT + timedelta(seconds=n),
            idempotency_key=f"key-{n}" if n == 1 else "",
            result={"version": table.version + n} if n == 1 else None,
        )
        for n in range(1, count + 1)
    ]


def _stored(table) -> list[WrittenMove]:
    return [
        WrittenMove(
            table_id=row.table_id,
            seq=row.seq,
            seat=row.seat,
            player_id=row.player_id,
            payload=row.payload,
            events=row.events,
            auto=row.auto,
            hidden=row.hidden,
            step_open=row.step_open,
            at=row.at,
            idempotency_key=row.idempotency_key,
            result=row.result,
        )
        for row in Move.objects.filter(table=table).order_by("seq")
    ]


@pytest.mark.parametrize("count", [1, 5])
def test_moves_are_stored_field_for_field_in_one_statement(count: int) -> None:
    table = table_for("mini-poker")
    player = PlayerFactory()
    moves = _moves(table, player, count)

    with CaptureQueriesContext(connection) as queries:
        writes_run(moves_write_of(moves))

    assert len(queries) == 1
    assert _stored(table) == moves


@pytest.mark.postgres
def test_a_single_move_is_a_plain_insert_and_a_batch_one_insert_from_a_document() -> None:
    table = table_for("mini-poker")
    player = PlayerFactory()
    [single] = moves_write_of(_moves(table, player, 1))
    [batch] = moves_write_of(_moves(table, player, 3))
    assert single.sql.startswith('INSERT INTO "league_move"') and "VALUES" in single.sql
    assert "jsonb_to_recordset" in batch.sql and len(batch.params) == 1
    assert moves_write_of([]) == []


def test_a_written_move_keeps_the_tables_unique_sequence() -> None:
    table = table_for("mini-poker")
    player = PlayerFactory()
    [first] = _moves(table, player, 1)
    writes_run(moves_write_of([first]))
    with pytest.raises(IntegrityError):
        writes_run(moves_write_of([first]))
