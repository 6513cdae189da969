"""Tournaments at scale (pure, no database): a 1,024-entrant single elimination and a 1,000-player freezeout.

usage: .venv/bin/python bench/tournaments.py [--entrants 1024] [--players 1000] [--seats 6] [--seed 1]

Single elimination: the seeding (by rating, and by lot), the bracket's creation, then every round's advance, both
ways the league may record it: one `results_record` call per round (a whole round at once), and one
`table_record` call per table (each table as it ends). Freezeout: creation (the draw of the seats), then hands
dealt at every table that may deal and ended in a seeded random order, with seeded random results, to the end;
each `hand_end` is one step (busts, places, balancing, breaking, the level) and each `hand_deal` another. Figures:
median and max per step, and the total. Never fails: it prints figures (the target: well under a second a step).
"""

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entrants", type=int, default=1024)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{os.cpu_count()} cores, load average {load} (one process: the steps are single-threaded pure Python)")
    single_elimination_bench(args.entrants, args.seed)
    freezeout_bench(args.players, args.seats, args.seed)


if __name__ == "__main__":
    sys.exit(main())
