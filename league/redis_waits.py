"""What a request may wait on Redis: the throttles' counter (the cache, league/throttles.py) and the outbox's publish
(the broker, league/services/follow_up.py), which docs/deploy.md lets share one server (issue 39).

- **One budget per request.** Every wait of a request on Redis takes its timeout from what is left of
  `CARDLEAGUE_REDIS_BUDGET` (0.25 s), and the time it took is spent from it; once it is spent the request does not
  try Redis again (the caller then does without: a move goes uncounted, a follow-up waits in the outbox for the
  drain). A request therefore waits on Redis that long in all, whatever Redis does and however many waits it makes.
  The budget is opened and closed around each request (`league.middleware.RedisBudgetMiddleware`); outside one
  (a worker, a command) each wait keeps the caller's own timeout.
- **A server away for every thread.** The first wait that fails on a server (a timeout, a refused or reset
  connection) marks it away for `PAUSE` seconds for every thread of the process: no request started meanwhile tries
  it (the requests already waiting on it when it hung each wait out their own timeout, which the budget bounds). A
  server is its address, so that a cache and a broker on one Redis are away together.
"""

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

# after a wait on a server failed, no thread of the process tries it for this long
PAUSE = 15.0


class RedisAway(RedisConnectionError):
    """Redis was not tried (the server is away, or the request's budget is spent), or failed now; `first` is true for
    the failure that found it away, which its caller logs (the others of the outage stay quiet)."""

    def __init__(self, message: str, *, first: bool = False) -> None:
        super().__init__(message)
        self.first = first


# the seconds the current request has spent waiting on Redis, in a list that the waits add to; None outside a request
_spent: ContextVar[list[float] | None] = ContextVar("redis_spent", default=None)
# server -> when a wait on it failed (time.monotonic); shared by every thread of the process
_away: dict[str, float] = {}
_away_lock = threading.Lock()


@contextmanager
def request_budget() -> Iterator[None]:
    """The budget of one request's waits on Redis, for as long as the request runs."""
    token = _spent.set([0.0])
    try:
        yield
    finally:
        _spent.reset(token)


def server_of(url: str) -> str:
    """The server a Redis URL (or a broker URL of another transport) names, as the away state knows it."""
    parts = urlsplit(url)
    if parts.scheme in ("redis", "rediss"):
        return f"{parts.hostname or 'localhost'}:{parts.port or 6379}"
    return f"{parts.scheme}://{parts.netloc}"


def wait_timeout(server: str, default: float) -> float:
    """The timeout of the next wait on `server`: `default`, or what is left of the request's budget when that is
    less. Raises RedisAway, without a wait, when the server is away or the budget is spent."""
    failed_at = _away.get(server)
    if failed_at is not None and time.monotonic() - failed_at < PAUSE:
        raise RedisAway(f"{server} is away")
    spent = _spent.get()
    if spent is None:
        return default
    left = settings.CARDLEAGUE_REDIS_BUDGET - spent[0]
    if left <= 0.001:
        raise RedisAway(f"the request's time for Redis is spent ({spent[0]:.3f} s)")
    return min(default, left)


def wait_over(server: str, started: float, *, failed: bool) -> bool:
    """Record a wait on `server` that began at `started` (time.monotonic): its time is spent from the request's
    budget, and the server is marked away for every thread when the wait failed, or answering when it did not.
    True when this failure is the one that found the server away (the others of the outage return False)."""
    now = time.monotonic()
    spent = _spent.get()
    if spent is not None:
        spent[0] += now - started
    if not failed:
        if server in _away:
            with _away_lock:
                _away.pop(server, None)
        return False
    with _away_lock:
        failed_at = _away.get(server)
        first = failed_at is None or now - failed_at >= PAUSE
        if first:
            _away[server] = now
    if first:
        logger.warning("Redis at %s is away: no thread of this process tries it for %s s", server, PAUSE)
    return first


def away_forget() -> None:
    """Forget every failure: the next wait tries each server again (for the tests, and an operator)."""
    with _away_lock:
        _away.clear()


def redis_command(client: Redis, *args: Any) -> Any:
    """Run one command on `client` within the request's budget, on a connection of the client's pool: the reply is
    awaited for what is left of the budget at most (outside a request, the pool's own socket timeout, or PAUSE when
    it has none). Setting up a new connection (connect, handshake) keeps the pool's own timeouts, which
    config/settings.py makes the budget for the cache. Raises RedisAway when the server is away, the budget spent, or
    the wait fails (a timeout, a lost connection); an error the server answers (a script it lacks) is raised as
    redis-py raises it."""
    pool = client.connection_pool
    options = pool.connection_kwargs
    server = f"{options.get('host', 'localhost')}:{options.get('port', 6379)}"
    timeout = wait_timeout(server, options.get("socket_timeout") or PAUSE)
    started = time.monotonic()
    connection = None
    try:
        connection = pool.get_connection()
        connection.send_command(*args)  # type: ignore[no-untyped-call]
        # the connection's own connect may have taken part of the time
        left = timeout - (time.monotonic() - started)
        if left <= 0:
            raise RedisTimeoutError(f"no time left to read from {server}")
        reply = connection.read_response(timeout=left)
    except (RedisConnectionError, RedisTimeoutError, OSError) as error:
        if connection is not None:
            connection.disconnect()  # type: ignore[no-untyped-call]  # a reply may still come: not to be read again
        raise RedisAway(f"{server}: {error}", first=wait_over(server, started, failed=True)) from error
    except RedisError:
        wait_over(server, started, failed=False)
        raise
    finally:
        if connection is not None:
            pool.release(connection)
    wait_over(server, started, failed=False)
    return reply
