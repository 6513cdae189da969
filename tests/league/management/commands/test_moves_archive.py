"""manage.py moves_archive (league/management/commands/moves_archive.py): a dry run says what it would archive and
why the rest stays; a run archives the partitions that may go (issue 37, item 4)."""

import io
import random
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from league.models import MoveArchive
from league.services.partitions import partitions_ensure
from tests.league.factories import table_for
from tests.league.partition_support import SPAN, past_every_partition, table_ids_from
from tests.league.playing import play_moves

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def _run(*args: str) -> str:
    out = io.StringIO()
    call_command("moves_archive", *args, stdout=out)
    return out.getvalue()


def test_a_dry_run_changes_nothing_and_a_run_archives_the_closed_partition_of_ended_tables(
    fake_game, tmp_path: Path
) -> None:
    with past_every_partition() as top:
        partitions_ensure(span=SPAN, ahead=2)
        play_moves(table_for(fake_game, options={"rounds": 2}), random.Random(9))
        table_ids_from(top + SPAN)
        connection.check_constraints()  # the rows' deferred checks, due at a commit the test never makes

        dry = _run("--older-than", "0", "--dir", str(tmp_path), "--dry-run")
        assert f"tables {top}-{top + SPAN - 1}: would be archived under {tmp_path}" in dry
        assert f"tables {top + SPAN}-{top + 2 * SPAN - 1}: kept: table ids up to" in dry
        assert dry.rstrip().endswith("0 partitions archived.")
        assert not MoveArchive.objects.exists() and not any(tmp_path.iterdir())

        done = _run("--older-than", "0", "--dir", str(tmp_path))
        assert f"tables {top}-{top + SPAN - 1}: archived " in done
        # (with the test database's own partitions below it, empty and closed by the jump of the ids: archived too)
        assert f"tables {top + SPAN}-{top + 2 * SPAN - 1}: kept" in done
        assert MoveArchive.objects.get(first_table_id=top).path == str(tmp_path.resolve() / f"league_move_p{top}")
