"""Fault test (issue 40): /readyz of a real server (gunicorn, gthread) while PostgreSQL is unreachable and after. The
server reaches the database through the TCP proxy of live.py, which the test stops (every connection cut, new ones
refused) and starts again; the broker and the cache are this run's Redis, as deployed. /healthz answers all along:
the process is alive, only not ready."""

import json
import os

import pytest
from django.db import connection

from tests.league.faults.live import Gunicorn, Proxy

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.slow]


def test_readyz_is_503_naming_the_database_while_it_is_unreachable_and_200_once_it_is_back(tmp_path):
    database = connection.settings_dict
    host, port = database["HOST"] or "127.0.0.1", int(database["PORT"] or 5432)
    proxy = Proxy((host, port)).start()
    redis = os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
    env = {
        "DATABASE_URL": f"postgres://{database['USER']}@127.0.0.1:{proxy.port}/{database['NAME']}",
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "CELERY_BROKER_URL": redis,
        "CACHE_URL": redis,
    }
    server = Gunicorn(tmp_path / "gunicorn.log", env=env, threads=4).wait_ready()
    try:
        # given a server that can reach everything
        status, headers, body = server.request("GET", "/readyz")
        assert (status, json.loads(body)["status"]) == (200, "ready")
        assert json.loads(body)["checks"] == {"database": "ok", "migrations": "ok", "broker": "ok", "cache": "ok"}

        # when the database is unreachable
        proxy.stop()
        status, headers, body = server.request("GET", "/readyz", timeout=10)
        # then readiness fails, naming the database and nothing else
        assert status == 503
        assert json.loads(body)["failed"] == ["database"]
        assert headers["Cache-Control"] == "no-store"
        # and the process is still alive
        assert server.request("GET", "/healthz")[0] == 200

        # when the database is back, the same process is ready again
        proxy.start()
        status, _, body = server.request("GET", "/readyz")
        assert (status, json.loads(body)["failed"] if status != 200 else []) == (200, [])
        assert server.process.poll() is None
        log = server.log.read_text()
        assert '"message": "readiness: database failed (OperationalError)"' in log
        assert '"message": "readiness: database answers again"' in log
    finally:
        server.stop()
        proxy.stop()
