"""The clock sweep at scale: 10,000 overdue tables handled by `league.services.timeouts.timeouts_apply`, by one or
more sweeper processes at once.

usage: .venv/bin/python bench/sweep.py [--tables 10000] [--limit 500] [--batch 200] [--workers 1,2] [--budget 60]

Own database `cardleague_bench_sweep` (created and dropped here, once per worker count). One Coinche table is
opened by `table_create`; --tables tables like it (same first state, 4 seats, no season: the per-move clock) are
written in bulk with their deadline an hour past, as `table_create` leaves them (seat clocks are made by the sweep on
first need). Then --workers sweeper processes (each with its own database connection, started together) run as the
Celery beat task does, `timeouts_apply(now=..., limit=--limit, batch=--batch)` again and again, until no table is
overdue or --budget seconds have passed (then the rate is measured on the tables swept so far and the time for all of
them extrapolated). Each overdue table gets one timeout move (the seat to act passes; the next seat's clock starts at
the sweep's `now`). `--workers 1,2` runs the whole thing once with 1 process and once with 2.

Prints, per run: tables/s; every table swept exactly once (tables with 1 timeout move / with more / with none);
and the unit costs of a table: the sweepers' own CPU (Python) and their PostgreSQL backends' CPU (read from
/proc/<backend pid>/stat: the server runs on this machine), from which the tables/s of N sweeper machines sharing
one primary follow (a sweeper process is bound by its own CPU, the primary by the sum of the backends'). Never fails:
it prints figures.
"""

import argparse
import multiprocessing
import sys
import time
from datetime import datetime, timedelta
from typing import Any

from benchdb import bench_database
from cpu_use import backend_cpu

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


def sweeper(now: datetime, args: argparse.Namespace, start: Any, out: Any) -> None:
    """One sweeper process: its own connection, started with the others, sweeping until nothing is left."""
    from django.db import connections

    from league.services.timeouts import timeouts_apply

    connections.close_all()  # the parent's connection is not shared across fork
    db_before = backend_cpu()
    start.wait()
    began, cpu = time.perf_counter(), time.process_time()
    moves = calls = 0
    while time.perf_counter() - began < args.budget:
        done = timeouts_apply(now=now, limit=args.limit, batch=args.batch)
        calls += 1
        moves += len(done)
        if not done:
            break
    out.put(
        {
            "wall": time.perf_counter() - began,
            "app_cpu": time.process_time() - cpu,
            "db_cpu": backend_cpu() - db_before,
            "moves": moves,
            "calls": calls,
        }
    )


def run(workers: int, args: argparse.Namespace) -> None:
    with bench_database(DB):
        from django.db import connection, connections
        from django.db.models import Count, Q
        from django.utils import timezone

        from league.models import Table

        began = time.perf_counter()
        tables_make(args.tables)
        print(f"# {args.tables} overdue coinche tables written: {time.perf_counter() - began:.1f} s", flush=True)
        with connection.cursor() as cursor:
            cursor.execute(f'ANALYZE "{Table._meta.db_table}"')  # as autovacuum would after such an insert
        now = timezone.now()
        connections.close_all()
        context = multiprocessing.get_context("fork")
        start, out = context.Barrier(workers + 1), context.Queue()
        processes = [context.Process(target=sweeper, args=(now, args, start, out)) for _ in range(workers)]
        for process in processes:
            process.start()
        start.wait()
        began = time.perf_counter()
        reports = [out.get() for _ in processes]
        elapsed = time.perf_counter() - began
        for process in processes:
            process.join()
        auto = Count("moves", filter=Q(moves__auto=True))
        per_table = Table.objects.annotate(auto=auto).aggregate(
            once=Count("id", filter=Q(auto=1)),
            more=Count("id", filter=Q(auto__gt=1)),
            none=Count("id", filter=Q(auto=0)),
        )
        left = Table.objects.filter(status=Table.Status.ACTIVE, deadline__lte=now).count()

    swept = per_table["once"] + per_table["more"]
    rate = swept / elapsed if elapsed else 0.0
    app = sum(r["app_cpu"] for r in reports)
    db = sum(r["db_cpu"] for r in reports)
    print(
        f"sweep, {workers} worker process(es): {swept} tables handled in {elapsed:.1f} s "
        f"({sum(r['calls'] for r in reports)} timeouts_apply(limit={args.limit}, batch={args.batch}) calls); "
        f"{sum(r['moves'] for r in reports)} timeout moves; tables with one timeout move: {per_table['once']}, "
        f"with more: {per_table['more']}, with none: {per_table['none']}; {left} still overdue"
    )
    print(f"{rate:.1f} tables/s")
    if swept:
        app_ms, db_ms = 1000 * app / swept, 1000 * db / swept
        wall_ms = 1000 * sum(r["wall"] for r in reports) / swept
        print(
            f"per table: {wall_ms:.2f} ms of a sweeper's wall time, {app_ms:.2f} ms sweeper CPU, "
            f"{db_ms:.2f} ms PostgreSQL CPU; one primary core carries ~{1000 / db_ms:.0f} tables/s of sweeping, "
            f"one sweeper core ~{1000 / app_ms:.0f}"
        )
    if left:
        print(f"stopped by --budget {args.budget:.0f} s: all {args.tables} would take ~{args.tables / rate:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--limit", type=int, default=500, help="tables per timeouts_apply call (the beat task's)")
    parser.add_argument("--batch", type=int, default=200, help="tables per transaction (timeouts.BATCH)")
    parser.add_argument("--workers", default="1", help="sweeper processes, e.g. 1,2: one run for each")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds after which the sweep stops")
    args = parser.parse_args()
    for workers in [int(n) for n in args.workers.split(",")]:
        run(workers, args)


if __name__ == "__main__":
    sys.exit(main())
