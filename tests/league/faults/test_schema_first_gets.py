"""Fault test (issue 19, item 8): the API schema on a fresh process. drf-spectacular's generation is not safe in
several threads at once (26 of 32 concurrent first GETs answered 500); it is built once, at start-up and under a
lock (league/api/schema_cache.py)."""

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.test import Client

from league.api import schema_cache
from tests.league.faults.live import Gunicorn

CLIENTS = 32


def _all_at_once(get: "callable") -> list[int]:
    barrier = threading.Barrier(CLIENTS)

    def one(_: int) -> int:
        barrier.wait()
        return get()

    with ThreadPoolExecutor(CLIENTS) as pool:
        return list(pool.map(one, range(CLIENTS)))


@pytest.mark.postgres
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_32_concurrent_first_schema_gets_on_a_fresh_server_all_answer_200(tmp_path):
    database = connection.settings_dict
    url = (
        f"postgres://{database['USER']}@{database['HOST'] or '127.0.0.1'}:{database['PORT'] or 5432}/{database['NAME']}"
    )
    server = Gunicorn(tmp_path / "gunicorn.log", env={"DATABASE_URL": url}).wait_ready()
    try:
        statuses = _all_at_once(lambda: server.request("GET", "/api/schema/")[0])
    finally:
        server.stop()
    assert statuses == [200] * CLIENTS


@pytest.mark.django_db
def test_the_schema_built_by_32_threads_at_once_is_built_once(monkeypatch):
    # given no schema built yet in this process
    monkeypatch.setattr(schema_cache, "_schemas", {})
    builds = []
    original = schema_cache.SpectacularAPIView.generator_class.get_schema

    def counted(self, *args, **kwargs):
        builds.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(schema_cache.SpectacularAPIView.generator_class, "get_schema", counted)
    # when 32 threads ask for it at once, then every one is answered from the one build
    statuses = _all_at_once(lambda: Client().get("/api/schema/").status_code)
    assert (statuses, len(builds)) == ([200] * CLIENTS, 1)
