"""Cost of a move as a match grows: move 10 against move 1,000 of one Coinche table, through `move_submit` on
PostgreSQL (own database `cardleague_bench_move_cost`, created and dropped here).

usage: .venv/bin/python bench/move_cost.py [--at 10 1000] [--window 10] [--target 10000]

The match is a Coinche race to --target points (the engine's maximum, 10,000: about 1,000-2,500 moves of random
play). Its moves are chosen first by replaying the engine alone with a seeded random player (a seed whose match is
long enough is searched). Each point N has its own table of that match: the first is played from move 1, the others
are fast-forwarded to just before their window (the engine applies the moves and the rows `move_submit` would have
left — Move, LedgerEntry, the table's state and version — are written in bulk), so each table carries its whole
history while the run stays short. The 2*window+1 moves of each window (N-window .. N+window, from move 1 when N is
small) are then submitted through `move_submit` in turn, one move per table round and round, so that the machine's
load falls on every point alike; each is timed from the call to its commit. The figure is the median at each point,
and the ratio of the last point to the first. Never fails: it prints figures.
"""

import argparse
import random
import statistics
import sys
import time
from typing import Any

from benchdb import bench_database
from playouts import script_make

DB = "cardleague_bench_move_cost"


def match_plan(*, options: dict[str, Any], needed: int) -> tuple[str, list[tuple[int, dict[str, Any]]]]:
    """A seed and the (seat, move) list of a Coinche match at least `needed` moves long, from the engine alone."""
    from games import get_engine

    engine = get_engine("coinche")
    for attempt in range(50):
        seed = f"move-cost-{attempt}"
        state = engine.new_game(players=4, seed=seed, options=options)
        plan = script_make(engine, state, random.Random(seed), limit=needed)
        if len(plan) >= needed:
            return seed, plan
    raise SystemExit(f"no seed of 50 gives a match of {needed} moves; lower --at")


def fast_forward(*, table: Any, players: list[Any], plan: list[tuple[int, dict[str, Any]]], upto: int) -> None:
    """Bring the table from its version to `upto` moves without the pipeline: the engine applies the moves, and the
    rows the pipeline would have written (moves, ledger rows, the table's state and version) are written in bulk."""
    from django.utils import timezone

    from league.engines import engine_for
    from league.models import LedgerEntry, Move

    engine = engine_for(table.game)
    table.refresh_from_db()
    state = table.state
    known = len(engine.ledger(state))
    now = timezone.now()
    rows = []
    for number in range(table.version + 1, upto + 1):
        seat, move = plan[number - 1]
        state = engine.apply_move(state, seat, move)
        rows.append(
            Move(
                table=table,
                seq=number,
                seat=seat,
                player=players[seat],
                payload=move,
                at=now,
                idempotency_key=f"m{number}",
                result={"seq": number, "version": number},
            )
        )
    Move.objects.bulk_create(rows, batch_size=500)
    ledger = engine.ledger(state)
    LedgerEntry.objects.bulk_create(
        [LedgerEntry(table=table, index=i, row=row) for i, row in enumerate(ledger) if i >= known], batch_size=500
    )
    table.state, table.version = state, upto
    table.save(update_fields=["state", "version"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--at", type=int, nargs="+", default=[10, 1000], help="move numbers to compare")
    parser.add_argument("--window", type=int, default=10, help="moves either side of each point")
    parser.add_argument("--target", type=int, default=10000, help="Coinche target score (100..10000)")
    args = parser.parse_args()
    points = sorted(args.at)
    last = points[-1] + args.window

    with bench_database(DB):
        from django.contrib.auth import get_user_model

        from games import get_engine
        from league.models import Club, Player, Table
        from league.services.moves import move_submit
        from league.services.tables import table_create

        options = get_engine("coinche").check_options({"target_score": args.target}, 4)
        seed, plan = match_plan(options=options, needed=last)
        club = Club.objects.create(name="Bench", slug="bench")
        players = [
            Player.objects.create(user=get_user_model().objects.create(username=f"p{i}"), display_name=f"P{i}")
            for i in range(4)
        ]
        # one table per point, each brought to just before its window; their moves are then submitted in turn
        # (one move on each table, round and round), so the load of the machine falls on every point alike
        tables = []
        for point in points:
            table = table_create(club=club, game="coinche", players=players, options=options, seed=seed)
            first = max(1, point - args.window)
            if first > 1:
                fast_forward(table=table, players=players, plan=plan, upto=first - 1)
            tables.append((table, first))
        took: dict[int, float] = {}
        for step in range(2 * args.window + 1):
            for table, first in tables:
                number = first + step
                seat, move = plan[number - 1]
                start = time.perf_counter()
                move_submit(
                    table_id=table.pk,
                    player=players[seat],
                    move=move,
                    expected_version=number - 1,
                    idempotency_key=f"m{number}",
                )
                took[number] = time.perf_counter() - start
        state_kb = len(repr(Table.objects.filter(pk=tables[-1][0].pk).values_list("state", flat=True).first())) / 1024

    print(
        f"coinche race to {args.target}, seed {seed}: table at move {last}, state ~{state_kb:.1f} kB; "
        f"{len(took)} moves timed through move_submit"
    )
    print(f"{'move':>6} {'median ms':>10} {'min ms':>8} {'max ms':>8}  (moves {args.window} either side)")
    medians, minima = [], []
    for point in points:
        first = max(1, point - args.window)
        sample = [took[n] for n in range(first, first + 2 * args.window + 1)]
        medians.append(statistics.median(sample))
        minima.append(min(sample))
        print(f"{point:>6} {medians[-1] * 1000:>10.2f} {min(sample) * 1000:>8.2f} {max(sample) * 1000:>8.2f}")
    print(
        f"ratio move {points[-1]} / move {points[0]}: {medians[-1] / medians[0]:.2f} (medians), "
        f"{minima[-1] / minima[0]:.2f} (minima: the least disturbed by other load)"
    )


if __name__ == "__main__":
    sys.exit(main())
