"""Where a move's time goes: the API move cycle (read legal moves, post a move) in process, under cProfile.

usage: .venv/bin/python bench/profile_moves.py [--moves 300] [--tables 8] [--top 30] [--out /tmp/moves.prof]

Own database `cardleague_bench_profile` (created and dropped here), DEBUG off. The requests go through Django's
test client, so the whole stack runs (middleware, DRF, token authentication, the view, `move_submit`) but no network
and no gunicorn. Prints the time per cycle, the SQL queries per request, and the functions with the most cumulative
and own time; the raw profile is saved for `python -m pstats` or snakeviz. cProfile is in the standard library;
py-spy (`py-spy record -o moves.svg -- .venv/bin/python bench/profile_moves.py`) gives a flame graph of the same
run when installed.
"""

import argparse
import cProfile
import os
import pstats
import random
import sys
import time
from typing import Any

from api_moves import api_move
from benchdb import bench_database

# the bench speaks plain HTTP on the loopback: with DEBUG off the site redirects every request to HTTPS (issue 18),
# which would measure 301 answers (bench_env copies this environment into the server's and this process's settings)
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
DB = "cardleague_bench_profile"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--out", default="/tmp/moves.prof")
    args = parser.parse_args()

    with bench_database(DB):
        from django.db import connection, reset_queries
        from django.test import Client
        from django.test.utils import CaptureQueriesContext
        from http_moves import fixtures_create

        tables = fixtures_create(args.tables)
        client = Client()
        rng = random.Random("profile")

        def cycle(table: dict[str, Any], counts: dict[str, list[int]]) -> None:
            read_queries, move_queries = CaptureQueriesContext(connection), CaptureQueriesContext(connection)
            took = api_move(client, table, rng, read_watch=read_queries, post_watch=move_queries)
            counts["read"].append(len(read_queries))
            if took is not None:
                counts["move"].append(len(move_queries))
                last_move_sql[:] = [q["sql"] for q in move_queries.captured_queries]

        last_move_sql: list[str] = []
        counts: dict[str, list[int]] = {"read": [], "move": []}
        for i in range(20):  # warm-up: imports, first queries, caches
            cycle(tables[i % len(tables)], counts)
        counts = {"read": [], "move": []}
        profiler = cProfile.Profile()
        start = time.perf_counter()
        profiler.enable()
        for i in range(args.moves):
            cycle(tables[i % len(tables)], counts)
        profiler.disable()
        elapsed = time.perf_counter() - start
        reset_queries()

    print(
        f"{args.moves} cycles (read + move) in {elapsed:.1f} s under cProfile: {elapsed / args.moves * 1000:.1f} ms "
        f"per cycle; SQL queries per read {sum(counts['read']) / max(1, len(counts['read'])):.1f}, "
        f"per move {sum(counts['move']) / max(1, len(counts['move'])):.1f}"
    )
    print("the SQL of the last move posted:")
    for sql in last_move_sql:
        print(f"  {sql[:150]}{' ...' if len(sql) > 150 else ''}")
    profiler.dump_stats(args.out)
    stats = pstats.Stats(args.out)
    stats.sort_stats("cumulative").print_stats(args.top)
    stats.sort_stats("tottime").print_stats(args.top)
    print(f"raw profile: {args.out}")


if __name__ == "__main__":
    sys.exit(main())
