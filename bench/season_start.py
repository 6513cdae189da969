"""A big season's start on the embedded default (SQLite) or PostgreSQL: how long it takes, how long it holds the
write lock at a stretch, and how long a concurrent write waits meanwhile (issue 19 item 7).

usage: .venv/bin/python bench/season_start.py [--entrants 400] [--game palace-infighting] [--format round_robin]
                                             [--database sqlite|postgres]

The database is a throwaway one (a SQLite file in a temporary folder, or `cardleague_bench_season_start` on the
test suite's PostgreSQL), its schema built from the models. A club of --entrants players is registered in bulk, then
`league.services.rounds.season_start` runs while a second thread writes one small row every 20 ms (a player
renaming themself, as any page's form would) and records how long each write took. Prints the start's time, its
transactions (the season's own, then one per `TABLES_PER_TRANSACTION` tables) with the longest, and the concurrent
writes' median and worst time. Never fails: it prints figures.
"""

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from typing import Any

from benchdb import ROOT, db_create, db_drop

sys.path.insert(0, str(ROOT))
DB = "cardleague_bench_season_start"


def setup(database: str, folder: str) -> None:
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-not-for-production-use-0123456789")
    os.environ["DJANGO_SETTINGS_MODULE"] = "bench.settings_nomigrations"
    os.environ["CELERY_BROKER_URL"] = "memory://"
    os.environ["LOG_LEVEL"] = "WARNING"
    if database == "sqlite":
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    else:
        os.environ["DATABASE_URL"] = db_create(DB)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", run_syncdb=True, verbosity=0)


def season_ready(entrants: int, game: str, format: str) -> tuple[Any, Any]:
    from django.contrib.auth import get_user_model

    from league.models import Club, Entrant, Membership, Player
    from league.services.seasons import SeasonSpec, season_create, season_open_registration

    users = get_user_model().objects.bulk_create(get_user_model()(username=f"u{i}") for i in range(entrants + 1))
    players = Player.objects.bulk_create(Player(user=u, display_name=u.username) for u in users)
    club = Club.objects.create(name="Bench club", slug="bench")
    Membership.objects.bulk_create(
        Membership(club=club, player=p, role="organizer" if i == 0 else "member") for i, p in enumerate(players)
    )
    organizer = players[0]
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game=game, name="Big", format=format))
    season_open_registration(season=season, by=organizer)
    Entrant.objects.bulk_create(Entrant(competition=season, player=p, seed=i) for i, p in enumerate(players[1:]))
    return season, organizer


def timed(module: Any, name: str, spans: list[float]) -> None:
    """Wrap a function of `module` so that each call's duration (one transaction) lands in `spans`."""
    real = getattr(module, name)

    def wrapper(**kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return real(**kwargs)
        finally:
            spans.append(time.perf_counter() - start)

    setattr(module, name, wrapper)


def writer(stop: threading.Event, waits: list[float]) -> None:
    from django.db import connection

    from league.models import Player

    while not stop.is_set():
        start = time.perf_counter()
        Player.objects.filter(pk=1).update(display_name=f"u0 {len(waits)}")
        waits.append(time.perf_counter() - start)
        time.sleep(0.02)
    connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entrants", type=int, default=400)
    parser.add_argument("--game", default="palace-infighting")
    parser.add_argument("--format", default="round_robin")
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        setup(args.database, folder)
        try:
            run(args)
        finally:
            if args.database == "postgres":
                from django.db import connections

                connections.close_all()
                db_drop(DB)


def run(args: argparse.Namespace) -> None:
    from league.models import Table
    from league.services import rounds

    season, organizer = season_ready(args.entrants, args.game, args.format)
    spans: list[float] = []
    timed(rounds, "_season_begin", spans)
    timed(rounds, "round_tables_open", spans)
    waits: list[float] = []
    stop = threading.Event()
    thread = threading.Thread(target=writer, args=(stop, waits))
    thread.start()
    time.sleep(0.2)
    start = time.perf_counter()
    rounds.season_start(season=season, by=organizer)
    took = time.perf_counter() - start
    stop.set()
    thread.join()
    tables = Table.objects.filter(round__season=season).count()
    print(f"season start, {args.entrants} entrants, {args.game}, {args.format}, {args.database}:")
    print(f"  {took:.2f} s in all, {tables} tables opened")
    print(
        f"  {len(spans)} write transactions ({rounds.TABLES_PER_TRANSACTION} tables each after the season's own); "
        f"longest {max(spans):.3f} s, the season's own {spans[0]:.3f} s"
    )
    print(
        f"  a concurrent write every 20 ms: {len(waits)} writes, median {statistics.median(waits) * 1000:.1f} ms, "
        f"worst {max(waits) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
