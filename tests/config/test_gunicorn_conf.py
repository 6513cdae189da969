"""config/gunicorn.conf.py: the web process's server settings are gunicorn's own, sized by the environment."""

import runpy
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
