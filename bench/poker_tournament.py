"""A poker tournament through the services (issue 22): a freezeout of N players of Mini Poker played to the end by
the engine's bot, every hand a league table.

usage: .venv/bin/python bench/poker_tournament.py [--players 1000] [--seats 6] [--stack 100] [--level-hands 2]
       [--antes 10,20,40] [--seed 1] [--hands N] [--every 200]   (kill -TERM prints the figures so far)
       .venv/bin/python bench/poker_tournament.py --rate-only [--players 1000] [--repeat 3]

On its own PostgreSQL database (`cardleague_bench_poker`, created and dropped here): a club, N members, a
tournament created, entered and started through `league.services.poker_tournaments`; then, until it is over, one
of the hands in play (drawn at random: tables play in parallel) is played to its end by `engine.bot_move` from each
seat's own view through `move_submit`, and its end goes through the table-finished path as the worker runs it: the
task `league.tasks.standings_refresh` called in this process when the move has committed (the move pipeline's
enqueue is replaced by that call, so no broker is needed). Figures: the start (the draw and the first hand of every
table), the after-hand step (`standings_refresh`: the hand closed, busts, places, balancing, breaks, the level, the
next hands opened — the target is well under a second), the pure freezeout's share of it (`hand_end` on the same
state), the moves, the rating of the finished tournament (`poker_tournament_rate`, in the last step: one openskill
update of every entrant by the final places) and the whole tournament. Never fails: it prints figures.

`--rate-only` measures the rating alone, without playing: N entrants of a tournament marked finished with places
drawn at random (ties included, as same-hand busts with equal stacks make them), then `poker_tournament_rate` (the
service: the locks, the one update, N Rating rows and N events written), the pure `ratings_update` of the same
places, with a cProfile of it, and `ratings_recompute` of the game.
"""

import argparse
import gc
import random
import signal
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from benchdb import ROOT, bench_database

sys.path.insert(0, str(ROOT))

DB = "cardleague_bench_poker"
LEVELS = [{"ante": a} for a in (5, 10, 15, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640, 1000, 1500, 2500)]


def line(label: str, times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return (
        f"  {label:<38} {len(ms):>7}  median {statistics.median(ms):8.2f} ms  p99 "
        f"{sorted(ms)[int(len(ms) * 0.99)]:8.2f} ms  max {max(ms):8.2f} ms  total {sum(ms) / 1000:8.1f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--stack", type=int, default=100)
    parser.add_argument("--level-hands", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--antes", default="", help="the levels' antes, comma-separated (default: a slow structure)")
    parser.add_argument("--hands", type=int, default=0, help="stop after this many hands (0: play to the end)")
    parser.add_argument("--every", type=int, default=200, help="print the figures so far every this many hands")
    parser.add_argument("--rate-only", action="store_true", help="measure the rating step alone, without playing")
    parser.add_argument("--repeat", type=int, default=3, help="--rate-only: how many times to rate")
    args = parser.parse_args()
    # a database per size, so that two sizes may run at once
    name = DB if args.players == 1000 else f"{DB}_{args.players}"
    with bench_database(f"{name}_rate" if args.rate_only else name):
        (rate_only if args.rate_only else run)(args)


def rate_only(args: argparse.Namespace) -> None:
    import cProfile
    import pstats

    from django.contrib.auth import get_user_model
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from league.models import Club, Player, PokerEntrant, PokerTournament, Rating, RatingEvent
    from league.ratings import ratings_update
    from league.services.ratings import poker_tournament_rate, ratings_recompute
    from league.tournaments.places import ratings_sides

    rnd = random.Random(args.seed)
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"p{i}", password="!") for i in range(args.players)
    )
    people = Player.objects.bulk_create(Player(user=u, display_name=u.username) for u in users)
    club = Club.objects.create(name="Bench club", slug="bench-club")
    tournament = PokerTournament.objects.create(
        club=club, game="mini-poker", name="Bench freezeout", starting_stack=100, table_size=6, level_hands=1,
        levels=[{"ante": 10}], status=PokerTournament.Status.FINISHED, finished_at=timezone.now(),
    )  # fmt: skip
    # places by bust order with a few ties: about one bust in ten shares its place with the next
    rows, place = [], args.players
    order = list(people)
    rnd.shuffle(order)
    while order:
        band = 2 if len(order) > 2 and rnd.random() < 0.1 else 1
        place -= band - 1
        for player in order[:band]:
            rows.append(PokerEntrant(competition=tournament, player=player, place=place, shared=band))
        order = order[band:]
        place -= 1
    # a poker entrant is an entrant's row and its own (multi-table inheritance): no bulk_create, a save each
    with transaction.atomic():
        for row in rows:
            row.save()
    places = [{"entrant": e.player_id, "place": e.place, "shared": e.shared} for e in rows]
    sides, ranks = ratings_sides(places)
    print(f"rating a finished freezeout of {args.players} entrants of Mini Poker (one openskill update)")
    pure = [_timed(lambda: ratings_update({}, sides=sides, places=ranks)) for _ in range(args.repeat)]
    print(line("ratings_update (pure openskill)", pure))
    service: list[float] = []
    for attempt in range(args.repeat):
        with transaction.atomic():
            with CaptureQueriesContext(connection) as queries:
                service.append(_timed(lambda: poker_tournament_rate(tournament=tournament)))
            if attempt == 0:
                print(f"  poker_tournament_rate: {len(queries)} SQL statements")
            transaction.set_rollback(True)
    print(line("poker_tournament_rate (service, first rating)", service))
    poker_tournament_rate(tournament=tournament)
    again = [_timed(lambda: poker_tournament_rate(tournament=tournament)) for _ in range(args.repeat)]
    print(line("  the same again (already rated: nothing)", again))
    print(line("ratings_recompute (the game)", [_timed(lambda: ratings_recompute(game="mini-poker"))]))
    assert RatingEvent.objects.filter(competition=tournament).count() == args.players
    assert Rating.objects.filter(game="mini-poker").count() == args.players
    profile = cProfile.Profile()
    profile.runcall(ratings_update, {}, sides=sides, places=ranks)
    print("  cProfile of ratings_update, top 8 by cumulative time:")
    pstats.Stats(profile, stream=sys.stdout).sort_stats("cumulative").print_stats(8)


def run(args: argparse.Namespace) -> None:
    from django.contrib.auth import get_user_model

    from games import get_engine
    from league import tasks
    from league.models import Club, Membership, Player, PokerEntrant, PokerHand, PokerTournament, Seat, Table
    from league.services import moves
    from league.services import poker_tournaments as poker_services
    from league.services.poker_tournaments import (
        PokerTournamentSpec,
        poker_tournament_create,
        poker_tournament_register,
        poker_tournament_start,
    )
    from league.tournaments import freezeout

    ended: list[int] = []
    # the rating of the finished tournament, timed where the last step calls it
    rated: list[tuple[float, int]] = []
    rate = poker_services.poker_tournament_rate

    def rate_timed(*, tournament: Any) -> Any:
        start = time.perf_counter()
        events = rate(tournament=tournament)
        rated.append((time.perf_counter() - start, len(events)))
        return events

    poker_services.poker_tournament_rate = rate_timed  # type: ignore[assignment]
    # stopped (kill -TERM): print the figures so far
    stop: list[int] = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))

    def enqueue(*, task: str, **kwargs: Any) -> None:
        ended.append(kwargs["table_id"])

    # the worker's job, in this process once the move has committed (move_submit commits before it returns)
    moves.follow_up_enqueue = enqueue  # type: ignore[attr-defined]

    rnd = random.Random(args.seed)
    engine = get_engine("mini-poker")
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"p{i}", password="!") for i in range(args.players + 1)
    )
    people = Player.objects.bulk_create(Player(user=u, display_name=u.username) for u in users)
    club = Club.objects.create(name="Bench club", slug="bench-club")
    Membership.objects.bulk_create(
        Membership(club=club, player=p, role=Membership.Role.ORGANIZER if i == 0 else Membership.Role.MEMBER)
        for i, p in enumerate(people)
    )
    organizer, field = people[0], people[1:]
    tournament = poker_tournament_create(
        club=club,
        by=organizer,
        spec=PokerTournamentSpec(
            game="mini-poker",
            name="Bench freezeout",
            starting_stack=args.stack,
            table_size=args.seats,
            level_hands=args.level_hands,
            levels=[{"ante": int(a)} for a in args.antes.split(",")] if args.antes else LEVELS,
            points_table=[100, 60, 40, 30, 20, 10],
            options={"limit": "no_limit"},
        ),
    )
    for player in field:
        poker_tournament_register(tournament=tournament, player=player)
    began = time.perf_counter()
    start = time.perf_counter()
    tournament = poker_tournament_start(tournament=tournament, by=organizer, seed=f"bench-{args.seed}")
    took_start = time.perf_counter() - start
    tables = len(freezeout.tables_live(tournament.state))
    print(f"{args.players} players of Mini Poker at {tables} tables of at most {args.seats}, stack {args.stack}")
    print(f"  start (the draw, {tables} first hands opened)   {took_start * 1000:8.1f} ms")

    after_hand: list[float] = []
    per_hand: list[float] = []
    pure: list[float] = []
    move_times: list[float] = []
    hands = 0
    # what the process holds once the field is in play is moved out of the collector's way, as a worker process does
    # once started (league/task_signals.py, config/wsgi.py): otherwise every full collection walks it again, a pause
    # of 50-150 ms in some 60 of 1,400 steps, and the steps' p99 measured the collector
    gc.collect()
    gc.freeze()
    while True:
        # in a set order, so that one seed plays one tournament whatever order the database returns rows in
        open_hands = list(
            PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=True)
            .order_by("pk")
            .values_list("pk", "table_id")
        )
        if not open_hands or stop or (args.hands and hands >= args.hands):
            break
        _hand_pk, table_id = rnd.choice(open_hands)
        seats = dict(Seat.objects.filter(table_id=table_id).values_list("index", "player_id"))
        players = Player.objects.in_bulk(list(seats.values()))
        while True:
            table = Table.objects.only("state", "version", "status", "game").get(pk=table_id)
            if table.status != Table.Status.ACTIVE:
                break
            seat = rnd.choice(engine.to_act(table.state))
            move = engine.bot_move(engine.view(table.state, seat), engine.legal_moves(table.state, seat), rnd)
            start = time.perf_counter()
            moves.move_submit(table_id=table_id, player=players[seats[seat]], move=move, expected_version=table.version)
            move_times.append(time.perf_counter() - start)
        hands += 1
        if hands % args.every == 0:
            progress(hands, began, after_hand, move_times)
        for finished in ended:
            state = PokerTournament.objects.values_list("state", flat=True).get(pk=tournament.pk)
            hand = PokerHand.objects.get(table_id=finished)
            stacks = [s for _seat, s in sorted(hand.table.results.values_list("seat", "score"))]
            pure.append(_timed(lambda s=state, h=hand, st=stacks: freezeout.hand_end(s, h.table_number, stacks=st)))
            closed_before = PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=False).count()
            after_hand.append(_timed(lambda f=finished: tasks.standings_refresh(f)))
            # a step closes more than its hand when the hands it deals end as they are dealt (all in on the ante)
            closed = PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=False).count() - closed_before
            per_hand.append(after_hand[-1] / max(closed, 1))
        ended.clear()
    total = time.perf_counter() - began
    tournament.refresh_from_db()
    closed = PokerHand.objects.filter(tournament=tournament, stacks_end__isnull=False).count()
    state = tournament.state
    print(
        f"  {closed} hands ended ({hands} played by the bots, {closed - hands} ended by the engine as they were "
        f"dealt: everyone all in on the ante), {len(move_times)} moves, {state['breaks']} tables broken, "
        f"last level {state['level']}"
    )
    print(line("after-hand step (standings_refresh)", after_hand))
    print(line("  the same, per hand it closed", per_hand))
    print(line("  the pure hand_end (balancing) in it", pure))
    print(line("move_submit (a bot's move)", move_times))
    for seconds, events in rated:
        print(f"  rating the finished tournament (poker_tournament_rate, in the last step): {seconds * 1000:.1f} ms, "
              f"{events} players")  # fmt: skip
    winner = PokerEntrant.objects.filter(competition=tournament, place=1).first()
    verdict = "met" if max(after_hand) < 1.0 else "MISSED"
    left = PokerEntrant.objects.filter(competition=tournament, place=None).count()
    won = f", won by {winner.player_id} with {winner.stack}" if winner else ""
    print(f"  whole run {total:.1f} s; {tournament.status}, {left} players left{won}")
    print(f"  target (every after-hand step under a second): {verdict}")


def progress(hands: int, began: float, after_hand: list[float], move_times: list[float]) -> None:
    ms = sorted(t * 1000 for t in after_hand)
    move = statistics.median(move_times) * 1000
    print(
        f"  ... {hands} hands in {time.perf_counter() - began:.0f} s: after-hand median "
        f"{statistics.median(ms):.0f} ms, max {ms[-1]:.0f} ms; move median {move:.0f} ms",
        flush=True,
    )


def _timed(call: Callable[[], Any]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


if __name__ == "__main__":
    sys.exit(main())
