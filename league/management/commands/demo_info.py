"""manage.py demo_info [ADDRESS]: where the demo runs and how to log in to it (what `make run` prints last, and
`make demo-info` again)."""

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from league.management.commands.demo_load import DEFAULT_SEEDS


def demo_banner(*, address: str, seeds: Path = DEFAULT_SEEDS) -> str:
    """The URL of the demo and its log-ins (from the demo club's seed file), as a few lines for a terminal."""
    url = address if address.startswith("http") else f"http://{address}"
    url = url.rstrip("/") + "/"
    lines = ["", f"cardleague demo: open {url}", ""]
    try:
        spec = json.loads(seeds.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        spec = {"organizers": [], "members": []}
    people = [(p["username"], p["password"], "organizer") for p in spec.get("organizers", [])]
    people += [(p["username"], p["password"], "player") for p in spec.get("members", [])]
    if people:
        lines.append("log in as (username / password):")
        lines += [f"  {username:<10} / {password:<16} {role}" for username, password, role in people]
        lines.append("")
    lines += [
        f"API: {url}api/ (docs at {url}api/docs/), admin: {url}admin/",
        "This again: press Enter here, or `make demo-info`. Start afresh: `make demo-reset`. Stop: Ctrl-C.",
        "",
    ]
    return "\n".join(lines)


class Command(BaseCommand):
    help = "Print the demo's URL and its log-ins."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("address", nargs="?", default="127.0.0.1:8000")

    def handle(self, *args: Any, address: str, **options: Any) -> None:
        self.stdout.write(demo_banner(address=address))
