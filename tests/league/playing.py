"""Play tables through the services with random legal moves, as a client would: read, choose, submit."""

import random

from games import get_engine
from games.core.conformance import concrete
from league.models import Table
from league.services.moves import move_submit


def random_move(table: Table, rng: random.Random) -> tuple[int, dict]:
    """A random seat among those to act and a random legal move of it (free amounts drawn in range)."""
    engine = get_engine(table.game)
    seat = rng.choice(engine.to_act(table.state))
    return seat, concrete(rng.choice(engine.legal_moves(table.state, seat)), rng)


def play_moves(table: Table, rng: random.Random, *, count: int | None = None, limit: int = 20_000) -> Table:
    """Submit `count` random legal moves (to the end of the match when None); returns the table reloaded."""
    players = {seat.index: seat.player for seat in table.seats.select_related("player")}
    played = 0
    while played < (count if count is not None else limit):
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        seat, move = random_move(table, rng)
        move_submit(table_id=table.pk, player=players[seat], move=move, expected_version=table.version)
        played += 1
    else:
        if count is None:
            raise AssertionError(f"{table} did not finish in {limit} moves")
    table.refresh_from_db()
    return table


def short_options(game: str) -> dict:
    """The engine's first conformance variant: its short match (few hands, deals or rounds)."""
    variants = get_engine(game).conformance_variants()
    return dict(variants[0]) if variants else {}


def seat_count(game: str) -> int:
    engine = get_engine(game)
    return min(engine.max_players, max(engine.min_players, 3))
