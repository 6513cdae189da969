"""config/wsgi.py: a server process starts with its startup objects out of the garbage collector's way."""

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings


def test_the_wsgi_module_freezes_what_the_process_holds_once_started(tmp_path: Path) -> None:
    code = "import gc, config.wsgi\nprint(gc.get_freeze_count(), sum(gc.get_count()))\n"
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "DATA_DIR": str(tmp_path),
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "CELERY_BROKER_URL": "memory://",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=settings.BASE_DIR, capture_output=True, text=True, check=True
    )
    frozen, tracked = (int(number) for number in done.stdout.split())

    # the whole of Django and the app, frozen; what is left for the collector is what came after
    assert frozen > 50_000
    assert tracked < 1_000
