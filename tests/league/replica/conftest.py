"""A real streaming replica for the replica's tests: `tools/replica.sh` makes and starts it once per run (a second
worker, or a second run, finds it there), at 127.0.0.1:5433 (REPLICA_PORT). The `replica` fixture points the
"replica" alias at the test database's name there (pytest-django creates it on the primary; it reaches the replica
by replication), and installs the router and the read-your-writes middleware as DATABASE_REPLICA_URL would.

The tests commit what they write (the replica sees only what the primary committed) and empty the database after.
They run in one xdist group, so that a paused replay (`replay_paused`) holds up no other worker's test."""

import copy
import os
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper

from league.replica.health import REPLICA, health_forget

PORT = int(os.environ.get("REPLICA_PORT", "5433"))
ROUTER = "league.replica.router.ReplicaRouter"
STICKY = "league.replica.sticky.ReplicaStickyMiddleware"
# how long a test waits for the replica to replay the primary before it fails (it takes milliseconds)
REPLAY_WAIT = 30.0


@pytest.fixture(scope="session")
def replica_server() -> int:
    if settings.DATABASES[DEFAULT_DB_ALIAS]["ENGINE"] != "django.db.backends.postgresql":
        pytest.skip("a streaming replica needs PostgreSQL")
    tool = Path(settings.BASE_DIR) / "tools" / "replica.sh"
    subprocess.run([str(tool), "start"], check=True, env={**os.environ, "REPLICA_PORT": str(PORT)})
    return PORT


def _alias_at(port: int) -> None:
    """The "replica" alias: the default's settings (the test database's name included) at `port`."""
    alias = copy.deepcopy(connections[DEFAULT_DB_ALIAS].settings_dict)
    alias.update(HOST="127.0.0.1", PORT=str(port))
    connections.settings[REPLICA] = alias


def _alias_gone() -> None:
    if REPLICA in connections.settings:
        connections[REPLICA].close()
        del connections[REPLICA]
        del connections.settings[REPLICA]


@pytest.fixture
def replica_installed(django_db_setup: None, django_db_blocker: Any, settings: Any) -> Iterator[None]:
    """The router and the middleware, as config/settings.py installs them with DATABASE_REPLICA_URL; the alias is the
    test's to add. The database is the test database, written for real and emptied after the test (flush), as a
    transactional test does: not through pytest-django's marker, whose test case refuses an alias added after it
    started (and would try to empty the replica, which is read-only)."""
    settings.DATABASE_ROUTERS = [ROUTER]
    middleware = list(settings.MIDDLEWARE)
    middleware.insert(middleware.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1, STICKY)
    settings.MIDDLEWARE = middleware
    health_forget()
    with django_db_blocker.unblock():
        try:
            yield
        finally:
            _alias_gone()
            health_forget()
            call_command("flush", verbosity=0, interactive=False, database=DEFAULT_DB_ALIAS)


@pytest.fixture
def replica(replica_server: int, replica_installed: None) -> Iterator[BaseDatabaseWrapper]:
    """The replica, as the pages would read it, having replayed the test database's creation."""
    _alias_at(replica_server)
    replayed()
    yield connections[REPLICA]


@pytest.fixture
def replica_refusing(replica_installed: None) -> None:
    """A replica alias at a port where nothing listens: every connection is refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    _alias_at(port)


def _primary_flushed() -> str:
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_flush_lsn()::text")
        return cursor.fetchone()[0]


@contextmanager
def replica_server_connection() -> Iterator[psycopg.Connection]:
    """A connection of the test's own to the replica's server (not the alias the pages use)."""
    settings_dict = connections[REPLICA].settings_dict
    with psycopg.connect(
        host=settings_dict["HOST"],
        port=settings_dict["PORT"],
        user=settings_dict["USER"],
        dbname="postgres",
        autocommit=True,
    ) as conn:
        yield conn


def replayed() -> None:
    """Wait until the replica has replayed everything the primary has committed (a wait, not a timed assertion: it
    fails only when the replica does not replay at all)."""
    target = _primary_flushed()
    deadline = time.monotonic() + REPLAY_WAIT
    with replica_server_connection() as server:
        while not server.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [target]).fetchone()[0]:
            if time.monotonic() > deadline:
                raise AssertionError(f"the replica did not replay the primary up to {target} in {REPLAY_WAIT} s")
            time.sleep(0.01)


@contextmanager
def replay_paused() -> Iterator[None]:
    """The replica stops replaying: what the primary commits meanwhile is not on it (a replica that lags)."""
    with replica_server_connection() as server:
        server.execute("SELECT pg_wal_replay_pause()")
        try:
            yield
        finally:
            server.execute("SELECT pg_wal_replay_resume()")


def read(queries: list[dict[str, str]], table: str) -> bool:
    """Whether one of the captured queries read the league's `table` (the health check's own queries are not)."""
    return any(f'"{table}"' in query["sql"] for query in queries)
