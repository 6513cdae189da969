"""The one lock order of every write path, and the helpers that take the locks up front.

    season -> round -> table -> players -> ratings

A transaction that needs several of these rows locks them in this order, before it writes anything, and never
takes one higher up the list once it holds one lower down. Two transactions that follow it cannot wait on each
other in a cycle, which is what made `standings_refresh` deadlock with itself and with `rounds_start_scheduled`
(issue 19: a table's rating locked its players, then waited for the season that another refresh held while it
seated those players in the next round). docs/reliability.md lists every path and the locks it takes.

Players are locked `FOR NO KEY UPDATE`: a rating changes none of their keys, so the inserts that reference them
(a next round's seats, whose foreign-key check takes `FOR KEY SHARE`) never wait on a rating.
"""

from collections.abc import Iterable

from league.errors import NotFound
from league.models import Player, Round, Season


def season_lock(season_id: int) -> Season:
    """The season's row, locked: first in the order, taken before any round, table or player of the season."""
    try:
        return Season.objects.select_for_update().get(pk=season_id)
    except Season.DoesNotExist as error:
        raise NotFound("No such season.", field="season") from error


def round_lock(round_id: int) -> Round:
    """The round's row, locked; its season must be locked first (`season_lock`)."""
    return Round.objects.select_for_update(of=("self",)).select_related("season").get(pk=round_id)


def players_lock(player_ids: Iterable[int]) -> list[int]:
    """Lock these players' rows in id order (two ratings of the same people then queue instead of crossing)."""
    return list(
        Player.objects.select_for_update(no_key=True)
        .filter(pk__in=sorted(set(player_ids)))
        .order_by("pk")
        .values_list("pk", flat=True)
    )
