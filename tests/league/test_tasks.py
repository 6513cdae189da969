"""The Celery tasks (league/tasks.py) on a real worker with Redis: a move racing its timeout, every task twice and
two at once, a worker killed mid-sweep, and a broker that is down while moves go on.

The worker is `celery -A config worker` in a process group of its own, on the run's Redis in a database of its own
(BROKER), with DATABASE_URL pointing at this test run's database (`transaction=True`, so what the test commits the
worker sees)."""

import os
import random
import re
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import kombu.pools
import pytest
import redis
from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from config.celery import app as celery_app
from games import get_engine
from games.core.conformance import concrete
from league import tasks
from league.errors import StaleVersion
from league.models import Account, Move, RatingEvent, ReminderSent, Round, Season, Seat, Standing, Table, TableFairness
from league.services.moves import move_submit
from league.services.rounds import season_start
from tests.league.factories import table_for
from tests.league.playing import play_moves, short_options
from tests.league.seasons.factories import season_with_entrants
from tests.league.seasons.support import kwargs_for

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("celery_worker"),
    pytest.mark.postgres,  # the worker process shares this run's database: a PostgreSQL one (and Redis)
]

GAME = "mini-poker"  # one seat to act at a time, short matches


def _broker_of_these_tests() -> str:
    """The run's Redis (CELERY_BROKER_URL) in the database below its broker's (CI's db 15 gives 14), or db 14 of the
    local Redis when the run's broker is not Redis. Not the broker's own database: what these workers enqueue on the
    default queue (a finished table's follow-ups) would reach the worker that tests/league/test_task_signals.py runs
    there, on another database."""
    run = urlsplit(os.environ.get("CELERY_BROKER_URL", ""))
    if run.scheme not in ("redis", "rediss"):
        return "redis://127.0.0.1:6379/14"
    return run._replace(path=f"/{(int(run.path.strip('/') or 0) - 1) % 16}").geturl()


BROKER = _broker_of_these_tests()
DEAD_BROKER = urlsplit(BROKER)._replace(netloc="127.0.0.1:1").geturl()  # nothing listens on port 1
WAIT = 25.0
# queues of this run alone: other test runs on this machine may use the same Redis database at the same time
QUEUE = f"clocks-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
AFTER = f"{QUEUE}-after"


def send(task: Any, queue: str = QUEUE, **kwargs: Any) -> None:
    task.apply_async(kwargs=kwargs, queue=queue)


def _until(check: Callable[[], object], *, what: str, timeout: float = WAIT) -> object:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if value := check():
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


class Worker:
    """A Celery worker process on this test's database; its log is kept to count finished tasks and mails."""

    def __init__(
        self, log: Path, queue: str, broker: str = BROKER, env: dict[str, str] | None = None, args: tuple[str, ...] = ()
    ) -> None:
        settings_dict = connection.settings_dict
        database = (
            f"postgres://{settings_dict['USER']}@{settings_dict['HOST'] or '127.0.0.1'}:"
            f"{settings_dict['PORT'] or 5432}/{settings_dict['NAME']}"
        )
        env = {
            **os.environ,
            "DATABASE_URL": database,
            "CELERY_BROKER_URL": broker,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend",
            "PYTHONUNBUFFERED": "1",
            # Django's system checks (URLs, admin, ...) are not what these tests are about, and cost seconds
            "CELERY_SKIP_CHECKS": "1",
            **(env or {}),
        }
        self.log = log
        self.out = log.open("ab")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool",
                "prefork",
                "--concurrency",
                "2",
                "--loglevel",
                "info",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--queues",
                queue,
                "--hostname",
                f"clocks-{os.getpid()}-{time.monotonic_ns()}@%h",
                *args,
            ],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=self.out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def ready(self) -> "Worker":
        _until(lambda: b" ready." in self.log.read_bytes(), what="the worker to start")
        return self

    def succeeded(self, task: str) -> int:
        return len(re.findall(rf"Task league\.tasks\.{task}\[[^\]]+\] succeeded".encode(), self.log.read_bytes()))

    def wait_for(self, task: str, count: int) -> None:
        _until(lambda: self.succeeded(task) >= count, what=f"{count} runs of {task}")

    def mails(self) -> int:
        return self.log.read_bytes().count(b"\nSubject: ")

    def kill(self) -> None:
        """SIGKILL to the whole group (the main process and its pool): nothing gets to clean up."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self.out.close()


@pytest.fixture
def broker(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., object]]:
    """Send tasks from this process to BROKER (not in-process as elsewhere under pytest); the run's queues are deleted
    afterwards."""
    client = redis.Redis.from_url(BROKER)
    conf = celery_app.conf
    saved = (conf.broker_url, conf.task_always_eager)
    conf.broker_url, conf.task_always_eager = BROKER, False
    # Celery reads CELERY_BROKER_URL from the environment before its own setting (as .ci/run sets it)
    monkeypatch.setenv("CELERY_BROKER_URL", BROKER)
    _reset_pools()

    def point_at(url: str) -> None:
        conf.broker_url = url
        monkeypatch.setenv("CELERY_BROKER_URL", url)
        _reset_pools()

    yield point_at
    conf.broker_url, conf.task_always_eager = saved
    _reset_pools()
    client.delete(QUEUE, AFTER)


def _reset_pools() -> None:
    # the app caches its connection and producer pools (kombu's global ones, per broker url): drop them all
    kombu.pools.reset()
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[Callable[..., Worker]]:
    """Start a worker on a queue of this run; `ready()` waits until it takes tasks."""
    started: list[Worker] = []

    def start(queue: str = QUEUE) -> Worker:
        started.append(Worker(tmp_path / f"worker{len(started)}.log", queue))
        return started[-1]

    yield start
    for worker in started:
        worker.kill()


def _overdue_tables(count: int) -> list[Table]:
    """Tables whose first seat to act ran out of time a minute ago, the earliest first."""
    tables = []
    for n in range(count):
        table = table_for(GAME, options=short_options(GAME), seed=f"overdue-{n}")
        Table.objects.filter(pk=table.pk).update(deadline=timezone.now() - timedelta(minutes=count - n))
        table.refresh_from_db()
        tables.append(table)
    return tables


def _human_move(table: Table, rng: random.Random) -> tuple[object, dict]:
    engine = get_engine(table.game)
    seat = engine.to_act(table.state)[0]
    player = Seat.objects.select_related("player").get(table=table, index=seat).player
    return player, concrete(rng.choice(engine.legal_moves(table.state, seat)), rng)


def _moves(table: Table) -> list[tuple[int, bool]]:
    return list(Move.objects.filter(table=table).order_by("seq").values_list("seq", "auto"))


def _waiting_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND wait_event_type = 'Lock'",
            [connection.settings_dict["NAME"]],
        )
        return cursor.fetchone()[0] > 0


# --- a move racing its own timeout -----------------------------------------------------------------------------


def test_a_move_racing_its_own_timeout_exactly_one_applies(broker, workers):
    worker = workers().ready()
    rng = random.Random(1)
    # given a table whose timeout task waits on the table's lock while the player's move is being applied
    table = _overdue_tables(1)[0]
    with transaction.atomic():
        Table.objects.select_for_update().get(pk=table.pk)
        send(tasks.table_timeout, table_id=table.pk)
        _until(_waiting_on_a_lock, what="the timeout to wait on the table")
        player, move = _human_move(table, rng)
        move_submit(table_id=table.pk, player=player, move=move, expected_version=0)
    worker.wait_for("table_timeout", 1)
    # then only the move is applied: once it committed, the timeout found nothing due
    assert _moves(table) == [(1, False)]

    # and when sweep and moves truly race on many tables, each table takes exactly one of the two
    racing = _overdue_tables(8)
    send(tasks.sweep_overdue_tables)
    stale = set()
    for table in racing:
        player, move = _human_move(table, rng)
        try:
            move_submit(table_id=table.pk, player=player, move=move, expected_version=0)
        except StaleVersion:
            stale.add(table.pk)
    worker.wait_for("sweep_overdue_tables", 1)
    for table in racing:
        assert _moves(table) == [(1, table.pk in stale)]


# --- every task twice, and two at once -------------------------------------------------------------------------


def _season_state(season: Season) -> tuple:
    standings = list(
        Standing.objects.filter(season=season).order_by("rank").values_list("entrant_id", "rank", "points", "played")
    )
    ratings = sorted(RatingEvent.objects.values_list("table_id", "player_id", "mu_after", "sigma_after"))
    rounds = list(Round.objects.filter(season=season).order_by("number").values_list("number", "status"))
    tables = Table.objects.filter(round__season=season).count()
    season.refresh_from_db()
    return standings, ratings, rounds, tables, season.status


def test_every_task_run_twice_and_two_at_once_leaves_the_state_of_one_run(broker, workers):
    worker = workers().ready()
    # the sweep: three at once over six overdue tables plays each table's timeout once
    tables = _overdue_tables(6)
    for _ in range(3):
        send(tasks.sweep_overdue_tables)
    worker.wait_for("sweep_overdue_tables", 3)
    assert [_moves(t) for t in tables] == [[(1, True)]] * 6
    # the per-table timeout: two at once on a table already handled change nothing
    send(tasks.table_timeout, table_id=tables[0].pk)
    send(tasks.table_timeout, table_id=tables[0].pk)
    worker.wait_for("table_timeout", 2)
    assert _moves(tables[0]) == [(1, True)]

    # reminders: one "your move" mail per waiting seat with an address, however many passes run
    for table in tables[:2]:
        seat = Seat.objects.select_related("player__user").get(table=table, to_act=True)
        seat.player.user.email = f"{seat.player.user.username}@example.org"
        seat.player.user.save(update_fields=["email"])
        Account.objects.create(player=seat.player, verified_email=seat.player.user.email)  # mail goes to verified ones
    for _ in range(3):
        send(tasks.reminders_send)
    worker.wait_for("reminders_send", 3)
    assert (ReminderSent.objects.count(), worker.mails()) == (2, 2)

    # standings after a table, the nightly recompute and scheduled rounds, on a season of four whose rounds start
    # a day apart: round 1 played here (its refresh ran in this process), round 2 due
    season, organizer, _ = season_with_entrants(GAME, entrants=4, round_interval_days=1, **kwargs_for(GAME))
    with broker_off():
        season_start(season=season, by=organizer)
        for table in Table.objects.filter(round__season=season):
            play_moves(table, random.Random(table.pk))
    Round.objects.filter(season=season, number=2).update(starts_at=timezone.now() - timedelta(minutes=1))
    once = _season_state(season)
    assert once[2][:2] == [(1, Round.Status.FINISHED), (2, Round.Status.PENDING)]

    finished = Table.objects.filter(round__season=season).first()
    send(tasks.standings_refresh, table_id=finished.pk)
    send(tasks.standings_refresh, table_id=finished.pk)
    send(tasks.nightly_recompute)
    send(tasks.nightly_recompute)
    worker.wait_for("standings_refresh", 2)
    worker.wait_for("nightly_recompute", 2)
    assert _season_state(season) == once

    send(tasks.rounds_start_scheduled)
    send(tasks.rounds_start_scheduled)
    worker.wait_for("rounds_start_scheduled", 2)
    _, _, rounds, count, status = _season_state(season)
    assert (rounds[:2], count, status) == ([(1, Round.Status.FINISHED), (2, Round.Status.RUNNING)], 4, "running")


@contextmanager
def broker_off() -> Iterator[None]:
    """Run this process's on-commit tasks in-process (as the rest of the suite does) for set-up work."""
    celery_app.conf.task_always_eager = True
    try:
        yield
    finally:
        celery_app.conf.task_always_eager = False


# --- a worker lost mid-sweep -----------------------------------------------------------------------------------


def test_a_worker_killed_during_a_sweep_loses_and_repeats_nothing(broker, workers):
    tables = _overdue_tables(5)
    # the worker that comes after the lost one listens on a queue of its own: both start at once, to save time
    worker, after = workers(), workers(AFTER)
    worker.ready()
    # given a sweep held up in the middle: the third table's seats are locked here
    with transaction.atomic():
        # only the seats (of=self): a lock on the table row would make the sweep skip the table instead
        list(Seat.objects.select_for_update(of=("self",)).filter(table=tables[2]))
        send(tasks.sweep_overdue_tables)
        _until(_waiting_on_a_lock, what="the sweep to reach the locked table")
        # the five are one batch, one transaction (league.services.timeouts): none is committed while it waits
        assert [len(_moves(t)) for t in tables] == [0, 0, 0, 0, 0]
        # when the worker is killed there
        worker.kill()
    # then a new worker's sweep (the beat sends one every minute) handles the rest, each table once
    after.ready()

    def all_handled() -> bool:
        if Table.objects.filter(pk__in=[t.pk for t in tables], deadline__lte=timezone.now()).exists():
            send(tasks.sweep_overdue_tables, queue=AFTER)
            time.sleep(0.5)
            return False
        return True

    _until(all_handled, what="every overdue table to be handled")
    assert [_moves(t) for t in tables] == [[(1, True)]] * 5


# --- the broker down -------------------------------------------------------------------------------------------


def test_with_the_broker_down_moves_are_accepted_and_the_sweep_catches_up(broker, workers, caplog):
    season, organizer, _ = season_with_entrants(GAME, entrants=2, **kwargs_for(GAME))
    with broker_off():
        season_start(season=season, by=organizer)
    table = Table.objects.get(round__season=season)
    overdue = _overdue_tables(3)
    # given the broker is unreachable
    broker(DEAD_BROKER)
    # when the season's only table is played to its end: its standings task cannot be sent
    table = play_moves(table, random.Random(2))
    # then every move was accepted, the failure only logged, and the round still waits for its refresh
    assert table.status == Table.Status.FINISHED
    assert "could not enqueue standings_refresh" in caplog.text
    assert Round.objects.get(season=season).status == Round.Status.RUNNING

    # when the broker is back, the beat's sweep and nightly recompute catch up on everything
    broker(BROKER)
    worker = workers().ready()
    send(tasks.sweep_overdue_tables)
    send(tasks.nightly_recompute)
    worker.wait_for("sweep_overdue_tables", 1)
    worker.wait_for("nightly_recompute", 1)
    season.refresh_from_db()
    assert [_moves(t) for t in overdue] == [[(1, True)]] * 3
    assert (Round.objects.get(season=season).status, season.status) == (Round.Status.FINISHED, "finished")
    assert Standing.objects.filter(season=season).count() == 2


@pytest.mark.django_db
def test_tables_seed_sweep_deals_a_table_whose_entropy_window_closed(fake_game):
    # given: a table waiting for entropy whose window closed a minute ago, nobody having answered
    table = table_for(fake_game, entropy_window=timedelta(hours=1))
    TableFairness.objects.filter(table=table).update(entropy_deadline=timezone.now() - timedelta(minutes=1))
    # when: the task runs twice
    dealt = [tasks.tables_seed_sweep(), tasks.tables_seed_sweep()]
    # then: it dealt the table once, the silent seats counting as waived
    table.refresh_from_db()
    assert dealt == [1, 0] and table.status == Table.Status.ACTIVE
