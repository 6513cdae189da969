"""Celery tasks: the clock sweep, standings after a table, the nightly recompute, scheduled rounds, reminders.

Every task takes ids (never model instances), re-reads its rows and is idempotent, so late acknowledgement (a task
redelivered after a lost worker) and two runs at once leave the state of one run. The beat schedule lives in the
database (django-celery-beat), installed by `manage.py schedule_install`.

Tasks call services; services never import this module: they enqueue follow-up work by the task's name through
`league.services.follow_up.follow_up_enqueue` (docs/architecture.md, "Layers").
"""

from typing import Any

from celery import shared_task
from django.db import InterfaceError, OperationalError, transaction
from django.utils import timezone

from league.models import Round, Season, Table
from league.services import fairness, follow_up, reminders
from league.services.poker_tournaments import poker_hand_finished, poker_hands_settle
from league.services.ratings import ratings_recompute
from league.services.rounds import round_settle, rounds_start_due, season_table_refresh
from league.services.standings import standings_recompute
from league.services.timeouts import table_timeouts_apply, timeouts_apply
from league.services.tournaments import tournament_advance, tournaments_catch_up

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
    return len(timeouts_apply(now=timezone.now(), limit=limit))


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
    if Table.objects.filter(pk=table_id).exists():
        season_table_refresh(table_id=table_id)
        tournament_advance(table_id=table_id)
        poker_hand_finished(table_id=table_id)


@shared_task(acks_late=True, **DATABASE_RETRY)
def nightly_recompute() -> dict[str, int]:
    """Recompute what the after-table refreshes keep up to date, in case one was lost: every running season's
    standings, its rounds that have no table left in play, every game's ratings, the brackets of the tournaments
    whose finished tables did not reach them and the poker hands not closed."""
    seasons = rounds = 0
    for season_id in Season.objects.filter(status=Season.Status.RUNNING).values_list("id", flat=True):
        with transaction.atomic():
            season = Season.objects.select_for_update().get(pk=season_id)
            standings_recompute(season=season)
            seasons += 1
            for round_ in Round.objects.filter(season=season, status=Round.Status.RUNNING):
                if round_settle(round=round_).status == Round.Status.FINISHED:
                    rounds += 1
    games = Table.objects.filter(status=Table.Status.FINISHED).order_by().values_list("game", flat=True).distinct()
    rated = sum(ratings_recompute(game=game) for game in sorted(set(games)))
    brackets = tournaments_catch_up()
    # poker tournaments' hands whose end was never heard of (a lost task, an annulled table)
    hands = poker_hands_settle()
    return {
        "seasons": seasons,
        "rounds_closed": rounds,
        "tables_rated": rated,
        "tournament_tables": brackets,
        "poker_hands_closed": hands,
    }


@shared_task(acks_late=True, **DATABASE_RETRY)
def rounds_start_scheduled() -> list[int]:
    """Start every scheduled round whose time has come (a round already started is left alone)."""
    return [round_.pk for round_ in rounds_start_due(now=timezone.now())]


@shared_task(acks_late=True)
def reminders_send() -> int:
    """Send the "your move", "deadline near" and daily digest mails that are due; each at most once."""
    return reminders.reminders_send(now=timezone.now())


@shared_task(acks_late=True)
def outbox_drain(limit: int = 1000) -> int:
    """Publish the follow-up work that its transaction's own send left behind (the broker was away); every minute."""
    return follow_up.outbox_drain(limit=limit)
