"""The card table's page: the server's time to answer GET /tables/<id>/ for each game, as the seat to act sees it,
and the board alone as htmx asks for it after a move (median and p95 of --repeat requests, and the page's size).

usage: .venv/bin/python bench/table_page.py [--repeat 100] [--moves 12]

Each game's table is in its own PostgreSQL database (`cardleague_bench_table`, created and dropped here), played
--moves random legal moves in through the move service, its viewer signed in through Django's test client, so the
figure is the process's own work on the request (middleware, the reads, the engine's view and choices, the
templates) without a network or a web server. It fails loudly when a page does not answer 200 with the hand on it.
Figures go in docs/benchmarks.md ("The card table's page").
"""

import argparse
import random
import statistics
import sys
import time

from benchdb import ROOT, bench_database

sys.path.insert(0, str(ROOT))

DB = "cardleague_bench_table"
GAMES = {"coinche": 4, "the-court": 3, "palace-infighting": 2, "black-card": 3, "mini-poker": 3}


def timed(call: object, repeat: int) -> tuple[list[float], list[float]]:
    """Wall time and this process's CPU time of each call, in ms: on a loaded host the CPU time is the page's own
    work (the wall time adds the wait for a core, and PostgreSQL's share)."""
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        call()  # type: ignore[operator]
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return wall, cpu


def p95(times: list[float]) -> float:
    return sorted(times)[max(0, round(len(times) * 0.95) - 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=100)
    parser.add_argument("--moves", type=int, default=12)
    args = parser.parse_args()
    with bench_database(DB):
        from django.contrib.auth import get_user_model
        from django.test import Client

        from games import get_engine
        from games.core.conformance import concrete
        from league.services.clubs import club_create, player_create
        from league.services.moves import move_submit
        from league.services.tables import table_create

        players = [player_create(username=f"table{n}", display_name=f"Player {n}") for n in range(4)]
        club = club_create(name="Bench", organizer=players[0])
        print(f"GET /tables/<id>/ as the seat to act, {args.repeat} requests each, {args.moves} moves in")
        print(
            f"{'game':18} {'page median':>12} {'p95':>9} {'CPU median':>11} {'p95':>8}"
            f" {'board median':>13} {'p95':>9} {'KB':>4}"
        )
        for game, count in GAMES.items():
            engine = get_engine(game)
            table = table_create(club=club, game=game, players=players[:count], seed=f"bench-{game}")
            rng = random.Random(game)
            # Palace Infighting's match is ten rows: its table stays a round short of the end
            for _ in range(min(args.moves, 7) if game == "palace-infighting" else args.moves):
                seat = rng.choice(engine.to_act(table.state))
                move = concrete(rng.choice(engine.legal_moves(table.state, seat)), rng)
                move_submit(table_id=table.pk, player=players[seat], move=move, expected_version=table.version)
                table.refresh_from_db()
            seat = engine.to_act(table.state)[0]
            client = Client()
            client.force_login(get_user_model().objects.get(pk=players[seat].user_id))
            url = f"/tables/{table.pk}/"
            first = client.get(url, secure=True)
            if first.status_code != 200 or (b'id="hand"' not in first.content and b'id="act"' not in first.content):
                raise SystemExit(f"{game}: the page answered {first.status_code} without the hand or the moves")
            page, cpu = timed(lambda c=client, u=url: c.get(u, secure=True), args.repeat)
            board, _ = timed(lambda c=client, u=url: c.get(u, secure=True, HTTP_HX_REQUEST="true"), args.repeat)
            print(
                f"{game:18} {statistics.median(page):9.2f} ms {p95(page):6.2f} ms {statistics.median(cpu):8.2f} ms"
                f" {p95(cpu):5.2f} ms {statistics.median(board):10.2f} ms {p95(board):6.2f} ms"
                f" {len(first.content) // 1024:4}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
