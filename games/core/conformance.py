"""The conformance kit: random playouts that every engine must survive, with its invariants checked at every step.

Used by `tests/games/test_conformance.py` (every registered engine, unchanged) and by `bench/engines.py`.
At every step of every playout:
- every seat in `to_act` has at least one legal move, and every legal move applies;
- illegal moves (wrong seat, unknown type, amounts out of range, garbage) raise IllegalMove and change nothing;
- `apply_move` never mutates its input; the state round-trips through JSON;
- the engine's conserved quantities (chips, cards, points) never change;
- no view (each seat's and the spectator's) changes when the cards hidden from that viewer are exchanged among
  the places hidden from it, and no view contains the seed.
At the end: replaying seed + moves gives the identical state, and outcome/ledger are well formed.
"""

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core.errors import IllegalMove
from games.core.protocol import Engine, Move, Path, State

MAX_STEPS = 50_000


class ConformanceError(AssertionError):
    pass


@dataclass
class Playout:
    players: int
    seed: str
    options: dict[str, Any]
    moves: list[tuple[int, Move]] = field(default_factory=list)
    final: State | None = None

    def describe(self) -> str:
        return f"players={self.players} seed={self.seed!r} options={self.options} after {len(self.moves)} moves"


def concrete(move: Move, rng: random.Random) -> Move:
    """A playable move from a legal-move entry: free amounts get a random value in their range."""
    if "min" not in move:
        return dict(move)
    out = {k: v for k, v in move.items() if k not in ("min", "max")}
    low, high = move["min"], move["max"]
    # favour the edges, where the bugs live
    out["amount"] = rng.choice([low, high, rng.randint(low, high)])
    return out


def _get(state: Any, path: Path) -> Any:
    for key in path:
        state = state[key]
    return state


def _set(state: Any, path: Path, value: Any) -> None:
    for key in path[:-1]:
        state = state[key]
    state[path[-1]] = value


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _check(condition: bool, playout: Playout, message: str) -> None:
    if not condition:
        raise ConformanceError(f"{message} ({playout.describe()})")


def _illegal_probes(engine: Engine, state: State, seat: int, legal: list[Move]) -> list[tuple[int, Any]]:
    """Moves that must be refused: nonsense, out-of-range amounts, and moves by seats not on turn."""
    probes: list[tuple[int, Any]] = [(seat, {"type": "no-such-move"}), (seat, "not a dict"), (seat, {})]
    for move in legal:
        if "min" in move:
            base = {k: v for k, v in move.items() if k not in ("min", "max")}
            probes.append((seat, {**base, "amount": move["max"] + 1}))
            probes.append((seat, {**base, "amount": move["min"] - 1}))
            probes.append((seat, {**base, "amount": str(move["min"])}))
    waiting = [s for s in range(len(_seats(engine, state))) if s not in engine.to_act(state)]
    if waiting and legal:
        sample = legal[0]
        probes.append((waiting[0], concrete(sample, random.Random(0))))
    return probes


def _seats(engine: Engine, state: State) -> list[int]:
    return list(range(state["players"]))


def _check_views(engine: Engine, state: State, playout: Playout, rng: random.Random) -> None:
    viewers: list[int | None] = [*range(state["players"]), None]
    for viewer in viewers:
        view = engine.view(state, viewer)
        text = _canonical(view)
        _check(playout.seed not in text, playout, f"the view of {viewer} contains the seed")
        groups = engine.hidden_places(state, viewer)
        if not any(len(group) > 1 for group in groups):
            continue
        shuffled = json.loads(json.dumps(state))  # a fresh copy, keys in their order; cheaper than deepcopy
        for group in groups:
            values = [_get(state, path) for path in group]
            rng.shuffle(values)
            for path, value in zip(group, values, strict=True):
                _set(shuffled, path, value)
        _check(
            _canonical(engine.view(shuffled, viewer)) == text,
            playout,
            f"the view of {viewer} changes when cards hidden from it are exchanged",
        )


def play(
    engine: Engine,
    *,
    players: int,
    seed: str,
    options: dict[str, Any] | None = None,
    chooser: Callable[[random.Random, list[Move]], Move] | None = None,
    checks: bool = True,
) -> Playout:
    """One random playout to the end of the match; with checks=False, as fast as the engine goes (bench)."""
    options = dict(options or {})
    playout = Playout(players=players, seed=seed, options=options)
    rng = random.Random(f"{engine.name}|{players}|{seed}")
    pick = chooser or (lambda r, moves: concrete(r.choice(moves), r))
    state = engine.new_game(players=players, seed=seed, options=options)
    conserved = engine.conserved(state) if checks else None
    for _ in range(MAX_STEPS):
        if engine.is_over(state):
            break
        seats = engine.to_act(state)
        _check(bool(seats), playout, "the match is not over but nobody is to act")
        seat = rng.choice(seats)
        legal = engine.legal_moves(state, seat)
        _check(bool(legal), playout, f"seat {seat} is to act but has no legal move")
        move = pick(rng, legal)
        before = _check_step(engine, state, seat, legal, playout, rng, conserved) if checks else ""
        state = engine.apply_move(state, seat, move)
        if checks:
            _check(before != _canonical(state), playout, f"move {move} by {seat} changed nothing")
        playout.moves.append((seat, move))
    else:
        raise ConformanceError(f"no end after {MAX_STEPS} moves ({playout.describe()})")
    playout.final = state
    if checks:
        _check_end(engine, state, playout, conserved)
    return playout


def _check_step(
    engine: Engine,
    state: State,
    seat: int,
    legal: list[Move],
    playout: Playout,
    rng: random.Random,
    conserved: dict[str, int] | None,
) -> str:
    """Every per-step check; returns the state's canonical JSON as it was before the step."""
    snapshot = _canonical(state)
    _check(json.loads(snapshot) == state, playout, "the state does not round-trip through JSON")
    _check(engine.ledger_count(state) == len(engine.ledger(state)), playout, "ledger_count differs from the ledger")
    _check(engine.conserved(state) == conserved, playout, f"conserved {engine.conserved(state)} != {conserved}")
    for other in engine.to_act(state):
        _check(bool(engine.legal_moves(state, other)), playout, f"seat {other} is to act without a legal move")
    # every legal move applies (a sample where a step offers hundreds, e.g. Palace Infighting's rows)
    for entry in legal if len(legal) <= 16 else rng.sample(legal, 16):
        engine.apply_move(state, seat, concrete(entry, rng))
    timeout = engine.timeout_move(state, seat)
    engine.apply_move(state, seat, timeout)  # the timeout default is always legal
    for probe_seat, probe in _illegal_probes(engine, state, seat, legal):
        try:
            engine.apply_move(state, probe_seat, probe)
        except IllegalMove as error:
            _check(bool(error.code) and bool(error.message), playout, "IllegalMove without code or message")
        else:
            raise ConformanceError(f"illegal move {probe!r} by seat {probe_seat} was accepted ({playout.describe()})")
    _check(_canonical(state) == snapshot, playout, "apply_move mutated its input")
    _check_views(engine, state, playout, rng)
    return snapshot


def _check_end(engine: Engine, state: State, playout: Playout, conserved: dict[str, int] | None) -> None:
    _check(engine.to_act(state) == [], playout, "a finished match still has seats to act")
    _check(engine.conserved(state) == conserved, playout, "conserved quantities changed by the end")
    outcome = engine.outcome(state)
    places = outcome.get("placements")
    _check(isinstance(places, list) and len(places) == state["players"], playout, "outcome needs a place per seat")
    _check(min(places) == 1, playout, "someone must be placed first")
    _check(all(isinstance(row, dict) for row in engine.ledger(state)), playout, "ledger rows must be dicts")
    _check(engine.ledger_count(state) == len(engine.ledger(state)), playout, "ledger_count differs from the ledger")
    json.dumps(outcome)
    json.dumps(engine.ledger(state))
    replayed = replay(engine, players=playout.players, seed=playout.seed, options=playout.options,
                      moves=playout.moves)
    _check(_canonical(replayed) == _canonical(state), playout, "replaying seed + moves gives a different state")


def replay(engine: Engine, *, players: int, seed: str, options: dict[str, Any], moves: list[tuple[int, Move]]) -> State:
    """The state after applying `moves` to a new game: what the league's verifier does."""
    state = engine.new_game(players=players, seed=seed, options=options)
    for seat, move in moves:
        state = engine.apply_move(state, seat, move)
    return state


def run(
    engine: Engine, *, playouts: int = 0, units: int = 0, offset: int = 0, seed_prefix: str = "kit",
    checks: bool = True,
) -> dict[str, int]:
    """Matches spread over every player count and conformance variant, until at least `playouts` matches and
    `units` ledger rows (hands, deals, rounds) have been played; returns the counts."""
    counts = {"playouts": 0, "moves": 0, "ledger_rows": 0}
    variants = engine.conformance_variants() or [{}]
    combos = [(n, v) for n in range(engine.min_players, engine.max_players + 1) for v in variants]
    i = 0
    while counts["playouts"] < playouts or counts["ledger_rows"] < units:
        players, options = combos[(i + offset) % len(combos)]
        result = play(engine, players=players, seed=f"{seed_prefix}-{i}", options=options, checks=checks)
        counts["playouts"] += 1
        counts["moves"] += len(result.moves)
        counts["ledger_rows"] += len(engine.ledger(result.final))
        i += 1
    return counts
