"""league/redis_waits.py: a request's waits on Redis share one budget, and the first failure on a server marks it
away for every thread of the process; the throttle and the outbox's publish wait within it (issue 39, item 2).

A hung Redis is a socket that listens and never answers (the kernel accepts the connection, nothing reads it)."""

import shutil
import signal
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import redis
from django.test import override_settings

from league import redis_waits
from league.models import OutboxMessage
from league.redis_waits import PAUSE, RedisAway, redis_command, request_budget, server_of, wait_over, wait_timeout
from league.services import follow_up
from league.throttles import throttle_hit
from tests.league.faults.support import own_redis

__all__ = ["own_redis"]

BUDGET = 0.25


@pytest.fixture(autouse=True)
def nothing_away() -> Iterator[None]:
    redis_waits.away_forget()
    yield
    redis_waits.away_forget()


@pytest.fixture
def hung() -> Iterator[str]:
    """The URL of a Redis that accepts connections and never answers."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        yield f"redis://127.0.0.1:{listener.getsockname()[1]}"


def _client(url: str) -> redis.Redis:
    """A client as config/settings.py makes the cache's: its own timeouts no longer than the budget."""
    return redis.Redis.from_url(url, socket_timeout=BUDGET, socket_connect_timeout=BUDGET)


def _spend(server: str, seconds: float, *, failed: bool = False) -> bool:
    return wait_over(server, time.monotonic() - seconds, failed=failed)


def test_a_requests_waits_take_what_is_left_of_its_budget_and_none_once_it_is_spent(settings) -> None:
    settings.CARDLEAGUE_REDIS_BUDGET = BUDGET
    with request_budget():
        assert wait_timeout("cache:6379", 0.3) == BUDGET
        _spend("cache:6379", 0.1)
        # another server draws on the same budget
        assert wait_timeout("broker:6379", 0.3) == pytest.approx(0.15, abs=0.01)
        assert wait_timeout("broker:6379", 0.05) == 0.05
        _spend("broker:6379", 0.15)
        with pytest.raises(RedisAway):
            wait_timeout("cache:6379", 0.3)
    # the next request has its whole budget; outside a request a wait has the caller's own timeout
    with request_budget():
        assert wait_timeout("cache:6379", 0.3) == BUDGET
    assert wait_timeout("cache:6379", 0.3) == 0.3


def test_the_first_failure_marks_the_server_away_for_every_thread_and_alone_reports_it() -> None:
    firsts = []
    barrier = threading.Barrier(8)

    def fail() -> None:
        barrier.wait()
        firsts.append(_spend("shared:6379", 0.2, failed=True))

    threads = [threading.Thread(target=fail) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(firsts) == [False] * 7 + [True]
    refused: list[bool] = []

    def try_it() -> None:
        try:
            wait_timeout("shared:6379", 1)
        except RedisAway:
            refused.append(True)

    other = threading.Thread(target=try_it)
    other.start()
    other.join()
    assert refused == [True]
    # another server is not away; the failed one is tried again once the pause is over, and forgotten once it answers
    assert wait_timeout("other:6379", 1) == 1
    redis_waits._away["shared:6379"] -= PAUSE
    assert wait_timeout("shared:6379", 1) == 1
    _spend("shared:6379", 0.001)
    assert "shared:6379" not in redis_waits._away


def test_a_cache_and_a_broker_on_one_redis_are_one_server() -> None:
    assert server_of("redis://127.0.0.1:6379/1") == server_of("redis://:secret@127.0.0.1:6379/0") == "127.0.0.1:6379"
    assert server_of("redis://127.0.0.1:6380/0") != server_of("redis://127.0.0.1:6379/0")


def test_a_command_on_a_hung_redis_waits_the_budget_then_none_waits_again(settings, hung: str) -> None:
    settings.CARDLEAGUE_REDIS_BUDGET = BUDGET
    client = _client(hung)
    with request_budget():
        start = time.monotonic()
        with pytest.raises(RedisAway) as failed:
            redis_command(client, "PING")
        took = time.monotonic() - start
    assert failed.value.first
    assert BUDGET <= took < BUDGET + 0.15
    # the next request does not wait at all
    with request_budget():
        start = time.monotonic()
        with pytest.raises(RedisAway) as skipped:
            redis_command(client, "PING")
        assert time.monotonic() - start < 0.01
    assert not skipped.value.first


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="needs redis-server")
def test_a_reply_is_awaited_for_what_is_left_of_the_budget(settings, own_redis) -> None:
    settings.CARDLEAGUE_REDIS_BUDGET = BUDGET
    url, process = own_redis
    client = _client(url)
    with request_budget():
        # given a request that has had an answer already, and has spent 0.15 s of its budget elsewhere on Redis
        assert redis_command(client, "PING") == b"PONG"
        _spend(server_of(url), 0.15)
        # when the server hangs
        process.send_signal(signal.SIGSTOP)
        start = time.monotonic()
        with pytest.raises(RedisAway):
            redis_command(client, "PING")
        took = time.monotonic() - start
    # then the reply was awaited for the 0.1 s left, not the connection's own 0.25 s
    assert 0.08 <= took < 0.2


@pytest.mark.django_db
def test_the_throttle_and_the_publish_of_one_request_wait_on_a_hung_redis_once_in_all(
    settings, hung: str, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks
) -> None:
    # given the cache and the broker on one Redis, which hangs
    settings.CARDLEAGUE_REDIS_BUDGET = BUDGET
    monkeypatch.setenv("CELERY_BROKER_URL", f"{hung}/0")
    cache = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": f"{hung}/1",
        "OPTIONS": {"socket_connect_timeout": BUDGET, "socket_timeout": BUDGET},
    }
    follow_up.follow_up_ready()  # the task registry loaded, as the web process loads it when it starts
    conf = follow_up.current_app.conf
    conf.task_always_eager = False
    try:
        with override_settings(CACHES={"default": cache}), request_budget():
            # when a request counts a move and then publishes its table's follow-up
            start = time.monotonic()
            assert throttle_hit("move_submit", "user:1") is None
            with django_capture_on_commit_callbacks(execute=True):
                follow_up.follow_up_enqueue(task="league.tasks.standings_refresh", table_id=1)
            took = time.monotonic() - start
    finally:
        conf.task_always_eager = True
    # then the move went through uncounted, the follow-up waits in the outbox, and the request waited one budget
    assert OutboxMessage.objects.count() == 1
    assert BUDGET <= took < BUDGET + 0.15
