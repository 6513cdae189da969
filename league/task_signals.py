"""What every Celery task and process does besides its work (docs/operations.md): the log context and the metrics of
each task run, the request id carried from the web request to the tasks it caused, the worker's heartbeat file, the
metrics exporter of the worker. Connected by config/celery.py, so a worker, beat and the web process (which runs
tasks in process when CELERY_TASK_ALWAYS_EAGER is on) all have them.

The request id travels in the task message's headers (`request_id`): set at publishing from the log context of
the code that publishes (a request's on-commit send), or by the outbox's drain from the id its row kept
(league.services.follow_up), and opened as the task's log context when it starts, with the task's name and id and
the table or season its arguments name.
"""

import gc
import logging
import os
import time
from pathlib import Path
from typing import Any

from celery import bootsteps, signals

from league import metrics
from league.logs import context_end, context_start, request_id

HEADER = "request_id"
# the arguments of a task that name what it works on, added to its log context
IDS = ("table_id", "season_id", "tournament_id")
# seconds between two touches of the worker's heartbeat file (a probe allows several missed ones: docs/operations.md)
HEARTBEAT_INTERVAL = 10.0

# the runs in progress in this process by task id, a stack each: a retry run in process (eager) has its caller's id
_running: dict[str, list[tuple[Any, float]]] = {}


@signals.before_task_publish.connect
def _request_id_sent(headers: dict[str, Any] | None = None, **_: Any) -> None:
    """A task published while a request (or a task) runs carries its request id, unless the sender set one."""
    current = request_id()
    if headers is not None and current and not headers.get(HEADER):
        headers[HEADER] = current


def request_id_received(task: Any) -> str:
    """The request id a task's message carried (a custom header becomes an attribute of the task's request)."""
    request = task.request
    carried = getattr(request, HEADER, None) or (getattr(request, "headers", None) or {}).get(HEADER)
    # a task run in process (eager) has no message: it runs within its caller's context
    return str(carried or request_id())


@signals.task_prerun.connect
def _task_started(task_id: str, task: Any, kwargs: dict[str, Any] | None = None, **_: Any) -> None:
    ids = {name: value for name, value in (kwargs or {}).items() if name in IDS and isinstance(value, int)}
    token = context_start(request_id=request_id_received(task), task=task.name, task_id=task_id, **ids)
    _running.setdefault(task_id, []).append((token, time.perf_counter()))
    metrics.TASK_RUNS.labels(task.name).inc()


@signals.task_postrun.connect
def _task_ended(task_id: str, task: Any, **_: Any) -> None:
    runs = _running.get(task_id)
    if not runs:
        return
    token, at = runs.pop()
    if not runs:
        del _running[task_id]
    metrics.TASK_SECONDS.labels(task.name).observe(time.perf_counter() - at)
    context_end(token)


@signals.task_failure.connect
def _task_failed(sender: Any = None, **_: Any) -> None:
    if sender is not None:
        metrics.TASK_FAILURES.labels(sender.name).inc()


@signals.task_retry.connect
def _task_retried(sender: Any = None, **_: Any) -> None:
    if sender is not None:
        metrics.TASK_RETRIES.labels(sender.name).inc()


# --- the worker process --------------------------------------------------------------------------------------------
@signals.celeryd_init.connect
def _worker_starting(**_: Any) -> None:
    """In the worker's main process, before its pool is forked: a fresh multiprocess directory, and the exporter
    when METRICS_PORT asks for one."""
    metrics.multiprocess_reset()
    metrics.exporter_from_environment()


@signals.worker_process_init.connect
@signals.worker_ready.connect
def _started_objects_frozen(**_: Any) -> None:
    """In a process that runs tasks (a pool's child once forked, or the worker itself with the solo or threads
    pool), once started: what it holds (Django, the registries, the engines) is moved out of the collector's way, as
    config/wsgi.py does for the web's workers. A full collection walked it again in some 60 of 1,400 after-hand steps
    of a 1,000-player poker tournament, pauses of 50-150 ms that were the steps' p99 (bench/poker_tournament.py,
    docs/benchmarks.md); objects made by tasks are collected as before."""
    gc.collect()
    gc.freeze()


@signals.worker_process_shutdown.connect
def _pool_process_gone(pid: int | None = None, **_: Any) -> None:
    metrics.process_gone(pid or os.getpid())


@signals.setup_logging.connect
def _logging_kept(loglevel: int | None = None, **_: Any) -> None:
    """Celery leaves the logging as Django's settings made it (league.logs' format and context; no second handler
    of its own), only at the level its command line asks for (`--loglevel`)."""
    if loglevel:
        logging.getLogger().setLevel(loglevel)


def heartbeat_touch(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch()


class HeartbeatFile(bootsteps.StartStopStep):
    """The worker touches WORKER_HEARTBEAT_FILE every HEARTBEAT_INTERVAL seconds from its own event loop's timer:
    a file older than a few intervals means a worker that is stuck or gone (`python -m config.probe worker`). Added
    to the worker's blueprint by config/celery.py when the variable is set."""

    requires = ("celery.worker.components:Timer",)

    def __init__(self, parent: Any, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self.path = Path(os.environ["WORKER_HEARTBEAT_FILE"])
        self.timer: Any = None

    def start(self, parent: Any) -> None:
        heartbeat_touch(self.path)
        self.timer = parent.timer.call_repeatedly(HEARTBEAT_INTERVAL, heartbeat_touch, (self.path,), priority=10)

    def stop(self, parent: Any) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.path.unlink(missing_ok=True)
