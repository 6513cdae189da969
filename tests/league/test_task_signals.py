"""What every task and background process does besides its work (league/task_signals.py, league/beat.py,
config/probe.py), on real processes: the request id of a move POST reaches the log line of the standings_refresh it
caused on a worker; the worker's metrics are served by its own exporter; the worker's heartbeat file and beat's tick
are what their probes read."""

import gc
import json
import os
import random
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from celery import current_app, signals
from django.conf import settings
from django.db import connection
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from config.probe import probe
from games import get_engine
from games.core.conformance import concrete
from league.models import Table
from league.services import follow_up
from league.services.moves import move_submit
from tests.league.factories import table_for
from tests.league.faults.live import free_port
from tests.league.playing import short_options

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.slow]

GAME = "mini-poker"
WAIT = 60.0


def _until(check: Callable[[], object], *, what: str, timeout: float = WAIT) -> object:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if value := check():
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class Background:
    """`celery -A config <kind>` in a process group of its own, on this test's database and broker."""

    def __init__(self, kind: str, log: Path, *args: str, env: dict[str, str]) -> None:
        self.log = log
        self.out = log.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", kind, "--loglevel", "info", *args],
            cwd=settings.BASE_DIR,
            env={
                **os.environ,
                "DATABASE_URL": _database_url(),
                "CELERY_TASK_ALWAYS_EAGER": "0",
                "PYTHONUNBUFFERED": "1",
                "CELERY_SKIP_CHECKS": "1",
                **env,
            },
            stdout=self.out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def lines(self) -> list[dict]:
        return [json.loads(line) for line in self.log.read_text().splitlines() if line.startswith("{")]

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, 15)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, 9)
                self.process.wait()
        self.out.close()


@pytest.fixture
def published() -> Iterator[None]:
    """This process publishes tasks to the broker (CELERY_BROKER_URL) instead of running them in process."""
    conf = current_app.conf
    before = conf.task_always_eager
    conf.task_always_eager = False
    follow_up.broker_pause_end()
    yield
    conf.task_always_eager = before


def _play_to_last_move(table: Table) -> tuple[int, dict]:
    """Play random legal moves until the next one would end the table; returns that one (seat, move)."""
    engine, rng = get_engine(table.game), random.Random(7)
    players = {seat.index: seat.player for seat in table.seats.select_related("player")}
    while True:
        table.refresh_from_db()
        seat = rng.choice(engine.to_act(table.state))
        move = concrete(rng.choice(engine.legal_moves(table.state, seat)), rng)
        if engine.is_over(engine.play_move(table.state, seat, move)[0]):
            return seat, move
        move_submit(table_id=table.pk, player=players[seat], move=move, expected_version=table.version)


def test_the_request_id_of_a_move_post_is_in_the_line_of_the_standings_refresh_it_caused(tmp_path, published):
    metrics_port, heartbeat = free_port(), tmp_path / "worker.alive"
    worker = Background(
        "worker",
        tmp_path / "worker.log",
        "--pool", "prefork", "--concurrency", "1", "--without-gossip", "--without-mingle", "--without-heartbeat",
        "--hostname", f"ops-{os.getpid()}-{time.monotonic_ns()}@%h",
        env={
            "WORKER_HEARTBEAT_FILE": str(heartbeat),
            "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics"),
            "METRICS_PORT": str(metrics_port),
        },
    )  # fmt: skip
    try:
        _until(lambda: any(line["message"].endswith(" ready.") for line in worker.lines()), what="the worker")
        # given a table one move from its end
        table = table_for(GAME, options=short_options(GAME))
        seat, move = _play_to_last_move(table)
        client = APIClient()
        player = table.seats.get(index=seat).player
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=player.user).key}")
        request_id = f"move-{uuid.uuid4()}"

        # when the last move is posted with a request id (a proxy's X-Request-ID)
        response = client.post(
            f"/api/tables/{table.pk}/moves/",
            {"move": move, "expected_version": table.version},
            format="json",
            HTTP_X_REQUEST_ID=request_id,
        )
        assert (response.status_code, response["X-Request-ID"]) == (201, request_id)

        # then the worker's line of the standings_refresh it caused carries that id, the task and the table
        def refreshed() -> list[dict]:
            return [
                line
                for line in worker.lines()
                if line.get("task") == "league.tasks.standings_refresh" and "succeeded" in line["message"]
            ]

        line = _until(refreshed, what="the standings_refresh")[0]  # type: ignore[index]
        assert (line["request_id"], line["table_id"], line["logger"]) == (request_id, table.pk, "celery.app.trace")
        # and the worker's exporter counts it, from its pool process's files
        with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5) as scraped:
            text = scraped.read().decode()
        assert 'cardleague_task_runs_total{task="league.tasks.standings_refresh"} 1.0' in text
        # and the heartbeat file is fresh: the probe says alive
        assert probe("worker", environ={"WORKER_HEARTBEAT_FILE": str(heartbeat)})[0] is True
    finally:
        worker.stop()
    # a worker that stopped removed its heartbeat: the probe fails at once
    alive, said = probe("worker", environ={"WORKER_HEARTBEAT_FILE": str(heartbeat)})
    assert (alive, "does not exist" in said) == (False, True)


def test_beat_touches_its_file_at_each_tick_and_the_probe_reads_it(tmp_path):
    tick = tmp_path / "beat.alive"
    beat = Background(
        "beat", tmp_path / "beat.log", "--pidfile", str(tmp_path / "beat.pid"), env={"BEAT_HEARTBEAT_FILE": str(tick)}
    )
    try:
        _until(tick.exists, what="beat's first tick")
        first = tick.stat().st_mtime
        _until(lambda: tick.stat().st_mtime > first, what="beat's next tick", timeout=15)
        result = subprocess.run(
            [sys.executable, "-m", "config.probe", "beat"],
            env={**os.environ, "BEAT_HEARTBEAT_FILE": str(tick)},
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert (result.returncode, result.stdout.startswith("beat alive")) == (0, True)
    finally:
        beat.stop()
    # a beat that hangs stops touching it: after 30 s the probe fails
    stale = time.time() - 31
    os.utime(tick, (stale, stale))
    alive, said = probe("beat", environ={"BEAT_HEARTBEAT_FILE": str(tick)})
    assert (alive, "more than 30 s" in said) == (False, True)


@pytest.mark.parametrize("signal", [signals.worker_process_init, signals.worker_ready], ids=["pool child", "worker"])
def test_a_process_that_runs_tasks_freezes_what_it_holds_once_started(signal):
    # given: a process whose objects are all in the collector's generations
    gc.unfreeze()
    try:
        assert gc.get_freeze_count() == 0
        # when: it is started as a pool's child, or as a worker that runs its tasks itself
        signal.send(sender=None)
        # then: what it held is frozen, out of the full collections' way
        assert gc.get_freeze_count() > 0
    finally:
        gc.freeze()  # as the test run had it (tests/conftest.py)
