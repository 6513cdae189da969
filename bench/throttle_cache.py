"""What one throttle attempt (league/throttles.py: every move POST makes one) costs with the cache on Redis, as
deployed, and with the cache in the database (Django's DatabaseCache on PostgreSQL), which docs/deploy.md could
advise instead of a Redis of its own for the cache (issue 39, item 2).

usage: .venv/bin/python bench/throttle_cache.py [--attempts 2000]

Creates the database `cardleague_bench_throttle` (bench/benchdb.py) and its cache table, counts --attempts attempts
of the move throttle (a few hundred players in turn, as a server sees them) with each cache, and prints the time
an attempt takes (median, 99th percentile), the SQL statements and Redis commands it sends, and the load average.
Redis is a redis-server of the bench's own on a free port (bench/redis_hang.py's). Never fails on a figure.
"""

import argparse
import os
import statistics
import time

from benchdb import bench_database
from redis_hang import redis_server

DB = "cardleague_bench_throttle"


def attempts(count: int) -> tuple[list[float], int]:
    """Time `count` attempts; the SQL statements they sent in all."""
    from django.db import connection

    from league.throttles import throttle_hit

    statements = [0]

    def counted(execute, sql, params, many, context):
        statements[0] += 1
        return execute(sql, params, many, context)

    took = []
    with connection.execute_wrapper(counted):
        for n in range(count):
            start = time.perf_counter()
            throttle_hit("move_submit", f"user:{n % 300}")
            took.append(time.perf_counter() - start)
    return took, statements[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attempts", type=int, default=2000)
    args = parser.parse_args()
    with bench_database(DB), redis_server() as (port, _process):
        from django.core.management import call_command
        from django.test import override_settings
        from redis.connection import Connection

        caches = {
            "redis": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": f"redis://127.0.0.1:{port}/1",
                "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.25},
            },
            "database": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "bench_cache"},
        }
        with override_settings(CACHES={"default": caches["database"]}):
            call_command("createcachetable", verbosity=0)
        sent = [0]
        real = Connection.send_packed_command

        def counting(self: Connection, command: object, check_health: bool = True) -> None:
            sent[0] += 1
            real(self, command, check_health)

        Connection.send_packed_command = counting
        load = os.getloadavg()
        print(f"# load average: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} ({os.cpu_count()} cores)")
        for name, cache in caches.items():
            with override_settings(CACHES={"default": cache}):
                attempts(200)  # warm: connections made, the counting script loaded
                sent[0] = 0
                took, statements = attempts(args.attempts)
            ordered = sorted(took)
            p99 = ordered[int(0.99 * (len(ordered) - 1))]
            print(
                f"{name:8} an attempt: median {statistics.median(ordered) * 1000:.3f} ms, p99 {p99 * 1000:.3f} ms; "
                f"per attempt {statements / args.attempts:.1f} SQL statements, {sent[0] / args.attempts:.1f} Redis "
                "commands",
                flush=True,
            )


if __name__ == "__main__":
    main()
