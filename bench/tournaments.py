"""Tournaments at scale (pure, no database): a 1,024-entrant single elimination and a 1,000-player freezeout.

usage: .venv/bin/python bench/tournaments.py [--entrants 1024] [--players 1000] [--seats 6] [--seed 1]
       .venv/bin/python bench/tournaments.py --league [--entrants 1024] [--game palace-infighting] [--options '{}']
                                                  [--start-only | --steps N]
       .venv/bin/python bench/tournaments.py --state-read [--entrants 4096]

Single elimination: the seeding (by rating, and by lot), the bracket's creation, then every round's advance, both
ways the league may record it: one `results_record` call per round (a whole round at once), and one
`table_record` call per table (each table as it ends). Freezeout: creation (the draw of the seats), then hands
dealt at every table that may deal and ended in a seeded random order, with seeded random results, to the end;
each `hand_end` is one step (busts, places, balancing, breaking, the level) and each `hand_deal` another. Figures:
median and max per step, and the total. Never fails: it prints figures (the target: well under a second a step).

--league: the same single elimination (or --format: another format) through the league's services on PostgreSQL
(own database `cardleague_bench_tournaments`, created and dropped here): the entrants registered one by one
(`tournament_register`), `tournament_start` (seeding, the bracket, the first round's tables opened), then every
table played to its end by the engine's bot through `move_submit`, and after each finished table what the task
`standings_refresh` runs (the rating, then `tournament_advance`: the bracket, places, the next table opened),
timed apart from the moves. Figures per step and the whole tournament's wall time.

--league --steps N: the step after a table at a given size without the whole tournament: the entrants entered in
one statement (registration is not what is measured), `tournament_start`, then N first-round tables played out by
the bot (untimed) and the step after each of them timed as above: median and max of the N steps. N tables of one
round in a row finish pairs of matches, so about half the steps also open the next round's table.

--state-read: a single elimination's whole state read as the pages read it (`tournament_state_read`, 30 times),
from its matches' rows, and the same state kept in `Tournament.state` alone, as every bracket was before the rows.
"""

import argparse
import json
import os
import pathlib
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from benchdb import bench_database

from league.tournaments import bracket
from league.tournaments import freezeout as fz
from league.tournaments.seeding import seeds_by_lot, seeds_by_rating
from league.tournaments.single_elimination import single_elimination_create

LEVELS = [{"ante": a, "min_bet": a} for a in (5, 10, 15, 25, 40, 60, 100, 150, 250, 400, 600, 1000)]


def timed(call: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    out = call()
    return out, time.perf_counter() - start


def line(label: str, times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return (
        f"  {label:<34} {len(ms):>6} steps  median {statistics.median(ms):8.2f} ms  max {max(ms):8.2f} ms  "
        f"total {sum(ms) / 1000:8.2f} s"
    )


def single_elimination_bench(entrants: int, seed: int) -> None:
    rnd = random.Random(seed)
    ids = list(range(1, entrants + 1))
    ratings = {e: rnd.gauss(0, 5) for e in ids}
    seeds, took_rating = timed(lambda: seeds_by_rating(ids, ratings))
    _, took_lot = timed(lambda: seeds_by_lot(ids, seed=f"bench-{seed}"))
    (state, _), took_create = timed(lambda: single_elimination_create(seeds))
    print(f"single elimination, {entrants} entrants ({len(state['matches'])} matches)")
    print(f"  seeding by rating {took_rating * 1000:.2f} ms, by lot {took_lot * 1000:.2f} ms; "
          f"bracket created {took_create * 1000:.2f} ms")  # fmt: skip
    # a whole round at once
    batch = state
    round_times = []
    while not bracket.is_over(batch):
        ready = bracket.matches_ready(batch)
        results = [(m, rnd.choice(bracket.match_get(batch, m)["entrants"])) for m in ready]
        (batch, _), took = timed(lambda b=batch, r=results: bracket.results_record(b, r))
        round_times.append(took)
        print(f"    round of {2 * len(ready):>5}: {len(ready):>4} results in one call {took * 1000:8.2f} ms")
    print(line("a round in one call", round_times))
    # each table as it ends
    single = state
    table_times = []
    ready_times = []
    while not bracket.is_over(single):
        ready, took = timed(lambda s=single: bracket.matches_ready(s))
        ready_times.append(took)
        match_id = rnd.choice(ready)
        winner = rnd.choice(bracket.match_get(single, match_id)["entrants"])
        (single, _), took = timed(lambda s=single, m=match_id, w=winner: bracket.table_record(s, m, winner=w))
        table_times.append(took)
    print(line("one table_record per table", table_times))
    print(line("matches_ready", ready_times))


def freezeout_bench(players: int, seats: int, seed: int) -> None:
    rnd = random.Random(seed)
    (state, _), took_create = timed(
        lambda: fz.freezeout_create(
            list(range(1, players + 1)), seed=f"bench-{seed}", starting_stack=1000, max_seats=seats, levels=LEVELS,
            level_hands=8,
        )
    )  # fmt: skip
    print(f"freezeout, {players} players at {len(state['tables'])} tables of at most {seats}")
    print(f"  created (seats drawn by lot) {took_create * 1000:.2f} ms")
    ends, deals, readies = [], [], []
    kinds: Counter[str] = Counter()
    in_play: list[dict[str, Any]] = []
    while not state["over"]:
        ready, took = timed(lambda s=state: fz.tables_ready(s))
        readies.append(took)
        for table_id in ready:
            (state, hand), took = timed(lambda s=state, t=table_id: fz.hand_deal(s, t))
            deals.append(took)
            in_play.append(hand)
        # the hands end in a random order, a few at a time, while the others are still in play
        for _ in range(max(1, len(in_play) // 4)):
            hand = in_play.pop(rnd.randrange(len(in_play)))
            stacks = _hand_result(rnd, hand["stacks"], hand["forced"]["ante"])
            (state, events), took = timed(lambda s=state, h=hand, st=stacks: fz.hand_end(s, h["table"], stacks=st))
            ends.append(took)
            kinds.update(e["type"] if e["type"] != "moved" else f"moved ({e['reason']})" for e in events)
            if state["over"] or not in_play:
                break
    print(line("hand_end (busts, balancing, breaks)", ends))
    print(line("hand_deal", deals))
    print(line("tables_ready", readies))
    print(f"  {state['hands_ended']} hands, level {state['level']} at the end; "
          + ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()) if kind != "hand_ended"))  # fmt: skip


def _hand_result(rnd: random.Random, stacks: list[int], ante: int) -> list[int]:
    """A seeded random hand: everyone antes, two to four players bet, one takes the pot (chips conserved)."""
    out = list(stacks)
    pot = 0
    for i in range(len(out)):
        paid = min(ante, out[i])
        out[i] -= paid
        pot += paid
    players = rnd.sample(range(len(out)), min(len(out), rnd.randint(2, 4)))
    for i in players:
        stake = out[i] if rnd.random() < 0.15 else rnd.randint(0, out[i] // 4)
        out[i] -= stake
        pot += stake
    out[rnd.choice(players)] += pot
    return out


def league_bench(
    entrants: int,
    game: str,
    options: dict[str, Any],
    seed: int,
    *,
    start_only: bool,
    steps: int | None,
    fmt: str = "single_elim",
    groups: int | None = None,
) -> None:
    """The tournament through the services (see the module's docstring)."""
    with bench_database("cardleague_bench_tournaments"):
        _league_run(entrants, game, options, seed, start_only=start_only, steps=steps, fmt=fmt, groups=groups)


def _league_run(
    entrants: int,
    game: str,
    options: dict[str, Any],
    seed: int,
    *,
    start_only: bool,
    steps: int | None,
    fmt: str,
    groups: int | None,
) -> None:
    from django.contrib.auth import get_user_model

    from games import get_engine
    from league.models import Club, Entrant, Membership, Player, Table, Tournament
    from league.services import moves
    from league.services.moves import move_submit
    from league.services.rounds import season_table_refresh
    from league.services.tournaments import (
        TournamentSpec,
        tournament_advance,
        tournament_create,
        tournament_register,
        tournament_start,
    )

    finished: list[int] = []
    # the task after a table is run here, timed apart from the moves (the pipeline would enqueue it)
    moves.follow_up_enqueue = lambda *, task, table_id: finished.append(table_id)  # type: ignore[assignment]
    engine = get_engine(game)
    rnd = random.Random(seed)
    start_all = time.perf_counter()
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"bench{i}", password="!") for i in range(entrants + 1)
    )
    players = Player.objects.bulk_create(Player(user=u, display_name=u.username.title()) for u in users)
    club = Club.objects.create(name="Bench club", slug="bench")
    Membership.objects.bulk_create(
        Membership(club=club, player=p, role="organizer" if i == 0 else "member") for i, p in enumerate(players)
    )
    organizer, field = players[0], players[1:]
    # two stages: groups of about eight (at most 64 groups), the top two of each through
    two = {"groups": groups or min(64, max(1, entrants // 8)), "stage_top": 2} if fmt == "two_stage" else {}
    spec = TournamentSpec(name="Bench cup", game=game, format=fmt, seeding="lot", options=options, **two)
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    print(f"{fmt} through the services, {entrants} entrants, {game} {options} {two or ''}")
    if steps is not None:
        Entrant.objects.bulk_create(Entrant(competition=tournament, player=p) for p in field)
    else:
        register_times = []
        for player in field:
            _, took = timed(lambda p=player: tournament_register(tournament=tournament, player=p))
            register_times.append(took)
        print(line("tournament_register", register_times))
    tournament, took = timed(lambda: tournament_start(tournament=tournament, by=organizer))
    opened = Table.objects.filter(tournament_link__tournament=tournament).count()
    print(f"  tournament_start (draw by lot, bracket, {opened} tables opened) {took:.2f} s")
    if fmt == "single_elim" and opened != entrants // 2:
        raise SystemExit(f"the start opened {opened} tables, not {entrants // 2}")
    if start_only:
        return
    move_times, advance_times = [], []
    tables_played = 0
    by_id = {p.pk: p for p in players}
    while steps is None or tables_played < steps:
        active = list(Table.objects.filter(tournament_link__tournament=tournament, status="active").order_by("id"))
        if not active:
            break
        for table in active[:steps]:
            seats = dict(table.seats.values_list("index", "player_id"))
            state, version = table.state, table.version
            while not engine.is_over(state):
                seat = rnd.choice(engine.to_act(state))
                legal = engine.legal_moves(state, seat)
                move = engine.bot_move(engine.view(state, seat), legal, rnd)
                result, took = timed(
                    lambda t=table, p=by_id[seats[seat]], m=move, v=version: move_submit(
                        table_id=t.pk, player=p, move=m, expected_version=v
                    )
                )
                move_times.append(took)
                version = result.version
                state = Table.objects.only("state").get(pk=table.pk).state
            while finished:
                table_id = finished.pop()
                _, took = timed(lambda t=table_id: (season_table_refresh(table_id=t), tournament_advance(table_id=t)))
                advance_times.append(took)
            tables_played += 1
    tournament.refresh_from_db()
    wall = time.perf_counter() - start_all
    print(line("move_submit (bot moves)", move_times))
    print(line("after a table: rating + advance", advance_times))
    print(f"  {tables_played} tables, status {tournament.status}; whole tournament {wall:.1f} s wall time")
    if steps is None:
        assert tournament.status == Tournament.Status.FINISHED


def state_read_bench(entrants: int) -> None:
    """The whole state read from the rows and from one column (see the module's docstring)."""
    with bench_database("cardleague_bench_tournaments"):
        from league.models import Club, Tournament
        from league.selectors.bracket_states import tournament_state_read
        from league.services.bracket_rows import bracket_rows_create

        club = Club.objects.create(name="Bench club", slug="bench")
        state, _ = single_elimination_create(list(range(1, entrants + 1)))
        fields = {"club": club, "game": "the-court", "format": "single_elim"}
        rows = Tournament.objects.create(name="rows", state=bracket.header_of(state), **fields)
        bracket_rows_create(tournament=rows, matches=state["matches"])
        column = Tournament.objects.create(name="one column", state=state, **fields)
        print(f"single elimination, {entrants} entrants ({len(state['matches'])} matches)")
        for label, pk in (("whole state read from its rows", rows.pk), ("from one column", column.pk)):
            times = [timed(lambda p=pk: tournament_state_read(tournament_id=p))[1] for _ in range(30)]
            print(line(label, times))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entrants", type=int, default=1024)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--league", action="store_true", help="through the services, on PostgreSQL")
    parser.add_argument("--game", default="palace-infighting")
    parser.add_argument("--options", default="{}", help="the tables' engine options, as JSON")
    parser.add_argument("--start-only", action="store_true", help="with --league: stop after the start")
    parser.add_argument("--steps", type=int, help="with --league: time the steps after N first-round tables only")
    parser.add_argument(
        "--format",
        default="single_elim",
        choices=["single_elim", "double_elim", "multi_elim", "two_stage"],
        help="with --league: the tournament's format (two_stage: groups, then a single elimination)",
    )
    parser.add_argument("--groups", type=int, help="with --league --format two_stage: how many groups")
    parser.add_argument("--state-read", action="store_true", help="a whole state read from rows and from a column")
    args = parser.parse_args()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} cores, load average {load} (one process: the steps are single-threaded pure Python)")
    if args.state_read:
        state_read_bench(args.entrants)
        return
    if args.league:
        league_bench(
            args.entrants,
            args.game,
            json.loads(args.options),
            args.seed,
            start_only=args.start_only,
            steps=args.steps,
            fmt=args.format,
            groups=args.groups,
        )
        return
    single_elimination_bench(args.entrants, args.seed)
    freezeout_bench(args.players, args.seats, args.seed)


if __name__ == "__main__":
    sys.exit(main())
