"""Writes seeds/coinche/race_to_2000.json: one whole Coinche match to 2000 under the default rules, as seed + moves,
with the ledger and outcome the engine gave. Run once; tests/games/coinche/test_race_record.py replays it.

usage: .venv/bin/python seeds/coinche/make_race.py

The players are simple seeded bots, so the match has the variety of a real one (thrown-in deals, made and failed
contracts, coinches, the odd slam) rather than the random kit's slam-every-deal bidding.
"""

import json
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from games import get_engine  # noqa: E402

SEED = "coinche-race-to-2000"
OUT = pathlib.Path(__file__).with_name("race_to_2000.json")


def bot_move(view: dict, rng: random.Random) -> dict:
    """A bidder that opens or raises by the step now and then, coinches rarely; a player of random legal cards."""
    legal = view["legal_moves"]
    kinds = {move["type"] for move in legal}
    if view["phase"] == "bidding":
        bids = [move for move in legal if move["type"] == "bid"]
        roll = rng.random()
        if "coinche" in kinds and roll < 0.04:
            return {"type": "coinche"}
        if {"type": "pass"} in legal and (not bids or roll < (0.75 if view["auction"]["bid"] else 0.5)):
            if rng.random() < 0.004:
                return next(move for move in legal if move["type"] == "slam")
            return {"type": "pass"}
        lowest = bids[0]["points"]
        return rng.choice([move for move in bids if move["points"] == lowest])
    if view["phase"] == "surcoinche":
        return {"type": "surcoinche"} if rng.random() < 0.2 else {"type": "pass"}
    return rng.choice(legal)


def race() -> dict:
    engine = get_engine("coinche")
    rng = random.Random(SEED)
    options = engine.default_options()
    state = engine.new_game(players=4, seed=SEED, options=options)
    moves = []
    while not engine.is_over(state):
        # the seat on turn moves; an out-of-turn coincher only when it coinches, else it is left waiting
        on_turn = engine.view(state, None)["auction"]["on_turn"]
        seat = engine.to_act(state)[0] if on_turn is None else on_turn
        move = bot_move(engine.view(state, seat), rng)
        for other in engine.to_act(state):
            if other != seat and rng.random() < 0.02:
                seat, move = other, {"type": "coinche"}  # K-D7: a coinche out of turn
        moves.append([seat, move])
        state = engine.apply_move(state, seat, move)
    return {
        "game": "coinche",
        "seed": SEED,
        "players": 4,
        "options": options,
        "moves": moves,
        "ledger": engine.ledger(state),
        "outcome": engine.outcome(state),
    }


def main() -> None:
    record = race()
    OUT.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    rows = record["ledger"]
    print(f"{OUT}: {len(record['moves'])} moves, {len(rows)} deals, totals {rows[-1]['team_totals']}")


if __name__ == "__main__":
    main()
