"""A table's moves and ledger (league/selectors/move_history.py): read from the database, and from the export once
their partition is archived, so that the table's page, record, replay, history and verification of an archived
table are what they were (issue 37, item 4)."""

import random
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from league.models import LedgerEntry, Move, Table
from league.selectors.move_history import table_ledger, table_moves
from league.selectors.public_record import published_moves
from league.selectors.tables import move_log_for
from league.services.fairness import history_text, record_export, replay_step, table_verify_full
from league.services.partitions import partition_archive, partitions_archivable, partitions_ensure
from league.services.verification import table_verify
from tests.league.factories import table_for
from tests.league.partition_support import SPAN, past_every_partition, table_ids_from
from tests.league.playing import play_moves

pytestmark = pytest.mark.django_db


def _fields(rows: list) -> list[dict]:
    return [{f.attname: getattr(row, f.attname) for f in type(row)._meta.concrete_fields} for row in rows]


def _everything_read(client, table: Table) -> dict:
    table.refresh_from_db()
    page = client.get(reverse("table", args=[table.pk]))
    assert page.status_code == 200
    return {
        "moves": _fields(table_moves(table=table)),
        "last moves": _fields(table_moves(table=table, last=3, with_players=True)),
        "ledger": _fields(table_ledger(table=table)),
        "log": move_log_for(table=table, seat=None, limit=200),
        "published": published_moves(table=table),
        "record": record_export(table_id=table.pk),
        "replay": [replay_step(table_id=table.pk, step=step) for step in (0, 1, table.version)],
        "history": history_text(table_id=table.pk),
        "verification": (table_verify(table=table), table_verify_full(table=table)),
        "page": page.context["view"],
        "page ledger": page.context["ledger"],
    }


@pytest.mark.postgres
def test_an_archived_tables_page_record_replay_and_verification_read_back_from_the_export_as_before(
    fake_game, client, tmp_path: Path
) -> None:
    with past_every_partition() as top:
        partitions_ensure(span=SPAN, ahead=2)
        table = play_moves(table_for(fake_game, options={"rounds": 2}), random.Random(5))
        other = play_moves(table_for(fake_game, options={"rounds": 2}, seed="other"), random.Random(6))
        before = _everything_read(client, table)
        assert before["moves"] and before["ledger"] and before["page ledger"] and before["verification"][0] == []
        table_ids_from(top + SPAN)
        later = timezone.now() + timedelta(days=2)
        [candidate] = [c for c in partitions_archivable(older_than=timedelta(days=1), now=later) if c.lower == top]
        connection.check_constraints()  # the rows' deferred checks, due at a commit the test never makes
        partition_archive(candidate=candidate, directory=tmp_path, now=later)
        assert not Move.objects.filter(table=table).exists() and not LedgerEntry.objects.filter(table=table).exists()

        after = _everything_read(client, table)

        assert after == before
        # the other table of the same file reads its own rows only
        assert {move.table_id for move in table_moves(table=other)} == {other.pk}


def test_a_table_in_play_is_read_from_the_database_alone(fake_game, django_assert_num_queries) -> None:
    table = play_moves(table_for(fake_game, options={"rounds": 2}), random.Random(5), count=2)

    with django_assert_num_queries(1):
        assert [move.seq for move in table_moves(table=table)] == [1, 2]


def test_an_ended_table_without_moves_looks_in_the_registry_and_finds_none(fake_game) -> None:
    table = table_for(fake_game, options={"rounds": 2})
    Table.objects.filter(pk=table.pk).update(status=Table.Status.ANNULLED, version=1)
    table.refresh_from_db()

    assert table_moves(table=table) == [] and table_ledger(table=table) == []
