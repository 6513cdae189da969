"""The probes (league/health.py): /healthz answers from the process alone, /readyz says what the service can reach,
503 naming what failed, within its deadline; neither goes through the HTTPS redirect, the host check, the request
log or the metrics. The outage of a real database under a real server is tests/league/faults/test_readiness.py."""

import json
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from celery import current_app
from django.test import Client, override_settings

from league import health, metrics

PRODUCTION_DOORS = {"SECURE_SSL_REDIRECT": True, "ALLOWED_HOSTS": ["cards.example.org"]}


def _body(response) -> dict:
    return json.loads(response.content)


@pytest.fixture
def broker_at(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str | None], None]]:
    """Point this process at a broker (None: tasks in process again, as the tests run them). Celery reads the
    broker's URL from CELERY_BROKER_URL before its settings."""
    conf = current_app.conf
    before = conf.task_always_eager

    def point(url: str | None) -> None:
        conf.task_always_eager = url is None
        if url is not None:
            monkeypatch.setenv("CELERY_BROKER_URL", url)

    yield point
    conf.task_always_eager = before


@pytest.fixture
def black_hole() -> Iterator[int]:
    """A port that accepts connections and never answers (a hung Redis)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    stop.set()
    thread.join()
    for sock in [*held, listener]:
        sock.close()


@override_settings(**PRODUCTION_DOORS)
def test_healthz_answers_from_the_process_alone_over_plain_http_to_any_host_name() -> None:
    # (no django_db mark: a query would fail the test)
    response = Client().get("/healthz", HTTP_HOST="10.1.2.3:8000")
    assert (response.status_code, _body(response)) == (200, {"status": "alive"})
    assert response["Cache-Control"] == "no-store"


@pytest.mark.django_db
@override_settings(**PRODUCTION_DOORS)
def test_readyz_is_200_when_the_database_answers_with_every_migration_applied() -> None:
    response = Client().get("/readyz", HTTP_HOST="10.1.2.3")
    assert response.status_code == 200
    # (the tests run tasks in process and count throttles in memory: nothing to reach for those two)
    assert _body(response) == {
        "status": "ready",
        "checks": {"database": "ok", "migrations": "ok", "broker": "skipped", "cache": "skipped"},
    }


@pytest.mark.django_db
def test_readyz_is_503_naming_the_migrations_when_one_is_not_applied(monkeypatch: pytest.MonkeyPatch) -> None:
    on_disk = health._migrations_on_disk() | {("league", "9999_not_yet")}
    monkeypatch.setattr(health, "_migrations_on_disk", lambda: on_disk)

    response = Client().get("/readyz/")

    assert response.status_code == 503
    assert _body(response)["failed"] == ["migrations"]
    assert _body(response)["checks"]["migrations"] == "1 not applied"


@pytest.mark.django_db
def test_readyz_is_503_naming_a_broker_and_a_cache_that_refuse(broker_at) -> None:
    broker_at("redis://127.0.0.1:1/0")
    cache = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"}
    with override_settings(CACHES={"default": cache}):
        response = Client().get("/readyz")

    assert response.status_code == 503
    body = _body(response)
    assert body["failed"] == ["broker", "cache"]
    assert body["checks"]["database"] == "ok"
    # what failed is named by its kind, never by the exception's text (hosts, users)
    assert body["checks"]["cache"] == "ConnectionError"
    assert "127.0.0.1" not in response.content.decode()


@pytest.mark.django_db
def test_a_hung_broker_and_cache_make_readyz_a_503_within_its_deadline(broker_at, black_hole: int) -> None:
    broker_at(f"redis://127.0.0.1:{black_hole}/0")
    cache = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": f"redis://127.0.0.1:{black_hole}/0"}
    with override_settings(CACHES={"default": cache}):
        started = time.monotonic()
        answers = health.readiness(timeout=0.5)
        took = time.monotonic() - started

    assert answers["broker"] == answers["cache"] == "timeout"
    assert answers["database"] == "ok"
    assert took < 1.5


@pytest.mark.django_db
def test_the_probes_leave_no_request_log_line_and_no_request_metric(caplog: pytest.LogCaptureFixture) -> None:
    client = Client()
    before = {key: child[0]._value.get() for key, child in metrics._request_children.items()}
    with caplog.at_level(logging.INFO, logger="cardleague.request"):
        for path in ("/healthz", "/readyz", "/healthz/", "/readyz/"):
            client.get(path)
        client.get("/api/clubs/")

    assert [record.route for record in caplog.records if record.name == "cardleague.request"] == ["api/clubs/"]
    after = {key: child[0]._value.get() for key, child in metrics._request_children.items()}
    changed = {key for key in after if after[key] != before.get(key, 0)}
    assert changed == {("api/clubs/", "GET", "200")}


@pytest.mark.django_db
def test_a_failure_of_readiness_is_logged_when_it_starts_and_when_it_ends(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, broker_at
) -> None:
    monkeypatch.setattr(health, "_last", {})
    with caplog.at_level(logging.WARNING, logger="league.health"):
        broker_at("redis://127.0.0.1:1/0")
        health.readiness()
        health.readiness()
        broker_at(None)
        health.readiness()

    assert [record.getMessage() for record in caplog.records] == [
        "readiness: broker failed (OperationalError)",
        "readiness: broker answers again",
    ]
