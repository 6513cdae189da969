"""The unit costs of the capacity plan (docs/scale.md): the CPU one move costs the application and PostgreSQL.

usage: .venv/bin/python bench/unit_costs.py [--tables 50] [--moves 40]

Own database `cardleague_bench_units` (created and dropped here). --tables Coinche tables are opened by
`table_create`; for each, a random game of --moves moves is worked out beforehand with the engine alone
(bench/playouts.py), so that only the move pipeline is measured. The moves are then submitted through
`league.services.moves.move_submit` (the service the API view calls: the lock, the version check, the engine, the
clocks, the ledger, the move row, the commit), tables taken in turn. Prints per move: wall time, this process's CPU
(the application's share, without HTTP, authentication and JSON rendering: bench/http_moves.py has those) and the
CPU of its PostgreSQL backend (read from /proc/<backend pid>/stat: the server runs on this machine), and the WAL
the moves wrote: the server's WAL position before and after (`pg_current_wal_lsn`, the whole server's: run it on a
quiet one) and the full-page images among its records (`pg_stat_wal`).
"""

import argparse
import random
import sys
import time
from datetime import timedelta

from benchdb import bench_database
from cpu_use import backend_cpu
from playouts import script_make

DB = "cardleague_bench_units"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40, help="moves per table")
    args = parser.parse_args()
    with bench_database(DB):
        from django.contrib.auth import get_user_model

        from league.engines import engine_for
        from league.models import Club, Player
        from league.services.moves import move_submit
        from league.services.tables import table_create

        club = Club.objects.create(name="Bench", slug="bench")
        user_model = get_user_model()
        users = user_model.objects.bulk_create([user_model(username=f"u{i}", password="!") for i in range(4)])
        players = Player.objects.bulk_create([Player(user=u, display_name=u.username) for u in users])
        engine, rng = engine_for("coinche"), random.Random(24)
        scripts = []
        for number in range(args.tables):
            table = table_create(
                club=club, game="coinche", players=players, seed=f"units-{number}", time_per_move=timedelta(days=1)
            )
            scripts.append((table.pk, script_make(engine, table.state, rng, limit=args.moves)))
        wal_before = _wal()
        db_before, cpu, began = backend_cpu(), time.process_time(), time.perf_counter()
        moves = 0
        for step in range(args.moves):
            for table_id, script in scripts:
                if step < len(script):
                    seat, move = script[step]
                    move_submit(table_id=table_id, player=players[seat], move=move, expected_version=step)
                    moves += 1
        wall, app, db = time.perf_counter() - began, time.process_time() - cpu, backend_cpu() - db_before
        wal_bytes, records, images = (after - before for after, before in zip(_wal(), wal_before, strict=True))

    print(
        f"move_submit: {moves} moves on {args.tables} coinche tables in {wall:.1f} s ({moves / wall:.0f} moves/s, "
        f"one client)"
    )
    print(
        f"per move: {1000 * wall / moves:.2f} ms wall, {1000 * app / moves:.2f} ms application CPU, "
        f"{1000 * db / moves:.2f} ms PostgreSQL CPU; one PostgreSQL core carries ~{moves / db:.0f} moves/s"
    )
    print(
        f"WAL: {wal_bytes / moves / 1024:.1f} KiB a move ({wal_bytes / 2**20:.1f} MiB for {moves} moves), "
        f"{records / moves:.1f} records a move, {images / moves:.2f} full-page images a move"
    )


def _wal() -> tuple[int, int, int]:
    """The server's WAL position in bytes, and its counts of WAL records and full-page images so far (this
    backend's statistics flushed first: PostgreSQL 15 keeps them pending up to seconds)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_force_next_flush()")
        cursor.execute(
            "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint, wal_records, wal_fpi FROM pg_stat_wal"
        )
        position, records, images = cursor.fetchone()
    return int(position), int(records), int(images)


if __name__ == "__main__":
    sys.exit(main())
