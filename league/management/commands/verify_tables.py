"""manage.py verify_tables: replay tables from seed + move log and list every one whose stored data differs."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.errors import ServiceError
from league.models import Table
from league.services.fairness import table_verify_full


class Command(BaseCommand):
    help = (
        "Check every table (or those selected): the commitment and the seed derivation (docs/fairness.md), then a "
        "replay from the seed and move log against the stored state, ledger and results; exits non-zero and lists "
        "the tables with differences."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--table", type=int, action="append", dest="tables", help="a table id (repeatable)")
        parser.add_argument("--game", help="only tables of this game")
        parser.add_argument("--status", choices=Table.Status.values, help="only tables with this status")

    def handle(
        self, *args: Any, tables: list[int] | None, game: str | None, status: str | None, **options: Any
    ) -> None:
        queryset = Table.objects.order_by("id")
        if tables:
            queryset = queryset.filter(pk__in=tables)
        if game:
            queryset = queryset.filter(game=game)
        if status:
            queryset = queryset.filter(status=status)
        checked = 0
        faulty: list[int] = []
        for table in queryset.iterator(chunk_size=200):
            checked += 1
            try:
                differences = table_verify_full(table=table)
            except ServiceError as error:  # the game's engine is not installed here
                differences = [error.message]
            if differences:
                faulty.append(table.pk)
                self.stdout.write(f"table {table.pk} ({table.game}, {table.status}):")
                for difference in differences:
                    self.stdout.write(f"  - {difference}")
        if faulty:
            raise CommandError(
                f"{len(faulty)} of {checked} tables differ from their replay: {', '.join(map(str, faulty))}"
            )
        self.stdout.write(self.style.SUCCESS(f"{checked} tables verified: no difference."))
