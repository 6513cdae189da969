"""Playing brackets to the end with seeded random results, for the tests (pure, no database)."""

import json
import random
from collections import Counter

from league.tournaments import bracket


def json_roundtrip(state: dict) -> dict:
    """The state as the league's JSONField gives it back."""
    return json.loads(json.dumps(state))


def bracket_play(
    state: dict, rnd: random.Random, *, draws: float = 0.0, forfeits: float = 0.0, withdrawals: float = 0.0
) -> tuple[dict, list[dict]]:
    """Play every match to the end: a random winner per table (a drawn table with probability `draws`), now and
    then a forfeit or a withdrawal. The states on the way (every 8th, and the last) must survive a JSON round trip
    unchanged."""
    events: list[dict] = []
    step = 0
    while not bracket.is_over(state):
        ready = bracket.matches_ready(state)
        assert ready, "a bracket that is not over always has a match to play"
        match = bracket.match_get(state, rnd.choice(ready))
        roll = rnd.random()
        if roll < withdrawals:
            state, more = bracket.entrant_withdraw(state, rnd.choice(match["entrants"]))
        elif roll < withdrawals + forfeits:
            state, more = bracket.match_forfeit(state, match["id"], entrant=rnd.choice(match["entrants"]))
        else:
            winner = None if rnd.random() < draws else rnd.choice(match["entrants"])
            state, more = bracket.table_record(state, match["id"], winner=winner)
        events += more
        step += 1
        assert step % 8 or json_roundtrip(state) == state
    assert json_roundtrip(state) == state
    return state, events


def losses(state: dict) -> Counter:
    """Matches lost per entrant (a bye is nobody's loss)."""
    out: Counter = Counter()
    for match in state["matches"]:
        if match["loser"] is not None:
            out[match["loser"]] += 1
    return out
