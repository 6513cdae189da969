"""One throttle policy for every door: the log-in page, the admin's log-in, the password change, the API's token
endpoint (password guessing), and the move form of the pages and the API's move endpoint (move flooding).

A door counts an attempt with `throttle_hit(scope, ident)`, which answers None (go on) or the seconds to wait.
The counts live in Django's cache, one counter per scope and identity and window, raised atomically: with
`CACHE_URL` pointing at Redis (production), every worker process of the server counts into the same counter, so a
limit holds however many processes serve the doors; without it (one process, the tests) the local memory cache
does. The window of a counter starts at its first attempt and lasts the rate's period; every attempt counts,
refused or not, so hammering a closed door does not get it opened sooner or later. On Redis an attempt is one round
trip (`_redis_hit`): every move POST makes one, and Django's cache calls took four. It waits within the request's
budget for Redis (league/redis_waits.py, shared with the outbox's publish); when Redis cannot be reached (down, or
hung past that budget), moves go through uncounted and the log-in doors refuse for a while (`FAIL_OPEN`), and no
thread of the process tries that Redis again for `league.redis_waits.PAUSE` seconds, so that the outage does not
cost every request the wait.

Rates are REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope] ("N/second|minute|hour|day"), from the environment
(config/settings.py), read at each attempt so that a changed setting applies at once:
- "login_user_client" (LOGIN_USER_CLIENT_RATE, default 10/minute): attempts naming one username from one client
  address, at any door;
- "login_username" (LOGIN_USERNAME_RATE, default 100/hour): attempts naming one username from anywhere, a far higher
  bar, not counted for a client that has logged in as that user before (league.known_clients): others' failures
  cannot keep a player out of their own browser;
- "login_ip" (LOGIN_IP_RATE, default 30/minute): attempts from one client address, at any door;
- "move_submit" (MOVE_SUBMIT_RATE, default 60/minute): moves per player, through the pages and the API together;
- "mail_account", "mail_recipient", "mail_ip" (MAIL_ACCOUNT_RATE 5/hour, MAIL_RECIPIENT_RATE 3/hour, MAIL_IP_RATE
  20/hour): the doors that send mail (sign-up, the settings' address change and "send the link again", the password
  reset), per account asking, per address mailed and per client address;
- "signup_ip" (SIGNUP_IP_RATE, default 10/hour): accounts made from one client address.
A username counts as Django's log-in form reads it and more: NFKC-normalized as the form does, then case-folded
(`login_key`), so that `ｐ１１` and `P11` use up the guesses of `p11`.
"""

import hashlib
import logging
import time
from typing import Any

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from django.core.cache.backends.redis import RedisCache
from django.http import HttpRequest
from redis.exceptions import NoScriptError, RedisError

from league.redis_waits import PAUSE, RedisAway, redis_command
from league.usernames import login_key

logger = logging.getLogger(__name__)

DEFAULT_RATES = {
    "login_user_client": "10/minute",
    "login_username": "100/hour",
    "login_ip": "30/minute",
    "move_submit": "60/minute",
    "mail_account": "5/hour",
    "mail_recipient": "3/hour",
    "mail_ip": "20/hour",
    "signup_ip": "10/hour",
}
# the doors that let attempts through while the shared cache cannot count them (the others refuse them, for
# OUTAGE_WAIT seconds at a time): a move is play, which an outage of the cache must not stop
FAIL_OPEN = {"move_submit"}
OUTAGE_WAIT = 10.0

_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def throttle_rate(scope: str) -> tuple[int, int] | None:
    """(attempts, seconds) of a scope, or None when the scope is unlimited."""
    rates: dict[str, str | None] = _framework().get("DEFAULT_THROTTLE_RATES") or {}
    rate = rates.get(scope, DEFAULT_RATES.get(scope))
    if rate is None:
        return None
    count, period = str(rate).split("/")
    return int(count), _PERIODS[period[0]]


def throttle_hit(scope: str, ident: str) -> float | None:
    """Count one attempt of `ident` in `scope`: None when it is within the rate, else the seconds to wait."""
    rate = throttle_rate(scope)
    if rate is None:
        return None
    count, seconds = rate
    # hashed: a username may hold characters or a length that a cache key must not
    key = f"throttle:{scope}:{hashlib.sha256(ident.encode('utf-8', 'replace')).hexdigest()}"
    backend = caches[DEFAULT_CACHE_ALIAS]
    if isinstance(backend, RedisCache):
        return _redis_attempt(backend, scope=scope, key=key, count=count, seconds=seconds)
    now = time.time()
    cache.add(f"{key}:start", now, timeout=seconds)
    cache.add(key, 0, timeout=seconds)
    try:
        hits = cache.incr(key)
    except ValueError:  # the window ended between add and incr: this attempt opens the next one
        cache.add(key, 1, timeout=seconds)
        hits = 1
    if hits <= count:
        return None
    started = cache.get(f"{key}:start") or now
    return max(float(started) + seconds - now, 1.0)


# an attempt on Redis, atomically (a script runs alone): the counter made with its window if there is none, raised
# (INCR keeps the window), and the window's time left; a counter found without a window (written by something else)
# would never let its door open again, so it gets one
_HIT = """
redis.call('SET', KEYS[1], 0, 'EX', ARGV[1], 'NX')
local hits = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
    redis.call('EXPIRE', KEYS[1], ARGV[1])
    left = ARGV[1] * 1000
end
return {hits, left}
"""
_HIT_DIGEST = hashlib.sha1(_HIT.encode(), usedforsecurity=False).hexdigest()


def _redis_hit(backend: RedisCache, key: str, seconds: int) -> tuple[int, float]:
    """Count one attempt on Redis in one round trip (`_HIT`, run by its digest; sent whole the first time a server
    lacks it): the attempts in the window, this one included, and the seconds left of it. The counter is the integer
    that Django's Redis cache writes for `cache.add(key, 0)` and reads back with `cache.get`."""
    full_key = backend.make_and_validate_key(key)
    # the connection pool of Django's Redis cache, as its own methods reach it (the stubs do not name it)
    client = backend._cache.get_client(full_key, write=True)  # type: ignore[attr-defined]
    # within the request's budget for Redis (league.redis_waits), not the cache's own timeout
    try:
        hits, left_ms = redis_command(client, "EVALSHA", _HIT_DIGEST, 1, full_key, seconds)
    except NoScriptError:
        hits, left_ms = redis_command(client, "EVAL", _HIT, 1, full_key, seconds)
    return int(hits), int(left_ms) / 1000


def _redis_attempt(backend: RedisCache, *, scope: str, key: str, count: int, seconds: int) -> float | None:
    """`throttle_hit` on Redis, or without it while Redis is away or the request's time for it is spent."""
    try:
        hits, left = _redis_hit(backend, key, seconds)
    except RedisAway as away:
        if away.first:
            logger.error(
                "the throttles cannot reach the cache: for %s s moves go uncounted, log-ins wait", PAUSE, exc_info=away
            )
        return _uncounted(scope)
    except RedisError:  # an error it answered (out of memory, a replica that refuses writes)
        logger.exception("the throttles' cache refused an attempt: it goes uncounted")
        return _uncounted(scope)
    return None if hits <= count else max(left, 1.0)


def _uncounted(scope: str) -> float | None:
    """An attempt that the cache could not count: play goes on, and a log-in door stays shut for a while rather
    than open to guessing while nothing counts."""
    return None if scope in FAIL_OPEN else OUTAGE_WAIT


def _framework() -> dict[str, Any]:
    framework: dict[str, Any] = settings.REST_FRAMEWORK
    return framework


def client_address(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or with NUM_PROXIES set the address that many proxies back in
    X-Forwarded-For (a client's own header is never trusted otherwise: every guess would get a fresh address)."""
    remote = str(request.META.get("REMOTE_ADDR") or "")
    proxies = _framework().get("NUM_PROXIES")
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if not proxies or not forwarded:
        return remote
    addresses = [address.strip() for address in str(forwarded).split(",")]
    return addresses[-min(int(proxies), len(addresses))]


def login_attempt(request: HttpRequest, *, username: str | None, known: bool = False) -> float | None:
    """Count a password attempt at any door: the address first, so that every call counts there, then the username
    (`login_key`) from this address, then the username from anywhere unless this client has logged in as it before
    (`known`); the seconds to wait when a limit is passed, else None."""
    address = client_address(request)
    waits = [throttle_hit("login_ip", address)]
    if username:
        waits += username_attempt(login_key(username), address=address, known=known)
    return _longest(waits)


def username_attempt(key: str, *, address: str, known: bool) -> list[float | None]:
    """The username's counters of a password attempt (`key` from `login_key`): per client address, and per username
    with its far higher bar unless the client is known to this user."""
    waits = [throttle_hit("login_user_client", f"{key}|{address}")]
    if not known:
        waits.append(throttle_hit("login_username", key))
    return waits


def mail_attempt(request: HttpRequest, *, user_id: int | None, recipients: list[str]) -> float | None:
    """Count a door that sends mail: per client address, per account asking (when one is signed in or named) and per
    address mailed (case-folded); the seconds to wait when a limit is passed, else None."""
    waits = [throttle_hit("mail_ip", client_address(request))]
    if user_id is not None:
        waits.append(throttle_hit("mail_account", f"user:{user_id}"))
    waits += [throttle_hit("mail_recipient", address.strip().casefold()) for address in recipients if address]
    return _longest(waits)


def signup_attempt(request: HttpRequest) -> float | None:
    """Count an account about to be made, per client address."""
    return throttle_hit("signup_ip", client_address(request))


def _longest(waits: list[float | None]) -> float | None:
    refused = [wait for wait in waits if wait is not None]
    return max(refused) if refused else None


def move_attempt(*, user_id: int) -> float | None:
    """Count a move submission of a player, through the pages or the API alike."""
    return throttle_hit("move_submit", f"user:{user_id}")
