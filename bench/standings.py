"""Standings at scale: a season of 1,000 entrants and 10 rounds of duels (5,000 tables) ranked.

usage: .venv/bin/python bench/standings.py [--entrants 1000] [--rounds 10] [--repeat 3] [--stored-repeat 1]
                                          [--tables 7] [--pure-only] [--no-analyze] [--profile]

Two figures (the pure one the median of --repeat runs, the stored ones of --stored-repeat):
- pure: `league.standings.standings_compute` over the 5,000 outcomes (3/1/0 points; buchholz, Sonneborn-Berger,
  direct encounter, wins, score difference);
- stored: `league.services.standings.standings_recompute` on PostgreSQL (own database `cardleague_bench_standings`,
  created and dropped here): the season's tables, seats and results read back, ranked, and the 1,000 standing rows
  replaced. The season's rows are written in bulk beforehand (Palace duels, finished, with results), then
  ANALYZEd as autovacuum would (--no-analyze: not).
- per finished table (issue 24): `standings_table_apply`, the incremental update after one table, on --tables
  tables of the last round whose result is turned round (the winner now loses) just before; the rows it wrote, and
  whether the stored standings then equal the full recompute's.
Rounds are random pairings with random results (win, draw or loss). Never fails: it prints figures.
"""

import argparse
import random
import statistics
import sys
import time
from typing import Any

from benchdb import ROOT, bench_database

sys.path.insert(0, str(ROOT))

from league.standings import Entry, Outcome, standings_compute

DB = "cardleague_bench_standings"
TIEBREAKS = ["buchholz", "sonneborn_berger", "direct_encounter", "wins", "score_difference"]
DUEL_POINTS = {"places": {"2": [3, 0]}, "draw": 1, "bye": 3}


def season_make(entrants: int, rounds: int, seed: str) -> list[list[tuple[int, int, int, int, int, int]]]:
    """Per round, the tables as (entrant a, place a, score a, entrant b, place b, score b)."""
    rng = random.Random(seed)
    ids = list(range(1, entrants + 1))
    out = []
    for _ in range(rounds):
        order = ids[:]
        rng.shuffle(order)
        tables = []
        for a, b in zip(order[::2], order[1::2], strict=True):
            score_a, score_b = rng.randint(0, 16), rng.randint(0, 16)
            place_a = 1 if score_a >= score_b else 2
            place_b = 1 if score_b >= score_a else 2
            tables.append((a, place_a, score_a, b, place_b, score_b))
        out.append(tables)
    return out


def outcomes_of(season: list[list[tuple[int, int, int, int, int, int]]]) -> list[Outcome]:
    outcomes = []
    number = 0
    for round_number, tables in enumerate(season, start=1):
        for a, pa, sa, b, pb, sb in tables:
            number += 1
            entries = (Entry(entrant=a, place=pa, score=sa), Entry(entrant=b, place=pb, score=sb))
            outcomes.append(Outcome(round=round_number, table=number, kind="played", entries=entries))
    return outcomes


def median_time(fn: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def season_store(season_data: list[list[tuple[int, int, int, int, int, int]]], entrants: int) -> Any:
    """The season in the database, written in bulk: players, entrants, rounds, finished tables, seats, results."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from league.models import Club, Entrant, Player, Result, Round, Season, Seat, Table

    now = timezone.now()
    club = Club.objects.create(name="Bench", slug="bench")
    users = get_user_model().objects.bulk_create(
        [get_user_model()(username=f"e{i}", password="!") for i in range(1, entrants + 1)]
    )
    players = Player.objects.bulk_create([Player(user=u, display_name=u.username) for u in users])
    season = Season.objects.create(
        club=club,
        game="palace-infighting",
        name="Bench",
        league="bench",
        format=Season.Format.SWISS,
        rounds_planned=len(season_data),
        tiebreaks=TIEBREAKS,
        points_table=DUEL_POINTS,
        seed="bench",
        status=Season.Status.RUNNING,
    )
    stored = Entrant.objects.bulk_create([Entrant(competition=season, player=p) for p in players])
    player_of = {i + 1: players[i] for i in range(entrants)}
    assert len(stored) == entrants
    for round_number, tables in enumerate(season_data, start=1):
        round_ = Round.objects.create(season=season, number=round_number, status="finished")
        rows = Table.objects.bulk_create(
            [
                Table(
                    club=club,
                    game="palace-infighting",
                    players=2,
                    seed="bench",
                    state={},
                    version=1,
                    status=Table.Status.FINISHED,
                    round=round_,
                    finished_at=now,
                )
                for _ in tables
            ]
        )
        seats, results = [], []
        for table, (a, pa, sa, b, pb, sb) in zip(rows, tables, strict=True):
            for index, (entrant, place, score) in enumerate(((a, pa, sa), (b, pb, sb))):
                seats.append(Seat(table=table, index=index, player=player_of[entrant]))
                results.append(Result(table=table, seat=index, player=player_of[entrant], place=place, score=score))
        Seat.objects.bulk_create(seats)
        Result.objects.bulk_create(results)
    return season


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entrants", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--stored-repeat", type=int, default=1, help="runs of each stored figure")
    parser.add_argument("--pure-only", action="store_true", help="skip the database figure")
    parser.add_argument("--tables", type=int, default=7, help="finished tables for the incremental figure")
    parser.add_argument(
        "--no-analyze", action="store_true", help="leave the bulk-written season without planner statistics"
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="cProfile one stored season_standings_rows and one more standings_table_apply (with its SQL statements)",
    )
    args = parser.parse_args()
    data = season_make(args.entrants, args.rounds, seed="standings")
    outcomes = outcomes_of(data)
    ids = list(range(1, args.entrants + 1))
    pure = median_time(
        lambda: standings_compute(outcomes, points_table=DUEL_POINTS, tiebreaks=TIEBREAKS, seed="bench", entrants=ids),
        args.repeat,
    )
    print(f"{args.entrants} entrants, {args.rounds} rounds, {len(outcomes)} tables; tiebreaks {', '.join(TIEBREAKS)}")
    print(f"pure   standings_compute      median {pure * 1000:8.1f} ms  ({args.repeat} runs)", flush=True)
    if args.pure_only:
        return
    with bench_database(DB):
        from league.services.standings import season_standings_rows, standings_recompute

        start = time.perf_counter()
        season = season_store(data, args.entrants)
        print(f"# season written in bulk: {time.perf_counter() - start:.1f} s", flush=True)
        if not args.no_analyze:
            # a running season's tables have the statistics autovacuum gathers within a minute of such a load;
            # without them the planner guesses a handful of tables per season and joins all 5,000 of them
            from django.db import connection

            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        rows = median_time(lambda: season_standings_rows(season), args.stored_repeat)
        stored = median_time(lambda: standings_recompute(season=season), args.stored_repeat)
        applied, written, agrees = incremental(season, args.tables)
        if args.profile:
            profile(season, args.tables)
    print(f"stored season_standings_rows   median {rows * 1000:8.1f} ms  (read outcomes + compute, nothing written)")
    print(f"stored standings_recompute     median {stored * 1000:8.1f} ms  (read + compute + replace 1,000 rows)")
    print(
        f"per table standings_table_apply median {applied * 1000:7.1f} ms  ({args.tables} tables; rows written "
        f"{min(written)}-{max(written)}, median {statistics.median(written):.0f}; equal to the full recompute: "
        f"{'yes' if agrees else 'NO'})"
    )


def profile(season: Any, tables: int) -> None:
    """cProfile of one stored season_standings_rows, then of one more standings_table_apply (the table after the
    --tables turned round), with each SQL statement it ran and its time."""
    import cProfile
    import pstats

    from django.db import connection
    from django.db.models import F

    from league.models import Result, Table
    from league.services.standings import season_standings_rows, standings_table_apply

    profiler = cProfile.Profile()
    profiler.runcall(season_standings_rows, season)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)

    table = Table.objects.filter(round__season=season).order_by("-round__number", "id")[tables]
    Result.objects.filter(table=table).update(place=3 - F("place"), score=-F("score"))
    statements: list[tuple[float, str]] = []

    def timed(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        start = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            statements.append((time.perf_counter() - start, sql))

    profiler = cProfile.Profile()
    with connection.execute_wrapper(timed):
        profiler.runcall(standings_table_apply, season=season, table_id=table.pk)
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
    print(f"standings_table_apply: {len(statements)} SQL statements, {sum(t for t, _ in statements) * 1000:.1f} ms")
    for seconds, sql in statements:
        print(f"  {seconds * 1000:7.1f} ms  {sql[:150]}")


def incremental(season: Any, tables: int) -> tuple[float, list[int], bool]:
    """Turn round the result of `tables` tables of the last round, one at a time, each followed by the incremental
    update; its median time, the rows each wrote, and whether the stored rows then equal the full recompute's."""
    from django.db import connection
    from django.db.models import F

    from league.models import Result, Standing, Table
    from league.services.standings import standings_recompute, standings_table_apply

    def stored() -> list[tuple]:
        return list(
            Standing.objects.filter(season=season)
            .order_by("entrant_id")
            .values_list("entrant_id", "rank", "points", "played", "wins", "tiebreaks", "lot")
        )

    last = Table.objects.filter(round__season=season).order_by("-round__number", "id")[:tables]
    times, written, cpu, sql, statements = [], [], [], [], []
    waited: list[float] = []

    def timed(execute: Any, text: str, params: Any, many: bool, context: Any) -> Any:
        start = time.perf_counter()
        try:
            return execute(text, params, many, context)
        finally:
            waited.append(time.perf_counter() - start)

    for table in last:
        # 3 - place: the duel's winner placed second, the loser first (a draw stays a draw)
        Result.objects.filter(table=table).update(place=3 - F("place"), score=-F("score"))
        waited.clear()
        with connection.execute_wrapper(timed):
            start, process = time.perf_counter(), time.process_time()
            written.append(standings_table_apply(season=season, table_id=table.pk))
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - process)
        sql.append(sum(waited))
        statements.append(len(waited))
    after = stored()
    standings_recompute(season=season)
    # on a loaded machine the wall time varies most: this process's CPU and the statements' time tell them apart
    print(
        f"# per table: min {min(times) * 1000:.1f} ms; this process's CPU median {statistics.median(cpu) * 1000:.1f} ms"
        f", SQL median {statistics.median(sql) * 1000:.1f} ms in {statistics.median(statements):.0f} statements"
    )
    return statistics.median(times), written, after == stored()


if __name__ == "__main__":
    sys.exit(main())
