"""Freezeouts played with seeded random hands, and the checks every step must pass (pure, no database)."""

import random
from typing import Any

from league.tournaments import freezeout as fz
from league.tournaments.common import copied

LEVELS = [{"ante": 1, "min_bet": 1}, {"ante": 2, "min_bet": 2}, {"ante": 5, "min_bet": 5}, {"ante": 10, "min_bet": 10}]


def hand_result(rnd: random.Random, stacks: list[int]) -> list[int]:
    """Random stacks at the end of a hand, the chips of the hand conserved: a pot between two to all players
    goes to one of them (sometimes split between two); a player who put in their whole stack may bust."""
    out = list(stacks)
    players = rnd.sample(range(len(out)), rnd.randint(2, len(out)))
    pot = 0
    for i in players:
        stake = out[i] if rnd.random() < 0.12 else rnd.randint(0, out[i] // 3)
        out[i] -= stake
        pot += stake
    winners = rnd.sample(players, 2 if len(players) > 2 and rnd.random() < 0.1 else 1)
    share, odd = divmod(pot, len(winners))
    for k, i in enumerate(winners):
        out[i] += share + (odd if k == 0 else 0)
    return out


def seated(state: dict) -> list[int]:
    return [p for t in fz.tables_live(state) for p in fz.players_in(t)]


def sizes(state: dict) -> list[int]:
    return [len(fz.players_in(t)) for t in fz.tables_live(state)]


def invariants_check(state: dict, total: int) -> None:
    """After every step: nobody seated twice, no one out still seated, chips conserved."""
    players = seated(state)
    assert len(players) == len(set(players)), "a player seated twice"
    assert not set(players) & {b["player"] for b in state["busts"]}, "a busted player still seated"
    assert all(s["stack"] > 0 for t in fz.tables_live(state) for s in t["seats"] if s is not None)
    assert fz.chips_total(state) == total, "chips not conserved"
    assert len(players) + len(state["busts"]) == len(state["entrants"])


def moves_replay(before: dict, table_id: int, stacks: list[int], events: list[dict[str, Any]]) -> dict:
    """Apply a hand_end's events, one by one, to the state before it, checking each move against the rules as the
    tables stood at that moment; returns the tables so rebuilt (to compare with the state after)."""
    tables = {t["id"]: t for t in copied(before)["tables"]}
    hand = tables[table_id]["hand"]
    for event in events:
        kind = event["type"]
        if kind == "hand_ended":
            for seat, stack in zip(hand["seats"], stacks, strict=True):
                tables[table_id]["seats"][seat]["stack"] = stack
            tables[table_id]["hand"] = None
        elif kind == "busted":
            seats = tables[event["table"]]["seats"]
            seats[next(i for i, s in enumerate(seats) if s is not None and s["player"] == event["player"])] = None
        elif kind == "moved":
            source, target = tables[event["from"]["table"]], tables[event["to"]["table"]]
            assert source["hand"] is None and target["hand"] is None, "T-D7: a table in a hand is never touched"
            occupant = source["seats"][event["from"]["seat"]]
            assert occupant == {"player": event["player"], "stack": event["stack"]}, "T-D7: the exact stack moves"
            if event["reason"] == "balance":
                live = [len(fz.players_in(t)) for t in tables.values() if not t["broken"]]
                assert len(fz.players_in(source)) == max(live) and len(fz.players_in(target)) == min(live)
                assert max(live) - min(live) >= 2, "T-R15: a move only when two tables differ by two or more"
                assert event["from"]["seat"] == fz.next_button_seat(source), "T-R15: the next to get the button"
                assert event["to"]["seat"] == fz.worst_open_seat(target), "T-R15: into the worst open seat"
            assert target["seats"][event["to"]["seat"]] is None
            target["seats"][event["to"]["seat"]] = occupant
            source["seats"][event["from"]["seat"]] = None
        elif kind == "table_broken":
            assert tables[event["table"]]["hand"] is None
            tables[event["table"]]["broken"] = True
    return tables


def freezeout_play(
    players: int, *, seed: int, max_seats: int = 6, concurrent: bool = False, stack: int = 200
) -> tuple[dict, list[dict]]:
    """A whole freezeout. Sequential: one hand at a time, every table balanced after every step. Concurrent: hands
    dealt and ended in a random interleaving; balanced whenever no hand is in progress. Every step's events are
    replayed and checked (`moves_replay`); returns the final state and every event."""
    rnd = random.Random(seed)
    state, events = fz.freezeout_create(
        list(range(1, players + 1)),
        seed=f"freezeout-{seed}",
        starting_stack=stack,
        max_seats=max_seats,
        levels=LEVELS,
        level_hands=2,
    )
    total = players * stack
    while not state["over"]:
        ready = fz.tables_ready(state)
        in_play = fz.hands_in_play(state)
        assert ready or in_play, "a freezeout that is not over always has a hand to deal or to finish"
        if ready and (not concurrent or not in_play or rnd.random() < 0.55):
            table_id = rnd.choice(ready) if concurrent else ready[0]
            state, hand = fz.hand_deal(state, table_id)
            assert hand["level"] == state["level"] and hand["forced"] == LEVELS[state["level"] - 1]
            if concurrent:
                continue
        else:
            hand = rnd.choice(in_play)
        before = state
        stacks = hand_result(rnd, hand["stacks"])
        state, more = fz.hand_end(state, hand["table"], stacks=stacks)
        events += more
        rebuilt = moves_replay(before, hand["table"], stacks, more)
        assert [rebuilt[t["id"]]["seats"] for t in state["tables"]] == [t["seats"] for t in state["tables"]]
        invariants_check(state, total)
        if not concurrent or not fz.hands_in_play(state):
            assert max(sizes(state)) - min(sizes(state)) <= 1, "T-R15: no table more than one from another"
            assert sum(sizes(state)) > (len(sizes(state)) - 1) * max_seats or len(sizes(state)) == 1, "T-R16"
    return state, events
