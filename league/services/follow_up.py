"""Follow-up work a service hands to the background: the one way services enqueue a task.

A service names the task (`"league.tasks.standings_refresh"`) instead of importing `league.tasks`, so that tasks
call services and never the other way round (docs/architecture.md, "Layers"). Called inside the service's
transaction; the message is published once the transaction commits, so a worker never sees work that rolled back.
A broker that is down is logged and the service goes on: the periodic sweeps and the nightly recompute catch up.

This is the one place a later transactional outbox replaces: every enqueue of the league goes through
`follow_up_enqueue`.
"""

import logging
from functools import cache
from typing import Any

from celery import Celery, current_app
from django.db import transaction
from kombu.exceptions import KombuError

logger = logging.getLogger(__name__)

# a failed publish is caught up by the sweep and the nightly recompute; never make a move wait on a dead broker
PUBLISH_RETRY = {"max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5}


def follow_up_enqueue(*, task: str, **kwargs: Any) -> None:
    """Send the task `task` (its registered name) with these keyword arguments once the current transaction
    commits (at once outside one)."""
    transaction.on_commit(lambda: follow_up_publish(task=task, kwargs=kwargs))


def follow_up_publish(*, task: str, kwargs: dict[str, Any]) -> bool:
    """Publish now (or, with CELERY_TASK_ALWAYS_EAGER, run the task here); with the broker down, log and return
    False."""
    try:
        _registry(current_app)[task].apply_async(kwargs=kwargs, retry_policy=PUBLISH_RETRY)
    except (KombuError, OSError):
        name = task.rsplit(".", 1)[-1]
        logger.exception(
            "could not enqueue %s %s (%s); the sweeps and the nightly recompute catch up", name, kwargs, task
        )
        return False
    return True


@cache
def _registry(app: Celery) -> Any:
    """The app's tasks by name, its task modules imported by Celery's own loader (autodiscovery) as a worker imports
    them: the task object honours the app's settings (eager runs, routes) as `send_task` alone would not."""
    app.loader.import_default_modules()
    return app.tasks
