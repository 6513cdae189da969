"""Fault test (issue 39, item 3): a Celery worker killed whole (SIGKILL to its process group: the main process and
its pool, so nothing gets to put its messages back) while it runs `standings_refresh`. With late acknowledgement the
message stays in Redis's unacked set; another worker must finish the follow-up within two minutes: by taking the
message back once the transport's visibility timeout has passed (short here, 600 s as deployed), or, whatever that
timeout, through the beat's `follow_ups_repair`, which finds the table ended and not followed up.

The refresh is held inside the task by the season's row, locked here from a second connection (the refresh locks
the season first), so the worker is killed in the middle of it."""

import random
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import psycopg
import pytest
from django.db import connection
from django.test import override_settings
from django_celery_beat.models import PeriodicTask

from league.management.commands.schedule_install import REPAIR, schedule_install
from league.models import RatingEvent, Round, Season, Table
from league.services.rounds import season_start
from tests.league.faults.support import QUEUE, Worker, _until, fault_broker, fault_workers
from tests.league.playing import play_moves
from tests.league.seasons.factories import season_with_entrants
from tests.league.seasons.support import kwargs_for
from tests.league.test_tasks import _waiting_on_a_lock, broker_off

__all__ = ["fault_broker", "fault_workers"]

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.xdist_group("celery_worker"), pytest.mark.postgres]

GAME = "mini-poker"
RECEIVED = re.compile(rb"Task league\.tasks\.standings_refresh\[[^\]]+\] received")
# the bound: no follow-up waits more than a minute or two after a crash
BOUND = 120.0


def _season_table() -> tuple[Season, Table]:
    season, organizer, _ = season_with_entrants(GAME, entrants=2, **kwargs_for(GAME))
    with broker_off():
        season_start(season=season, by=organizer)
    return season, Table.objects.get(round__season=season)


@contextmanager
def _season_locked(season: Season) -> Iterator[None]:
    """The season's row locked by a connection of its own, as a long refresh of the same season would hold it."""
    settings = connection.settings_dict
    with psycopg.connect(
        host=settings["HOST"] or "127.0.0.1",
        port=settings["PORT"] or 5432,
        user=settings["USER"],
        dbname=settings["NAME"],
        autocommit=False,
    ) as locker:
        locker.execute(f"SELECT id FROM {Season._meta.db_table} WHERE id = %s FOR UPDATE", [season.pk])
        try:
            yield
        finally:
            locker.rollback()


def _followed_up(table: Table, season: Season) -> bool:
    return (
        RatingEvent.objects.filter(table=table).count() == 2
        and Round.objects.get(season=season).status == Round.Status.FINISHED
    )


def _killed_in_standings_refresh(
    season: Season, table: Table, worker: Worker, start_next: Callable[[], Worker]
) -> Worker:
    """Finish the table (its follow-up published on commit), let `worker` take the refresh and wait inside it on
    the season, then kill the worker whole; the next worker is started meanwhile (`start_next`), and returned."""
    with _season_locked(season):
        play_moves(table, random.Random(5))
        _until(lambda: RECEIVED.search(worker.log.read_bytes()), what="the worker to take the refresh")
        # started only now, so that the first worker took the message; it boots while the refresh waits
        after = start_next()
        _until(_waiting_on_a_lock, what="the refresh to wait for the season")
        worker.kill()
    return after


def test_a_killed_workers_refresh_comes_back_to_another_worker_after_the_visibility_timeout(
    fault_broker, fault_workers
):
    # a visibility timeout of 8 s (looked for every second): the messages a dead worker held come back that soon
    short = {"BROKER_VISIBILITY_TIMEOUT": "8"}
    season, table = _season_table()
    first = fault_workers(env=short).ready()

    after = _killed_in_standings_refresh(season, table, first, lambda: fault_workers(env=short))
    killed = time.monotonic()

    # then the other worker runs the refresh the killed one held: the table rated, the round closed
    _until(lambda: _followed_up(table, season), what="the follow-up", timeout=BOUND)
    took = time.monotonic() - killed
    assert took < BOUND
    # the worker logs "succeeded" after the task's transaction committed: the follow-up can be seen before the line
    after.wait_for("standings_refresh", 1)
    assert (first.succeeded("standings_refresh"), after.succeeded("standings_refresh")) == (0, 1)
    print(f"follow-up done {took:.1f} s after the kill, by the message taken back")


def test_a_killed_workers_refresh_is_run_by_the_beats_repair_whatever_the_visibility_timeout(
    fault_broker, fault_workers
):
    # the deployed visibility timeout (600 s: the message stays with the dead worker for the test's length), and the
    # repair every 2 s for tables ended more than 3 s ago, run by a beat inside the second worker
    repair = {"FOLLOW_UP_REPAIR_EVERY": "2", "FOLLOW_UP_GRACE": "3"}
    with override_settings(CARDLEAGUE_FOLLOW_UP_REPAIR_EVERY=2):
        schedule_install()
    PeriodicTask.objects.exclude(name=REPAIR).update(enabled=False)
    PeriodicTask.objects.filter(name=REPAIR).update(queue=QUEUE)
    season, table = _season_table()
    first = fault_workers().ready()

    after = _killed_in_standings_refresh(season, table, first, lambda: fault_workers(env=repair, args=("--beat",)))
    killed = time.monotonic()

    _until(lambda: _followed_up(table, season), what="the follow-up", timeout=BOUND)
    took = time.monotonic() - killed
    assert took < BOUND
    # by the repair: the refresh's message is still with the dead worker. The repair logs what it ran after its
    # commit, so the line may come a moment after the follow-up can be seen (and an earlier repair that found nothing
    # may already have said "succeeded")
    repaired = f"ran the follow-ups that had not completed of 1 table(s): [{table.pk}]"
    _until(lambda: repaired in after.log.read_text(), what="the repair's line")
    after.wait_for("follow_ups_repair", 1)
    assert after.succeeded("standings_refresh") == 0
    print(f"follow-up done {took:.1f} s after the kill, by the repair")
