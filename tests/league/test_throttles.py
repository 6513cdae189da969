"""league/throttles.py on Redis, as CACHE_URL makes it in production: an attempt is one round trip that counts,
refuses past the rate with the window's time left, and opens a new window when the last one ends; without Redis,
play goes on and the log-in doors wait."""

import hashlib
import json
import os
import socket
import subprocess
import sys
import textwrap
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.cache import caches
from django.test import override_settings
from redis.connection import Connection

from league import redis_waits
from league.redis_waits import server_of
from league.throttles import throttle_hit
from tests.redis_cache import SKIP_WITHOUT_REDIS, redis_url

pytestmark = [pytest.mark.slow, pytest.mark.skipif(**SKIP_WITHOUT_REDIS)]


@pytest.fixture
def rate(settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Django's cache on Redis, no failure of it remembered, and a setter of the log-in throttle's rate."""
    redis_waits.away_forget()
    monkeypatch.setattr(redis_waits, "_away", {})

    def set_rate(value: str) -> None:
        settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"login_ip": value}}

    cache = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": redis_url()}
    with override_settings(CACHES={"default": cache}):
        yield set_rate


def _ident() -> str:
    return f"throttle-test-{uuid.uuid4().hex}"


def _key(ident: str) -> str:
    """The counter's key in Redis (Django's prefix and version on the throttle's own key)."""
    digest = hashlib.sha256(ident.encode()).hexdigest()
    return caches["default"].make_and_validate_key(f"throttle:login_ip:{digest}")


def test_an_attempt_within_the_rate_is_let_through_in_one_round_trip(rate, monkeypatch: pytest.MonkeyPatch) -> None:
    # given: a rate of 3 attempts a minute, and the process's connection to Redis open
    rate("3/minute")
    ident = _ident()
    throttle_hit("login_ip", ident)
    sent: list[object] = []
    real = Connection.send_packed_command

    def recording(self: Connection, command: object, check_health: bool = True) -> None:
        sent.append(command)
        real(self, command, check_health)

    monkeypatch.setattr(Connection, "send_packed_command", recording)
    # when: the second attempt
    answer = throttle_hit("login_ip", ident)
    # then: let through, after one round trip to Redis
    assert answer is None
    assert len(sent) == 1


def test_the_attempts_past_the_rate_wait_for_the_window_to_end(rate) -> None:
    # given: a rate of 3 attempts a minute, used up
    rate("3/minute")
    ident = _ident()
    assert [throttle_hit("login_ip", ident) for _ in range(3)] == [None, None, None]
    # when: the fourth and the fifth
    fourth, fifth = throttle_hit("login_ip", ident), throttle_hit("login_ip", ident)
    # then: both refused, each with what is left of the minute that began at the first
    assert fourth is not None and 59 < fourth <= 60
    assert fifth is not None and fifth <= fourth


def test_a_new_window_opens_when_the_last_one_ends(rate) -> None:
    # given: a rate of 1 attempt a second, used up
    rate("1/second")
    ident = _ident()
    assert throttle_hit("login_ip", ident) is None
    assert throttle_hit("login_ip", ident) == 1.0  # refused: a client is told at least a second
    # when: the window has run out
    time.sleep(1.1)
    # then: the next attempt opens a new one
    assert throttle_hit("login_ip", ident) is None


def test_the_counter_is_the_integer_djangos_cache_reads(rate) -> None:
    # given: two attempts counted
    rate("3/minute")
    ident = _ident()
    throttle_hit("login_ip", ident)
    throttle_hit("login_ip", ident)
    # then: the cache entry is the count, with the window as its expiry
    client = caches["default"]._cache.get_client()
    assert int(client.get(_key(ident))) == 2
    assert 59_000 < client.pttl(_key(ident)) <= 60_000


def test_a_counter_found_without_a_window_gets_one(rate) -> None:
    # given: a counter past the rate that has no expiry (written by hand, or by a client that set none)
    rate("3/minute")
    ident = _ident()
    client = caches["default"]._cache.get_client()
    client.set(_key(ident), 5)
    # when: an attempt
    wait = throttle_hit("login_ip", ident)
    # then: refused for the rate's period, and the counter now ends with it instead of closing the door for good
    assert wait == 60.0
    assert 59_000 < client.pttl(_key(ident)) <= 60_000


def test_a_server_that_lacks_the_counting_script_is_sent_it(rate) -> None:
    # given: one attempt counted, then the server's scripts flushed (a restarted or a new Redis)
    rate("3/minute")
    ident = _ident()
    throttle_hit("login_ip", ident)
    caches["default"]._cache.get_client().script_flush()
    # when: the next attempt
    answer = throttle_hit("login_ip", ident)
    # then: counted all the same, as the second
    assert answer is None
    assert int(caches["default"]._cache.get_client().get(_key(ident))) == 2


@pytest.mark.parametrize("cache", ["hung", "down"])
def test_without_the_cache_moves_go_through_and_log_ins_wait_and_the_next_attempts_do_not_wait(cache: str) -> None:
    # given: CACHE_URL at a Redis that accepts connections and never answers, or at a port where nothing listens
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        port = listener.getsockname()[1]
        if cache == "hung":
            listener.listen(16)
        else:
            listener.close()
        code = textwrap.dedent(
            """
            import django, json, time
            django.setup()
            from league.throttles import throttle_hit
            took = []
            for scope, ident in [("move_submit", "user:1"), ("login_ip", "127.0.0.1"), ("move_submit", "user:2")]:
                start = time.monotonic()
                answer = throttle_hit(scope, ident)
                took.append([answer, time.monotonic() - start])
            print(json.dumps(took))
            """
        )
        url = f"redis://127.0.0.1:{port}/0"
        env = {**os.environ, "CACHE_URL": url, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
        # when: a move, a log-in attempt and another move are counted, in a process set up as production sets it up
        run = subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=django_settings.BASE_DIR,
        )
    (first, first_took), (login, login_took), (second, second_took) = json.loads(run.stdout.splitlines()[-1])
    # then: the moves are let through and the log-in told to wait; only the first waited for the cache (its timeout
    # of a second at most), the others were answered without trying it again
    assert (first, login, second) == (None, 10.0, None)
    assert first_took < 1.5
    assert login_took < 0.1 and second_took < 0.1


def test_the_cache_is_tried_again_after_the_pause(rate, monkeypatch: pytest.MonkeyPatch) -> None:
    # given: the cache failed a pause ago, with a rate of one attempt a minute used up
    rate("1/minute")
    ident = _ident()
    assert throttle_hit("login_ip", ident) is None
    server = server_of(redis_url() or "")
    redis_waits._away[server] = time.monotonic() - redis_waits.PAUSE - 0.1
    # when: the next attempt
    answer = throttle_hit("login_ip", ident)
    # then: counted in the cache again (refused as the second of the minute, not as an outage), the failure forgotten
    assert answer is not None and 59 < answer <= 60
    assert server not in redis_waits._away
