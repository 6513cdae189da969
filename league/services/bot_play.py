"""Seats played by their engine's bot through the move pipeline, as a player would play them: the demo's seasons,
tournaments and tables are played this way (league.demo.clubs), so that their logs, ledgers, clocks,
standings, brackets and ratings are those of real play. A bot sees what its seat sees (the seat's own view and
legal moves) and chooses with `engine.bot_move` and a seeded Random; the move goes through `move_submit`, and what
a finished table sets going (standings, the next round, the bracket, the next poker hand) follows its task as it
does for anyone.
"""

import random
from collections.abc import Callable, Mapping

from games.core.conformance import concrete
from league.engines import engine_for
from league.models import Seat, Table
from league.services.moves import move_submit


def table_bots_play(
    *, table_id: int, key: str, moves: int | None = None, wildness: Mapping[int, float] | None = None
) -> int:
    """Play the table's seats to act with their engine's bot until the table ends (or after `moves` moves); the
    choices follow from `key` alone (give each table its own). `wildness`: the share of a player's moves (by player
    id) played at random among the legal ones instead of by the bot: players of different strength, where two
    copies of one bot would only mirror each other (Palace Infighting's identical hands: every game a draw).
    Returns the moves played."""
    table = Table.objects.get(pk=table_id)
    engine = engine_for(table.game)
    players = {seat.index: seat.player for seat in Seat.objects.filter(table=table).select_related("player")}
    rng = random.Random(key)
    played = 0
    while moves is None or played < moves:
        if table.status != Table.Status.ACTIVE:
            break
        seat = engine.to_act(table.state)[0]
        view = engine.view(table.state, seat)
        legal = engine.legal_moves(table.state, seat)
        if rng.random() < (wildness or {}).get(players[seat].pk, 0.0):
            move = concrete(rng.choice(legal), rng)
        else:
            move = engine.bot_move(view, legal, rng)
        move_submit(table_id=table.pk, player=players[seat], move=move, expected_version=table.version)
        played += 1
        table.refresh_from_db(fields=["state", "version", "status"])
    return played


def tables_bots_play(
    *, tables: Callable[[], list[int]], key: str, wildness: Mapping[int, float] | None = None, passes: int = 1000
) -> int:
    """Play to their end the tables `tables()` names, asking again after each pass (a finished table may open
    others: the next round, the next match, the next hand), until it names none. Returns the moves played."""
    played = met = 0
    for _ in range(passes):
        waiting = tables()
        if not waiting:
            return played
        for table_id in waiting:
            # the n-th table met, not its id: the same choices whatever ids the database hands out
            met += 1
            played += table_bots_play(table_id=table_id, key=f"{key}:{met}", wildness=wildness)
    raise RuntimeError(f"tables still in play after {passes} passes: {tables()}")
