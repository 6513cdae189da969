"""Shared by the fairness tests: a finished test-duel, and tables of every game played to the end."""

import random
from datetime import timedelta

from league.models import Table
from league.services.fairness import entropy_add
from tests.league.factories import table_for
from tests.league.playing import play_moves, seat_count, short_options


def seated(table: Table) -> list:
    return [seat.player for seat in table.seats.select_related("player").order_by("index")]


def finished_with_entropy(game: str, *, seed: str, options: dict | None = None, rng_seed: int = 1) -> Table:
    """A table of `game` that went through the entropy step (every seat added some) and was played to the end."""
    table = table_for(
        game,
        players=seat_count(game),
        options=short_options(game) if options is None else options,
        seed=seed,
        entropy_window=timedelta(hours=1),
    )
    for index, player in enumerate(seated(table)):
        entropy_add(table_id=table.pk, player=player, entropy=f"lucky-{index}-{game}")
    table.refresh_from_db()
    return play_moves(table, random.Random(rng_seed))
