"""Fault test (issue 19, item 6): the database goes away and comes back under a running server. The server
(gunicorn, gthread) reaches PostgreSQL through a TCP proxy that the test stops (every connection cut, new ones
refused) and starts again; and PostgreSQL itself ends the server's connections (pg_terminate_backend), as a restart
does. Requests meanwhile are 503 in the API's error format with Retry-After (a styled page on the pages), and the
same process serves again once the database is back."""

import json

import pytest
from django.db import connection

from tests.league.faults.live import Gunicorn, Proxy

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.slow]

THREADS = 4


def _terminate_other_backends() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = %s AND pid <> "
            "pg_backend_pid()",
            [connection.settings_dict["NAME"]],
        )
        return int(cursor.fetchone()[0])


def test_a_database_outage_is_503_then_the_same_process_recovers(tmp_path):
    database = connection.settings_dict
    host, port = database["HOST"] or "127.0.0.1", int(database["PORT"] or 5432)
    proxy = Proxy((host, port)).start()
    url = f"postgres://{database['USER']}@127.0.0.1:{proxy.port}/{database['NAME']}"
    # conn_max_age 60 as in production: connections are kept between requests
    server = Gunicorn(tmp_path / "gunicorn.log", env={"DATABASE_URL": url}, threads=THREADS).wait_ready()
    try:
        pid = server.process.pid
        # given a server that answers, every thread holding a connection
        assert [server.request("GET", "/api/clubs/")[0] for _ in range(THREADS * 2)] == [200] * (THREADS * 2)

        # when PostgreSQL ends every connection (a restart): the health check reconnects, no request fails
        assert _terminate_other_backends() >= 1
        assert [server.request("GET", "/api/clubs/")[0] for _ in range(THREADS * 2)] == [200] * (THREADS * 2)

        # when the database is unreachable
        proxy.stop()
        status, headers, body = server.request("GET", "/api/clubs/")
        # then the API answers 503 in its error format, with Retry-After
        assert (status, headers.get("Retry-After")) == (503, "5")
        assert json.loads(body)["error"]["code"] == "database_unavailable"
        # and a page is the styled 503 page
        status, headers, body = server.request("GET", "/")
        assert (status, headers.get("Retry-After")) == (503, "5")
        assert b'class="error-code" aria-hidden="true">503<' in body
        # and a write is refused the same way (nothing half-written)
        status, _, body = server.request("POST", "/api/auth/token/", body={"username": "x", "password": "y"})
        assert (status, json.loads(body)["error"]["code"]) == (503, "database_unavailable")

        # when the database is back, the same process answers again
        proxy.start()
        assert [server.request("GET", "/api/clubs/")[0] for _ in range(THREADS * 2)] == [200] * (THREADS * 2)
        assert server.request("GET", "/")[0] == 200
        assert server.process.pid == pid and server.process.poll() is None
        assert b"Internal Server Error" not in server.log.read_bytes()
    finally:
        server.stop()
        proxy.stop()
