"""config/gunicorn.conf.py: the web process's server settings are gunicorn's own, sized by the environment."""

import os
import runpy
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from gunicorn.config import Config
from prometheus_client.parser import text_string_to_metric_families

from tests.league.faults.live import free_port

CONFIG = Path(settings.BASE_DIR) / "config" / "gunicorn.conf.py"


def test_every_name_the_file_sets_is_a_gunicorn_setting_with_a_valid_value() -> None:
    # gunicorn ignores a name it does not know: a misspelt setting would silently be left at its default
    names = {name: value for name, value in runpy.run_path(str(CONFIG)).items() if not name.startswith("_")}
    names.pop("os")
    # the metrics' hooks (league/metrics.py): gunicorn's own setting names, callables
    for hook in ("on_starting", "when_ready", "child_exit"):
        assert callable(names[hook]), hook
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


@pytest.mark.slow
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_master_serves_every_worker_s_requests_counted_once(tmp_path) -> None:
    # given the web process as deployed, two workers, with metrics on
    db = connection.settings_dict
    port, metrics_port = free_port(), free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "CELERY_TASK_ALWAYS_EAGER": "1",
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics"),
        "METRICS_PORT": str(metrics_port),
        "WEB_CONCURRENCY": "2",
        "WEB_THREADS": "2",
    }
    (tmp_path / "metrics").mkdir()
    (tmp_path / "metrics" / "counter_1.db").write_bytes(b"left by a previous run")
    log = (tmp_path / "gunicorn.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(CONFIG), "config.wsgi", "--bind", f"127.0.0.1:{port}"],
        cwd=settings.BASE_DIR,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )

    def get(url: str) -> bytes:
        with urllib.request.urlopen(url, timeout=10) as response:
            return bytes(response.read())

    def requests_counted() -> float:
        text = get(f"http://127.0.0.1:{metrics_port}/").decode()
        return sum(
            sample.value
            for family in text_string_to_metric_families(text)
            for sample in family.samples
            if sample.name == "cardleague_http_requests_total" and sample.labels["route"] == "api/clubs/"
        )

    def answering() -> bool:
        try:
            return get(f"http://127.0.0.1:{port}/healthz") == b'{"status": "alive"}'
        except OSError:
            return False

    try:
        _until(answering)
        # when 20 requests are served, the workers are replaced (SIGHUP: new processes), and 20 more are served
        for _ in range(20):
            get(f"http://127.0.0.1:{port}/api/clubs/")
        server.send_signal(signal.SIGHUP)
        _until(lambda: (tmp_path / "gunicorn.log").read_text().count("Booting worker with pid") >= 4)
        for _ in range(20):
            get(f"http://127.0.0.1:{port}/api/clubs/")
        # then the master's exporter counts all 40, from the files of every worker that served them, and nothing
        # of a previous run's files
        assert requests_counted() == 40
        pids = {p.name for p in (tmp_path / "metrics").glob("counter_*.db")}
        assert len(pids) >= 2 and "counter_1.db" not in pids
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        log.close()


def _until(check: Callable[[], bool], timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.1)


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
