"""manage.py moves_archive: export and drop the moves' and ledger's partitions whose tables all ended before the
retention (PostgreSQL; docs/scale.md, "Partitioning").

For each partition of `league_move` (and the ledger's of the same bounds) whose table ids are all handed out and
whose tables all ended more than --older-than days ago: its rows are written under --dir as gzip JSON lines with a
manifest, counted back, recorded in `MoveArchive`, and the partitions are detached and dropped. The tables' pages,
records and verification then read those moves from the files. With --dry-run, says what it would do and why not.
Run it again after a failure: a partition is dropped only once its export was counted in full.
"""

from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from league.services.partitions import ArchiveMismatch, partition_archive, partitions_archivable


class Command(BaseCommand):
    help = (
        "Export, record and drop the moves' and ledger's partitions whose tables all ended more than --older-than "
        "days ago; --dry-run lists every partition and why it stays."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--older-than", type=int, required=True, help="the retention, in days after a table ended")
        parser.add_argument("--dir", type=Path, default=None, help="where the exports go (MOVE_ARCHIVE_DIR)")
        parser.add_argument("--dry-run", action="store_true", help="say what would be archived, change nothing")

    def handle(self, *args: Any, older_than: int, dir: Path | None, dry_run: bool, **options: Any) -> None:
        if older_than < 0:
            raise CommandError("--older-than is a number of days, 0 or more.")
        now = timezone.now()
        directory = dir or Path(settings.CARDLEAGUE_MOVE_ARCHIVE_DIR)
        candidates = partitions_archivable(older_than=timedelta(days=older_than), now=now)
        if not candidates:
            self.stdout.write("No partitions here (the moves' table is not partitioned).")
            return
        archived = 0
        for candidate in candidates:
            label = f"tables {candidate.lower}-{candidate.upper - 1}"
            if candidate.refusal:
                self.stdout.write(f"{label}: kept: {candidate.refusal}")
                continue
            if dry_run:
                self.stdout.write(f"{label}: would be archived under {directory}")
                continue
            try:
                archive = partition_archive(candidate=candidate, directory=directory, now=now)
            except ArchiveMismatch as error:
                raise CommandError(f"{label}: {error}; nothing was dropped") from error
            archived += 1
            self.stdout.write(
                f"{label}: archived {archive.moves} moves, {archive.ledger_rows} ledger rows to {archive.path}"
            )
        self.stdout.write(self.style.SUCCESS(f"{archived} partitions archived."))
