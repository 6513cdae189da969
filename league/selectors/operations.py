"""What an operator watches that only the database knows (docs/operations.md): the tables waiting for the clock
sweep, the tables it cannot play, the outbox's backlog, and the follow-ups of finished tables that have not happened.
Read by `league.services.operations.gauges_refresh` every 15 s (a handful of statements, each on an index or a
bounded range), never on a metrics scrape."""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Count, Exists, Min, OuterRef, Q
from django.db.models.functions import Coalesce

from league.models import (
    OutboxMessage,
    RatingEvent,
    Seat,
    Table,
    TableRuling,
    Tournament,
    TournamentTable,
)

# finished tables older than this are left to the nightly recompute, which rates whatever a lost task did not: the
# read of the pending ratings stays a bounded range of recent tables however many have ever finished
RATING_LOOKBACK = timedelta(days=2)


@dataclass(frozen=True)
class Pending:
    count: int
    oldest_seconds: float  # 0 when there is none


@dataclass(frozen=True)
class Backlog:
    overdue: Pending  # active tables past their deadline
    failing: int  # active tables the sweep marked (sweep_error)
    outbox: Pending
    ratings: Pending  # finished tables that should be rated and are not
    brackets: Pending  # finished or annulled tournament tables whose result has not reached the bracket
    tables: Pending  # ended tables whose whole follow-up has not run yet (Table.followed_up_at unset)


def _pending(count: int, oldest: datetime | None, now: datetime) -> Pending:
    return Pending(count, max(0.0, (now - oldest).total_seconds()) if oldest is not None and count else 0.0)


def backlog_read(*, now: datetime) -> Backlog:
    active = Table.objects.filter(status=Table.Status.ACTIVE)
    overdue = active.filter(deadline__lt=now).aggregate(n=Count("id"), oldest=Min("deadline"))
    failing = active.exclude(sweep_error="").count()
    outbox = OutboxMessage.objects.aggregate(n=Count("id"), oldest=Min("created_at"))
    # the tables league.services.ratings.table_rateable says count, without a rating event
    unrated = (
        Table.objects.filter(status=Table.Status.FINISHED, finished_at__gte=now - RATING_LOOKBACK)
        .filter(
            Q(round__isnull=False)
            | Q(rated=True, poker_hand__isnull=True)
            & ~Exists(Seat.objects.filter(table=OuterRef("pk"), rated_agreed=False))
        )
        .exclude(Exists(TableRuling.objects.filter(table=OuterRef("pk"))))
        .exclude(Exists(RatingEvent.objects.filter(table=OuterRef("pk"))))
    )
    ratings = unrated.aggregate(n=Count("id"), oldest=Min("finished_at"))
    brackets = (
        TournamentTable.objects.filter(recorded=False, tournament__status=Tournament.Status.RUNNING)
        .exclude(table__status__in=[Table.Status.ACTIVE, Table.Status.SEEDING])
        .aggregate(n=Count("id"), oldest=Min(Coalesce("table__finished_at", "table__created_at")))
    )
    # on the partial index table_follow_up_due: only the ended tables still waiting are in it
    unfollowed = Table.objects.filter(
        status__in=[Table.Status.FINISHED, Table.Status.ANNULLED], followed_up_at__isnull=True
    ).aggregate(n=Count("id"), oldest=Min(Coalesce("finished_at", "created_at")))
    return Backlog(
        overdue=_pending(overdue["n"], overdue["oldest"], now),
        failing=failing,
        outbox=_pending(outbox["n"], outbox["oldest"], now),
        ratings=_pending(ratings["n"], ratings["oldest"], now),
        brackets=_pending(brackets["n"], brackets["oldest"], now),
        tables=_pending(unfollowed["n"], unfollowed["oldest"], now),
    )
