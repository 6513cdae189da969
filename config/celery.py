"""The Celery app: broker from CELERY_BROKER_URL (Redis in CI), the filesystem broker on a bare machine.

Every process that runs tasks gets league.task_signals (each task's log context, request id and metrics); a worker
started with WORKER_HEARTBEAT_FILE set touches that file from its event loop (docs/operations.md)."""

import os

from celery import Celery

from league import task_signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("cardleague")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
if os.environ.get("WORKER_HEARTBEAT_FILE"):
    app.steps["worker"].add(task_signals.HeartbeatFile)
