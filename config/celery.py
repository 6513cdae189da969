"""The Celery app: broker from CELERY_BROKER_URL (Redis in CI), the filesystem broker on a bare machine."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("cardleague")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
