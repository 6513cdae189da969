"""config/gunicorn.conf.py: the web process's server settings are gunicorn's own, sized by the environment."""

import os
import runpy
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from gunicorn.config import Config

CONFIG = Path(settings.BASE_DIR) / "config" / "gunicorn.conf.py"


def test_every_name_the_file_sets_is_a_gunicorn_setting_with_a_valid_value() -> None:
    # gunicorn ignores a name it does not know: a misspelt setting would silently be left at its default
    names = {name: value for name, value in runpy.run_path(str(CONFIG)).items() if not name.startswith("_")}
    names.pop("os")
    known = Config()

    for name, value in names.items():
        assert name in known.settings, name
        known.set(name, value)  # raises on a value of the wrong kind

    assert known.worker_class_str == "gthread"
    # some idle connections are kept: gunicorn warns and closes every connection after its answer otherwise
    assert known.worker_connections > known.threads


def test_the_sizes_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    monkeypatch.setenv("WEB_THREADS", "6")
    monkeypatch.setenv("WEB_WORKER_CONNECTIONS", "20")

    loaded = runpy.run_path(str(CONFIG))

    assert (loaded["workers"], loaded["threads"], loaded["worker_connections"]) == (3, 6, 20)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
def test_the_server_header_names_no_software() -> None:
    # given: gunicorn started with the file, as docs/deploy.md starts it (one worker, on a free port)
    port = _free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test", "WEB_CONCURRENCY": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(CONFIG), "-b", f"127.0.0.1:{port}", "config.wsgi"],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # when: a page is asked for, once the server answers (for at most 30 s)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    headers = answer.headers
                break
            except urllib.error.HTTPError as answer:
                headers = answer.headers
                break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not answer in 30 s"
                time.sleep(0.2)
        # then: the Server header is there but names neither gunicorn nor a version
        assert headers["Server"] == "cardleague"
    finally:
        server.terminate()
        server.wait(timeout=30)
