"""One throttle policy for every door: the log-in page, the admin's log-in, the password change, the API's token
endpoint (password guessing), and the move form of the pages and the API's move endpoint (move flooding).

A door counts an attempt with `throttle_hit(scope, ident)`, which answers None (go on) or the seconds to wait.
The counts live in Django's cache, one counter per scope and identity and window, raised with the cache's atomic
`incr`: with `CACHE_URL` pointing at Redis (production), every worker process of the server counts into the same
counter, so a limit holds however many processes serve the doors; without it (one process, the tests) the local
memory cache does. The window of a counter starts at its first attempt and lasts the rate's period; every attempt
counts, refused or not, so hammering a closed door does not get it opened sooner or later.

Rates are REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope] ("N/second|minute|hour|day"), from the environment
(config/settings.py), read at each attempt so that a changed setting applies at once:
- "login_username" (LOGIN_USERNAME_RATE, default 10/minute): attempts naming one username, at any door;
- "login_ip" (LOGIN_IP_RATE, default 30/minute): attempts from one client address, at any door;
- "move_submit" (MOVE_SUBMIT_RATE, default 60/minute): moves per player, through the pages and the API together.
"""

import hashlib
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

DEFAULT_RATES = {"login_username": "10/minute", "login_ip": "30/minute", "move_submit": "60/minute"}
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


def login_attempt(request: HttpRequest, *, username: str | None) -> float | None:
    """Count a password attempt at any door (the address first, so that every call counts there, then the username
    as the backend will read it); the seconds to wait when either limit is passed, else None."""
    waits = [throttle_hit("login_ip", client_address(request))]
    if username:
        waits.append(throttle_hit("login_username", username.strip()))
    refused = [wait for wait in waits if wait is not None]
    return max(refused) if refused else None


def move_attempt(*, user_id: int) -> float | None:
    """Count a move submission of a player, through the pages or the API alike."""
    return throttle_hit("move_submit", f"user:{user_id}")
