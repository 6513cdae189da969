"""The sweep that plays timeouts: every seat whose clock has run out gets the engine's timeout move through the move
pipeline, table by table (docs/clocks.md, "The sweep"); the season's forfeit policy for a seat abandoned on time.

Above the clocks and the move pipeline: the clocks say who is due, the pipeline plays the move.
"""

import logging
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction

from league.clocks.arithmetic import is_overdue
from league.engines import engine_for
from league.models import Entrant, Season, Seat, Table, TableRuling
from league.services.clocks import seat_clocks_for, seat_deadline, seats_with_clocks, table_policy, vacations_for
from league.services.follow_up import follow_up_enqueue
from league.services.moves import timeout_play
from league.services.standings import entrant_map
from league.services.tables import table_annul

logger = logging.getLogger(__name__)

# a sweep plays at most this many timeout moves at one table, so a table of abandoned seats cannot hold it forever
MAX_TIMEOUTS_PER_TABLE = 2000


@dataclass(frozen=True)
class TimeoutDone:
    table_id: int
    seat: int
    seq: int
    abandoned: bool = False
    forfeited: bool = False


def timeouts_apply(*, now: datetime, limit: int = 500) -> list[TimeoutDone]:
    """Play the timeout of every seat whose clock has run out, table by table, one transaction each; tables another
    sweeper holds are skipped (it is handling them), so sweepers running at once never act on the same table."""
    done: list[TimeoutDone] = []
    seen: set[int] = set()
    while len(seen) < limit:
        with transaction.atomic():
            table = (
                Table.objects.select_for_update(skip_locked=True, no_key=True)
                .filter(status=Table.Status.ACTIVE, deadline__lte=now)
                .exclude(pk__in=seen)
                .order_by("deadline", "id")
                .first()
            )
            if table is None:
                break
            seen.add(table.pk)
            done += _table_timeouts(table=table, now=now)
    return done


@transaction.atomic
def table_timeouts_apply(*, table_id: int, now: datetime) -> list[TimeoutDone]:
    """The sweep for one table (the ETA task): waits for the table's lock, then does what is due and nothing else."""
    table = Table.objects.select_for_update(no_key=True).filter(pk=table_id).first()
    if table is None or table.status != Table.Status.ACTIVE:
        return []
    return _table_timeouts(table=table, now=now)


def _table_timeouts(*, table: Table, now: datetime) -> list[TimeoutDone]:
    """With the table locked: play the timeout of each seat due at `now`, one at a time (each may change who is to
    act), until none is due; then the table's deadline is the earliest true deadline of its seats to act. The table,
    its seats and their clocks are read once: the move pipeline updates them in place."""
    done: list[TimeoutDone] = []
    policy = table_policy(table)
    engine = engine_for(table.game)
    seats = seats_with_clocks(table)
    clocks = seat_clocks_for(table, policy, seats)
    vacations = vacations_for(policy, [seat.player_id for seat in seats])
    for _ in range(MAX_TIMEOUTS_PER_TABLE):
        if table.status != Table.Status.ACTIVE:
            break
        to_act = engine.to_act(table.state)
        deadlines = {i: seat_deadline(clocks[i][1], policy, vacations[clocks[i][0].player_id]) for i in to_act}
        due = [i for i in to_act if is_overdue(deadlines[i], now)]
        if not due:
            # the stored deadline was early (a bank, a pause or a vacation the opening deadline did not know)
            earliest = min(deadlines.values()) if deadlines else None
            if table.deadline != earliest:
                table.deadline = earliest
                table.save(update_fields=["deadline"])
            break
        seat = due[0]
        if table.deadline is None or table.deadline > now:
            # timeout_play trusts the table's deadline; bring it in line with the seat's own deadline
            table.deadline = deadlines[seat]
        result = timeout_play(table=table, policy=policy, seat=seat, now=now, seats=seats)
        if result is None:
            logger.warning("timeout of seat %s at table %s was not applied", seat, table.pk)
            break
        clock = clocks[seat][1]
        newly_abandoned = clock.abandoned and clock.consecutive_timeouts == policy.abandon_after
        forfeited = newly_abandoned and policy.forfeit and result.status == Table.Status.ACTIVE
        done.append(TimeoutDone(table.pk, seat, result.seq, abandoned=newly_abandoned, forfeited=forfeited))
        if forfeited:
            _forfeit_by_clock(table=table, seat=seat, now=now)
            break
    return done


def _forfeit_by_clock(*, table: Table, seat: int, now: datetime) -> None:
    """The season's forfeit policy: the abandoning seat's entrant loses the table, as by an organizer's ruling."""
    season = Season.objects.get(rounds__tables=table)
    player_id = Seat.objects.get(table=table, index=seat).player_id
    entrant = Entrant.objects.get(pk=entrant_map(season)[player_id])
    table_annul(table_id=table.pk, reason=f"forfeit: seat {seat} abandoned on time")
    TableRuling.objects.filter(table=table).delete()
    ruling = TableRuling.objects.create(
        table=table, kind=TableRuling.Kind.FORFEIT, reason=f"seat {seat} abandoned on time", by=None, at=now
    )
    ruling.forfeiting.set([entrant])
    follow_up_enqueue(task="league.tasks.standings_refresh", table_id=table.pk)
