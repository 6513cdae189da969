"""Storage per move and per finished table, for the capacity plan (docs/scale.md): finished tables of every game
written as the move pipeline leaves them, then measured with PostgreSQL's `pg_total_relation_size` (summed over
the partitions of a partitioned table).

usage: .venv/bin/python bench/storage.py [--tables 20] [--max-moves 20000]

Own database `cardleague_bench_storage` (created and dropped here). For each installed game, --tables tables are
opened by `table_create` (seats, fairness commitment, first state) and played to the end by random legal moves
worked out with the engine (bench/playouts.py); what the pipeline would have stored is then written in bulk: one
`Move` row per move (its payload, seat, player, time), the ledger rows, the results, the seat clocks, and the table's
final state, status and version. After `VACUUM ANALYZE` each relation's size (heap, TOAST and indexes) is read and
divided by the moves and the tables. Prints bytes per move and per finished table, per game and over all.
"""

import argparse
import random
import sys
from datetime import timedelta

from benchdb import bench_database
from playouts import move_pick

DB = "cardleague_bench_storage"
RELATIONS = ["table", "seat", "seatclock", "move", "ledgerentry", "result", "tablefairness"]


def game_store(game: str, tables: int, max_moves: int, rng: random.Random) -> tuple[int, int]:
    """Play and store `tables` finished tables of `game`; returns (tables finished, moves stored)."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from league.engines import engine_for
    from league.models import Club, LedgerEntry, Move, Player, Result, Seat, SeatClock, Table
    from league.services.tables import results_from_outcome, table_create

    engine = engine_for(game)
    count = max(engine.min_players, min(4, engine.max_players))
    club = Club.objects.create(name=f"Bench {game}", slug=f"bench-{game}")
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"{game}-{i}", password="!") for i in range(count)]
    )
    players = Player.objects.bulk_create([Player(user=u, display_name=u.username) for u in users])
    finished = stored = 0
    for number in range(tables):
        table = table_create(
            club=club, game=game, players=players, seed=f"storage-{game}-{number}", time_per_move=timedelta(days=1)
        )
        state, moves, at = table.state, [], timezone.now()
        while not engine.is_over(state) and len(moves) < max_moves:
            seat = engine.to_act(state)[0]
            move = move_pick(rng, engine.legal_moves(state, seat))
            state = engine.apply_move(state, seat, move)
            at += timedelta(minutes=30)
            moves.append(Move(table=table, seq=len(moves) + 1, seat=seat, player=players[seat], payload=move, at=at))
        if not engine.is_over(state):
            table.delete()
            continue
        Move.objects.bulk_create(moves, batch_size=2000)
        LedgerEntry.objects.bulk_create(
            [LedgerEntry(table=table, index=i, row=row) for i, row in enumerate(engine.ledger(state))]
        )
        Result.objects.bulk_create(
            [
                Result(table=table, player=players[row["seat"]], **row)
                for row in results_from_outcome(engine.outcome(state), players=count)
            ]
        )
        SeatClock.objects.bulk_create([SeatClock(seat=seat) for seat in Seat.objects.filter(table=table)])
        Table.objects.filter(pk=table.pk).update(
            state=state, version=len(moves), status=Table.Status.FINISHED, deadline=None, finished_at=at
        )
        finished += 1
        stored += len(moves)
    return finished, stored


def sizes() -> dict[str, int]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
        found = {}
        for name in RELATIONS:
            # a partitioned table (the moves and the ledger, migration 0023) has no storage of its own: its
            # partitions' sizes are summed; a plain table is its own tree
            cursor.execute(
                "SELECT coalesce(sum(pg_total_relation_size(relid)), 0) FROM pg_partition_tree(%s)", [f"league_{name}"]
            )
            found[name] = cursor.fetchone()[0]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=20, help="finished tables per game")
    parser.add_argument("--max-moves", type=int, default=20_000, help="a table not over by then is left out")
    args = parser.parse_args()
    rng = random.Random(24)
    with bench_database(DB):
        from django.db import connection

        from games import available_games

        total_tables = total_moves = 0
        before = sizes()
        for game in available_games():
            finished, moves = game_store(game, args.tables, args.max_moves, rng)
            after = sizes()
            grown = {name: after[name] - before[name] for name in RELATIONS}
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT avg(pg_column_size(state)) FROM league_table WHERE game = %s AND status = 'finished'",
                    [game],
                )
                state = cursor.fetchone()[0] or 0
            if finished:
                kb = {name: grown[name] / finished / 1024 for name in RELATIONS}
                rest = kb["seat"] + kb["seatclock"] + kb["result"] + kb["tablefairness"]
                print(
                    f"{game}: {finished} finished tables, {moves / finished:.0f} moves each; "
                    f"{grown['move'] / max(moves, 1):.0f} B per move (the move table with its indexes); "
                    f"{sum(grown.values()) / finished / 1024:.1f} kB per finished table, of which moves "
                    f"{kb['move']:.1f} kB, ledger {kb['ledgerentry']:.1f} kB, table row {kb['table']:.1f} kB "
                    f"(final state {state / 1024:.1f} kB as stored), the rest (seats, clocks, results, fairness) "
                    f"{rest:.1f} kB"
                )
            total_tables, total_moves, before = total_tables + finished, total_moves + moves, after
        whole = sizes()
    everything = sum(whole.values())
    print(
        f"all games: {total_tables} finished tables, {total_moves} moves; "
        f"{whole['move'] / max(total_moves, 1):.0f} B per move; "
        f"{everything / max(total_tables, 1) / 1024:.1f} kB per finished table (every relation, indexes included)"
    )


if __name__ == "__main__":
    sys.exit(main())
