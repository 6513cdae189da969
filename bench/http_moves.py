"""The move pipeline under load, through the HTTP API: gunicorn on PostgreSQL, many tables at once.

usage: .venv/bin/python bench/http_moves.py [--tables 128] [--clients 32] [--seconds 15] [--loads 0.25,0.5,0.75]
                                           [--no-reads] [--workers N] [--threads N] [--worker-connections N]
                                           [--worker-class gthread|sync] [--no-ops]

What it does, and undoes:
1. creates the database `cardleague_bench_http` (127.0.0.1:5432, user postgres; `BENCH_HTTP_DB` names another, for
   two checkouts running it at once), builds the schema;
2. creates 4 players per table, each with an API token, and --tables Coinche tables (4 seats each), and works out
   each table's game in advance with the engine (a random legal move for the first seat to act, move after move);
3. starts `gunicorn -c config/gunicorn.conf.py config.wsgi` (the web process as deployed: its workers, threads and
   connections per worker unless given here; DEBUG off, bound to 127.0.0.1 on a free port, the move throttle's limit
   raised out of the way but its count kept, in the cache that CACHE_URL names as deployed, e.g.
   `CACHE_URL=redis://127.0.0.1:6379/13`, or in each process's own memory without it) and waits until it answers;
   with the operations' part as deployed unless --no-ops (docs/operations.md): metrics in multiprocess mode served
   by the master on a port of its own, and one JSON log line per request at INFO, written to a file; at the end
   it reads both and fails when they miss requests the clients saw answered;
4. runs --clients concurrent clients (threads spread over a few processes, `http.client` keep-alive connections,
   one per client; each client owns tables/clients tables and plays them in turn), phase after phase:
   - warm-up, 3 s, not counted;
   - trivial (closed loop, --seconds in all): `GET /api/me/` (token authenticated, one small row) back to back;
   - moves (closed loop, --seconds in all): `POST /api/tables/{id}/moves/` of the table's next scripted move with
     the version it extends and a fresh Idempotency-Key, back to back: the capacity of move submission;
     the two alternate in --blocks blocks (3 by default), so that a change of the machine's speed during the run
     (a shared virtual host: the same code gave 183 to 546 trivial req/s within an hour) falls on both alike;
   - open loop (10 s per --loads entry): the same at a fixed rate offered (a fraction of the capacity just
     measured), each client starting a move every clients/rate seconds: the latency at that load (in a closed
     loop of 32 clients without think time p50 is about 32 / throughput by Little's law, whatever the code does);
   - read-then-move cycles (closed loop, --seconds; --no-reads skips it): `GET .../legal-moves/` with the token
     of the seat to act, then the POST of a random legal move with the version read: a client that keeps no copy
     of the game;
5. prints trivial req/s, moves/s, their ratio, and p50/p99 of each kind of request; and for the two closed loops
   the CPU a request cost gunicorn, PostgreSQL and the clients, the machine's busy and idle shares (bench/cpu_use.py),
   and the ratio of a trivial request's CPU to a move's;
6. stops gunicorn, drops the database. Bounded: it ends by itself (about 3 * --seconds + 10 s per load + setup).

The targets of issue 12 (moves/s >= 50 % of the trivial endpoint's req/s; POST p99 < 100 ms at 32 clients) are
printed with the figures; missing one is not an error (a benchmark never fails a build).
"""

import argparse
import http.client
import json
import multiprocessing
import os
import random
import runpy
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any

from benchdb import ROOT, bench_database, bench_env
from cpu_use import CpuWatch
from playouts import move_pick, script_make

# the bench speaks plain HTTP on the loopback: with DEBUG off the site redirects every request to HTTPS (issue 18),
# which would measure 301 answers (bench_env copies this environment into the server's and this process's settings)
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
# BENCH_HTTP_DB: a name of its own, when several checkouts run this bench on one PostgreSQL at once
DB = os.environ.get("BENCH_HTTP_DB", "cardleague_bench_http")
GAME = "coinche"
PROCESSES = 4
# the cap of a table's script; a random Coinche race to 2000 ends after some 180 moves, so it is the number of
# tables (--tables, 2 per client by default) that keeps every client playing to the end of a run (about 10,000
# moves): a client whose tables are over stops, and the load offered with it
SCRIPT_MOVES = 600


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

    def call(
        self, kind: str, method: str, path: str, token: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
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


def paced(until: float, interval: float, *, offset: float = 0.0) -> Iterator[int]:
    """The numbers of the cycles until `until`: back to back, or with an `interval`, one cycle started every
    `interval` seconds from `offset` on (an open loop: the latency at a given load rather than at saturation)."""
    next_start = time.perf_counter() + offset
    turn = 0
    while time.perf_counter() < until:
        if interval:
            pause = next_start - time.perf_counter()
            if pause > 0:
                time.sleep(min(pause, max(0.0, until - time.perf_counter())))
            next_start += interval
            if time.perf_counter() >= until:
                return
        yield turn
        turn += 1


def moves_loop(
    client: Client, tables: list[dict[str, Any]], until: float, rng: random.Random, interval: float = 0.0
) -> None:
    """Play the client's tables in turn: read the acting seat's legal moves, post one of them; with an `interval`,
    start a cycle every `interval` seconds (an open loop: latency at a given load) instead of back to back."""
    active = list(tables)
    for turn in paced(until, interval, offset=rng.uniform(0, interval)):
        if not active:
            break
        table = active[turn % len(active)]
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
            "move",
            "POST",
            f"{path}/moves/",
            token,
            body={"move": move, "expected_version": read["version"]},
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
        if status == 201:
            to_act = answer["view"].get("to_act") or []
            if answer["status"] != "active" or not to_act:
                active.remove(table)
            else:
                table["to_act"] = to_act


def scripted_loop(client: Client, tables: list[dict[str, Any]], until: float, interval: float = 0.0) -> None:
    """Post each table's scripted moves in order, the tables in turn, with no read in between: the client knows
    the next legal move (it was worked out from the table's state beforehand), as a client that keeps its own
    copy of the game would. Each POST names the version it extends."""
    active = [table for table in tables if table["next"] < len(table["script"])]
    for turn in paced(until, interval, offset=random.uniform(0, interval)):
        if not active:
            break
        table = active[turn % len(active)]
        seat, move = table["script"][table["next"]]
        status, _ = client.call(
            "move",
            "POST",
            f"/api/tables/{table['id']}/moves/",
            table["tokens"][seat],
            body={"move": move, "expected_version": table["next"]},
            headers={"Idempotency-Key": uuid.uuid4().hex},
        )
        if status == 201:
            table["next"] += 1
        if status != 201 or table["next"] == len(table["script"]):
            active.remove(table)


def client_process(job: dict[str, Any]) -> dict[str, Any]:
    """Run `job["clients"]` client threads of one phase in this process; return their latencies and counts."""
    clients = [Client(job["port"]) for _ in job["clients"]]
    until = time.perf_counter() + job["seconds"]
    threads = []
    for client, work in zip(clients, job["clients"], strict=True):
        if job["phase"] == "trivial":
            target, args = trivial_loop, (client, work["token"], until)
        elif job["phase"] == "scripted":
            target, args = scripted_loop, (client, work["tables"], until, job.get("interval", 0.0))
        else:
            target, args = (
                moves_loop,
                (client, work["tables"], until, random.Random(work["seed"]), job.get("interval", 0.0)),
            )
        threads.append(threading.Thread(target=target, args=args))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for client in clients:
        client.conn.close()
    took, status = pooled([{"took": client.took, "status": client.status} for client in clients])
    return {"took": took, "status": status, "tables": [t for w in job["clients"] for t in w.get("tables", [])]}


def pooled(parts: list[dict[str, Any]]) -> tuple[dict[str, list[float]], dict[str, int]]:
    """The latencies by kind and the counts of answers of several clients, processes or blocks, together."""
    took: dict[str, list[float]] = {}
    status: dict[str, int] = {}
    for part in parts:
        for kind, values in part["took"].items():
            took.setdefault(kind, []).extend(values)
        for key, count in part["status"].items():
            status[key] = status.get(key, 0) + count
    return took, status


def phase_run(
    pool: Any,
    *,
    phase: str,
    work: list[dict[str, Any]],
    port: int,
    seconds: float,
    server_group: int,
    interval: float = 0.0,
) -> dict[str, Any]:
    """One phase over all clients, spread over the pool's processes; wall time and the CPU of the server,
    PostgreSQL and the clients measured around it."""
    jobs = [
        {"phase": phase, "port": port, "seconds": seconds, "clients": work[i::PROCESSES], "interval": interval}
        for i in range(PROCESSES)
        if work[i::PROCESSES]
    ]
    with CpuWatch(server_group=server_group, clients_parent=os.getpid()) as watch:
        start = time.perf_counter()
        parts = pool.map(client_process, jobs)
        elapsed = time.perf_counter() - start
    cpu = watch.used()
    machine = watch.machine()
    took, status = pooled(parts)
    return {
        "took": took,
        "status": status,
        "cpu": cpu,
        "machine": machine,
        "elapsed": min(elapsed, seconds + 5),
        "seconds": seconds,
        "tables": [table for part in parts for table in part["tables"]],
    }


# --- the server -----------------------------------------------------------------------------------------------------


SERVER_CONFIG = ROOT / "config" / "gunicorn.conf.py"
SERVER_SIZES = ("workers", "threads", "worker_connections", "worker_class")


def server_sizes(args: argparse.Namespace) -> dict[str, Any]:
    """The web process's sizes as deployed (config/gunicorn.conf.py on this machine), each overridden when given."""
    deployed = runpy.run_path(str(SERVER_CONFIG))
    return {name: deployed[name] if getattr(args, name) is None else getattr(args, name) for name in SERVER_SIZES}


def gunicorn_start(
    *, url: str, port: int, sizes: dict[str, Any], ops: dict[str, str] | None = None
) -> subprocess.Popen:
    env = bench_env(url)
    # the throttle's limit is a policy, not what this measures; its count is paid on every move, in the cache the
    # environment names (CACHE_URL: Redis as deployed, one round trip; none: each process's own memory)
    env["MOVE_SUBMIT_RATE"] = "1000000/minute"
    # the operations' part as deployed (docs/operations.md): metrics in multiprocess mode, one JSON line a request
    env.update(ops or {})
    command = [
        str(ROOT / ".venv" / "bin" / "gunicorn"),
        "--config",
        str(SERVER_CONFIG),
        "config.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        *[f"--{name.replace('_', '-')}={value}" for name, value in sizes.items()],
        "--timeout",
        "60",
        "--log-level",
        "warning",
    ]
    log = open(ops["LOG_FILE"], "ab") if ops else None  # noqa: SIM115 (the server's, closed when it ends)
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True, stdout=log, stderr=log)


def ops_environment(directory: str) -> dict[str, str]:
    """Metrics on (their own directory and port) and every request's JSON line at INFO, into a file."""
    return {
        "PROMETHEUS_MULTIPROC_DIR": os.path.join(directory, "metrics"),
        "METRICS_PORT": str(free_port()),
        "LOG_LEVEL": "INFO",
        "LOG_FORMAT": "json",
        "LOG_FILE": os.path.join(directory, "gunicorn.log"),
    }


def ops_check(ops: dict[str, str], answered: int) -> str:
    """What the metrics counted and the log holds, against the answers the clients got; fails loudly when either
    is missing most of them (the operations' part was not on, and the run measured something else)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{ops['METRICS_PORT']}/", timeout=10) as response:
        text = response.read().decode()
    counted = sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith("cardleague_http_requests_total{")
    )
    with open(ops["LOG_FILE"], "rb") as log:
        lines = sum(1 for line in log if line.startswith(b'{"time"') and b'"cardleague.request"' in line)
    if counted < answered or lines < answered:
        raise SystemExit(f"the metrics counted {counted:.0f} and the log holds {lines} requests of {answered} answered")
    return f"metrics and JSON logs on: {counted:.0f} requests counted, {lines} request lines logged"


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


def fixtures_create(tables: int, script_moves: int = 0) -> list[dict[str, Any]]:
    """Players with tokens and the Coinche tables, as plain data for the clients; with `script_moves`, each table's
    first moves worked out in advance with the engine (for the scripted clients)."""
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
        out.append(
            {
                "id": table.pk,
                "tokens": tokens,
                "to_act": engine.to_act(table.state),
                "next": table.version,
                "script": script_make(engine, table.state, random.Random(f"script-{number}"), limit=script_moves),
            }
        )
    return out


def percentiles(values: list[float]) -> str:
    if len(values) < 2:
        return "n/a"
    cuts = statistics.quantiles(values, n=100)
    return f"p50 {cuts[49] * 1000:6.1f} ms  p99 {cuts[98] * 1000:6.1f} ms"


def carried(work: list[dict[str, Any]], done: dict[str, Any]) -> list[dict[str, Any]]:
    """The clients' work with their tables as the last phase left them (the copies in the client processes moved
    on: who is to act, how far each script went)."""
    by_id = {table["id"]: table for table in done["tables"]}
    return [{**w, "tables": [by_id.get(t["id"], t) for t in w["tables"]]} for w in work]


def phases_merged(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """Blocks of one kind of phase as one: latencies and answers pooled, elapsed times added."""
    took, status = pooled(parts)
    return {
        "took": took,
        "status": status,
        "elapsed": sum(part["elapsed"] for part in parts),
        "cpu": {group: sum(part["cpu"][group] for part in parts) for group in parts[0]["cpu"]},
        "machine": {state: sum(part["machine"][state] for part in parts) for state in parts[0]["machine"]},
        "tables": parts[-1]["tables"],
    }


def post_p99(result: dict[str, Any]) -> float:
    took = result["took"].get("move", [])
    return statistics.quantiles(took, n=100)[98] if len(took) > 1 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=128)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each measured closed-loop phase")
    parser.add_argument("--workers", type=int, help="gunicorn worker processes (default: as deployed)")
    parser.add_argument("--threads", type=int, help="threads per worker (default: as deployed)")
    parser.add_argument("--worker-connections", type=int, help="connections a worker holds (default: as deployed)")
    parser.add_argument("--worker-class", help="gthread or sync (default: as deployed; sync wants --threads 1)")
    parser.add_argument(
        "--loads",
        default="0.25,0.5,0.75",
        help="open-loop phases (10 s each): moves/s offered by all clients together, as fractions of the measured "
        "capacity; empty for none",
    )
    parser.add_argument("--no-reads", action="store_true", help="skip the read-then-move phase")
    parser.add_argument("--blocks", type=int, default=3, help="blocks the trivial and move loops alternate in")
    parser.add_argument(
        "--no-ops", action="store_true", help="without the metrics and the request log (on by default, as deployed)"
    )
    args = parser.parse_args()
    if args.tables < args.clients:
        raise SystemExit("--tables must be at least --clients (a table is played by one client)")
    loads = [float(x) for x in args.loads.split(",") if x.strip()]
    sizes = server_sizes(args)

    with bench_database(DB) as url:
        started = time.perf_counter()
        tables = fixtures_create(args.tables, script_moves=SCRIPT_MOVES)
        from django.db import connections

        connections.close_all()
        print(
            f"# {args.tables} {GAME} tables, {4 * args.tables} players with tokens, "
            f"{sum(len(t['script']) for t in tables)} scripted moves: {time.perf_counter() - started:.1f} s",
            flush=True,
        )
        port = free_port()
        ops_dir = tempfile.mkdtemp(prefix="bench-ops-")
        ops = None if args.no_ops else ops_environment(ops_dir)
        server = gunicorn_start(url=url, port=port, sizes=sizes, ops=ops)
        try:
            gunicorn_wait(port, tables[0]["tokens"][0], server)
            trivial_work = [{"token": tables[i]["tokens"][0]} for i in range(args.clients)]
            work = [{"tables": tables[i :: args.clients], "seed": f"client-{i}"} for i in range(args.clients)]
            ctx = multiprocessing.get_context("fork")
            with ctx.Pool(PROCESSES) as pool:
                warm = phase_run(pool, phase="scripted", work=work, port=port, seconds=3, server_group=server.pid)
                work = carried(work, warm)
                # the two closed loops alternate in --blocks blocks, so that a change of the machine's speed
                # during the run (a shared host) falls on both alike
                trivial_parts, scripted_parts = [], []
                for _ in range(args.blocks):
                    block = args.seconds / args.blocks
                    trivial_parts.append(
                        phase_run(
                            pool, phase="trivial", work=trivial_work, port=port, seconds=block, server_group=server.pid
                        )
                    )
                    scripted_parts.append(
                        phase_run(pool, phase="scripted", work=work, port=port, seconds=block, server_group=server.pid)
                    )
                    work = carried(work, scripted_parts[-1])
                trivial, scripted = phases_merged(trivial_parts), phases_merged(scripted_parts)
                capacity = scripted["status"].get("move 201", 0) / scripted["elapsed"]
                open_loops = []
                for load in loads:
                    rate = load * capacity
                    result = phase_run(
                        pool,
                        phase="scripted",
                        work=work,
                        port=port,
                        seconds=10,
                        interval=args.clients / rate,
                        server_group=server.pid,
                    )
                    work = carried(work, result)
                    open_loops.append((load, rate, result))
                cycles = None
                if not args.no_reads:
                    cycles = phase_run(
                        pool, phase="moves", work=work, port=port, seconds=args.seconds, server_group=server.pid
                    )
            if ops is not None:
                results = [
                    *trivial_parts,
                    *scripted_parts,
                    *(r for _, _, r in open_loops),
                    *([cycles] if cycles else []),
                ]
                answered = sum(sum(result["status"].values()) for result in results)
                ops_said = ops_check(ops, answered)
        finally:
            gunicorn_stop(server)
            shutil.rmtree(ops_dir, ignore_errors=True)

    trivial_rate = len(trivial["took"].get("trivial", [])) / trivial["elapsed"]
    print(
        f"gunicorn: {sizes['workers']} workers x {sizes['threads']} threads ({sizes['worker_class']}), "
        f"{sizes['worker_connections']} connections a worker; {args.clients} clients; "
        f"{args.tables} {GAME} tables; the throttles' cache: {os.environ.get('CACHE_URL') or 'each process its own'}"
    )
    print(
        f"trivial   GET /api/me/ (closed loop, {args.seconds:.0f} s)      {trivial_rate:8.1f} req/s   "
        f"{percentiles(trivial['took'].get('trivial', []))}"
    )
    print(
        f"moves     POST .../moves/ (closed loop, {args.seconds:.0f} s)   {capacity:8.1f} moves/s "
        f"{percentiles(scripted['took'].get('move', []))}"
    )
    ratio = capacity / trivial_rate if trivial_rate else 0.0
    all_in: dict[str, float] = {}
    for name, result, count in (
        ("trivial", trivial, len(trivial["took"].get("trivial", []))),
        ("move", scripted, scripted["status"].get("move 201", 0)),
    ):
        if count:
            per = {group: used / count * 1000 for group, used in result["cpu"].items()}
            all_in[name] = sum(per.values())
            states = result["machine"]
            share = {state: seconds / (sum(states.values()) or 1) for state, seconds in states.items()}
            print(
                f"CPU a {name:7} request: gunicorn {per['server']:5.2f} ms + PostgreSQL {per['postgres']:5.2f} ms + "
                f"clients {per['clients']:5.2f} ms = {sum(per.values()):5.2f} ms "
                f"(machine: busy {share['busy']:.0%}, idle {share['idle']:.0%}, iowait {share['iowait']:.0%}, "
                f"steal {share['steal']:.0%})"
            )
    print(f"ratio moves/s : trivial req/s = {ratio:.2f}   (target >= 0.50: {'met' if ratio >= 0.5 else 'MISSED'})")
    if len(all_in) == 2:
        # what the rates' ratio would be with the machine as busy in both phases: the host's swings between the
        # phases' blocks fall out of it
        print(f"ratio of their CPU, a trivial request : a move = {all_in['trivial'] / all_in['move']:.2f}")
    for load, rate, result in open_loops:
        posted = result["status"].get("move 201", 0) / result["elapsed"]
        print(
            f"open loop {load:4.0%} of capacity: {rate:6.1f} moves/s offered, {posted:6.1f} done   "
            f"{percentiles(result['took'].get('move', []))}"
        )
    met = [rate for _, rate, result in open_loops if 0 < post_p99(result) < 0.1]
    if met:
        print(
            f"POST p99 < 100 ms at {args.clients} clients up to {max(met):.1f} moves/s offered "
            f"({max(met) / capacity:.0%} of capacity)"
        )
    print(
        f"POST p99 at saturation (closed loop) = {post_p99(scripted) * 1000:.1f} ms   "
        f"(p50 there is about clients / throughput = {args.clients / capacity * 1000:.0f} ms by Little's law)"
        if capacity
        else "no move was posted"
    )
    if cycles is not None:
        posted = cycles["status"].get("move 201", 0)
        reads = len(cycles["took"].get("read", []))
        print(
            f"read-then-move cycles (closed loop, {args.seconds:.0f} s): {posted / cycles['elapsed']:8.1f} moves/s "
            f"POST {percentiles(cycles['took'].get('move', []))}; "
            f"GET legal-moves {reads / cycles['elapsed']:.1f} req/s "
            f"{percentiles(cycles['took'].get('read', []))}"
        )
    statuses = {"trivial": trivial["status"], "scripted": scripted["status"]}
    for load, _, result in open_loops:
        statuses[f"open {load:.0%}"] = result["status"]
    if cycles is not None:
        statuses["cycles"] = cycles["status"]
    print(ops_said if ops is not None else "metrics and JSON logs off (--no-ops)")
    print("answers: " + "; ".join(f"{name} {dict(sorted(st.items()))}" for name, st in statuses.items()))


if __name__ == "__main__":
    sys.exit(main())
