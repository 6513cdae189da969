"""The conformance kit: random playouts that every engine must survive, with its invariants checked at every step.

Used by `tests/games/test_conformance.py` (every registered engine, unchanged) and by `bench/engines.py`.
At every step of every playout:
- every seat in `to_act` has at least one legal move, and every legal move applies;
- illegal moves (wrong seat, unknown type, amounts out of range, garbage) raise IllegalMove and change nothing;
- `apply_move` never mutates its input; the state round-trips through JSON;
- the engine's conserved quantities (chips, cards, points) never change;
- no view (each seat's and the spectator's) changes when the cards hidden from that viewer are exchanged among
  the places hidden from it, and no view contains the seed;
- each seat's table choices (`engine.choices`, games/core/choices.py) agree with its legal moves: the cards a pick
  marks legal are exactly those the legal moves take, each refused card is refused by `apply_move` with the same
  reason, the grid holds every legal call of its types, every preset is a legal amount; and they too stay the same
  when cards hidden from the seat are exchanged;
- a move with a key the game does not define is refused as "unknown_field";
- `play_move` gives the state `apply_move` gives, and events of the declared types and well-formed audiences;
- what each viewer sees of a move's events (games/core/events.py) tells it nothing its own views do not: another
  legal choice of the mover that leaves the viewer's view the same, or an exchange of cards hidden from the viewer,
  leaves the viewer's events the same; no viewer's events contain the seed;
- inside a secret step (`engine.secret_step`) that stays open, the mover's choice changes no other seat's view
  and no other seat's events;
- the bot's move is legal.
At the end of every playout, what the finished match publishes (`engine.public_moves`, games/core/public_record.py):
- one entry per move: the move whole, or its type alone (`concealed`); a move that kept nothing secret whole;
- it publishes nothing that the public events leave open: another legal choice of a secret move with which the rest
  of the match plays on with the same public events gets the same public moves (a folded seat's discard, whichever
  card it was);
- the public record replays from the seed (`public_replay`): the true line survives, and every surviving line has
  the true ledger and outcome, so a verifier that never sees a concealed choice checks the whole match.
Once per engine (`check_declarations`): the options schema agrees with `default_options` and `check_options`
(bounds, kinds, unknown names), `teams` partitions the seats, and a start from given seat stacks conserves them.
At the end: replaying seed + moves gives the identical state, and outcome/ledger are well formed.
"""

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import choices
from games.core.errors import IllegalMove
from games.core.events import concealed, is_secret, visible
from games.core.protocol import Engine, Event, Move, Path, State
from games.core.public_record import NotReplayable, public_log, public_replay
from games.core.state import copied

MAX_STEPS = 50_000
UNKNOWN_KEY = "zz_not_a_field"
ALTERNATIVES = 3  # other legal choices of the mover tried against each move's events


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


# one encoder for the whole kit: json.dumps with arguments builds a new one at every call, a fifth of its cost here
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"))


def _canonical(data: Any) -> str:
    return _ENCODER.encode(data)


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
    waiting = [s for s in range(state["players"]) if s not in engine.to_act(state)]
    if waiting and legal:
        sample = legal[0]
        probes.append((waiting[0], concrete(sample, random.Random(0))))
    return probes


def _exchanged(state: State, groups: list[list[Path]], rng: random.Random) -> State:
    """A copy of the state with the cards inside each group shuffled among its places."""
    shuffled = copied(state)
    # a group is mostly the places of one list (a deck of 100 cards): each list is looked up once, not per place
    parents: dict[Path, tuple[Any, Any]] = {}
    for group in groups:
        values = []
        targets = []
        for path in group:
            parent_path = path[:-1]
            pair = parents.get(parent_path)
            if pair is None:
                pair = parents[parent_path] = (_get(state, parent_path), _get(shuffled, parent_path))
            key = path[-1]
            values.append(pair[0][key])
            targets.append((pair[1], key))
        _shuffle(values, rng)
        for (target, key), value in zip(targets, values, strict=True):
            target[key] = value
    return shuffled


def _shuffle(values: list[Any], rng: random.Random) -> None:
    """`rng.shuffle(values)` with CPython's draws inlined (random.shuffle and its _randbelow): the same draws in the
    same order, so the same permutation and the same stream after it, in about half the time; the kit shuffles some
    60,000 groups of cards per engine. tests/games/core/test_conformance_kit.py holds it to random.shuffle."""
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(values))):
        size = i + 1
        bits = size.bit_length()
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        values[i], values[j] = values[j], values[i]


def _viewers(state: State) -> list[int | None]:
    return [*range(state["players"]), None]


class _Legal:
    """Each seat's legal moves at one state, asked of the engine once: the checks of a step read them several
    times (the engine is pure, and nothing in the kit changes a list it returns)."""

    def __init__(self, engine: Engine, state: State) -> None:
        self.engine, self.state = engine, state
        self.known: dict[int, list[Move]] = {}

    def __call__(self, seat: int) -> list[Move]:
        found = self.known.get(seat)
        if found is None:
            found = self.known[seat] = self.engine.legal_moves(self.state, seat)
        return found


def _check_views(
    engine: Engine,
    state: State,
    playout: Playout,
    rng: random.Random,
    views: dict[int | None, Any],
    legal: _Legal,
) -> None:
    """Each viewer's view, and each seat's table choices (games/core/choices.py), are functions of what it may know:
    one exchange of the cards hidden from the viewer leaves both the same. The choices agree with the legal moves.
    `views`: each viewer's view of this state (the step before took most of them; the state is unchanged since:
    every step checks that nothing mutates it)."""
    phases = engine.phases()
    for viewer in _viewers(state):
        if viewer not in views:
            views[viewer] = engine.view(state, viewer)
        view = views[viewer]
        phase = view.get("phase")
        _check(phase is None or phase in phases, playout, f"the view's phase {phase!r} is not among engine.phases()")
        _check(playout.seed not in _canonical(view), playout, f"the view of {viewer} contains the seed")
        declared = None
        if viewer is not None:
            declared = engine.choices(state, viewer)
            problems = choices.check(engine, state, viewer, legal(viewer), found=declared)
            _check(not problems, playout, f"the choices of seat {viewer}: {'; '.join(problems)}")
        groups = engine.hidden_places(state, viewer)
        if not any(len(group) > 1 for group in groups):
            continue
        exchanged = _exchanged(state, groups, rng)
        # views are compared as data (several times faster than as canonical JSON, which costs most of the kit)
        _check(
            engine.view(exchanged, viewer) == view,
            playout,
            f"the view of {viewer} changes when cards hidden from it are exchanged",
        )
        if viewer is not None:
            _check(
                engine.choices(exchanged, viewer) == declared,
                playout,
                f"the choices of seat {viewer} change when cards hidden from it are exchanged",
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
    log: list[tuple[int, Move, list[Event]]] = []
    secret_before: dict[int, State] = {}  # the state before each secret move, for the public-record checks
    views: dict[int | None, Any] = {}  # each viewer's view of the state, where the last step took them
    text = _canonical(state) if checks else ""  # the state's canonical JSON, where the last step took it
    if checks:
        _check_opening(engine, state, playout, rng)
    for _ in range(MAX_STEPS):
        if engine.is_over(state):
            break
        seats = engine.to_act(state)
        _check(bool(seats), playout, "the match is not over but nobody is to act")
        seat = rng.choice(seats)
        legal_of = _Legal(engine, state)
        legal = legal_of(seat)
        _check(bool(legal), playout, f"seat {seat} is to act but has no legal move")
        move = pick(rng, legal)
        if checks:
            _check_step(engine, state, seat, legal_of, playout, rng, conserved, views, text)
            after, events = engine.play_move(state, seat, move)
            after_text = _canonical(after)
            _check(text != after_text, playout, f"move {move} by {seat} changed nothing")
            _check(
                _canonical(engine.apply_move(state, seat, move)) == after_text,
                playout,
                "play_move and apply_move give different states",
            )
            views = _check_events(engine, state, seat, move, legal, after, events, playout, rng)
            if is_secret(events):
                secret_before[len(log)] = state
            log.append((seat, move, events))
            state, text = after, after_text
        else:
            state = engine.apply_move(state, seat, move)
        playout.moves.append((seat, move))
    else:
        raise ConformanceError(f"no end after {MAX_STEPS} moves ({playout.describe()})")
    playout.final = state
    if checks:
        _check_end(engine, state, playout, conserved)
        _check_public_record(engine, log, secret_before, state, playout, rng)
    return playout


def _check_step(
    engine: Engine,
    state: State,
    seat: int,
    legal_of: _Legal,
    playout: Playout,
    rng: random.Random,
    conserved: dict[str, int] | None,
    views: dict[int | None, Any],
    snapshot: str,
) -> None:
    """Every per-step check. `snapshot` is the state's canonical JSON, taken when the step before made it: a change
    to the state since then fails the round trip below, and one made by this step the last check."""
    legal = legal_of(seat)
    _check(json.loads(snapshot) == state, playout, "the state does not round-trip through JSON")
    _check(engine.ledger_count(state) == len(engine.ledger(state)), playout, "ledger_count differs from the ledger")
    found = engine.conserved(state)
    _check(found == conserved, playout, f"conserved {found} != {conserved}")
    for other in engine.to_act(state):
        _check(bool(legal_of(other)), playout, f"seat {other} is to act without a legal move")
    # every legal move applies (a sample where a step offers hundreds, e.g. Palace Infighting's rows)
    for entry in legal if len(legal) <= 16 else rng.sample(legal, 16):
        engine.apply_move(state, seat, concrete(entry, rng))
    timeout = engine.timeout_move(state, seat)
    engine.apply_move(state, seat, timeout)  # the timeout default is always legal
    if seat not in views:
        views[seat] = engine.view(state, seat)
    bot = engine.bot_move(views[seat], legal, rng)
    engine.apply_move(state, seat, bot)  # and so is the bot's choice
    for probe_seat, probe in _illegal_probes(engine, state, seat, legal):
        try:
            engine.apply_move(state, probe_seat, probe)
        except IllegalMove as error:
            _check(bool(error.code) and bool(error.message), playout, "IllegalMove without code or message")
        else:
            raise ConformanceError(f"illegal move {probe!r} by seat {probe_seat} was accepted ({playout.describe()})")
    invented = {**concrete(rng.choice(legal), rng), UNKNOWN_KEY: 1}
    try:
        engine.apply_move(state, seat, invented)
    except IllegalMove as error:
        _check(
            error.code == "unknown_field",
            playout,
            f"a move with an unknown key is refused as {error.code!r}, not 'unknown_field'",
        )
    else:
        raise ConformanceError(f"a move with an unknown key {invented!r} was accepted ({playout.describe()})")
    _check(_canonical(state) == snapshot, playout, "apply_move mutated its input")
    _check_views(engine, state, playout, rng, views, legal_of)


def _check_event_form(engine: Engine, events: Any, players: int, playout: Playout) -> None:
    types = engine.event_types()
    _check(isinstance(events, list), playout, "events are a list")
    for event in events:
        _check(
            isinstance(event, dict) and event.get("type") in types,
            playout,
            f"event {event!r} is not a dict of a declared type",
        )
        for key in ("to", "secret"):
            if key not in event:
                continue
            audience = event["to"] if key == "to" else event["secret"].get("to")
            _check(
                isinstance(audience, list)
                and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in audience),
                playout,
                f"event {event!r}: {key} names no list of seats",
            )
    _check(json.loads(json.dumps(events)) == events, playout, "events do not round-trip through JSON")


def _seen(events: list[Event], viewers: list[int | None]) -> dict[int | None, list[Event]]:
    return {viewer: visible(events, viewer) for viewer in viewers}


def _alternatives(legal: list[Move], move: Move, rng: random.Random) -> list[Move]:
    """Up to ALTERNATIVES other legal choices (free amounts at a random point of their range)."""
    # sample first: a Palace step lists thousands of rows, and encoding them all cost most of the kit's time
    played = _canonical(move)
    picks = rng.sample(legal, min(ALTERNATIVES + 1, len(legal)))
    others = [candidate for candidate in (concrete(entry, rng) for entry in picks) if _canonical(candidate) != played]
    return others[:ALTERNATIVES]


def _check_events(
    engine: Engine,
    before: State,
    seat: int,
    move: Move,
    legal: list[Move],
    after: State,
    events: list[Event],
    playout: Playout,
    rng: random.Random,
) -> dict[int | None, Any]:
    """The events of one move are well formed and each viewer's part of them is a function of what it may know;
    returns each viewer's view of the state after the move (the next step's views)."""
    _check_event_form(engine, events, before["players"], playout)
    viewers = _viewers(before)
    seen = _seen(events, viewers)
    for viewer, shown in seen.items():
        _check(playout.seed not in _canonical(shown), playout, f"the events seen by {viewer} contain the seed")
    views_after = {viewer: engine.view(after, viewer) for viewer in viewers}
    to_act = set(engine.to_act(before))
    stays_open = (
        engine.secret_step(before) and engine.secret_step(after) and set(engine.to_act(after)) == to_act - {seat}
    )
    # another choice the viewer cannot tell from this one by its own view must leave it the same events
    for alternative in _alternatives(legal, move, rng):
        other_after, other_events = engine.play_move(before, seat, alternative)
        other_seen = _seen(other_events, viewers)
        for viewer in viewers:
            same_view = engine.view(other_after, viewer) == views_after[viewer]
            if stays_open and viewer != seat:
                _check(same_view, playout, f"in an open secret step, seat {seat}'s choice shows in {viewer}'s view")
            if same_view:
                _check(
                    other_seen[viewer] == seen[viewer],
                    playout,
                    f"the events of seat {seat}'s move tell {viewer} which choice it made, its view does not",
                )
    # cards hidden from the viewer, exchanged, leave it the same events unless its view after the move changes
    for viewer in [None, rng.choice(viewers[:-1])]:
        groups = engine.hidden_places(before, viewer)
        if not any(len(group) > 1 for group in groups):
            continue
        try:
            other_after, other_events = engine.play_move(_exchanged(before, groups, rng), seat, move)
        except IllegalMove:
            continue  # the move named a card the exchange took away
        if engine.view(other_after, viewer) == views_after[viewer]:
            _check(
                visible(other_events, viewer) == seen[viewer],
                playout,
                f"the events seen by {viewer} change when cards hidden from it are exchanged",
            )
    return views_after


def _check_opening(engine: Engine, state: State, playout: Playout, rng: random.Random) -> None:
    events = engine.opening_events(state)
    _check_event_form(engine, events, state["players"], playout)
    for viewer in _viewers(state):
        text = _canonical(visible(events, viewer))
        _check(playout.seed not in text, playout, f"the opening events seen by {viewer} contain the seed")
        groups = engine.hidden_places(state, viewer)
        if any(len(group) > 1 for group in groups):
            exchanged = engine.opening_events(_exchanged(state, groups, rng))
            _check(
                _canonical(visible(exchanged, viewer)) == text,
                playout,
                f"the opening events seen by {viewer} change when cards hidden from it are exchanged",
            )


def _check_end(engine: Engine, state: State, playout: Playout, conserved: dict[str, int] | None) -> None:
    _check(engine.to_act(state) == [], playout, "a finished match still has seats to act")
    _check(engine.conserved(state) == conserved, playout, "conserved quantities changed by the end")
    outcome = engine.outcome(state)
    places = outcome.get("placements")
    if not isinstance(places, list) or len(places) != state["players"]:
        raise ConformanceError(f"outcome needs a place per seat ({playout.describe()})")
    _check(min(places) == 1, playout, "someone must be placed first")
    _check(all(isinstance(row, dict) for row in engine.ledger(state)), playout, "ledger rows must be dicts")
    _check(engine.ledger_count(state) == len(engine.ledger(state)), playout, "ledger_count differs from the ledger")
    json.dumps(outcome)
    json.dumps(engine.ledger(state))
    replayed = replay(engine, players=playout.players, seed=playout.seed, options=playout.options, moves=playout.moves)
    _check(_canonical(replayed) == _canonical(state), playout, "replaying seed + moves gives a different state")


def _check_public_record(
    engine: Engine,
    log: list[tuple[int, Move, list[Event]]],
    secret_before: dict[int, State],
    final: State,
    playout: Playout,
    rng: random.Random,
) -> None:
    """What the finished match publishes of its moves is well formed, tells nothing the public events leave open,
    and replays from the seed to the true ledger and outcome."""
    public = engine.public_moves(log)
    _check(len(public) == len(log), playout, "public_moves gives a number of moves other than the log's")
    for (_seat, move, events), shown in zip(log, public, strict=False):
        _check(
            shown == move or (is_secret(events) and shown == concealed(move)),
            playout,
            f"public move {shown!r} of {move!r} is neither the move nor its concealed form of a secret move",
        )
    for index in rng.sample(sorted(secret_before), min(ALTERNATIVES, len(secret_before))):
        _check_indistinguishable(engine, log, index, secret_before[index], public, playout, rng)
    try:
        lines = public_replay(
            engine,
            players=playout.players,
            seed=playout.seed,
            options=playout.options,
            moves=public_log(engine, log),
            opening=visible(engine.opening_events(engine.new_game(**_setup(playout))), None),
        )
    except NotReplayable as error:
        raise ConformanceError(f"the public record does not replay: {error} ({playout.describe()})") from error
    _check(
        any(_canonical(line) == _canonical(final) for line in lines),
        playout,
        "the public record's replay loses the true line",
    )
    for line in lines:
        _check(
            _canonical(engine.ledger(line)) == _canonical(engine.ledger(final))
            and _canonical(engine.outcome(line)) == _canonical(engine.outcome(final)),
            playout,
            "a line the public record allows has another ledger or outcome: they tell a concealed choice",
        )


def _check_indistinguishable(
    engine: Engine,
    log: list[tuple[int, Move, list[Event]]],
    index: int,
    before: State,
    public: list[Move],
    playout: Playout,
    rng: random.Random,
) -> None:
    """Another choice of the secret move `index` with which the rest of the match plays on and shows everyone the
    same events must get the same public moves: otherwise they publish what nobody saw."""
    seat, move, _events = log[index]
    legal = [entry for entry in engine.legal_moves(before, seat) if entry.get("type") == move.get("type")]
    for alternative in _alternatives(legal, move, rng):
        other_log = list(log[:index])
        state = before
        for at, (mover, played, events) in enumerate(log[index:], start=index):
            try:
                state, other_events = engine.play_move(state, mover, alternative if at == index else played)
            except IllegalMove:
                break
            if visible(other_events, None) != visible(events, None):
                break
            other_log.append((mover, alternative if at == index else played, other_events))
        else:
            _check(
                engine.public_moves(other_log) == public,
                playout,
                f"public_moves tells seat {seat}'s secret choice {move!r} from {alternative!r}, which nothing public"
                " tells apart",
            )


def _setup(playout: Playout) -> dict[str, Any]:
    return {"players": playout.players, "seed": playout.seed, "options": playout.options}


def replay(engine: Engine, *, players: int, seed: str, options: dict[str, Any], moves: list[tuple[int, Move]]) -> State:
    """The state after applying `moves` to a new game: what the league's verifier does."""
    state = engine.new_game(players=players, seed=seed, options=options)
    for seat, move in moves:
        state = engine.apply_move(state, seat, move)
    return state


def check_declarations(engine: Engine) -> None:
    """What an engine declares about itself, checked once: its title, the options schema against default_options
    and check_options, teams as a partition of the seats, event sentences, and a start from given seat stacks."""

    def fail(message: str) -> None:
        raise ConformanceError(f"{engine.name}: {message}")

    if not isinstance(engine.title, str) or not engine.title:
        fail("no title")
    schema = engine.options_schema()
    if json.loads(json.dumps(schema)) != schema:
        fail("the options schema does not round-trip through JSON")
    names = [option["name"] for option in schema]
    if len(set(names)) != len(names):
        fail("the options schema names an option twice")
    defaults = {option["name"]: option["default"] for option in schema}
    if engine.default_options() != defaults:
        fail("default_options differs from the schema's defaults")
    types = engine.event_types()
    for key, sentence in types.items():
        if not isinstance(sentence, str) or not sentence:
            fail(f"event type {key!r} has no sentence")
        if "." in key and key.split(".")[0] not in types:
            fail(f"{key!r} is the sentence of a field of an undeclared event type")
    for players in range(engine.min_players, engine.max_players + 1):
        if engine.check_options(dict(defaults), players) != defaults:
            fail(f"check_options changes the defaults for {players} players")
        _check_options_refused(engine, schema, defaults, players, fail)
        teams = engine.teams(players)
        if teams is not None and sorted(seat for team in teams for seat in team) != list(range(players)):
            fail(f"teams {teams} are not a partition of the {players} seats")
        _check_seat_stacks(engine, schema, defaults, players, fail)


def _check_options_refused(
    engine: Engine, schema: list[dict[str, Any]], defaults: dict[str, Any], players: int, fail: Callable[[str], None]
) -> None:
    probes: list[dict[str, Any]] = [{UNKNOWN_KEY: 1}]
    for option in schema:
        name = option["name"]
        if option["kind"] == "int":
            probes += [{name: option["min"] - 1}, {name: option["max"] + 1}, {name: str(option["min"])}, {name: True}]
        elif option["kind"] == "bool":
            probes.append({name: 1})
        elif option["kind"] == "choice":
            probes.append({name: "zz-no-such-choice"})
        else:
            probes += [{name: [option["min"]] * (players + 1)}, {name: [option["max"] + 1] * players}]
    for probe in probes:
        try:
            engine.check_options(defaults | probe, players)
        except IllegalMove as error:
            if error.code != "bad_options":
                fail(f"options {probe} are refused as {error.code!r}, not 'bad_options'")
        else:
            fail(f"options {probe} were accepted for {players} players")


def _check_seat_stacks(
    engine: Engine, schema: list[dict[str, Any]], defaults: dict[str, Any], players: int, fail: Callable[[str], None]
) -> None:
    """A game whose options take each seat's stack starts with exactly those chips in play."""
    option = next((option for option in schema if option.get("role") == "seat_stacks"), None)
    if option is None:
        return
    stacks = [max(option["min"], 40 + 17 * seat) for seat in range(players)]
    state = engine.new_game(players=players, seed="seat-stacks", options=defaults | {option["name"]: stacks})
    chips = engine.conserved(state).get("chips")
    if chips != sum(stacks):
        fail(f"a start from seat stacks {stacks} has {chips} chips in play")


def run(
    engine: Engine,
    *,
    playouts: int = 0,
    units: int = 0,
    offset: int = 0,
    seed_prefix: str = "kit",
    checks: bool = True,
) -> dict[str, int]:
    """Matches spread over every player count and conformance variant, until at least `playouts` matches and
    `units` ledger rows (hands, deals, rounds) have been played; returns the counts."""
    counts = {"playouts": 0, "moves": 0, "ledger_rows": 0}
    if checks:
        check_declarations(engine)
    variants = engine.conformance_variants() or [{}]
    combos = [(n, v) for n in range(engine.min_players, engine.max_players + 1) for v in variants]
    i = 0
    while counts["playouts"] < playouts or counts["ledger_rows"] < units:
        players, options = combos[(i + offset) % len(combos)]
        result = play(engine, players=players, seed=f"{seed_prefix}-{i}", options=options, checks=checks)
        assert result.final is not None
        counts["playouts"] += 1
        counts["moves"] += len(result.moves)
        counts["ledger_rows"] += len(engine.ledger(result.final))
        i += 1
    return counts
