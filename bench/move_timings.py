"""Where a move POST's wall time goes, without a profiler's overhead: the steps of the pipeline and each SQL
statement timed, medians over many moves, next to `GET /api/me/` (the trivial endpoint of bench/http_moves.py).

usage: .venv/bin/python bench/move_timings.py [--moves 400] [--tables 8]

Own database `cardleague_bench_move_timings` (created and dropped here), DEBUG off, the requests through Django's
test client in this process (the whole stack but no network and no gunicorn), Coinche tables played by random legal
moves as in bench/profile_moves.py. Each cycle: `GET /api/me/` (timed), the legal moves read, the move posted
(timed, with its statements through a `connection.execute_wrapper`). The pipeline's steps are timed by wrapping
`league.services.moves` functions for the run; the commit by wrapping the connection's `_commit`. Prints medians
in ms. Never fails: it prints figures.

When PostgreSQL runs on this machine and its processes can be read (the bench's own server, run as root or as
postgres), it also prints the CPU the server spent on each request and each statement: the kernel's count of the
backend process's time on a core (`/proc/<pid>/schedstat`, in nanoseconds, whatever else the machine runs), read
before and after. These are means, so that a request's statements add up to it; the first statement of a
transaction carries psycopg's BEGIN, sent with it.
"""

import argparse
import contextlib
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from api_moves import api_move
from benchdb import bench_database
from cpu_use import backend_cpu_reader

os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
DB = "cardleague_bench_move_timings"
STEPS = ("move_submit", "_locked_table", "seats_with_clocks", "_apply", "_write")


def timed(module: Any, name: str, into: dict[str, list[float]]) -> None:
    real = getattr(module, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return real(*args, **kwargs)
        finally:
            into.setdefault(name, []).append(time.perf_counter() - start)

    setattr(module, name, wrapper)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--tables", type=int, default=8)
    args = parser.parse_args()
    with bench_database(DB):
        from django.db import connection, connections
        from django.test import Client
        from http_moves import fixtures_create

        from league.api.views import tables as table_views
        from league.services import moves
        from league.sql import tables as sql_tables

        tables = fixtures_create(args.tables)
        client = Client()
        rng = random.Random("timings")
        steps: dict[str, list[float]] = {}
        statements: dict[str, list[float]] = {}
        requests: dict[str, list[float]] = {"POST a move": [], "GET /api/me/": []}
        # PostgreSQL's CPU (ns) by request and by statement, when its backend can be read
        server_cpu = backend_cpu_reader(connection)
        server_requests: dict[str, list[int]] = {}
        server_statements: dict[str, list[int]] = {}

        @contextlib.contextmanager
        def server_spent(name: str, into: dict[str, list[int]]) -> Iterator[None]:
            before = server_cpu() if server_cpu else 0
            try:
                yield
            finally:
                if server_cpu:
                    into.setdefault(name, []).append(server_cpu() - before)

        def statement_timer(execute: Callable, sql: str, params: Any, many: bool, context: Any) -> Any:
            start = time.perf_counter()
            try:
                with server_spent(sql[:40], server_statements):
                    return execute(sql, params, many, context)
            finally:
                statements.setdefault(sql[:40], []).append(time.perf_counter() - start)

        @contextlib.contextmanager
        def post_watched() -> Iterator[None]:
            with connection.execute_wrapper(statement_timer), server_spent("POST a move", server_requests):
                yield

        def cycle(table: dict[str, Any]) -> None:
            start = time.perf_counter()
            with server_spent("GET /api/me/", server_requests):
                answer = client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {table['tokens'][table['to_act'][0]]}")
            # a refused or redirected request is timed as fast as nothing: stop instead of printing it
            if answer.status_code != 200:
                raise SystemExit(f"GET /api/me/ answered {answer.status_code}")
            requests["GET /api/me/"].append(time.perf_counter() - start)
            took = api_move(client, table, rng, post_watch=post_watched())
            if took is not None:
                requests["POST a move"].append(took)

        for i in range(30):  # warm-up: imports, first queries, caches
            cycle(tables[i % len(tables)])
        # each step where the pipeline looks it up: the view calls move_submit, league.sql.tables reads the seats
        # after the lock
        where = {"move_submit": table_views, "seats_with_clocks": sql_tables}
        for name in STEPS:
            timed(where.get(name, moves), name, steps)
        wrapper_class = type(connections["default"])
        real_commit = wrapper_class._commit

        def commit_timer(self: Any) -> Any:
            start = time.perf_counter()
            try:
                with server_spent("COMMIT", server_statements):
                    return real_commit(self)
            finally:
                steps.setdefault("COMMIT", []).append(time.perf_counter() - start)

        wrapper_class._commit = commit_timer
        for name in requests:
            requests[name].clear()
        statements.clear()
        server_requests.clear()
        server_statements.clear()
        for i in range(args.moves):
            cycle(tables[i % len(tables)])

    def line(name: str, values: list[float]) -> str:
        return f"  {name:42} {statistics.median(values) * 1000:7.3f} ms  (n={len(values)})"

    print(f"{args.moves} cycles on {args.tables} Coinche tables; medians")
    print("requests:")
    print("\n".join(line(name, values) for name, values in requests.items()))
    print("steps of the move (move_submit contains the others):")
    print("\n".join(line(name, steps[name]) for name in (*STEPS, "COMMIT") if name in steps))
    print("statements of the move POST:")
    print("\n".join(line(repr(sql), values) for sql, values in statements.items()))
    if not server_cpu:
        print("PostgreSQL's CPU: not printed (its backend process cannot be read from here)")
        return

    def cpu(name: str, values: list[int]) -> str:
        return f"  {name:42} {statistics.fmean(values) / 1000:7.1f} us  (n={len(values)})"

    print("PostgreSQL's CPU per request (means; /proc/<backend>/schedstat):")
    print("\n".join(cpu(name, values) for name, values in server_requests.items()))
    print("PostgreSQL's CPU per statement of the move POST (means; the first carries the transaction's BEGIN):")
    named = {name if name == "COMMIT" else repr(name): values for name, values in server_statements.items()}
    print("\n".join(cpu(name, values) for name, values in named.items()))


if __name__ == "__main__":
    main()
