"""Celery beat's scheduler: django-celery-beat's (the schedule lives in the database, `manage.py schedule_install`)
that also touches BEAT_HEARTBEAT_FILE at each tick, so that a probe can tell a beat that runs from one that hangs
or died (`python -m config.probe beat`, docs/operations.md). A tick comes at least every 5 s (the scheduler's
longest sleep), and whenever a task is due."""

import os
from pathlib import Path
from typing import Any

from django_celery_beat.schedulers import DatabaseScheduler


class Scheduler(DatabaseScheduler):  # type: ignore[misc]
    def tick(self, *args: Any, **kwargs: Any) -> float:
        interval: float = super().tick(*args, **kwargs)
        if path := os.environ.get("BEAT_HEARTBEAT_FILE"):
            heartbeat = Path(path)
            heartbeat.parent.mkdir(parents=True, exist_ok=True)
            heartbeat.touch()
        return interval
