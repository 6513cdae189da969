"""Celery tasks: the clock sweep, standings after a table, the nightly recompute, scheduled rounds, reminders.

Every task takes ids (never model instances), re-reads its rows and is idempotent, so late acknowledgement (a task
redelivered after a lost worker) and two runs at once leave the state of one run. The beat schedule lives in the
database (django-celery-beat), installed by `manage.py schedule_install`.

Tasks call services; services never import this module: they enqueue follow-up work by the task's name through
`league.services.follow_up.follow_up_enqueue` (docs/architecture.md, "Layers").
"""

import time
from dataclasses import asdict
from typing import Any

from celery import shared_task
from django.db import InterfaceError, OperationalError
from django.utils import timezone

from league import metrics
from league.services import after_tables, fairness, follow_up, operations, partitions, reminders
from league.services.after_tables import league_recompute, table_follow_up
from league.services.rounds import rounds_start_due
from league.services.timeouts import table_timeouts_apply, timeouts_apply

# a database that is away (restarting, failing over) or a conflict that outlived the service's own retries
# (league/services/retry.py): the task runs again later, with growing waits, instead of being lost
DATABASE_RETRY: dict[str, Any] = {
    "autoretry_for": (OperationalError, InterfaceError),
    "retry_backoff": 2,
    "retry_backoff_max": 120,
    "retry_jitter": True,
    "max_retries": 10,
}


@shared_task(acks_late=True)
def sweep_overdue_tables(limit: int = 500) -> int:
    """Play the timeout of every seat whose clock ran out; safe to run concurrently and twice."""
    started = time.perf_counter()
    done = timeouts_apply(now=timezone.now(), limit=limit)
    metrics.sweep_observed(table_ids=[timeout.table_id for timeout in done], seconds=time.perf_counter() - started)
    return len(done)


@shared_task(acks_late=True)
def tables_seed_sweep(limit: int = 500) -> int:
    """Deal every table whose entropy window has closed (silent seats count as waived); safe to run twice."""
    return fairness.tables_seed_sweep(now=timezone.now(), limit=limit)


@shared_task(acks_late=True)
def table_timeout(table_id: int) -> int:
    """The sweep for one table, e.g. scheduled with an ETA at its deadline; does nothing when nothing is due."""
    return len(table_timeouts_apply(table_id=table_id, now=timezone.now()))


@shared_task(acks_late=True, **DATABASE_RETRY)
def standings_refresh(table_id: int) -> None:
    """Rate a finished table, recompute its season's standings, close its round (and season) when it was the last;
    a tournament's table moves its bracket on, a poker tournament's hand goes on to the tournament's next step."""
    table_follow_up(table_id=table_id)


@shared_task(acks_late=True, **DATABASE_RETRY)
def follow_ups_repair() -> int:
    """Run the follow-up of every ended table whose follow-up did not complete (a task lost with a worker); every
    minute."""
    return len(after_tables.follow_ups_repair(now=timezone.now()))


# acknowledged on receipt, unlike the others: it may run longer than the broker's visibility timeout, which would
# hand it to a second worker while the first still runs it; a run lost with a worker is made good the next night
# (and the follow-ups by follow_ups_repair meanwhile)
@shared_task(acks_late=False, time_limit=4 * 3600, soft_time_limit=4 * 3600 - 60, **DATABASE_RETRY)
def nightly_recompute() -> dict[str, int]:
    """Recompute what the after-table refreshes keep up to date, in case one was lost."""
    return league_recompute()


@shared_task(acks_late=True, **DATABASE_RETRY)
def move_partitions_ensure() -> list[str]:
    """Make the moves' and ledger's next partitions before the table ids reach them (PostgreSQL); monthly, and
    harmless at any time."""
    return partitions.partitions_ensure().created


@shared_task(acks_late=True, **DATABASE_RETRY)
def rounds_start_scheduled() -> list[int]:
    """Start every scheduled round whose time has come (a round already started is left alone)."""
    return [round_.pk for round_ in rounds_start_due(now=timezone.now())]


@shared_task(acks_late=True)
def reminders_send() -> int:
    """Send the "your move", "deadline near" and daily digest mails that are due; each at most once."""
    return reminders.reminders_send(now=timezone.now())


@shared_task(acks_late=True, **DATABASE_RETRY)
def turn_notify(table_id: int) -> int:
    """A move made the table come to someone: "your move" to them in the app, by push and by mail, as each chose
    (enqueued through the outbox by the move pipeline; a turn already told is not told again)."""
    return reminders.turn_remind(table_id=table_id, now=timezone.now())


@shared_task(acks_late=True)
def turn_notify_drain(limit: int = 500) -> int:
    """Every few seconds: "your move" for the tables that moves and new tables left in the outbox."""
    return reminders.turn_notices_drain(now=timezone.now(), limit=limit)


@shared_task(acks_late=True, **DATABASE_RETRY)
def tournament_news(tournament_id: int, poker: bool = False) -> int:
    """A tournament started: its players hear of it (in the app, and by push as each chose); once per player.
    `poker` is no longer read (the competition knows its format); it stays for the tasks queued before."""
    return reminders.tournament_news_send(tournament_id=tournament_id, now=timezone.now())


@shared_task(acks_late=True)
def outbox_drain(limit: int = 1000) -> int:
    """Publish the follow-up work that its transaction's own send left behind (the broker was away); every minute."""
    return follow_up.outbox_drain(limit=limit)


@shared_task(acks_late=True)
def metrics_refresh() -> dict[str, Any]:
    """Compute the gauges that need a query (overdue tables, the outbox, pending follow-ups); every 15 s."""
    return asdict(operations.gauges_refresh(now=timezone.now()))
