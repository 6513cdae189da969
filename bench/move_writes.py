"""The move's writes pipelined or not: move POSTs in process, in alternating blocks (issue 24 item 4).

usage: .venv/bin/python bench/move_writes.py [--tables 16] [--blocks 8] [--per-block 60]

Own database `cardleague_bench_move_writes` (created and dropped here), DEBUG off, Django's test client (the whole
stack but the network). Each block plays --per-block move POSTs of random legal Coinche moves (each after its
legal-moves read, not timed) with `league.services.moves._pipelined` as committed (psycopg's pipeline mode) or
replaced by a no-op (one round trip per statement), the two alternating so that a change of the host's speed falls
on both alike. Prints the median and mean time of a move POST in each mode.
"""

import argparse
import contextlib
import os
import random
import statistics
import sys

from api_moves import api_move
from benchdb import bench_database

# the bench speaks plain HTTP: with DEBUG off the site would redirect every request to HTTPS
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
DB = "cardleague_bench_move_writes"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--blocks", type=int, default=8)
    parser.add_argument("--per-block", type=int, default=60)
    args = parser.parse_args()

    with bench_database(DB):
        from django.test import Client
        from http_moves import fixtures_create

        import league.services.moves as moves

        pipelined = moves._pipelined
        tables = fixtures_create(args.tables)
        client = Client()
        rng = random.Random("move-writes")

        for i in range(20):  # warm-up
            api_move(client, tables[i % len(tables)], rng)
        took: dict[str, list[float]] = {"pipelined": [], "one round trip per statement": []}
        played = 0
        for block in range(args.blocks):
            mode = list(took)[block % 2]
            moves._pipelined = pipelined if block % 2 == 0 else contextlib.nullcontext  # type: ignore[assignment]
            for _ in range(args.per_block):
                if (seconds := api_move(client, tables[played % len(tables)], rng)) is not None:
                    took[mode].append(seconds)
                played += 1
        moves._pipelined = pipelined

    for mode, values in took.items():
        print(
            f"{mode:30s} {len(values):4d} move POSTs: median {statistics.median(values) * 1000:6.2f} ms, "
            f"mean {statistics.mean(values) * 1000:6.2f} ms"
        )


if __name__ == "__main__":
    sys.exit(main())
