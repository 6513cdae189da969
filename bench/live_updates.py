"""Live tables: what a table page's polling costs the server, idle and when the table moves, and how many requests an
idle viewer sends in an hour with a fixed period and with the back-off of static/js/poll.js.

usage: .venv/bin/python bench/live_updates.py [--repeat 200]

A two-seat Palace Infighting table in its own PostgreSQL database (`cardleague_bench_live`, created and dropped here),
one seated player signed in through Django's test client. Figures are medians of --repeat requests: the poll that
finds nothing new (204), the poll that finds a move (the board, 200), and the whole table page. Never fails: it prints
figures (docs/pages.md, "Live tables", reads them).
"""

import argparse
import statistics
import sys
import time

from benchdb import ROOT, bench_database

sys.path.insert(0, str(ROOT))

DB = "cardleague_bench_live"
HOUR = 3600.0


def idle_requests(*, low: float, high: float, hold: float = 0, seconds: float = HOUR) -> int:
    """Requests an idle viewer sends in `seconds` when the wait stays at `low` for `hold` seconds after the last news,
    then each quiet answer doubles it up to `high` (low == high: a fixed period), as static/js/poll.js does."""
    sent, elapsed, wait = 0, 0.0, low
    while elapsed + wait <= seconds:
        elapsed += wait
        sent += 1
        wait = low if elapsed < hold else min(wait * 2, high)
    return sent


def median_ms(call: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    with bench_database(DB):
        from django.contrib.auth import get_user_model
        from django.test import Client

        from league.models import Player
        from league.services.clubs import club_create, player_create
        from league.services.tables import table_create

        players = [player_create(username=f"live{n}", display_name=f"Live {n}") for n in range(2)]
        club = club_create(name="Live", organizer=players[0])
        table = table_create(club=club, game="palace-infighting", players=players, seed="live")
        client = Client()
        client.force_login(get_user_model().objects.get(pk=players[0].user_id))
        current = f"?v={table.version}-{table.status}"
        stale = f"?v={table.version - 1}-{table.status}"
        figures = {
            "poll, nothing new (204)": lambda: client.get(f"/tables/{table.pk}/version/{current}", secure=True),
            "poll, the table moved (200, board)": lambda: client.get(
                f"/tables/{table.pk}/version/{stale}", secure=True
            ),
            "GET /tables/<id>/ (whole page)": lambda: client.get(f"/tables/{table.pk}/", secure=True),
        }
        # DEBUG is off (a production process): HTTPS only, so the requests say they came over it
        assert client.get(f"/tables/{table.pk}/version/{current}", secure=True).status_code == 204
        assert client.get(f"/tables/{table.pk}/version/{stale}", secure=True).status_code == 200
        assert Player.objects.count() == 2
        costs = {}
        for name, call in figures.items():
            call()
            costs[name] = median_ms(call, args.repeat)
            print(f"{name:38} median {costs[name]:7.2f} ms  ({args.repeat} requests)")
        quiet = costs["poll, nothing new (204)"]
        print("an idle viewer, one hour:")
        for label, low, high, hold in (
            ("every 3 s (before)", 3, 3, 0),
            ("3 s for a minute, then doubling to 60 s", 3, 60, 60),
        ):
            sent = idle_requests(low=low, high=high, hold=hold)
            print(f"  {label:40} {sent:5} requests, {sent * quiet / 1000:6.2f} s of server time")


if __name__ == "__main__":
    sys.exit(main())
