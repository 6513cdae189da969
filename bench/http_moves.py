"""The move pipeline under load, through the HTTP API: gunicorn on PostgreSQL, many tables at once.

usage: .venv/bin/python bench/http_moves.py [--tables 64] [--clients 32] [--seconds 15] [--workers 2] [--threads 4]
                                           [--rate 0]

What it does, and undoes:
1. creates the database `cardleague_bench_http` (127.0.0.1:5432, user postgres), builds the schema;
2. creates 4 players per table, each with an API token, and --tables Coinche tables (4 seats each);
3. starts `gunicorn config.wsgi` (gthread workers, DEBUG off, bound to 127.0.0.1 on a free port, the move throttle
   raised out of the way) and waits until it answers;
4. warm-up (3 s, not counted), then two phases of --seconds each, with --clients concurrent clients (threads spread
   over a few processes, `http.client` keep-alive connections, one per client):
   - trivial: each client calls `GET /api/me/` (token authenticated, one small row) in a loop;
   - moves: each client owns tables/clients tables and plays them in turn: `GET /api/tables/{id}/legal-moves/` with
     the token of the seat to act (the legal moves and the version), then `POST /api/tables/{id}/moves/` of a random
     legal move with that version and a fresh Idempotency-Key;
   With --rate R the move phase is an open loop: each client starts a cycle every clients/R seconds, so the
   latencies are those at R moves/s offered rather than at saturation (where, 32 clients having no think time,
   p50 is about 32 / throughput by Little's law whatever the code does);
5. prints trivial req/s, moves/s (201 answers per second), the ratio, and p50/p99 of each kind of request;
6. stops gunicorn, drops the database. Bounded: it ends by itself (about 3 * --seconds + setup).

The targets of issue 12 (moves/s >= 50 % of the trivial endpoint's req/s; POST p99 < 100 ms at 32 clients) are
printed with the figures; missing one is not an error (a benchmark never fails a build).
"""

import argparse
import http.client
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from typing import Any

from benchdb import ROOT, bench_database, bench_env

DB = "cardleague_bench_http"
GAME = "coinche"
PROCESSES = 4


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# --- the clients (run in child processes; no Django here) -----------------------------------------------------------


class Client:
    """One keep-alive connection and the latencies of its requests, by kind."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.took: dict[str, list[float]] = {}
        self.status: dict[str, int] = {}

    def call(self, kind: str, method: str, path: str, token: str, body: Any = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any]:
        head = {"Authorization": f"Token {token}", "Accept": "application/json", **(headers or {})}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            head["Content-Type"] = "application/json"
        start = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=head)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            # a dropped keep-alive connection: count it, reconnect, go on
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            self.status[f"{kind} error"] = self.status.get(f"{kind} error", 0) + 1
            return 0, None
        self.took.setdefault(kind, []).append(time.perf_counter() - start)
        key = f"{kind} {response.status}"
        self.status[key] = self.status.get(key, 0) + 1
        return response.status, json.loads(raw) if raw else None


def trivial_loop(client: Client, token: str, until: float) -> None:
    while time.perf_counter() < until:
        client.call("trivial", "GET", "/api/me/", token)


def move_pick(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    entry = rng.choice(legal)
    if "min" not in entry:
        return entry
    base = {k: v for k, v in entry.items() if k not in ("min", "max")}
    return {**base, "amount": rng.randint(entry["min"], entry["max"])}


def moves_loop(
    client: Client, tables: list[dict[str, Any]], until: float, rng: random.Random, interval: float = 0.0
) -> None:
    """Play the client's tables in turn: read the acting seat's legal moves, post one of them; with an `interval`,
    start a cycle every `interval` seconds (an open loop: latency at a given load) instead of back to back."""
    active = list(tables)
    turn = 0
    next_start = time.perf_counter() + rng.uniform(0, interval)
    while active and time.perf_counter() < until:
        if interval:
            pause = next_start - time.perf_counter()
            if pause > 0:
                time.sleep(min(pause, max(0.0, until - time.perf_counter())))
            next_start += interval
            if time.perf_counter() >= until:
                break
        table = active[turn % len(active)]
        turn += 1
        path = f"/api/tables/{table['id']}"
        token = table["tokens"][table["to_act"][0]]
        status, read = client.call("read", "GET", f"{path}/legal-moves/", token)
        if status != 200:
            continue
        if not read["your_turn"]:
            # someone else acts now (an out-of-turn call): learn who from the table itself
            status, detail = client.call("read", "GET", f"{path}/?log_limit=0", token)
            if status == 200:
                table["to_act"] = detail["to_act"] or table["to_act"]
                if not detail["to_act"]:
                    active.remove(table)
            continue
        move = move_pick(rng, read["legal_moves"])
        status, answer = client.call(
            "move", "POST", f"{path}/moves/", token,
            body={"move": move, "expected_version": read["version"]},
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
        if status == 201:
            to_act = answer["view"].get("to_act") or []
            if answer["status"] != "active" or not to_act:
                active.remove(table)
            else:
                table["to_act"] = to_act


def client_process(job: dict[str, Any]) -> dict[str, Any]:
    """Run `job["clients"]` client threads of one phase in this process; return their latencies and counts."""
    clients = [Client(job["port"]) for _ in job["clients"]]
    until = time.perf_counter() + job["seconds"]
    threads = []
    for client, work in zip(clients, job["clients"], strict=True):
        if job["phase"] == "trivial":
            target, args = trivial_loop, (client, work["token"], until)
        else:
            target, args = moves_loop, (
                client, work["tables"], until, random.Random(work["seed"]), job.get("interval", 0.0)
            )
        threads.append(threading.Thread(target=target, args=args))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    took: dict[str, list[float]] = {}
    status: dict[str, int] = {}
    for client in clients:
        client.conn.close()
        for kind, values in client.took.items():
            took.setdefault(kind, []).extend(values)
        for key, count in client.status.items():
            status[key] = status.get(key, 0) + count
    return {"took": took, "status": status, "tables": [t for w in job["clients"] for t in w.get("tables", [])]}


def phase_run(
    pool: Any, *, phase: str, work: list[dict[str, Any]], port: int, seconds: float, interval: float = 0.0
) -> dict[str, Any]:
    """One phase over all clients, spread over the pool's processes; wall time measured around it."""
    jobs = [
        {"phase": phase, "port": port, "seconds": seconds, "clients": work[i::PROCESSES], "interval": interval}
        for i in range(PROCESSES)
        if work[i::PROCESSES]
    ]
    start = time.perf_counter()
    parts = pool.map(client_process, jobs)
    elapsed = time.perf_counter() - start
    took: dict[str, list[float]] = {}
    status: dict[str, int] = {}
    tables = []
    for part in parts:
        for kind, values in part["took"].items():
            took.setdefault(kind, []).extend(values)
        for key, count in part["status"].items():
            status[key] = status.get(key, 0) + count
        tables += part["tables"]
    return {"took": took, "status": status, "elapsed": min(elapsed, seconds + 5), "seconds": seconds,
            "tables": tables}


# --- the server -----------------------------------------------------------------------------------------------------


def gunicorn_start(*, url: str, port: int, workers: int, threads: int) -> subprocess.Popen:
    env = bench_env(url)
    env["MOVE_SUBMIT_RATE"] = "1000000/minute"  # the throttle is a policy, not what this measures
    command = [
        str(ROOT / ".venv" / "bin" / "gunicorn"), "config.wsgi",
        "--bind", f"127.0.0.1:{port}", "--workers", str(workers), "--threads", str(threads),
        "--worker-class", "gthread", "--keep-alive", "30", "--timeout", "60", "--log-level", "warning",
    ]
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)


def gunicorn_wait(port: int, token: str, server: subprocess.Popen, limit: float = 60) -> None:
    until = time.monotonic() + limit
    while time.monotonic() < until:
        if server.poll() is not None:
            raise SystemExit(f"gunicorn exited with {server.returncode}")
        status, _ = Client(port).call("ready", "GET", "/api/me/", token)
        if status == 200:
            return
        if status != 0:  # 0: not listening yet
            raise SystemExit(f"GET /api/me/ answered {status}")
        time.sleep(0.3)
    raise SystemExit("gunicorn did not answer within 60 s")


def gunicorn_stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


# --- the run --------------------------------------------------------------------------------------------------------


def fixtures_create(tables: int) -> list[dict[str, Any]]:
    """Players with tokens and the Coinche tables, as plain data for the clients."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games import get_engine
    from league.models import Club, Membership, Player
    from league.services.tables import table_create

    club = Club.objects.create(name="Bench", slug="bench")
    engine = get_engine(GAME)
    out = []
    for number in range(tables):
        players = []
        tokens = []
        for seat in range(4):
            user = get_user_model().objects.create(username=f"t{number}s{seat}", password="!")
            player = Player.objects.create(user=user, display_name=f"T{number} S{seat}", is_bot=True)
            Membership.objects.create(club=club, player=player)
            players.append(player)
            tokens.append(Token.objects.create(user=user).key)
        table = table_create(club=club, game=GAME, players=players, seed=f"bench-{number}")
        out.append({"id": table.pk, "tokens": tokens, "to_act": engine.to_act(table.state)})
    return out


def percentiles(values: list[float]) -> str:
    if len(values) < 2:
        return "n/a"
    cuts = statistics.quantiles(values, n=100)
    return f"p50 {cuts[49] * 1000:6.1f} ms  p99 {cuts[98] * 1000:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each measured phase")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes (one per core)")
    parser.add_argument("--threads", type=int, default=4, help="threads per worker (they overlap database waits)")
    parser.add_argument(
        "--rate", type=float, default=0.0,
        help="moves/s offered by all clients together (open loop); 0: every client back to back (closed loop)",
    )
    args = parser.parse_args()
    if args.tables < args.clients:
        raise SystemExit("--tables must be at least --clients (a table is played by one client)")

    with bench_database(DB) as url:
        started = time.perf_counter()
        tables = fixtures_create(args.tables)
        from django.db import connections

        connections.close_all()
        print(f"# {args.tables} {GAME} tables, {4 * args.tables} players with tokens: "
              f"{time.perf_counter() - started:.1f} s", flush=True)
        port = free_port()
        server = gunicorn_start(url=url, port=port, workers=args.workers, threads=args.threads)
        try:
            gunicorn_wait(port, tables[0]["tokens"][0], server)
            trivial_work = [{"token": tables[i]["tokens"][0]} for i in range(args.clients)]
            move_work = [
                {"tables": tables[i :: args.clients], "seed": f"client-{i}"} for i in range(args.clients)
            ]
            ctx = multiprocessing.get_context("fork")
            with ctx.Pool(PROCESSES) as pool:
                warm = phase_run(pool, phase="moves", work=move_work, port=port, seconds=3)
                # the clients' copies moved on during the warm-up: carry who is to act into the measured phase
                by_id = {t["id"]: t for t in warm["tables"]}
                move_work = [
                    {**w, "tables": [by_id[t["id"]] for t in w["tables"]]} for w in move_work
                ]
                trivial = phase_run(pool, phase="trivial", work=trivial_work, port=port, seconds=args.seconds)
                interval = args.clients / args.rate if args.rate else 0.0
                moves = phase_run(
                    pool, phase="moves", work=move_work, port=port, seconds=args.seconds, interval=interval
                )
        finally:
            gunicorn_stop(server)

    trivial_rate = len(trivial["took"].get("trivial", [])) / trivial["elapsed"]
    posted = moves["status"].get("move 201", 0)
    move_rate = posted / moves["elapsed"]
    reads = len(moves["took"].get("read", []))
    offered = f"open loop, {args.rate:g} moves/s offered" if args.rate else "closed loop"
    print(f"gunicorn: {args.workers} workers x {args.threads} threads (gthread); {args.clients} clients ({offered}); "
          f"{args.tables} {GAME} tables; {args.seconds:.0f} s per phase")
    print(f"trivial  GET /api/me/                 {trivial_rate:8.1f} req/s   "
          f"{percentiles(trivial['took'].get('trivial', []))}")
    print(f"moves    POST /api/tables/{{id}}/moves/ {move_rate:8.1f} moves/s "
          f"{percentiles(moves['took'].get('move', []))}")
    print(f"  reads  GET  .../legal-moves/         {reads / moves['elapsed']:8.1f} req/s   "
          f"{percentiles(moves['took'].get('read', []))}")
    print(f"  moves + reads                       {(posted + reads) / moves['elapsed']:8.1f} req/s")
    ratio = move_rate / trivial_rate if trivial_rate else 0.0
    post_p99 = statistics.quantiles(moves["took"]["move"], n=100)[98] if len(moves["took"].get("move", [])) > 1 else 0
    if args.rate:
        print(f"ratio moves/s : trivial req/s = {ratio:.2f}   (open loop: moves/s is the rate offered, not capacity)")
    else:
        print(f"ratio moves/s : trivial req/s = {ratio:.2f}   (target >= 0.50: {'met' if ratio >= 0.5 else 'MISSED'})")
    print(f"POST p99 = {post_p99 * 1000:.1f} ms   (target < 100 ms: {'met' if post_p99 < 0.1 else 'MISSED'})")
    print(f"answers: trivial {dict(sorted(trivial['status'].items()))}; moves {dict(sorted(moves['status'].items()))}")


if __name__ == "__main__":
    sys.exit(main())
