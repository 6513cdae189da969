"""manage.py demo_load: the demo clubs of seeds/demo/ — the Korean club of club.json, which has lived a season of
every game (finished seasons and tournaments, ratings with their history), and the European club of
club-europe.json — built by the services and played by the engines' bots (league.demo.clubs).

Idempotent: a club already there is left alone. The demo's seeds follow from a fixed key, so every load deals the
same games: the demo is a showcase, never a club to play in for real (docs/architecture.md).
"""

import json
import logging
from pathlib import Path
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.demo.clubs import demo_clubs_load
from league.models import Club

DEFAULT_SEEDS = Path(settings.BASE_DIR) / "seeds" / "demo" / "club.json"
# every club of the demo, the Korean one first
DEMO_SEEDS = [DEFAULT_SEEDS, DEFAULT_SEEDS.with_name("club-europe.json")]


class Command(BaseCommand):
    help = "Load the demo clubs: people with known log-ins, finished and running seasons, tournaments and tables."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seeds", type=Path, nargs="+", default=DEMO_SEEDS, help="the demo clubs' JSON files")

    def handle(self, *args: Any, seeds: list[Path], **options: Any) -> None:
        specs = []
        for path in seeds:
            try:
                specs.append(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError) as error:
                raise CommandError(f"cannot read {path}: {error}") from error
        if all(Club.objects.filter(slug=spec["club"]["slug"]).exists() for spec in specs):
            self.stdout.write("The demo clubs are already loaded; nothing to do.")
            return
        # what a finished table sets going (the next round, the bracket, the next hand) runs here at once, as the
        # worker would run it: the seasons and tournaments are played to their end before the command returns
        eager, trace = current_app.conf.task_always_eager, logging.getLogger("celery.app.trace")
        level = trace.level
        current_app.conf.task_always_eager = True
        trace.setLevel(logging.WARNING)  # a line per task run
        try:
            loaded = demo_clubs_load(specs=specs)
        except Exception:
            self.stderr.write("The demo stopped half-way; `make demo-reset` loads it afresh.")
            raise
        finally:
            current_app.conf.task_always_eager = eager
            trace.setLevel(level)
        names = ", ".join(repr(club.name) for club in loaded.clubs)
        self.stdout.write(self.style.SUCCESS(f"Demo clubs {names} loaded with {loaded.tables} tables."))
