"""Fault test (issue 19, item 7): the embedded default (SQLite, a file) under 32 concurrent writers. A gunicorn
server (32 threads) on a fresh SQLite database; 32 clients each rename their player again and again (a write
transaction each; a token may no longer rotate itself, issue 35) and read their account between writes. WAL lets
the reads go on beside the one writer, and a lock wait that runs out would be a 503, never a 500: every answer here
is below 500."""

import json
import os
import sqlite3
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing

import pytest
from django.conf import settings

from tests.league.faults.live import Gunicorn

pytestmark = [pytest.mark.slow]

WRITERS = 32
ROUNDS = 6

_MAKE_USERS = """
import json
from django.contrib.auth import get_user_model
from league.models import Player
from league.services.tokens import token_issue
keys = []
for n in range({writers}):
    user = get_user_model().objects.create_user(username=f"writer{{n}}", password="!")
    Player.objects.create(user=user, display_name=f"Writer {{n}}")
    keys.append(token_issue(user_id=user.pk).key)
print(json.dumps(keys))
"""


def _manage(env: dict[str, str], *args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return result.stdout


def test_32_concurrent_writers_on_sqlite_get_no_5xx(tmp_path):
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'cardleague.sqlite3'}",
        "CELERY_BROKER_URL": "memory://",
    }
    _manage(env, "migrate", "--noinput", "-v", "0")
    keys = json.loads(_manage(env, "shell", "-c", _MAKE_USERS.format(writers=WRITERS)).strip().splitlines()[-1])
    server = Gunicorn(tmp_path / "gunicorn.log", env=env, threads=WRITERS).wait_ready()
    barrier = threading.Barrier(WRITERS)

    def writer(n: int) -> list[int]:
        key, statuses = keys[n], []
        barrier.wait()
        for round_ in range(ROUNDS):
            status, _, _body = server.request(
                "PATCH",
                "/api/me/",
                headers={"Authorization": f"Token {key}"},
                body={"display_name": f"Writer {n} round {round_}"},
            )
            statuses.append(status)
            statuses.append(server.request("GET", "/api/me/", headers={"Authorization": f"Token {key}"})[0])
        return statuses

    try:
        with ThreadPoolExecutor(WRITERS) as pool:
            statuses = [s for one in pool.map(writer, range(WRITERS)) for s in one]
        with closing(sqlite3.connect(tmp_path / "cardleague.sqlite3")) as database:
            journal = database.execute("PRAGMA journal_mode").fetchone()[0]
    finally:
        server.stop()
    # then no answer was a 5xx: every write and every read went through
    assert [s for s in statuses if s >= 500] == []
    assert statuses.count(200) == 2 * WRITERS * ROUNDS
    # on a database in WAL mode
    assert journal == "wal"
