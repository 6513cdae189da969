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
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.utils import load_backend

from league.replica.health import REPLICA, health_forget, primary_flushed

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
    """The "replica" alias, as DATABASE_REPLICA_URL makes it: the default's settings (the test database's name
    included) at `port`. Its connection names itself otherwise: pytest-django's test case refuses a connection to an
    alias of the settings that the test did not declare (and declaring it would make the run create a test database
    for it, and empty it after each test: a replica is read-only), and lets one of another name be used."""
    alias = copy.deepcopy(connections[DEFAULT_DB_ALIAS].settings_dict)
    alias.update(HOST="127.0.0.1", PORT=str(port))
    settings.DATABASES[REPLICA] = alias
    connections[REPLICA] = load_backend(alias["ENGINE"]).DatabaseWrapper(alias, f"{REPLICA} (of the test)")


def _alias_gone() -> None:
    if REPLICA in settings.DATABASES:
        connections[REPLICA].close()
        del connections[REPLICA]
        del settings.DATABASES[REPLICA]


@pytest.fixture
def replica_installed(transactional_db: None, settings: Any) -> Iterator[None]:
    """The router and the middleware, as config/settings.py installs them with DATABASE_REPLICA_URL; the alias is the
    test's to add (and is gone again before pytest-django's clean-up)."""
    settings.DATABASE_ROUTERS = [ROUTER]
    middleware = list(settings.MIDDLEWARE)
    middleware.insert(middleware.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1, STICKY)
    settings.MIDDLEWARE = middleware
    health_forget()
    yield
    _alias_gone()
    health_forget()


@pytest.fixture
def replica(replica_server: int, replica_installed: None, settings: Any) -> Iterator[BaseDatabaseWrapper]:
    """The replica, as the pages would read it, having replayed the test database's creation; counted fresh
    whatever its lag (the server is shared: other writers keep the primary ahead of it), unless a test sets the
    bound."""
    settings.CARDLEAGUE_REPLICA_MAX_LAG_SECONDS = 3600
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
    target = primary_flushed()
    deadline = time.monotonic() + REPLAY_WAIT
    with replica_server_connection() as server:
        while not server.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", [target]).fetchone()[0]:
            if time.monotonic() > deadline:
                raise AssertionError(f"the replica did not replay the primary up to {target} in {REPLAY_WAIT} s")
            time.sleep(0.01)


@contextmanager
def replay_paused() -> Iterator[None]:
    """The replica stops replaying: what the primary commits meanwhile is not on it (a replica that lags). A pause is
    only requested by `pg_wal_replay_pause()`: the wait until the server says it is paused keeps a write made at once
    after it from being replayed still (a busy host let one through, and the replica showed it)."""
    with replica_server_connection() as server:
        server.execute("SELECT pg_wal_replay_pause()")
        deadline = time.monotonic() + REPLAY_WAIT
        while server.execute("SELECT pg_get_wal_replay_pause_state()").fetchone()[0] != "paused":
            if time.monotonic() > deadline:
                raise AssertionError(f"the replica did not pause its replay in {REPLAY_WAIT} s")
            time.sleep(0.01)
        try:
            yield
        finally:
            server.execute("SELECT pg_wal_replay_resume()")


def read(queries: list[dict[str, str]], table: str) -> bool:
    """Whether one of the captured queries read the league's `table` (the health check's own queries are not)."""
    return any(f'"{table}"' in query["sql"] for query in queries)
