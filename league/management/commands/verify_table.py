"""manage.py verify_table ID: the full check of one table, fairness chain included (docs/fairness.md)."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.errors import ServiceError
from league.models import Table
from league.services.fairness import record_export, table_verify_full


class Command(BaseCommand):
    help = (
        "Check one table: the commitment against the server seed, the engine seed against the server seed and the "
        "entropy, and the replay of seed + moves against the stored state, ledger and results (as verify_tables "
        "does); exits non-zero with the list of differences."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("table_id", type=int)
        parser.add_argument("--export", metavar="FILE", help="also write the table's record (JSON) to FILE")

    def handle(self, *args: Any, table_id: int, export: str | None, **options: Any) -> None:
        table = Table.objects.filter(pk=table_id).first()
        if table is None:
            raise CommandError(f"No table {table_id}.")
        try:
            differences = table_verify_full(table=table)
        except ServiceError as error:  # the game's engine is not installed here
            differences = [error.message]
        if export:
            with open(export, "w", encoding="utf-8") as out:
                json.dump(record_export(table_id=table.pk), out, indent=1, sort_keys=True)
        if differences:
            self.stdout.write(f"table {table.pk} ({table.game}, {table.status}):")
            for difference in differences:
                self.stdout.write(f"  - {difference}")
            raise CommandError(f"table {table.pk} differs from its record: {len(differences)} difference(s)")
        self.stdout.write(self.style.SUCCESS(f"table {table.pk} ({table.game}, {table.status}) verified."))
