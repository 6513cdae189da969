"""What a table's end sets going, in one place: its season (rating, standings, round), its tournament's bracket,
its poker tournament's next step; the repair that runs it for every ended table whose follow-up did not complete
(a task lost with a worker killed whole), within a minute or two; and the nightly pass that redoes all of it from
the stored results. The tasks `standings_refresh`, `follow_ups_repair` and `nightly_recompute` are one call each
into this module."""

import logging
import random
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from django.db.models import Q
from django.utils import timezone

from league.models import Round, Season, Table
from league.services.locks import season_lock
from league.services.poker_tournaments import poker_hand_finished, poker_hands_settle
from league.services.ratings import ratings_recompute
from league.services.rounds import round_settle, season_table_refresh
from league.services.standings import standings_recompute
from league.services.tournaments import tournament_advance, tournaments_catch_up

logger = logging.getLogger(__name__)

ENDED = (Table.Status.FINISHED, Table.Status.ANNULLED)
# follow-ups one repair runs (each some tens of milliseconds: well within a task's time limit)
REPAIR_BATCH = 200
REPAIR_RETRY_FIRST = timedelta(minutes=2)
REPAIR_RETRY_MOST = timedelta(hours=1)


def _season_table_ended(*, table_id: int) -> None:
    season_table_refresh(table_id=table_id)  # a friendly table has no season: its rating alone


def _bracket_table_ended(*, table_id: int) -> None:
    season_table_refresh(table_id=table_id)  # its rating (a bracket's table has no season)
    tournament_advance(table_id=table_id)


def _poker_hand_ended(*, table_id: int) -> None:
    poker_hand_finished(table_id=table_id)  # its places are rated when the tournament ends


# what a table's end sets going, by what the table is played for (Table.played_for, set when it opens): a friendly
# table is rated; a season's table is rated, its standings brought up to date and its round (and season) closed when
# it was the last; a bracket's table is rated and moves its bracket on; a poker tournament's hand goes on to the
# tournament's next step
TABLE_ENDED: dict[str, Callable[..., None]] = {
    Table.PlayedFor.FRIENDLY: _season_table_ended,
    Table.PlayedFor.SEASON: _season_table_ended,
    Table.PlayedFor.BRACKET: _bracket_table_ended,
    Table.PlayedFor.POKER: _poker_hand_ended,
}


def table_follow_up(*, table_id: int) -> None:
    """Run what the table's end sets going (`TABLE_ENDED`), once. Each step is idempotent and takes its own
    transaction and locks, so a task run twice does no harm."""
    played_for = Table.objects.filter(pk=table_id).values_list("played_for", flat=True).first()
    if played_for is None:
        return
    TABLE_ENDED[played_for](table_id=table_id)
    # done: the repair leaves the table alone from now on
    Table.objects.filter(pk=table_id, status__in=ENDED, followed_up_at__isnull=True).update(
        followed_up_at=timezone.now(), follow_up_retry_at=None
    )


def follow_ups_repair(*, now: datetime, limit: int = REPAIR_BATCH) -> list[int]:
    """Run the follow-up of every ended table whose follow-up has not completed though the table ended more than
    `FOLLOW_UP_GRACE` seconds ago (the on-commit publish or the drain a minute later normally ran it within
    seconds): its task was lost — a worker killed whole holds it for the broker's visibility timeout —, or it
    failed. Oldest first, up to `limit`; a table whose follow-up fails is tried again after as long as it has been
    waiting (2 minutes to an hour), so it never holds back the others. Idempotent, as the follow-up is; returns the
    tables followed up."""
    grace = timedelta(seconds=settings.CARDLEAGUE_FOLLOW_UP_GRACE)
    due = (
        Table.objects.filter(status__in=ENDED, followed_up_at__isnull=True)
        .filter(Q(follow_up_retry_at__isnull=True, finished_at__lte=now - grace) | Q(follow_up_retry_at__lte=now))
        .order_by("finished_at", "id")
        .values_list("id", "finished_at")[:limit]
    )
    done = []
    for table_id, finished_at in due:
        try:
            table_follow_up(table_id=table_id)
        except (OperationalError, InterfaceError):
            raise  # the database is away: the task runs again later, for every table
        except Exception:  # one table's fault must not stop the others (as in the clock sweep)
            waited = now - (finished_at or now)
            wait = min(max(waited, REPAIR_RETRY_FIRST), REPAIR_RETRY_MOST) * random.uniform(0.75, 1.25)
            logger.exception("the follow-up of table %s failed; tried again in %s", table_id, wait)
            Table.objects.filter(pk=table_id).update(follow_up_retry_at=now + wait)
        else:
            done.append(table_id)
    if done:
        # not routine: each was a follow-up lost or failed
        logger.warning("ran the follow-ups that had not completed of %s table(s): %s", len(done), done)
    return done


def league_recompute() -> dict[str, int]:
    """Recompute what the after-table follow-ups keep up to date: every running season's standings, its rounds
    that have no table left in play, every game's ratings, the brackets whose finished tables did not reach them,
    the poker hands not closed. Returns how many of each."""
    seasons = rounds = 0
    for season_id in Season.objects.filter(status=Season.Status.RUNNING).values_list("id", flat=True):
        with transaction.atomic():
            season = season_lock(season_id)
            standings_recompute(season=season)
            seasons += 1
            for round_ in Round.objects.filter(season=season, status=Round.Status.RUNNING):
                if round_settle(round=round_).status == Round.Status.FINISHED:
                    rounds += 1
    games = Table.objects.filter(status=Table.Status.FINISHED).order_by().values_list("game", flat=True).distinct()
    rated = sum(ratings_recompute(game=game) for game in sorted(set(games)))
    return {
        "seasons": seasons,
        "rounds_closed": rounds,
        "tables_rated": rated,
        "tournament_tables": tournaments_catch_up(),
        "poker_hands_closed": poker_hands_settle(),
    }
