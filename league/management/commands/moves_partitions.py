"""manage.py moves_partitions: make the moves' and ledger's next partitions now, as the beat's monthly task does
(PostgreSQL; docs/scale.md, "Partitioning"). Idempotent."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from league.services.partitions import partitions_ensure


class Command(BaseCommand):
    help = "Make the moves' and ledger's partitions ahead of the table ids (what the monthly task does)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--ahead", type=int, default=None, help="spans beyond the last table id (the setting)")

    def handle(self, *args: Any, ahead: int | None, **options: Any) -> None:
        report = partitions_ensure(ahead=ahead)
        for name in report.created:
            self.stdout.write(f"created {name}")
        for table, count in report.strays.items():
            self.stderr.write(f"{table}: {count} rows in its DEFAULT partition, in no partition's range")
        self.stdout.write(f"{len(report.created)} partitions created.")
