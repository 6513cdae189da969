"""The request's line (league/request_log.py) as `make run` prints it (issue 38): runserver with DEBUG on, in text,
one line per request, a 404 too, where there were three (Django's "Not Found" warning from its own handler and
again from the root's, then runserver's line)."""

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from django.conf import settings
from django.db import connection

from tests.league.faults.live import free_port

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres, pytest.mark.slow]

PATHS = ("/api/clubs/", "/no-such-page-1234/", "/api/no-such-endpoint/")


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def test_make_run_prints_one_short_line_per_request(tmp_path) -> None:
    db, port = connection.settings_dict, free_port()
    env = {
        **os.environ,
        "DEBUG": "1",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
        "DATA_DIR": str(tmp_path),
        "CELERY_TASK_ALWAYS_EAGER": "1",
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("LOG_FORMAT", None)
    out = (tmp_path / "runserver.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", "--skip-checks", f"127.0.0.1:{port}"],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=out,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        end = time.monotonic() + 60
        while _status_or_none(f"http://127.0.0.1:{port}/healthz") != 200:
            assert time.monotonic() < end and server.poll() is None, (tmp_path / "runserver.log").read_text()
            time.sleep(0.2)
        before = (tmp_path / "runserver.log").read_text().count("\n")
        statuses = [_status(f"http://127.0.0.1:{port}{path}") for path in PATHS]
        time.sleep(0.5)  # (the lines are written after the answers)
    finally:
        server.terminate()
        server.wait(timeout=20)
        out.close()

    lines = (tmp_path / "runserver.log").read_text().splitlines()[before:]
    assert statuses == [200, 404, 404]
    assert [sum(path in line for line in lines) for path in PATHS] == [1, 1, 1], lines
    assert len(lines) == 3, lines
    # short text lines: time, level, logger, method, path, status, duration
    assert lines[1].split(" ", 1)[1].startswith("INFO cardleague.request: GET /no-such-page-1234/ 404 ")
    assert not any(line.startswith("{") for line in lines)


def _status_or_none(url: str) -> int | None:
    try:
        return _status(url)
    except OSError:
        return None
