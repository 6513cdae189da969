"""A Redis that hangs under a running web process: how long the finishing moves in flight wait, with the cache and
the broker on one Redis (as docs/deploy.md lays it out) or on two, and with which of them hung (issue 39, item 2).

usage: .venv/bin/python bench/redis_hang.py [--clients 32] [--runs 3] [--layouts shared,cache,broker,healthy]
                                           [--root DIR] [--budget SECONDS] [--workers 1]

What it does, and undoes:
1. creates the database `cardleague_bench_redis` (bench/benchdb.py) and, for every run of every layout, --clients
   Mini Poker tables each played to one move from its end, with an API token for the seat to make that move (a
   finishing move publishes its table's follow-up: the request then waits on the cache and on the broker);
2. per run: starts one or two redis-servers of its own on free ports (never the shared 127.0.0.1:6379) and gunicorn
   from --root (this checkout by default; another checkout, e.g. main's code exported with `git archive`, runs on the
   same database, whose columns it does not know it leaves alone) with --workers workers (1 by default) and
   --clients threads between them, so that every request is in flight at once, CACHE_URL and CELERY_BROKER_URL as
   the layout says:
   - `shared`: one Redis for both (databases 1 and 0), hung;
   - `cache`: two, the cache's hung; `broker`: two, the broker's hung;
   - `healthy`: one Redis for both, not hung (the baseline);
3. GETs /api/me/ with every token at once (every thread of the server serves one request), SIGSTOPs the Redis to
   hang (it accepts connections and never answers), POSTs every finishing move at once (a barrier), then SIGCONTs
   and stops everything;
4. prints per run the answers' statuses and latencies (min, median, 90th percentile, max, how many over 1 s), and
   per layout the same over every run.

Bounded: each run is a gunicorn start (a few seconds) and one burst of requests; fails only on an answer it did not
expect (a status other than 201), never on a latency (a benchmark never fails a build).
"""

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchdb import ROOT, bench_database, bench_env

os.environ.setdefault("SECURE_SSL_REDIRECT", "0")  # plain HTTP on the loopback (see bench/http_moves.py)
DB = "cardleague_bench_redis"
GAME = "mini-poker"
LAYOUTS = ("shared", "cache", "broker", "healthy")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


# --- set-up, in this process (Django on the bench database) ------------------------------------------------------


def tables_create(count: int, label: str) -> list[dict[str, Any]]:
    """`count` Mini Poker tables, each played on until one legal move would end it: that move, its version and the
    token of the seat to make it."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games import get_engine
    from games.core.conformance import concrete
    from league.models import Club, Player
    from league.services.moves import move_submit
    from league.services.tables import table_create

    engine = get_engine(GAME)
    club, _ = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})
    rng = random.Random(label)
    out = []
    for number in range(count):
        players = []
        for seat in range(2):
            user = get_user_model().objects.create(username=f"{label}-{number}-{seat}", password="!")
            players.append(Player.objects.create(user=user, display_name=user.username, is_bot=True))
        # the engine's short match (its first conformance variant), as the tests play it
        options = dict(engine.conformance_variants()[0])
        table = table_create(club=club, game=GAME, players=players, options=options, seed=f"{label}-{number}")
        while True:
            seat = engine.to_act(table.state)[0]
            moves = [concrete(move, rng) for move in engine.legal_moves(table.state, seat)]
            ends = [move for move in moves if engine.is_over(engine.apply_move(table.state, seat, move))]
            if ends:
                token = Token.objects.create(user=players[seat].user).key
                out.append({"id": table.pk, "token": token, "move": ends[0], "version": table.version})
                break
            goes_on = [move for move in moves if move not in ends]
            move_submit(
                table_id=table.pk, player=players[seat], move=rng.choice(goes_on), expected_version=table.version
            )
            table.refresh_from_db()
    return out


def outbox_count() -> int:
    from league.models import OutboxMessage

    return OutboxMessage.objects.count()


# --- the processes ------------------------------------------------------------------------------------------------


@contextmanager
def redis_server() -> Iterator[tuple[int, subprocess.Popen]]:
    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        until = time.monotonic() + 10
        while time.monotonic() < until:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield port, process
    finally:
        process.kill()
        process.wait()


@contextmanager
def gunicorn(root: Path, url: str, env: dict[str, str], workers: int, threads: int, log: Path) -> Iterator[int]:
    port = free_port()
    server_env = {**bench_env(url), **env, "MOVE_SUBMIT_RATE": "1000000/minute", "LOG_LEVEL": "WARNING"}
    with log.open("ab") as out:
        process = subprocess.Popen(
            [
                *(sys.executable, "-m", "gunicorn", "--config", str(root / "config" / "gunicorn.conf.py")),
                *("config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(workers), "--threads", str(threads)),
                *("--timeout", "60"),
            ],
            cwd=root,
            env=server_env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield port
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def call(port: int, method: str, path: str, token: str, body: Any = None) -> tuple[int, float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": f"Token {token}", "Idempotency-Key": uuid.uuid4().hex}
    data = None
    if body is not None:
        data, headers["Content-Type"] = json.dumps(body).encode(), "application/json"
    start = time.perf_counter()
    try:
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status, time.perf_counter() - start
    except OSError:
        return 0, time.perf_counter() - start
    finally:
        connection.close()


def at_once(calls: list[Any]) -> list[tuple[int, float]]:
    barrier = threading.Barrier(len(calls))
    results: list[tuple[int, float]] = [(0, 0.0)] * len(calls)

    def run(index: int) -> None:
        barrier.wait()
        results[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def ready(port: int, token: str) -> None:
    until = time.monotonic() + 90
    while time.monotonic() < until:
        if call(port, "GET", "/api/me/", token)[0] == 200:
            return
        time.sleep(0.3)
    raise SystemExit("gunicorn did not answer within 90 s")


# --- a run -------------------------------------------------------------------------------------------------------


def run_once(layout: str, tables: list[dict[str, Any]], args: argparse.Namespace, url: str) -> list[float]:
    log = Path(args.log)
    with redis_server() as (one, first), redis_server() as (two, second):
        cache, broker = (one, one) if layout in ("shared", "healthy") else (one, two)
        hang = {"shared": first, "cache": first, "broker": second, "healthy": None}[layout]
        env = {
            "CACHE_URL": f"redis://127.0.0.1:{cache}/1",
            "CELERY_BROKER_URL": f"redis://127.0.0.1:{broker}/0",
            "REDIS_BUDGET": str(args.budget),
        }
        threads = -(-len(tables) // args.workers)
        with gunicorn(Path(args.root), url, env, args.workers, threads, log) as port:
            ready(port, tables[0]["token"])
            warm = at_once([lambda t=t: call(port, "GET", "/api/me/", t["token"]) for t in tables])
            if any(status != 200 for status, _ in warm):
                raise SystemExit(f"the warm-up answered {sorted({s for s, _ in warm})}")
            before = outbox_count()
            if hang is not None:
                hang.send_signal(signal.SIGSTOP)
            try:
                answers = at_once(
                    [
                        lambda t=t: call(
                            port,
                            "POST",
                            f"/api/tables/{t['id']}/moves/",
                            t["token"],
                            {"move": t["move"], "expected_version": t["version"]},
                        )
                        for t in tables
                    ]
                )
            finally:
                if hang is not None:
                    hang.send_signal(signal.SIGCONT)
    statuses = sorted({status for status, _ in answers})
    if statuses != [201]:
        raise SystemExit(f"{layout}: the moves answered {statuses} (server log: {log})")
    took = [seconds for _, seconds in answers]
    print(f"{layout:8} {summary(took)}  follow-ups left in the outbox: {outbox_count() - before}", flush=True)
    return took


def summary(took: list[float]) -> str:
    ordered = sorted(took)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    over = sum(1 for seconds in ordered if seconds >= 1.0)
    return (
        f"n {len(ordered):3}  min {ordered[0]:.3f}  median {statistics.median(ordered):.3f}  p90 {p90:.3f}  "
        f"max {ordered[-1]:.3f} s  over 1 s: {over}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--layouts", default=",".join(LAYOUTS))
    parser.add_argument("--root", default=str(ROOT), help="the checkout whose code gunicorn runs")
    parser.add_argument("--budget", type=float, default=0.25, help="REDIS_BUDGET of the server")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers, --clients threads between them")
    parser.add_argument("--log", default="/tmp/bench-redis-hang-gunicorn.log")
    args = parser.parse_args()
    layouts = args.layouts.split(",")
    if shutil.which("redis-server") is None:
        raise SystemExit("needs redis-server")
    with bench_database(DB) as url:
        work = {
            (layout, run): tables_create(args.clients, f"{layout}{run}")
            for layout in layouts
            for run in range(args.runs)
        }
        load = os.getloadavg()
        threads = -(-args.clients // args.workers)
        print(f"# code: {args.root}; gunicorn {args.workers} worker(s) x {threads} threads; REDIS_BUDGET {args.budget}")
        print(f"# load average before the runs: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores)")
        every: dict[str, list[float]] = {layout: [] for layout in layouts}
        for run in range(args.runs):
            for layout in layouts:
                every[layout] += run_once(layout, work[(layout, run)], args, url)
        print("# over every run")
        for layout, took in every.items():
            print(f"{layout:8} {summary(took)}")
        load = os.getloadavg()
        print(f"# load average after the runs: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")


if __name__ == "__main__":
    main()
