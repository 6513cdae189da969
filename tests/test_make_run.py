"""`make run` as a newcomer sees it (issue 38): a screen of progress at most, then the demo's URL and log-ins, once,
then a line per request. Before, the first run printed a system-check warning (W038, SQLite), the Celery worker's and
beat's banners, kombu's "No hostname was supplied" three times and the log-ins twice.

The Makefile's own recipe runs, in a shell environment of a newcomer's (no DATABASE_URL, no broker: SQLite and the
filesystem broker), on a free port, with DATA_DIR in a temporary folder so that the checkout's data/ is not touched;
the virtualenv's marker is taken as up to date (`make -o`: no pip install in a test)."""

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from league.management.commands.demo_load import DEFAULT_SEEDS
from tests.league.faults.live import free_port

pytestmark = [pytest.mark.slow, pytest.mark.skipif(shutil.which("make") is None, reason="needs make")]

# what a newcomer's shell has; nothing of the test run's own (its database, broker, settings module, log format)
SHELL = ("PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE", "TMPDIR")
SCREEN = 25
STARTS_WITHIN = 300.0
NOISE = (
    "W038",  # the system check's warning on SQLite's deferrable constraint
    "No hostname was supplied",  # kombu, on the filesystem broker's URL
    "-------------- celery@",  # the worker's banner
    "celery beat v",  # beat's
    "Configuration ->",  # beat's banner, continued
    "absolutely not recommended",  # Celery's warning against a root worker
    "Traceback",
)


def _log_ins() -> list[str]:
    spec = json.loads(DEFAULT_SEEDS.read_text(encoding="utf-8"))
    return [f"{p['username']:<10} / {p['password']}" for p in spec["organizers"] + spec["members"]]


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def _stop(make: subprocess.Popen[bytes], log: Path) -> None:
    """Ctrl-C's signal to make's process group (make, its shell, serve_all), which stops the three children; any
    child group still alive then is killed."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(make.pid, signal.SIGTERM)
    children = [int(pid) for pid in re.findall(r"^started \w+ \(pid (\d+)\)", log.read_text(), re.M)]
    end = time.monotonic() + 30
    while time.monotonic() < end and (make.poll() is None or any(_alive(pid) for pid in children)):
        time.sleep(0.2)
    for group in (make.pid, *children):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, signal.SIGKILL)
    make.wait(timeout=10)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_make_run_prints_a_screen_of_progress_then_the_url_and_the_log_ins_once(tmp_path: Path) -> None:
    # given: a newcomer's shell, a free port, an empty data folder
    address = f"127.0.0.1:{free_port()}"
    banner = f"cardleague demo: open http://{address}/"
    env = {name: os.environ[name] for name in SHELL if name in os.environ}
    env |= {"DATA_DIR": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}
    venv, log = Path(sys.prefix), tmp_path / "run.log"
    command = ["make", "--no-print-directory", "-o", f"{venv}/.installed", "run"]
    command += [f"VENV={venv}", f"PY={sys.executable}", f"ADDRESS={address}"]
    missing = f"/nope-{uuid.uuid4().hex[:8]}/"
    # when: `make run` runs until the demo's banner, then a page that does not exist is asked for
    started = time.monotonic()
    with log.open("wb") as out:
        make = subprocess.Popen(
            command,
            cwd=settings.BASE_DIR,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            while banner not in log.read_text():
                assert make.poll() is None, f"make run exited with {make.returncode}:\n{log.read_text()}"
                assert time.monotonic() - started < STARTS_WITHIN, f"no banner yet:\n{log.read_text()}"
                time.sleep(0.5)
            up_after = time.monotonic() - started
            status = _status(f"http://{address}{missing}")
            time.sleep(1)  # (the request's line is written after the answer)
        finally:
            _stop(make, log)
    text = log.read_text()
    lines = text.splitlines()
    # then: the banner once, after at most a screen of progress
    assert [line for line in lines if "cardleague demo: open" in line] == [banner], text
    before = lines[: lines.index(banner)]
    assert len(before) <= SCREEN, f"{len(before)} lines before the banner:\n" + "\n".join(before)
    # each log-in once, none of the noise of before
    assert {log_in: text.count(log_in) for log_in in _log_ins()} == dict.fromkeys(_log_ins(), 1), text
    assert [noise for noise in NOISE if noise in text] == [], text
    # and a 404 is one line, the request's own
    assert status == 404
    assert [line for line in lines if missing in line] == [line for line in lines if f"GET {missing} 404 " in line]
    assert len([line for line in lines if missing in line]) == 1, text
    print(f"make run: the banner after {up_after:.1f} s")
