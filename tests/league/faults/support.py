"""What the fault tests share: a broker of this run (Redis, a queue of its own) that this process publishes to, real
Celery worker processes on this test's database (the `Worker` of tests/league/test_tasks.py), and a redis-server of
a test's own (the shared one at 127.0.0.1:6379 is never stopped)."""

import json
import os
import subprocess
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis

from config.celery import app as celery_app
from league.services import follow_up
from tests.league.faults.live import free_port
from tests.league.test_tasks import Worker, _reset_pools, _until

__all__ = ["BROKER", "QUEUE", "Worker", "_until", "fault_broker", "fault_workers", "own_redis"]

_env_broker = os.environ.get("CELERY_BROKER_URL", "")
# the run's own Redis database when it has one (CI's, a helper's); else the one tests/league/test_tasks.py uses
BROKER = _env_broker if _env_broker.startswith("redis://") else "redis://127.0.0.1:6379/14"
# queues of this run alone: other runs on this machine may share the Redis database
QUEUE = f"faults-{os.getpid()}-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def fault_broker(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Publish from this process to BROKER, every task (the on-commit follow-ups too) on this run's queue; yields a
    function that points the publishing at another broker URL."""
    conf = celery_app.conf
    saved = (conf.broker_url, conf.task_always_eager, conf.task_default_queue)

    def point_at(url: str) -> None:
        conf.broker_url = url
        # Celery reads CELERY_BROKER_URL from the environment before its own setting
        monkeypatch.setenv("CELERY_BROKER_URL", url)
        _reset_pools()

    conf.task_always_eager, conf.task_default_queue = False, QUEUE
    point_at(BROKER)
    follow_up.broker_pause_end()
    follow_up.follow_up_ready()  # as config/wsgi.py does when a web process starts
    yield point_at
    conf.broker_url, conf.task_always_eager, conf.task_default_queue = saved
    _reset_pools()
    follow_up.broker_pause_end()
    client = redis.Redis.from_url(BROKER)
    client.delete(QUEUE)
    _unacked_forget(client)


def _unacked_forget(client: redis.Redis) -> None:
    """Drop the messages of this run's queue that a worker killed whole left in the transport's unacked set, which a
    worker of a later run would otherwise put back (on a queue nobody reads) once their visibility timeout passed."""
    for tag, stored in client.hscan_iter("unacked"):
        _message, _exchange, routing_key = json.loads(stored)
        if routing_key == QUEUE:
            client.hdel("unacked", tag)
            client.zrem("unacked_index", tag)


@pytest.fixture
def fault_workers(tmp_path: Path) -> Iterator[Callable[..., Worker]]:
    """Start a worker process (2 pool processes) on this run's queue, on `broker` (BROKER by default), with these
    environment variables and arguments besides."""
    started: list[Worker] = []

    def start(broker: str = BROKER, env: dict[str, str] | None = None, args: tuple[str, ...] = ()) -> Worker:
        started.append(Worker(tmp_path / f"worker{len(started)}.log", QUEUE, broker=broker, env=env, args=args))
        return started[-1]

    yield start
    for worker in started:
        worker.kill()


@pytest.fixture
def own_redis() -> Iterator[tuple[str, subprocess.Popen]]:
    """A redis-server of this test alone (no persistence), on a free port: its URL (database 0) and its process,
    which the test may stop (SIGSTOP: it accepts connections and never answers)."""
    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    _until(lambda: _answers(url), what="redis-server to start", timeout=10)
    yield url, process
    process.kill()  # stopped or not: nothing of it is kept
    process.wait(timeout=10)


def _answers(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_timeout=0.5).ping())
    except redis.RedisError:
        return False
