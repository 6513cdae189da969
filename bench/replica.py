"""Reads off the primary (issue 37): how far behind the primary a streaming replica on this machine is during a burst
of moves, and what a read page costs from the replica against the primary.

usage: .venv/bin/python bench/replica.py [--tables 20] [--moves 400] [--entrants 100] [--rounds 10] [--repeat 9]

The replica is the one of `tools/replica.sh` (started here when it is not running: 127.0.0.1:5433), the database
`cardleague_bench_replica` its own (created on the primary, replicated, dropped at the end), Django set up with
DATABASE_REPLICA_URL pointing at it on the replica.

1. The burst: --moves moves through `move_submit`, one after the other as fast as one thread plays them, round the
   --tables tables of The Court. After each commit the primary's WAL position is noted; a thread polls the replica's
   replayed position (every 0.2 ms) and takes, for each move, the time from its commit to the replica having
   replayed that position: how long after a move a page on the replica could still miss it. The position is read
   just after the commit, so WAL written meanwhile (by anything on the server) counts against the replica: the
   figure is an upper bound.
2. The pages: the season page of a season of --entrants entrants after --rounds rounds (bench/standings.py's) and
   the home page, through Django's test client, from the replica (the router installed, the replica fresh) and
   from the primary (no router: as without DATABASE_REPLICA_URL), one from each in turn; medians of --repeat. It
   fails loudly when the replica's page read nothing on the replica, or the primary's read anything there.
"""

import argparse
import os
import queue
import random
import statistics
import subprocess
import sys
import threading
import time

import psycopg
from benchdb import PG, ROOT, bench_database
from standings import median_time, season_make, season_store

DB = "cardleague_bench_replica"
REPLICA_PORT = int(os.environ.get("REPLICA_PORT", "5433"))


def lsn(text: str) -> int:
    high, low = text.split("/")
    return (int(high, 16) << 32) | int(low, 16)


def replayed_wait(replica: psycopg.Connection, target: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not replica.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [target]).fetchone()[0]:
        if time.monotonic() > deadline:
            raise SystemExit(f"the replica did not replay the primary up to {target} in {timeout} s")
        time.sleep(0.01)


class Follower(threading.Thread):
    """Polls the replica's replayed position and times each queued (commit time, position) until it is replayed."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.pending: queue.Queue[tuple[float, int]] = queue.Queue()
        self.delays: list[float] = []
        self.done = threading.Event()

    def run(self) -> None:
        waiting: list[tuple[float, int]] = []
        with psycopg.connect(self.url, autocommit=True) as replica:
            while not (self.done.is_set() and self.pending.empty() and not waiting):
                while not self.pending.empty():
                    waiting.append(self.pending.get())
                if waiting:
                    at = lsn(replica.execute("SELECT pg_last_wal_replay_lsn()::text").fetchone()[0])
                    now = time.perf_counter()
                    self.delays.extend(now - committed for committed, position in waiting if position <= at)
                    waiting = [(committed, position) for committed, position in waiting if position > at]
                time.sleep(0.0002)


def burst_run(*, tables: int, moves: int, replica_url: str) -> dict[str, float]:
    from django.contrib.auth import get_user_model
    from django.db import connection

    from games import get_engine
    from games.core.conformance import concrete
    from league.models import Club, Player, Table
    from league.services.moves import move_submit
    from league.services.tables import table_create

    user_model = get_user_model()
    engine = get_engine("the-court")
    club = Club.objects.create(name="Bench burst", slug="bench-burst")
    seated = []
    for index in range(tables):
        players = [
            Player.objects.create(
                user=user_model.objects.create(username=f"burst{index}-{seat}"), display_name=f"Burst {index}-{seat}"
            )
            for seat in range(2)
        ]
        table = table_create(club=club, game="the-court", players=players, options=None, seed=f"replica-{index}")
        seated.append((table.pk, {seat.index: seat.player for seat in table.seats.select_related("player")}))
    rng = random.Random("replica")
    follower = Follower(replica_url)
    follower.start()
    played = 0
    start = time.perf_counter()
    while played < moves:
        progressed = False
        for table_id, players in seated:
            table = Table.objects.get(pk=table_id)
            if table.status != Table.Status.ACTIVE:
                continue
            seat = rng.choice(engine.to_act(table.state))
            move = concrete(rng.choice(engine.legal_moves(table.state, seat)), rng)
            move_submit(table_id=table_id, player=players[seat], move=move, expected_version=table.version)
            committed = time.perf_counter()
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_current_wal_lsn()::text")
                follower.pending.put((committed, lsn(cursor.fetchone()[0])))
            played += 1
            progressed = True
            if played == moves:
                break
        if not progressed:
            raise SystemExit(f"every table ended after {played} moves; ask for more --tables")
    took = time.perf_counter() - start
    follower.done.set()
    follower.join(timeout=60)
    if len(follower.delays) != moves:
        raise SystemExit(f"{moves - len(follower.delays)} of {moves} moves never reached the replica")
    delays = sorted(follower.delays)
    return {
        "moves/s": moves / took,
        "median": statistics.median(delays),
        "p95": delays[int(len(delays) * 0.95) - 1],
        "max": delays[-1],
    }


def pages(*, entrants: int, rounds: int, repeat: int) -> list[tuple[str, float, float, int]]:
    from django.conf import settings
    from django.db import connections
    from django.test import Client, override_settings
    from django.test.utils import CaptureQueriesContext

    from league.replica.health import REPLICA, health_forget, replica_check
    from league.services.standings import standings_recompute

    season = season_store(season_make(entrants, rounds, seed="replica"), entrants)
    standings_recompute(season=season)
    client = Client()
    figures = []
    for name, url in (("season page", f"/seasons/{season.pk}/"), ("home page", "/")):
        # secure: with DEBUG off a plain request is redirected to HTTPS, a 301 timed as the page
        get = lambda url=url: client.get(url, secure=True)  # noqa: E731
        health_forget()
        if not replica_check().usable:
            raise SystemExit("the replica is not streaming: its page would be the primary's")
        with CaptureQueriesContext(connections[REPLICA]) as on_replica:
            response = get()
        if response.status_code != 200 or not on_replica.captured_queries:
            raise SystemExit(f"{name}: {response.status_code}, {len(on_replica.captured_queries)} reads on the replica")
        with override_settings(DATABASE_ROUTERS=[]), CaptureQueriesContext(connections[REPLICA]) as on_replica:
            get()
        if on_replica.captured_queries:
            raise SystemExit(f"{name}: read on the replica without the router")
        # in turn, one from each, so that the machine's load (shared) falls on both alike
        times: dict[bool, list[float]] = {True: [], False: []}
        for _ in range(repeat):
            for replica in (True, False):
                with override_settings(DATABASE_ROUTERS=settings.DATABASE_ROUTERS if replica else []):
                    times[replica].append(median_time(get, 1))
        from_replica, from_primary = statistics.median(times[True]), statistics.median(times[False])
        figures.append((name, from_replica, from_primary, len(response.content)))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--entrants", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    subprocess.run([str(ROOT / "tools" / "replica.sh"), "start"], check=True)
    name = DB + os.environ.get("BENCH_DB_SUFFIX", "")
    replica_server = f"postgres://postgres@127.0.0.1:{REPLICA_PORT}"
    os.environ["DATABASE_REPLICA_URL"] = f"{replica_server}/{name}"
    with bench_database(DB):
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_current_wal_flush_lsn()::text")
            created = cursor.fetchone()[0]
        with psycopg.connect(f"{replica_server}/postgres", autocommit=True) as replica:
            replayed_wait(replica, created)
        print(f"# primary {PG}, replica {replica_server} (tools/replica.sh)")
        figures = burst_run(tables=args.tables, moves=args.moves, replica_url=f"{replica_server}/postgres")
        print(
            f"burst of {args.moves} moves over {args.tables} tables: {figures['moves/s']:.0f} moves/s; from a move's "
            f"commit to the replica having it: median {figures['median'] * 1000:.2f} ms, "
            f"p95 {figures['p95'] * 1000:.2f} ms, max {figures['max'] * 1000:.2f} ms"
        )
        print(f"a season of {args.entrants} entrants after {args.rounds} rounds, and the burst's tables")
        for name, from_replica, from_primary, size in pages(
            entrants=args.entrants, rounds=args.rounds, repeat=args.repeat
        ):
            print(
                f"{name:12} ({size / 1024:.0f} KiB): from the replica "
                f"{from_replica * 1000:.1f} ms, from the primary {from_primary * 1000:.1f} ms "
                f"(medians of {args.repeat})"
            )


if __name__ == "__main__":
    sys.exit(main())
