"""A throwaway PostgreSQL database for one benchmark: created, migrated, Django set up on it, dropped at the end.

Used by the benchmarks that touch the database (http_moves, move_cost, sweep, standings). The server is the one of
the test suite (127.0.0.1:5432, user postgres, trust auth); `BENCH_PG` overrides it (a URL without database name).
"""

import contextlib
import os
import pathlib
import subprocess
import sys
from collections.abc import Iterator

import psycopg

ROOT = pathlib.Path(__file__).resolve().parent.parent
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")

sys.path.insert(0, str(ROOT))


def has_migrations() -> bool:
    """Whether the league app has committed migrations; until the lead commits them the schema comes from syncdb."""
    return any(ROOT.glob("league/migrations/0*.py"))


def _admin(sql: str) -> None:
    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(sql)


def db_create(name: str) -> str:
    """A fresh empty database (an old one of the same name, left by a killed run, is dropped first)."""
    db_drop(name)
    _admin(f'CREATE DATABASE "{name}"')
    return f"{PG}/{name}"


def db_drop(name: str) -> None:
    # FORCE: a gunicorn worker that outlived its run must not keep the database alive
    _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def bench_env(url: str) -> dict[str, str]:
    """The environment of a production-like process on the bench database: DEBUG off, tasks not eager."""
    env = dict(os.environ)
    env.update(
        DATABASE_URL=url,
        DEBUG="0",
        SECRET_KEY="bench-only-secret-key-not-for-production-use-0123456789",
        CELERY_TASK_ALWAYS_EAGER="0",
        # BENCH_LOG_LEVEL=INFO: with every request's log line, as deployed (docs/operations.md)
        LOG_LEVEL=os.environ.get("BENCH_LOG_LEVEL", "WARNING"),
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    return env


def migrate(url: str) -> str:
    """Build the schema in a subprocess (so this process may still pick its own settings); returns how. System
    checks are skipped: they import every URL module, and the schema does not depend on them."""
    env = bench_env(url)
    if has_migrations():
        args, how = ["migrate", "--noinput", "--skip-checks"], "manage.py migrate"
    else:
        # no committed migrations yet: every app's tables from the models, as pytest --nomigrations does
        env["DJANGO_SETTINGS_MODULE"] = "bench.settings_nomigrations"
        args = ["migrate", "--run-syncdb", "--noinput", "--skip-checks"]
        how = "manage.py migrate --run-syncdb (no migrations yet)"
    subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args], env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL
    )
    return how


def django_setup(url: str) -> None:
    """Point this process's Django at the bench database (call before importing models)."""
    os.environ.update(bench_env(url))
    import django

    django.setup()


@contextlib.contextmanager
def bench_database(name: str, *, keep: bool = False) -> Iterator[str]:
    """Create and migrate `name`, set Django up on it, and drop it afterwards (unless `keep`). `BENCH_DB_SUFFIX` is
    added to the name: several people running one bench on one server each get a database of their own."""
    name += os.environ.get("BENCH_DB_SUFFIX", "")
    url = db_create(name)
    try:
        how = migrate(url)
        print(f"# database {name}: {how}", flush=True)
        django_setup(url)
        yield url
    finally:
        if not keep:
            from django.db import connections

            with contextlib.suppress(Exception):
                connections.close_all()
            db_drop(name)
