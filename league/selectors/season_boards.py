"""A season page's standings and crosstable, held in each process while the standings stand, a polling interval at
most (issue 37).

A page of a 1,000-entrant season's standings and the crosstable of its entrants took a dozen reads and ~35 ms of CPU
on every view (bench/pages.py, "season"), and every reader of a running season asks again every POLL_SECONDS, while
they change only when something reaches the season. Whatever does writes the standings rows it changes with their
`computed_at` (`standings_recompute` every row, `standings_table_apply` the rows a finished table changed; a result,
a ruling, a withdrawal and a round paired all go through one of them), so the season's latest `computed_at` (read
with the season: `season_with_stamp`) names its standings: a page takes what is held for that stamp, or reads anew.
A result therefore shows on the next view once its standings are written, as it did before.

What the two can show without a standings write is held POLL_SECONDS at most, the interval at which the page polls:
a player's new name, the tables of a round opened after its pairing, the crosstable's letter for a table whose
standings the task has not yet written. Held in the process rather than a shared cache, as a bracket's state is
(league/selectors/bracket_states.py): the stamp is read from the database on every view, so nothing needs clearing
and a process without `CACHE_URL` is as fresh as any other.

What is held is shared by every request of the process: readers must not change it (the page's templates and tags
only read it).
"""

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from django.db.models import OuterRef, Subquery

from league.models import Season, Standing
from league.selectors.crosstable import Crosstable, season_crosstable
from league.selectors.seasons import StandingsPage, season_standings_page

# the season page's standings poll this often (its htmx trigger), and nothing is held longer
POLL_SECONDS = 10
# what a process keeps, a standings page or a crosstable each: the first pages of a few seasons and those being paged
# through (the two of a page of a 1,000-entrant season are ~0.4 MB of objects)
KEPT = 32

T = TypeVar("T")
# (season pk, its created_at: a row's identity for its lifetime, what is held, the page's `after`)
_Key = tuple[int, datetime, str, int]
# what the held rows were read under: the standings' stamp, and the season's settings that shape the rows (its
# tiebreaks, its partners), which change only before it starts but are not worth a doubt
_Version = tuple[datetime, tuple[str, ...], str]

_lock = threading.Lock()
_held: OrderedDict[_Key, tuple[_Version, float, Any]] = OrderedDict()
_clock = time.monotonic


def season_with_stamp(*, season_id: int) -> tuple[Season, datetime | None]:
    """The season with its club and clock, and when its standings were last written (None: it has none yet), in one
    read. Raises Season.DoesNotExist."""
    latest = Standing.objects.filter(season=OuterRef("pk")).order_by("-computed_at").values("computed_at")[:1]
    season = Season.objects.select_related("club", "clock").annotate(standings_at=Subquery(latest)).get(pk=season_id)
    stamp: datetime | None = season.standings_at
    return season, stamp


def held_standings_page(*, season: Season, after: int, stamp: datetime | None) -> StandingsPage:
    """`season_standings_page(season=, after=)`, read once for the standings `stamp` names."""
    after = max(0, after)
    return _held_or_read(
        (season.pk, season.created_at, "standings", after),
        _version(season, stamp),
        read=lambda: season_standings_page(season=season, after=after),
    )


def held_crosstable(*, season: Season, page: StandingsPage, stamp: datetime | None) -> Crosstable:
    """The crosstable of the page's entrants (every entrant when one page holds them all: registration order before
    any standings), read once for the standings `stamp` names."""
    shown = [row.entrant_id for row in page.rows] if page.paged else None
    return _held_or_read(
        (season.pk, season.created_at, "crosstable", page.after),
        _version(season, stamp),
        read=lambda: season_crosstable(season=season, entrant_ids=shown),
    )


def boards_forget() -> None:
    """Drop everything held (a test that writes behind the services' back)."""
    with _lock:
        _held.clear()


def _version(season: Season, stamp: datetime | None) -> _Version | None:
    if stamp is None:
        return None  # nothing names the standings yet (registration): nothing to hold them by
    return (stamp, tuple(season.tiebreaks), season.partners)


def _held_or_read(key: _Key, version: _Version | None, *, read: Callable[[], T]) -> T:
    if version is None:
        return read()
    now = _clock()
    with _lock:
        held = _held.get(key)
        if held is not None and held[0] == version and now - held[1] < POLL_SECONDS:
            _held.move_to_end(key)
            value: T = held[2]
            return value
    value = read()
    with _lock:
        _held[key] = (version, now, value)
        _held.move_to_end(key)
        while len(_held) > KEPT:
            _held.popitem(last=False)
    return value
