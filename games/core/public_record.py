"""A finished match as everyone may know it, and its replay from that alone.

Once a match has ended its seed is published (docs/fairness.md), so every deal can be derived again; what stays
secret for ever is what the players chose in secret and nobody saw: a Court discard, the card kept hidden from a
peek, which of a folded hand's cards were kept. The public record of a match is, per move, the seat, the move as
`engine.public_moves` declares it (`concealed` when it keeps only the type) and the events as a spectator saw
them, beside the opening events as a spectator saw them, the ledger and the outcome.

`public_replay` replays that record from the seed: a public move is applied as it is; a concealed one is tried with
every legal choice of its type, and a line survives while everything it makes public (the events, every move after)
equals the record. Lines that end in the same state are one. What survives to the end is every state the record
allows: the verifier (tools/verify_record.py) checks the ledger and the outcome against them, and the conformance
kit proves that the true line always survives (games/core/conformance.py).

A choice that nothing public ever tells apart (the discard of a player who then folds) leaves several lines to the
end of its hand, one per choice; they cost time, not correctness, and `MAX_LINES` bounds them.
"""

import marshal
from dataclasses import dataclass
from typing import Any

from games.core.errors import IllegalMove
from games.core.events import Event, visible
from games.core.protocol import Engine, Move, State

MAX_LINES = 4096


@dataclass(frozen=True)
class PublicMove:
    seat: int
    move: Move  # whole, or its type alone when concealed
    concealed: bool
    events: list[Event]  # as a spectator saw them


class NotReplayable(Exception):
    """The public record cannot have come from this seed and these options: the first move where it parts."""


def public_log(engine: Engine, log: list[tuple[int, Move, list[Event]]]) -> list[PublicMove]:
    """The public record of a match's moves from its full log (seat, move, events)."""
    published = engine.public_moves(log)
    if len(published) != len(log):
        raise ValueError(f"public_moves gave {len(published)} moves for a log of {len(log)}")
    return [
        PublicMove(seat=seat, move=public, concealed=public != move, events=visible(events, None))
        for (seat, move, events), public in zip(log, published, strict=True)
    ]


def public_replay(
    engine: Engine,
    *,
    players: int,
    seed: str,
    options: dict[str, Any],
    moves: list[PublicMove],
    opening: list[Event] | None = None,
    limit: int = MAX_LINES,
) -> list[State]:
    """Every state the public record allows after its last move (at least one), or NotReplayable."""
    start = engine.new_game(players=players, seed=seed, options=options)
    if opening is not None and visible(engine.opening_events(start), None) != opening:
        raise NotReplayable("the first deal's public events differ")
    lines: list[State] = [start]
    for number, entry in enumerate(moves, start=1):
        survivors: dict[bytes, State] = {}
        for state in lines:
            for move in _choices(engine, state, entry) if entry.concealed else [entry.move]:
                try:
                    after, events = engine.play_move(state, entry.seat, move)
                except IllegalMove:
                    continue
                if visible(events, None) == entry.events:
                    # states built by the same code keep their keys in one order, so equal states marshal alike
                    # (one missed alike costs a line's time, never a wrong answer)
                    survivors.setdefault(marshal.dumps(after), after)
        if not survivors:
            raise NotReplayable(f"move {number} (seat {entry.seat}, {entry.move.get('type')}) does not follow")
        if len(survivors) > limit:
            raise NotReplayable(f"after move {number} more than {limit} secret choices are still open")
        lines = list(survivors.values())
    return lines


def _choices(engine: Engine, state: State, entry: PublicMove) -> list[Move]:
    """The seat's legal moves of the concealed move's type (a concealed choice never has a free amount)."""
    if entry.seat not in engine.to_act(state):
        return []
    kind = entry.move.get("type")
    return [move for move in engine.legal_moves(state, entry.seat) if move.get("type") == kind and "min" not in move]


__all__ = ["MAX_LINES", "NotReplayable", "PublicMove", "public_log", "public_replay"]
