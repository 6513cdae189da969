"""Random games worked out with the engine alone, for the benchmarks that need moves to submit."""

import random
from typing import Any


def move_pick(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A random legal move; a free amount drawn within its range."""
    entry = rng.choice(legal)
    if "min" not in entry:
        return entry
    base = {k: v for k, v in entry.items() if k not in ("min", "max")}
    return {**base, "amount": rng.randint(entry["min"], entry["max"])}


def script_make(engine: Any, state: dict[str, Any], rng: random.Random, *, limit: int) -> list[tuple[int, Any]]:
    """The first `limit` moves of a random game from this state, as (seat, move): the seat first in to_act plays a
    random legal move, as the read-and-move clients do."""
    script = []
    while len(script) < limit and not engine.is_over(state):
        seat = engine.to_act(state)[0]
        move = move_pick(rng, engine.legal_moves(state, seat))
        script.append((seat, move))
        state = engine.apply_move(state, seat, move)
    return script
