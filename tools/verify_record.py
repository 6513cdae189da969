#!/usr/bin/env python3
"""Verify an exported cardleague table record, with nothing but the Python standard library and the rule engines.

    python tools/verify_record.py RECORD.json [--games DIR] [--quiet]

RECORD.json is what the table's "export" link or `GET /api/tables/<id>/fairness/export/` returns once the table has
ended. DIR is the directory holding the `games/` package of cardleague (pure Python, stdlib only); by default the
repository this script sits in. The script

1. checks that SHA-256(server seed) is the commitment published when the table opened;
2. derives the engine seed from the server seed and the seats' entropy (docs/fairness.md) and checks the record's;
3. checks that the engines' shuffle is the documented one (HMAC-SHA256 counter mode, rejection sampling,
   Fisher–Yates) by re-deriving every deal's deck with its own copy of the algorithm;
4. sets the game up from the engine seed and options and replays the public record (games/core/public_record.py):
   every move as the record publishes it, and every event a spectator saw must follow; a move the record conceals
   (a face-down discard, the card kept hidden from a peek: the rules keep it secret for ever) is tried with each
   legal choice of its type, and the lines that the rest of the record allows go on. It then compares the ledger
   and the results (and the finished / not finished status) with the record.

It may recompute every deck, folded hands included; it prints none of them, only what it checked.

It prints a report and exits 0 when everything agrees, 1 otherwise (2 when it cannot run: a bad file, no engines).
Nothing here imports Django or anything outside the standard library besides `games`.
"""

import argparse
import hashlib
import hmac
import json
import sys
from pathlib import Path
from typing import Any

FORMAT = "cardleague-table-record"
SUPPORTED_VERSIONS = (1,)


# --- the algorithm, version 1, written out again so that it is checked, not trusted ---------------------------------


def commitment_of(server_seed: str) -> str:
    return hashlib.sha256(server_seed.encode()).hexdigest()


def engine_seed_derive(server_seed: str, entropy: list[str | None]) -> str:
    """The server seed when no seat added entropy; else HMAC-SHA256(key=server seed, msg=compact JSON list of the
    seats' entropy in seat order, null for a waived seat), hex."""
    if all(value is None for value in entropy):
        return server_seed
    message = json.dumps(entropy, separators=(",", ":"), ensure_ascii=True).encode()
    return hmac.new(server_seed.encode(), message, hashlib.sha256).hexdigest()


def stream_below(seed: str, label: str):
    """A function drawing uniform integers in [0, bound) from HMAC-SHA256(seed, label | counter), by rejection."""
    key, counter, buffer = seed.encode(), 0, b""

    def take(count: int) -> bytes:
        nonlocal counter, buffer
        while len(buffer) < count:
            buffer += hmac.new(key, label.encode() + b"|" + counter.to_bytes(8, "big"), hashlib.sha256).digest()
            counter += 1
        out, buffer = buffer[:count], buffer[count:]
        return out

    def below(bound: int) -> int:
        if bound == 1:
            return 0
        nbytes = ((bound - 1).bit_length() + 7) // 8
        space = 256**nbytes
        limit = space - space % bound
        while True:
            value = int.from_bytes(take(nbytes), "big")
            if value < limit:
                return value % bound

    return below


def shuffle(cards: list[str], seed: str, label: str) -> list[str]:
    out, below = list(cards), stream_below(seed, label)
    for i in range(len(out) - 1, 0, -1):
        j = below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


# --- the checks -----------------------------------------------------------------------------------------------------


def canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def results_from_outcome(outcome: dict[str, Any], players: int) -> list[dict[str, Any]]:
    """One row per seat, as the league stores results: place, score, and the outcome's other per-seat lists."""
    scores = outcome.get("scores") or [0] * players
    per_seat = {
        key: value
        for key, value in outcome.items()
        if key not in ("placements", "scores") and isinstance(value, list) and len(value) == players
    }
    return [
        {
            "seat": seat,
            "place": outcome["placements"][seat],
            "score": scores[seat],
            "extra": {key: value[seat] for key, value in per_seat.items()},
        }
        for seat in range(players)
    ]


def verify(record: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(what was checked, what differs); the record is good when the second list is empty."""
    from games import IllegalMove, get_engine
    from games.core import cards, rng
    from games.core.public_record import NotReplayable, PublicMove, public_replay

    done: list[str] = []
    problems: list[str] = []
    if record.get("format") != FORMAT:
        return done, [f"not a {FORMAT} (format {record.get('format')!r})"]
    if record.get("algorithm_version") not in SUPPORTED_VERSIONS:
        return done, [f"algorithm version {record.get('algorithm_version')!r} is not one this script knows"]
    table = record["table"]
    players = table["players"]
    server_seed = record.get("server_seed")
    if not server_seed:
        return done, [f"the server seed is not revealed (table is {table.get('status')}): nothing can be checked yet"]

    if commitment_of(server_seed) == record["commitment"]:
        done.append(f"commitment {record['commitment'][:16]}… is SHA-256 of the revealed server seed")
    else:
        problems.append("the server seed does not match the published commitment")

    entropy = record.get("entropy") or [None] * players
    if len(entropy) != players:
        problems.append(f"entropy has {len(entropy)} entries for {players} seats")
    seed = engine_seed_derive(server_seed, entropy)
    given = sum(value is not None for value in entropy)
    if record.get("engine_seed") == seed:
        done.append(f"engine seed derived from the server seed and {given} seat(s)' entropy")
    else:
        problems.append("the engine seed in the record is not the one derived from the server seed and the entropy")

    try:
        engine = get_engine(table["game"])
    except KeyError:
        return done, [*problems, f"unknown game {table['game']!r}"]
    try:
        engine.new_game(players=players, seed=seed, options=record["options"])
    except IllegalMove as error:
        return done, [*problems, f"the game cannot be set up from the seed and options: {error}"]
    moves = []
    for index, move in enumerate(record["moves"], start=1):
        if move.get("seq") != index:
            return done, [*problems, f"move log has seq {move.get('seq')} where {index} was expected"]
        if "payload" not in move:
            return done, [*problems, f"move {index} has no payload (an export made before the table ended?)"]
        moves.append(
            PublicMove(
                seat=move["seat"],
                move=move["payload"],
                concealed=bool(move.get("concealed")),
                events=move.get("events") or [],
            )
        )
    try:
        lines = public_replay(
            engine,
            players=players,
            seed=seed,
            options=record["options"],
            moves=moves,
            opening=record.get("opening_events"),
        )
    except NotReplayable as error:
        return done, [*problems, f"the record does not replay: {error}"]
    concealed = sum(move.concealed for move in moves)
    done.append(
        f"{len(moves)} moves replayed with every public event"
        + (f" ({concealed} concealed choice(s) tried, never shown)" if concealed else "")
    )
    # the record is good when one line the public record allows has its ledger and results
    compared = [_compare(engine, line, record) for line in lines]
    state = lines[next((i for i, found in enumerate(compared) if not found), 0)]
    problems += min(compared, key=len)

    # every deal label the match used, re-derived with this script's copy of the shuffle
    deals = max(len(engine.ledger(state)), 1)
    decks = (cards.standard_deck(jokers=True), cards.coinche_deck(), cards.court_deck())
    for deal in range(deals + 1):
        for deck in decks:
            if shuffle(deck, seed, f"deal-{deal}") != rng.shuffled(deck, seed=seed, label=f"deal-{deal}"):
                problems.append(f"the engines' shuffle differs from the documented algorithm (deal-{deal})")
                break
    done.append(f"the documented shuffle re-derived the decks of deals 0 to {deals}")
    return done, problems


def _compare(engine: Any, state: dict[str, Any], record: dict[str, Any]) -> list[str]:
    problems = []
    table, players = record["table"], record["table"]["players"]
    replayed = engine.ledger(state)
    stored = record["ledger"]
    for index in range(max(len(replayed), len(stored))):
        if index >= len(replayed):
            problems.append(f"ledger row {index} is in the record but not produced by the replay")
        elif index >= len(stored):
            problems.append(f"ledger row {index} is missing from the record")
        elif canonical(replayed[index]) != canonical(stored[index]):
            problems.append(f"ledger row {index} differs from the replay")
    over = engine.is_over(state)
    if over:
        expected = results_from_outcome(engine.outcome(state), players)
        if canonical(sorted(record["results"], key=lambda row: row["seat"])) != canonical(expected):
            problems.append("results differ from the replay's outcome")
        if table["status"] != "finished":
            problems.append(f"the match is over but the table is {table['status']}")
    else:
        if table["status"] == "finished":
            problems.append("the table is finished but the match is not over")
        if record["results"]:
            problems.append("results are recorded for a match that is not over")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Verify an exported cardleague table record.")
    parser.add_argument("record", type=Path, help="the exported JSON record")
    parser.add_argument("--games", type=Path, help="directory holding the games/ package (default: this repository)")
    parser.add_argument("--quiet", action="store_true", help="print only the verdict and the differences")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.games or Path(__file__).resolve().parent.parent))
    try:
        record = json.loads(args.record.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"cannot read {args.record}: {error}", file=sys.stderr)
        return 2
    if not isinstance(record, dict):
        print(f"{args.record} does not hold a JSON object", file=sys.stderr)
        return 2
    try:
        import games  # noqa: F401
    except ImportError as error:
        print(f"cannot import the games package: {error}", file=sys.stderr)
        return 2
    table = record.get("table", {})
    print(f"table {table.get('id')} ({table.get('game')}, {table.get('status')})")
    done, problems = verify(record)
    if not args.quiet:
        for line in done:
            print(f"  ok   {line}")
    for line in problems:
        print(f"  FAIL {line}")
    print("VERIFIED" if not problems else f"NOT VERIFIED: {len(problems)} difference(s)")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
