"""The clock sweep at scale: 10,000 overdue tables handled by `league.services.timeouts.timeouts_apply`.

usage: .venv/bin/python bench/sweep.py [--tables 10000] [--batch 100] [--budget 60]

Own database `cardleague_bench_sweep` (created and dropped here). One Coinche table is opened by `table_create`;
--tables tables like it (same first state, 4 seats, no season: the per-move clock) are written in bulk with their
deadline an hour past, as `table_create` leaves them (seat clocks are made by the sweep on first need). The sweep then
runs as the Celery beat task does, `timeouts_apply(now=..., limit=--batch)` again and again, until no table is
overdue or --budget seconds have passed (so the run is bounded on a slow machine: then the rate is measured on the
tables swept so far and the time for all of them is extrapolated). Each overdue table gets one timeout move (the
seat to act passes; the next seat's clock starts at the sweep's `now`). Prints tables/s and timeout moves/s.
Never fails: it prints figures.
"""

import argparse
import sys
import time
from datetime import timedelta

from benchdb import bench_database

DB = "cardleague_bench_sweep"


def tables_make(count: int) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.utils import timezone

    from league.models import Club, Player, Seat, Table
    from league.services.tables import table_create

    club = Club.objects.create(name="Bench", slug="bench")
    users = get_user_model().objects.bulk_create([get_user_model()(username=f"s{i}", password="!") for i in range(4)])
    players = Player.objects.bulk_create([Player(user=u, display_name=u.username) for u in users])
    template = table_create(club=club, game="coinche", players=players, seed="sweep", time_per_move=timedelta(hours=1))
    overdue = timezone.now() - timedelta(hours=1)
    Table.objects.filter(pk=template.pk).update(deadline=overdue)
    # the copies are made inside PostgreSQL (INSERT ... SELECT): a bulk_create of 10,000 JSON states from Python
    # took over a minute on the loaded bench machine, and the copies are what is measured, not how they are made
    columns = [f.column for f in Table._meta.concrete_fields if not f.primary_key]
    listed = ", ".join(f'"{c}"' for c in columns)
    with connection.cursor() as cursor:
        cursor.execute(
            f'INSERT INTO "{Table._meta.db_table}" ({listed}) SELECT {listed} FROM "{Table._meta.db_table}", '
            f"generate_series(1, %s) WHERE id = %s",
            [count - 1, template.pk],
        )
        seat_columns = [f.column for f in Seat._meta.concrete_fields if not f.primary_key and f.column != "table_id"]
        seat_listed = ", ".join(f'"{c}"' for c in seat_columns)
        seat_selected = ", ".join(f's."{c}"' for c in seat_columns)
        cursor.execute(
            f'INSERT INTO "{Seat._meta.db_table}" (table_id, {seat_listed}) '
            f'SELECT t.id, {seat_selected} FROM "{Table._meta.db_table}" t JOIN "{Seat._meta.db_table}" s '
            f"ON s.table_id = %s WHERE t.id <> %s",
            [template.pk, template.pk],
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=100, help="limit of one timeouts_apply call (the beat task: 500)")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds after which the sweep stops")
    args = parser.parse_args()

    with bench_database(DB):
        from django.db import connection
        from django.utils import timezone

        from league.models import Move, Table
        from league.services.timeouts import timeouts_apply

        start = time.perf_counter()
        tables_make(args.tables)
        print(f"# {args.tables} overdue coinche tables written: {time.perf_counter() - start:.1f} s", flush=True)
        with connection.cursor() as cursor:
            cursor.execute(f'ANALYZE "{Table._meta.db_table}"')  # as autovacuum would after such an insert
        now = timezone.now()
        moves = calls = 0
        start = time.perf_counter()
        while time.perf_counter() - start < args.budget:
            done = timeouts_apply(now=now, limit=args.batch)
            calls += 1
            moves += len(done)
            if not done:
                break
        elapsed = time.perf_counter() - start
        swept = Table.objects.filter(deadline__gt=now).count()
        left = Table.objects.filter(status=Table.Status.ACTIVE, deadline__lte=now).count()
        auto = Move.objects.filter(auto=True).count()

    rate = swept / elapsed if elapsed else 0.0
    print(
        f"sweep: {swept} tables handled in {elapsed:.1f} s by {calls} timeouts_apply(limit={args.batch}) calls; "
        f"{moves} timeout moves ({auto} stored); {left} still overdue"
    )
    print(f"{rate:.1f} tables/s, {moves / elapsed:.1f} timeout moves/s")
    if left:
        print(f"stopped by --budget {args.budget:.0f} s: all {args.tables} would take ~{args.tables / rate:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
