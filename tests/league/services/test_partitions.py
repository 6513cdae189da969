"""The moves' and ledger's partitions on PostgreSQL (migration 0023, league/services/partitions.py): made by the
migration and ahead by the monthly job, filled by the move pipeline and the sweep, archived once their tables ended
long ago (issue 37, item 4)."""

import gzip
import json
import random
from datetime import timedelta
from itertools import pairwise
from pathlib import Path

import pytest
from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django_celery_beat.models import PeriodicTask
from prometheus_client import REGISTRY

from league import tasks
from league.management.commands.schedule_install import schedule_install
from league.models import LedgerEntry, Move, MoveArchive, Table
from league.services.moves import move_submit
from league.services.partitions import partition_archive, partitions_archivable, partitions_ensure
from league.services.timeouts import timeouts_apply
from league.sql import partitions
from tests.league.factories import PlayerFactory, table_for
from tests.league.partition_support import SPAN, partitioned_at, past_every_partition, table_ids_from
from tests.league.playing import play_moves

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

MONTH = timedelta(days=30)


def _bounds(model) -> list[tuple[int | None, int | None]]:
    return [(p.lower, p.upper) for p in partitions.partitions_of(model)]


def _exists(name: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL", [name])
        return cursor.fetchone()[0]


def _finished(fake_game: str, count: int) -> list[Table]:
    return [
        play_moves(table_for(fake_game, options={"rounds": 2}, seed=f"archive-{i}"), random.Random(i))
        for i in range(count)
    ]


def test_the_migration_partitions_both_tables_alike_from_id_0_with_a_default_and_spans_ahead() -> None:
    bounds = _bounds(Move)

    assert bounds == _bounds(LedgerEntry)
    assert bounds[0][0] == 0 and bounds[-1] == (None, None)
    # contiguous, and reaching past the last table id by the partitions ahead that the settings ask for
    assert all(upper == lower for (_, upper), (lower, _) in pairwise(bounds[:-1]))
    span, ahead = settings.CARDLEAGUE_MOVE_PARTITION_SPAN, settings.CARDLEAGUE_MOVE_PARTITIONS_AHEAD
    assert bounds[-2][1] > partitions.table_id_last() + ahead * span


def test_the_job_makes_the_next_partitions_ahead_of_the_table_ids_and_a_second_run_makes_none() -> None:
    with past_every_partition() as top:
        made = partitions_ensure(span=SPAN, ahead=2).created

        assert made == [
            *(f"league_move_p{lower}" for lower in (top, top + SPAN)),
            *(f"league_ledgerentry_p{lower}" for lower in (top, top + SPAN)),
        ]
        assert partitions_ensure(span=SPAN, ahead=2).created == []
        # once the table ids enter the first of them, the job makes one more
        table_ids_from(top + 1)
        assert partitions_ensure(span=SPAN, ahead=2).created == [
            f"league_move_p{top + 2 * SPAN}",
            f"league_ledgerentry_p{top + 2 * SPAN}",
        ]
        assert _bounds(Move) == _bounds(LedgerEntry)


def test_the_monthly_task_is_installed_on_the_first_of_the_month_and_runs_idempotently() -> None:
    schedule_install()
    entry = PeriodicTask.objects.get(task="league.tasks.move_partitions_ensure")
    assert (entry.crontab.day_of_month, entry.crontab.hour, entry.crontab.minute) == ("1", "4", "40")

    tasks.move_partitions_ensure()
    assert tasks.move_partitions_ensure() == []


def test_a_new_tables_moves_and_ledger_rows_land_in_its_partition_through_the_pipeline(fake_game) -> None:
    with past_every_partition() as top:
        partitions_ensure(span=SPAN, ahead=1)
        [table] = _finished(fake_game, 1)

        assert table.pk == top and table.version > 0
        assert partitioned_at("league_move", table.pk) == {f"league_move_p{top}"}
        assert partitioned_at("league_ledgerentry", table.pk) == {f"league_ledgerentry_p{top}"}
        assert LedgerEntry.objects.filter(table=table).count() == 2


def test_the_sweeps_timeout_is_written_into_the_tables_partition() -> None:
    with past_every_partition() as top:
        partitions_ensure(span=SPAN, ahead=1)
        players = PlayerFactory.create_batch(4)
        table = table_for("coinche", players=players, seed="sweep", time_per_move=timedelta(hours=1))
        Table.objects.filter(pk=table.pk).update(deadline=timezone.now() - timedelta(hours=1))

        assert [done.table_id for done in timeouts_apply(now=timezone.now())] == [table.pk]
        assert Move.objects.get(table=table).auto
        assert partitioned_at("league_move", table.pk) == {f"league_move_p{top}"}


def test_the_unique_table_and_seq_still_refuses_a_second_move_of_one_seq(fake_game) -> None:
    with past_every_partition():
        partitions_ensure(span=SPAN, ahead=1)
        table = play_moves(table_for(fake_game, options={"rounds": 2}), random.Random(3), count=1)
        first = Move.objects.get(table=table)

        # (PostgreSQL names the partition's own index, league_move_p<id>_table_id_seq_key: nothing reads the name)
        refused = r"Key \(table_id, seq\)=\(\d+, 1\) already exists"
        with pytest.raises(IntegrityError, match=refused), transaction.atomic():
            Move.objects.create(
                table=table, seq=1, seat=first.seat, player=first.player, payload=first.payload, at=first.at
            )


def test_a_reused_idempotency_key_is_still_answered_from_the_stored_move(fake_game) -> None:
    with past_every_partition():
        partitions_ensure(span=SPAN, ahead=1)
        table = table_for(fake_game, options={"rounds": 2})
        seat = table.seats.select_related("player").get(index=table.state["turn"])
        move = {"type": "pick", "value": 1}
        first = move_submit(table_id=table.pk, player=seat.player, move=move, expected_version=0, idempotency_key="k")
        again = move_submit(table_id=table.pk, player=seat.player, move=move, expected_version=0, idempotency_key="k")

        assert (again.seq, again.replayed) == (first.seq, True)


def test_rows_that_fell_into_the_default_partition_are_moved_into_the_partition_made_for_them(fake_game) -> None:
    with past_every_partition() as top:
        # the job did not run: the table's moves go to the DEFAULT partition
        table = play_moves(table_for(fake_game, options={"rounds": 2}), random.Random(4), count=3)
        assert partitioned_at("league_move", table.pk) == {"league_move_default"}

        partitions_ensure(span=SPAN, ahead=1)

        assert partitioned_at("league_move", table.pk) == {f"league_move_p{top}"}
        assert partitions.default_rows(Move)[0] == 0
        assert REGISTRY.get_sample_value("cardleague_move_partition_default_rows", {"relation": "league_move"}) == 0
        assert [m.seq for m in Move.objects.filter(table=table).order_by("seq")] == [1, 2, 3]


def test_a_closed_partition_of_long_finished_tables_is_exported_counted_recorded_and_dropped(
    fake_game, tmp_path: Path
) -> None:
    with past_every_partition() as top:
        partitions_ensure(span=SPAN, ahead=2)
        tables = _finished(fake_game, 2)
        table_ids_from(top + SPAN)  # the range is closed: no new table can get an id in it
        later = timezone.now() + MONTH + timedelta(days=1)
        [candidate] = [c for c in partitions_archivable(older_than=MONTH, now=later) if c.lower == top]
        assert candidate.refusal == ""
        moves = Move.objects.filter(table__in=tables).count()
        ledger = LedgerEntry.objects.filter(table__in=tables).count()
        # the rows' deferred foreign key checks, due at the commit the test never makes, would forbid the drop
        connection.check_constraints()

        archive = partition_archive(candidate=candidate, directory=tmp_path, now=later)

        assert (archive.first_table_id, archive.end_table_id, archive.moves, archive.ledger_rows) == (
            top,
            top + SPAN,
            moves,
            ledger,
        )
        assert MoveArchive.objects.get() == archive
        assert not _exists(f"league_move_p{top}") and not _exists(f"league_ledgerentry_p{top}")
        assert _bounds(Move) == _bounds(LedgerEntry) and (top, top + SPAN) not in _bounds(Move)
        assert not Move.objects.filter(table__in=tables).exists()
        target = tmp_path / f"league_move_p{top}"
        manifest = json.loads((target / "manifest.json").read_text())
        assert manifest["rows"] == {"moves": moves, "ledger": ledger}
        with gzip.open(target / f"moves-{top // 1000 * 1000}.jsonl.gz", "rt") as lines:
            assert sum(1 for _ in lines) == moves


def _refusal(older_than: timedelta = MONTH, *, now=None) -> str:
    top = max(p.upper for p in partitions.partitions_of(Move) if p.upper is not None) - 2 * SPAN
    [candidate] = [c for c in partitions_archivable(older_than=older_than, now=now or timezone.now()) if c.lower == top]
    return candidate.refusal


def test_a_partition_is_kept_while_ids_remain_a_table_plays_or_one_ended_within_the_retention(fake_game) -> None:
    with past_every_partition() as top:
        partitions_ensure(span=SPAN, ahead=2)
        finished = _finished(fake_game, 1)[0]
        assert _refusal() == f"table ids up to {top + SPAN - 1} are not all handed out yet (the last is {finished.pk})"

        table_for(fake_game, options={"rounds": 2})  # still in play
        table_ids_from(top + SPAN)
        assert _refusal(now=timezone.now() + 2 * MONTH) == "1 of its tables have not ended"

        Table.objects.filter(status=Table.Status.ACTIVE, pk__gte=top).update(
            status=Table.Status.FINISHED, finished_at=timezone.now()
        )
        assert _refusal().startswith("2 of its tables ended after ")
        assert _refusal(now=timezone.now() + 2 * MONTH) == ""
