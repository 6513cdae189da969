"""A move with and without psycopg's pipeline mode: move POSTs in process, in alternating blocks (issue 24 item 4).

usage: .venv/bin/python bench/move_writes.py [--tables 16] [--blocks 12] [--per-block 60]

Own database `cardleague_bench_move_writes` (created and dropped here), DEBUG off, Django's test client (the whole
stack but the network). Each block plays --per-block move POSTs of random legal Coinche moves (each after its
legal-moves read, not timed) in one of three modes, the modes taking turns so that a change of the host's speed
falls on all alike:
- "as committed": one round trip per statement (league.services.moves);
- "writes pipelined": the move's writes sent in psycopg's pipeline mode (how the pipeline ran until 2026-12-03);
- "reads pipelined": the table's lock and its seats sent together in pipeline mode, with the BEGIN (one round trip
  instead of three; the seats still read after the lock is granted).
Prints, per mode, the median and mean time of a move POST and the CPU a POST cost this process (the application)
and its PostgreSQL backend (/proc: the server runs on this machine). The pipeline saves round trips, but on the
loopback a round trip costs less than psycopg's pipeline machinery.
"""

import argparse
import os
import random
import statistics
import sys
import time
from typing import Any

from api_moves import api_move
from benchdb import bench_database
from cpu_use import backend_cpu

# the bench speaks plain HTTP: with DEBUG off the site would redirect every request to HTTPS
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
DB = "cardleague_bench_move_writes"


def modes() -> dict[str, dict[str, Any]]:
    """Each mode's replacements of the move service's functions (none: as committed)."""
    from django.db import connection

    import league.services.moves as moves
    from league.models import SeasonClock, Seat, SeatClock, Table
    from league.sql import internals, tables
    from league.sql.reads import lock_clause

    committed_write = moves._write

    def writes_pipelined(applied: Any) -> Any:
        with connection.wrap_database_errors, connection.connection.pipeline():
            return committed_write(applied)

    def reads_pipelined(table_id: int) -> Any:
        (table_sql, table_columns), (seats_sql, seat_columns) = (
            tables._table_locked_sql(),
            tables._seats_with_clocks_sql(),
        )
        pipeline = connection.connection.pipeline()
        with (
            connection.wrap_database_errors,
            pipeline,
            internals.cursor() as on_tables,
            internals.cursor(own=True) as seats,
        ):
            on_tables.execute(table_sql + lock_clause(of="t"), [table_id])
            seats.execute(seats_sql, [table_id])
            found = internals.instances(Table, on_tables, joined={"clock": SeasonClock}, columns=table_columns)
            seated = internals.instances(Seat, seats, joined={"clock": SeatClock}, columns=seat_columns)
        return (tables._locked(found[0]), seated) if found else None

    return {
        "as committed": {},
        "writes pipelined": {"_write": writes_pipelined},
        "reads pipelined": {"table_and_seats_locked": reads_pipelined},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--blocks", type=int, default=12)
    parser.add_argument("--per-block", type=int, default=60)
    args = parser.parse_args()

    with bench_database(DB):
        from django.test import Client
        from http_moves import fixtures_create

        import league.services.moves as moves

        tables = fixtures_create(args.tables)
        client = Client()
        rng = random.Random("move-writes")
        every = modes()
        committed = {name: getattr(moves, name) for mode in every.values() for name in mode}

        for i in range(20):  # warm-up
            api_move(client, tables[i % len(tables)], rng)
        took: dict[str, list[float]] = {mode: [] for mode in every}
        cpu: dict[str, list[float]] = {mode: [0.0, 0.0] for mode in every}
        played = 0
        for block in range(args.blocks):
            mode = list(every)[block % len(every)]
            for name, function in {**committed, **every[mode]}.items():
                setattr(moves, name, function)
            app, database = time.process_time(), backend_cpu()
            for _ in range(args.per_block):
                if (seconds := api_move(client, tables[played % len(tables)], rng)) is not None:
                    took[mode].append(seconds)
                played += 1
            cpu[mode][0] += time.process_time() - app
            cpu[mode][1] += backend_cpu() - database
        for name, function in committed.items():
            setattr(moves, name, function)

    for mode, values in took.items():
        # the CPU counts each cycle's legal-moves read too (the same in every mode), so it is given per cycle
        cycles = args.per_block * args.blocks / len(every)
        print(
            f"{mode:18s} {len(values):4d} move POSTs: median {statistics.median(values) * 1000:6.2f} ms, "
            f"mean {statistics.mean(values) * 1000:6.2f} ms; CPU a read + move cycle: application "
            f"{cpu[mode][0] / cycles * 1000:5.2f} ms, PostgreSQL {cpu[mode][1] / cycles * 1000:5.2f} ms"
        )


if __name__ == "__main__":
    sys.exit(main())
