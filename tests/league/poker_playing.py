"""Poker tournament hands played through the move pipeline by the engines' bots, as a client would play them."""

import random

from games import get_engine
from league.models import Seat, Table
from league.services.moves import move_submit


def bot_move(table: Table, rnd: random.Random) -> tuple[int, dict]:
    """The engine's bot for one seat to act, from that seat's own view and legal moves, as a client would play."""
    engine = get_engine(table.game)
    seat = rnd.choice(engine.to_act(table.state))
    view = engine.view(table.state, seat)
    return seat, engine.bot_move(view, engine.legal_moves(table.state, seat), rnd)


def hand_play(table: Table, rnd: random.Random, capture) -> None:
    """Play one hand's table to its end through the move pipeline; its end reaches the tournament through the
    table-finished path (the task, run on commit)."""
    seats = {seat.index: seat.player for seat in Seat.objects.filter(table=table).select_related("player")}
    while table.status == Table.Status.ACTIVE:
        seat, move = bot_move(table, rnd)
        with capture(execute=True):
            move_submit(table_id=table.pk, player=seats[seat], move=move, expected_version=table.version)
        table.refresh_from_db()
