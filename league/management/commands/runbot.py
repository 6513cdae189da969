"""`manage.py runbot`: a bot that plays legal moves for its seats through the HTTP API, like any other client."""

import random
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.bots.client import ApiClient, ApiError, UrllibTransport
from league.bots.runner import STRATEGIES, BotRunner


class Command(BaseCommand):
    help = (
        "Play the tables where this bot is to act, through the HTTP API: log in with a token (or username and "
        "password), loop over 'your turn', pick a legal move (random or a simple heuristic per game), submit it with "
        "the version seen and an Idempotency-Key. Stops after --once, --max-moves, or --idle-exit seconds idle."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--base-url", default="http://127.0.0.1:8000", help="Where the API runs.")
        parser.add_argument("--token", help="The bot's API token.")
        parser.add_argument("--username", help="Log in with a username and password instead of a token.")
        parser.add_argument("--password")
        parser.add_argument("--strategy", choices=STRATEGIES, default="random")
        parser.add_argument("--once", action="store_true", help="One pass over the waiting tables, then stop.")
        parser.add_argument("--max-moves", type=int, help="Stop after this many moves.")
        parser.add_argument("--poll", type=float, default=2.0, help="Seconds between looks when nothing waits.")
        parser.add_argument("--idle-exit", type=float, default=60.0, help="Stop after this long with nothing to do.")
        parser.add_argument("--seed", help="Seed of the bot's choices, for a reproducible run.")

    def handle(self, *args: Any, **options: Any) -> None:
        client = ApiClient(UrllibTransport(options["base_url"]), token=options["token"])
        try:
            if not options["token"]:
                if not (options["username"] and options["password"]):
                    raise CommandError("Give --token, or --username and --password.")
                client.login(options["username"], options["password"])
            runner = BotRunner(client, strategy=options["strategy"], rng=random.Random(options["seed"]))
            runner.run(
                once=options["once"],
                max_moves=options["max_moves"],
                poll=options["poll"],
                idle_exit=options["idle_exit"],
            )
        except ApiError as error:
            raise CommandError(f"The API refused the bot: {error}") from error
        stats = runner.stats
        self.stdout.write(
            f"moves={stats.moves} conflicts={stats.conflicts} refused={stats.refused} throttled={stats.throttled}"
        )
