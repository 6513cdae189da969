"""Before/after of the fix proposed for `clock_after_move` (docs/benchmarks.md, "Where the move's time goes", fix 1):
`move_submit` with the seat clocks saved by Django's `SeatClock.objects.bulk_update` (as today) against one raw
`UPDATE ... FROM (VALUES ...)` (the proposal), swapped in at run time; no product file is changed.

usage: .venv/bin/python bench/clock_update.py [--moves 400] [--block 20]

Own database `cardleague_bench_clock_update` (created and dropped here). Two identical Coinche tables play the same
--moves moves; the two variants alternate in blocks of --block moves, so the machine's load falls on both alike.
Prints the median wall and CPU time of `move_submit` for each, and whether both tables ended with the same clocks
(which seats have a deadline, the timeout counts). Never fails: it prints figures.
"""

import argparse
import statistics
import sys
import time
from typing import Any

from benchdb import bench_database
from move_cost import match_plan

DB = "cardleague_bench_clock_update"


def values_update(objs: list[Any], fields: list[str]) -> None:
    """What `bulk_update(objs, fields)` does for SeatClock, as one UPDATE joined to a VALUES list."""
    from django.db import connection

    from league.models import SeatClock

    columns = [SeatClock._meta.get_field(name) for name in fields]
    row = "(%s::bigint, " + ", ".join(f"%s::{c.db_type(connection)}" for c in columns) + ")"
    params = [
        value
        for obj in objs
        for value in (obj.pk, *(c.get_db_prep_save(getattr(obj, c.attname), connection) for c in columns))
    ]
    names = ", ".join(f'"{c.column}"' for c in columns)
    sets = ", ".join(f'"{c.column}" = v."{c.column}"' for c in columns)
    with connection.cursor() as cursor:
        cursor.execute(
            f'UPDATE "{SeatClock._meta.db_table}" AS t SET {sets} '
            f"FROM (VALUES {', '.join([row] * len(objs))}) AS v(id, {names}) WHERE t.id = v.id",
            params,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--block", type=int, default=20)
    args = parser.parse_args()

    with bench_database(DB):
        from django.contrib.auth import get_user_model

        from games import get_engine
        from league.models import Club, Player, SeatClock
        from league.services.moves import move_submit
        from league.services.tables import table_create

        club = Club.objects.create(name="Bench", slug="bench")
        players = [
            Player.objects.create(user=get_user_model().objects.create(username=f"p{i}"), display_name=f"P{i}")
            for i in range(4)
        ]
        options = get_engine("coinche").check_options({"target_score": 10000}, 4)
        seed, plan = match_plan(options=options, needed=args.moves)
        tables = {
            name: table_create(club=club, game="coinche", players=players, seed=seed, options=options)
            for name in ("bulk_update", "values_update")
        }
        original = SeatClock.objects.bulk_update
        took: dict[str, list[tuple[float, float]]] = {name: [] for name in tables}
        try:
            for start in range(0, args.moves, args.block):
                for name, table in tables.items():
                    SeatClock.objects.bulk_update = original if name == "bulk_update" else values_update
                    for number in range(start, min(start + args.block, args.moves)):
                        seat, move = plan[number]
                        wall, cpu = time.perf_counter(), time.process_time()
                        move_submit(table_id=table.pk, player=players[seat], move=move, expected_version=number)
                        took[name].append((time.perf_counter() - wall, time.process_time() - cpu))
        finally:
            SeatClock.objects.bulk_update = original

        def clocks_of(table: Any) -> list[tuple[int, bool, int]]:
            rows = SeatClock.objects.filter(seat__table=table).values_list(
                "seat__index", "deadline", "consecutive_timeouts"
            )
            return sorted((index, deadline is None, timeouts) for index, deadline, timeouts in rows)

        same = clocks_of(tables["bulk_update"]) == clocks_of(tables["values_update"])

    print(f"{args.moves} coinche moves per variant, alternating in blocks of {args.block}; "
          f"same clocks at the end: {same}")
    for name, samples in took.items():
        print(f"{name:<14} move_submit median {statistics.median(s[0] for s in samples) * 1000:7.1f} ms wall, "
              f"{statistics.median(s[1] for s in samples) * 1000:6.1f} ms CPU")


if __name__ == "__main__":
    sys.exit(main())
