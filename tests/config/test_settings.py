"""config/settings.py: what the environment chooses (read in a fresh interpreter, as a server process would)."""

import json
import logging
import os
import subprocess
import sys

import pytest
from django.conf import settings
from kombu import Connection

READ = (
    "import json, config.settings as s; "
    "print(json.dumps([s.CACHES['default']['BACKEND'], s.CACHES['default'].get('LOCATION'), "
    "s.REST_FRAMEWORK['NUM_PROXIES']]))"
)


def _settings_with(**env: str) -> list:
    clean = {k: v for k, v in os.environ.items() if k not in ("CACHE_URL", "NUM_PROXIES")}
    out = subprocess.run(
        [sys.executable, "-c", READ],
        env={**clean, **env},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_a_cache_url_gives_a_shared_redis_cache_and_num_proxies_is_read() -> None:
    assert _settings_with(CACHE_URL="redis://127.0.0.1:6379/2", NUM_PROXIES="1") == [
        "django.core.cache.backends.redis.RedisCache",
        "redis://127.0.0.1:6379/2",
        1,
    ]


def test_without_them_each_process_counts_on_its_own_and_no_proxy_is_trusted() -> None:
    assert _settings_with() == ["django.core.cache.backends.locmem.LocMemCache", None, None]


DEBUG_READ = "import json, config.settings as s; print(json.dumps([s.DEBUG, s.CELERY_TASK_ALWAYS_EAGER]))"


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "CELERY_TASK_ALWAYS_EAGER")}
    return subprocess.run(
        [sys.executable, "-c", code], env={**clean, **env}, cwd=settings.BASE_DIR, capture_output=True, text=True
    )


@pytest.mark.slow
def test_debug_is_off_unless_set_and_then_a_secret_key_is_required() -> None:
    assert json.loads(_run(DEBUG_READ, SECRET_KEY="k").stdout) == [False, False]
    assert json.loads(_run(DEBUG_READ, DEBUG="1").stdout) == [True, False]
    refused = _run(DEBUG_READ)
    assert refused.returncode != 0
    assert "SECRET_KEY must be set" in refused.stderr


@pytest.mark.slow
def test_the_test_settings_run_tasks_in_process_unless_told_otherwise() -> None:
    read = DEBUG_READ.replace("config.settings", "config.settings_test")
    assert json.loads(_run(read).stdout)[1] is True
    assert json.loads(_run(read, CELERY_TASK_ALWAYS_EAGER="0").stdout)[1] is False


EMBEDDED_READ = (
    "import json, config.settings as s; "
    "print(json.dumps([getattr(s, 'SILENCED_SYSTEM_CHECKS', []), s.CELERY_BROKER_URL]))"
)


def _embedded_with(tmp_path, **env: str) -> list:
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "DATA_DIR")}
    out = subprocess.run(
        [sys.executable, "-c", EMBEDDED_READ],
        env={**clean, "DATA_DIR": str(tmp_path), **env},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_on_the_embedded_defaults_w038_is_silenced_and_the_broker_url_names_a_host(tmp_path, caplog) -> None:
    # given: nothing set (a first `make run`: SQLite and the filesystem broker)
    silenced, broker = _embedded_with(tmp_path)
    # then: SQLite's missing deferrable constraint is not warned about on every start (issue 38)
    assert silenced == ["models.W038"]
    # and kombu finds a host in the broker's URL, so it does not log "No hostname was supplied" for each connection
    with caplog.at_level(logging.WARNING, logger="kombu.connection"):
        Connection(broker).clone()
    assert (broker, caplog.messages) == ("filesystem://localhost", [])


def test_on_postgresql_w038_is_not_silenced(tmp_path) -> None:
    silenced, _broker = _embedded_with(tmp_path, DATABASE_URL="postgres://nobody@127.0.0.1:1/none")

    assert silenced == []


REPLICA_READ = (
    "import json, config.settings as s; "
    "print(json.dumps([sorted(s.DATABASES), s.DATABASE_ROUTERS, "
    "'league.replica.sticky.ReplicaStickyMiddleware' in s.MIDDLEWARE, "
    "{k: v for k, v in s.DATABASES.get('replica', {}).items() if k in ('HOST', 'PORT', 'NAME', 'OPTIONS')}, "
    "s.CARDLEAGUE_REPLICA_STICKY_SECONDS, s.CARDLEAGUE_REPLICA_MAX_LAG_SECONDS]))"
)


def _replica_settings(**env: str) -> list:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_REPLICA_URL", "REPLICA_"))}
    out = subprocess.run(
        [sys.executable, "-c", REPLICA_READ],
        env={**clean, "DATABASE_URL": "postgres://nobody@127.0.0.1:5432/league", **env},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_without_database_replica_url_there_is_no_replica_no_router_and_no_marker() -> None:
    assert _replica_settings() == [["default"], [], False, {}, 5, 10.0]


def test_database_replica_url_adds_the_alias_with_the_primarys_options_the_router_and_the_marker() -> None:
    databases, routers, sticky, replica, seconds, lag = _replica_settings(
        DATABASE_REPLICA_URL="postgres://nobody@10.0.0.2:5433/league",
        REPLICA_STICKY_SECONDS="3",
        REPLICA_MAX_LAG_SECONDS="2.5",
    )
    assert databases == ["default", "replica"]
    assert routers == ["league.replica.router.ReplicaRouter"]
    assert sticky
    assert replica == {
        "HOST": "10.0.0.2",
        "PORT": 5433,
        "NAME": "league",
        "OPTIONS": {"connect_timeout": 5, "prepare_threshold": 5},
    }
    assert (seconds, lag) == (3, 2.5)


def test_the_test_settings_have_no_replica_whatever_the_environment() -> None:
    read = REPLICA_READ.replace("config.settings", "config.settings_test")
    out = subprocess.run(
        [sys.executable, "-c", read],
        env={
            **os.environ,
            "DATABASE_URL": "postgres://nobody@127.0.0.1:5432/league",
            "DATABASE_REPLICA_URL": "postgres://nobody@127.0.0.1:5433/league",
        },
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout)[:3] == [["default"], [], False]


def test_a_replica_of_sqlite_is_refused_at_start() -> None:
    clean = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    refused = subprocess.run(
        [sys.executable, "-c", "import config.settings"],
        env={**clean, "DATABASE_REPLICA_URL": "postgres://nobody@127.0.0.1:5433/league"},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
    )
    assert refused.returncode != 0
    assert "DATABASE_REPLICA_URL is a streaming replica of a PostgreSQL DATABASE_URL" in refused.stderr
