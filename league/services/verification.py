"""Rebuild a table from its seed and move log and compare with what is stored (`manage.py verify_tables`).

The hot path never replays; this is the audit that proves the stored state, ledger and results are what the moves
produce. A difference means a bug, a tampered row or an engine change that is not deterministic across versions.
"""

import json
from typing import Any

from games import IllegalMove
from league.engines import engine_for
from league.models import Move, Result, Seat, Table
from league.selectors.move_history import table_ledger, table_moves
from league.services.tables import results_from_outcome


def table_verify(*, table: Table) -> list[str]:
    """The differences between the stored table and its replay; an empty list when they agree."""
    engine = engine_for(table.game)
    differences: list[str] = []
    seats = {seat.index: seat for seat in Seat.objects.filter(table=table)}
    if sorted(seats) != list(range(table.players)):
        differences.append(f"seats {sorted(seats)} do not match {table.players} players")
    try:
        state = engine.new_game(players=table.players, seed=table.seed, options=table.options)
    except IllegalMove as error:
        return [*differences, f"the game cannot be set up from its seed and options: {error}"]

    if _canonical(engine.opening_events(state)) != _canonical(table.opening_events):
        differences.append("the first deal's events differ from the replay")
    moves = table_moves(table=table)
    for expected_seq, move in enumerate(moves, start=1):
        if move.seq != expected_seq:
            differences.append(f"move log has seq {move.seq} where {expected_seq} was expected")
            break
        seat = seats.get(move.seat)
        if seat is None or seat.player_id != move.player_id:
            differences.append(f"move {move.seq} is by a player who does not hold seat {move.seat}")
        try:
            state, events = engine.play_move(state, move.seat, move.payload)
        except IllegalMove as error:
            # the code, not the message: a refusal's message may name the seat's hidden cards, and the verify page shows
            # this list to anyone
            differences.append(f"move {move.seq} is refused on replay: {error.code}")
            break
        if _canonical(events) != _canonical(move.events):
            differences.append(f"move {move.seq}'s events differ from the replay")
    else:
        differences += _compare(table, engine, state, seats, moves)
    return differences


def _compare(table: Table, engine: Any, state: dict[str, Any], seats: dict[int, Seat], moves: list[Move]) -> list[str]:
    differences = []
    if table.version != len(moves):
        differences.append(f"version {table.version} but {len(moves)} moves")
    if _canonical(state) != _canonical(table.state):
        differences.append("stored state differs from the replay of seed + moves")

    replayed_ledger = engine.ledger(state)
    stored_ledger = {entry.index: entry.row for entry in table_ledger(table=table)}
    for index in sorted(set(stored_ledger) | set(range(len(replayed_ledger)))):
        if index >= len(replayed_ledger):
            differences.append(f"ledger row {index} is stored but not produced by the replay")
        elif index not in stored_ledger:
            differences.append(f"ledger row {index} is missing")
        elif _canonical(stored_ledger[index]) != _canonical(replayed_ledger[index]):
            differences.append(f"ledger row {index} differs from the replay")

    stored_results = {
        result.seat: {"seat": result.seat, "place": result.place, "score": result.score, "extra": result.extra}
        for result in Result.objects.filter(table=table)
    }
    if engine.is_over(state):
        if table.status != Table.Status.FINISHED:
            differences.append(f"the match is over but the table is {table.status}")
        expected = {row["seat"]: row for row in results_from_outcome(engine.outcome(state), players=table.players)}
        if _canonical(expected) != _canonical(stored_results):
            differences.append("results differ from the replay's outcome")
    else:
        if table.status == Table.Status.FINISHED:
            differences.append("the table is finished but the match is not over")
        if stored_results:
            differences.append("results are stored for a match that is not over")

    to_act = set(engine.to_act(state)) if table.status == Table.Status.ACTIVE else set()
    flagged = {index for index, seat in seats.items() if seat.to_act}
    if flagged != to_act:
        differences.append(f"seats marked to act {sorted(flagged)}, the engine says {sorted(to_act)}")
    if table.step_open != (bool(moves) and moves[-1].step_open):
        differences.append(
            f"the table says a simultaneous step is {'open' if table.step_open else 'closed'}, "
            "its last move says otherwise"
        )
    return differences


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
