"""The probes of a load balancer or an orchestrator: `/healthz` (the process answers) and `/readyz` (it can serve:
the database answers with every migration applied, the broker and the cache answer), docs/operations.md.

Both are answered by `HealthMiddleware`, first in the stack: before the HTTPS redirect (a probe speaks plain HTTP
to the process), before the host check (a probe names the process by its address, not the site's name), before the
sessions, the throttles and the request log and metrics (league.request_log), which they would only fill. /readyz
runs its checks in threads of their own with one deadline, `READY_TIMEOUT`: a hung database or Redis makes the
answer a 503 naming it within the deadline, never a probe that hangs. The database check opens a connection of its
own and closes it, so the answer says whether a new connection can be made, which is what a request needs after a
restart of PostgreSQL.
"""

import json
import logging
import threading
import time
from collections.abc import Callable
from functools import cache
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.db import connections
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.http import HttpRequest, HttpResponse

logger = logging.getLogger(__name__)

LIVE_PATHS = frozenset({"/healthz", "/healthz/"})
READY_PATHS = frozenset({"/readyz", "/readyz/"})
# seconds /readyz waits for all its checks together; a check not done by then has failed ("timeout")
READY_TIMEOUT = 2.0
FINE = frozenset({"ok", "skipped"})
NOT_CHECKED = "not checked"
# what each check last said in this process, so that a failure is logged when it starts and ends, not every probe
_last: dict[str, str] = {}


class HealthMiddleware:
    """Answer /healthz and /readyz before anything else runs; pass every other request on."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        path = request.path_info
        if path in LIVE_PATHS:
            return _answer(200, {"status": "alive"})
        if path in READY_PATHS:
            checks = readiness()
            # (migrations are "not checked" when the database failed: that one is named, not both)
            failed = sorted(name for name, said in checks.items() if said not in FINE and said != NOT_CHECKED)
            if failed:
                return _answer(503, {"status": "unavailable", "failed": failed, "checks": checks})
            return _answer(200, {"status": "ready", "checks": checks})
        return self.get_response(request)


def _answer(status: int, body: dict[str, Any]) -> HttpResponse:
    response = HttpResponse(json.dumps(body), status=status, content_type="application/json")
    response["Cache-Control"] = "no-store"
    return response


def readiness(*, timeout: float = READY_TIMEOUT) -> dict[str, str]:
    """Each check's answer: "ok", "skipped" (not used by this process), or what failed (an exception's class name, a
    count of migrations, "timeout"); never an exception's text, which may name hosts and users."""
    checks: dict[str, Callable[[], dict[str, str]]] = {"database": _database, "broker": _broker, "cache": _cache}
    results: dict[str, str] = {}
    threads = []
    for name, check in checks.items():
        thread = threading.Thread(target=_run, args=(name, check, results), name=f"readyz-{name}", daemon=True)
        thread.start()
        threads.append(thread)
    deadline = time.monotonic() + timeout
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    answers = {name: results.get(name, "timeout") for name in checks}
    answers["migrations"] = results.get("migrations", NOT_CHECKED)
    _log_changes(answers)
    return answers


def _run(name: str, check: Callable[[], dict[str, str]], results: dict[str, str]) -> None:
    try:
        results.update(check())
    except Exception as error:  # whatever a client library raises is this check's failure, named by its class
        results[name] = type(error).__name__


def _database() -> dict[str, str]:
    """A connection of this thread's own: it connects, answers a query, reads the applied migrations, and closes. A
    database that answers with migrations missing is up and not ready: two answers."""
    connection = connections["default"]
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        applied = set(MigrationRecorder(connection).applied_migrations())
        missing = _migrations_on_disk() - applied
        return {"database": "ok", "migrations": f"{len(missing)} not applied" if missing else "ok"}
    finally:
        connection.close()


@cache
def _migrations_on_disk() -> frozenset[tuple[str, str]]:
    """Every migration the code has (read from disk once per process: the code does not change under it)."""
    return frozenset(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)


def _broker() -> dict[str, str]:
    if current_app.conf.task_always_eager:
        return {"broker": "skipped"}
    options = dict(settings.CARDLEAGUE_PUBLISH_TRANSPORT_OPTIONS)
    if "socket_timeout" in options:
        options |= {"socket_timeout": READY_TIMEOUT, "socket_connect_timeout": READY_TIMEOUT}
    connection = current_app.connection_for_write(connect_timeout=READY_TIMEOUT, transport_options=options)
    try:
        # one try (kombu's connect() tries again after 2 s): on Redis, a connection and a PING
        connection.ensure_connection(max_retries=0)
    finally:
        connection.release()
    return {"broker": "ok"}


def _cache() -> dict[str, str]:
    backend = caches["default"]
    if not isinstance(backend, RedisCache):
        return {"cache": "skipped"}  # each process's own memory: nothing to reach
    backend.get("readyz")  # the cache's own socket timeouts bound it (config/settings.py)
    return {"cache": "ok"}


def _log_changes(answers: dict[str, str]) -> None:
    for name, said in answers.items():
        before = _last.get(name, "ok")
        if (said in FINE) != (before in FINE):
            if said in FINE:
                logger.warning("readiness: %s answers again", name)
            else:
                logger.warning("readiness: %s failed (%s)", name, said)
        _last[name] = said
