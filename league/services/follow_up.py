"""Follow-up work a service hands to the background: the one way services enqueue a task, through an outbox.

A service names the task (`"league.tasks.standings_refresh"`) instead of importing `league.tasks`, so that tasks
call services and never the other way round (docs/architecture.md, "Layers"). `follow_up_enqueue` writes the task
into the outbox (`league.models.OutboxMessage`) inside the service's transaction: it commits with the move or is
rolled back with it. Once the transaction commits the message is published and its row deleted; a broker that is
down or hung leaves the row, and the beat's `outbox_drain` publishes it within a minute of the broker's return.

No request waits on the broker (issue 19): publishing uses a connection of its own whose connect and socket
timeouts are `CARDLEAGUE_PUBLISH_TIMEOUT` seconds, with no retries, or less: within a request, what is left of its
budget for Redis, which the throttles' cache shares (league/redis_waits.py, issue 39). After a failure no thread of
this process tries that broker for `league.redis_waits.PAUSE` seconds: its messages are left to the drain.
"""

import logging
import time
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from celery import Celery, current_app
from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from kombu import Connection

from league.logs import request_id
from league.models import OutboxMessage
from league.redis_waits import RedisAway, away_forget, server_of, wait_over, wait_timeout
from league.sql.writes import Write, insert_of

logger = logging.getLogger(__name__)

# the drain leaves a message this young to the on-commit send of the transaction that wrote it
DRAIN_GRACE = timedelta(seconds=5)
DRAIN_BATCH = 100


def follow_up_enqueue(*, task: str, **kwargs: Any) -> None:
    """Send the task `task` (its registered name) with these keyword arguments once the current transaction
    commits (at once outside one); written to the outbox first, so a broker outage delays it and loses nothing."""
    # the request that caused it goes with it, into the task's log lines (league.logs, league.task_signals)
    message = OutboxMessage.objects.create(task=task, kwargs=kwargs, request_id=request_id())
    transaction.on_commit(lambda: _send_committed(message))


def follow_up_defer(*, task: str, **kwargs: Any) -> None:
    """Write the task into the outbox with the current transaction, to be taken by a drain rather than published on
    commit: for work that can wait a drain's few seconds and comes often, where a publish on every commit would cost
    the request more than its own work (a move's notifications: league.tasks.turn_notify_drain takes them every few
    seconds; whatever it leaves, outbox_drain publishes within a minute like any other message)."""
    OutboxMessage.objects.create(task=task, kwargs=kwargs, request_id=request_id())


def follow_ups_defer(*, task: str, kwargs: list[dict[str, Any]]) -> None:
    """`follow_up_defer` for many rows of one task at once (a round's tables opened together): one statement."""
    caused_by = request_id()
    OutboxMessage.objects.bulk_create(OutboxMessage(task=task, kwargs=one, request_id=caused_by) for one in kwargs)


def follow_up_defer_write(*, task: str, now: datetime, **kwargs: Any) -> Write:
    """`follow_up_defer`'s row as a statement for the caller's own writes (league.sql.writes.writes_run): the move
    pipeline sends it with the move's, so a move's notifications cost it no round trip (bench/notify.py)."""
    # every column named: a model's default is Django's, not the table's (request_id has none in PostgreSQL)
    row = {"task": task, "kwargs": kwargs, "created_at": now, "attempts": 0, "request_id": request_id()}
    return insert_of(OutboxMessage, row)


def _send_committed(message: OutboxMessage) -> None:
    """Publish the message its transaction wrote, unless the broker is away (then the drain sends it)."""
    if follow_up_publish(task=message.task, kwargs=message.kwargs, request_id=message.request_id):
        OutboxMessage.objects.filter(pk=message.pk).delete()


def outbox_drain(*, limit: int = 1000) -> int:
    """Publish the outbox's waiting messages, oldest first, each deleted in the transaction that published it;
    stops at the first failure (the broker is away: the next drain goes on). Safe to run concurrently: a message
    is claimed with SKIP LOCKED. Returns the number published."""
    published = 0
    connection = _publisher()
    try:
        while published < limit:
            with transaction.atomic():
                batch = list(
                    OutboxMessage.objects.select_for_update(skip_locked=True)
                    .filter(created_at__lte=timezone.now() - DRAIN_GRACE)
                    .order_by("id")[: min(DRAIN_BATCH, limit - published)]
                )
                sent, failed = [], None
                for message in batch:
                    if not follow_up_publish(
                        task=message.task, kwargs=message.kwargs, connection=connection, request_id=message.request_id
                    ):
                        failed = message
                        break
                    sent.append(message.pk)
                OutboxMessage.objects.filter(pk__in=sent).delete()
                if failed is not None:
                    OutboxMessage.objects.filter(pk=failed.pk).update(attempts=F("attempts") + 1)
            published += len(sent)
            if failed is not None or len(batch) < DRAIN_BATCH:
                break
    finally:
        if connection is not None:
            connection.release()
    return published


def follow_up_publish(
    *, task: str, kwargs: dict[str, Any], connection: Connection | None = None, request_id: str = ""
) -> bool:
    """Publish now (or, with CELERY_TASK_ALWAYS_EAGER, run the task here); with the broker down or hung, log and
    return False within the publish timeout (or what is left of the request's time for Redis); while the broker is
    away, an on-commit send returns False at once. `request_id`: of the request that caused the task, in its
    headers."""
    registered = _registry(current_app)[task]
    headers = {"request_id": request_id} if request_id else None
    if current_app.conf.task_always_eager:
        registered.apply_async(kwargs=kwargs, headers=headers)
        return True
    own = connection is None
    server = server_of((connection or current_app.connection_for_write()).as_uri())
    try:
        timeout = wait_timeout(server, settings.CARDLEAGUE_PUBLISH_TIMEOUT)
    except RedisAway:
        if own:
            return False
        # the drain (which brings its connection) tries all the same: it is how the outbox empties once it is back
        timeout = settings.CARDLEAGUE_PUBLISH_TIMEOUT
    connection = connection or _publisher(timeout)
    started = time.monotonic()
    try:
        registered.apply_async(kwargs=kwargs, connection=connection, retry=False, headers=headers)
    except Exception:
        # whatever the transport raised (a timeout, a refused connection, a protocol error): the outbox keeps the
        # message, so nothing is lost by not telling these apart; logged once an outage, by the failure that began it
        if wait_over(server, started, failed=True):
            name = task.rsplit(".", 1)[-1]
            logger.exception(
                "could not enqueue %s %s (%s); it waits in the outbox for the next drain", name, kwargs, task
            )
        return False
    finally:
        if own and connection is not None:
            connection.release()
    wait_over(server, started, failed=False)
    return True


def broker_pause_end() -> None:
    """Forget a past failure: the next on-commit send tries the broker again (for the tests, and an operator)."""
    away_forget()


def _publisher(timeout: float | None = None) -> Any:
    """A broker connection for publishing with bounded timeouts, `timeout` or the publish timeout (the workers' own
    connections keep theirs)."""
    if current_app.conf.task_always_eager:
        return None
    timeout = timeout or settings.CARDLEAGUE_PUBLISH_TIMEOUT
    options = dict(settings.CARDLEAGUE_PUBLISH_TRANSPORT_OPTIONS)
    if "socket_timeout" in options:  # Redis
        options |= {"socket_timeout": timeout, "socket_connect_timeout": timeout}
    return current_app.connection_for_write(connect_timeout=timeout, transport_options=options)


def follow_up_ready() -> None:
    """Load the task registry now (at a process's start, config/wsgi.py): loading it runs Django's checks through
    Celery's fixup, seconds that the first finished table's request would otherwise wait."""
    _registry(current_app)


@cache
def _registry(app: Celery) -> Any:
    """The app's tasks by name, its task modules imported by Celery's own loader (autodiscovery) as a worker imports
    them: the task object honours the app's settings (eager runs, routes) as `send_task` alone would not."""
    app.loader.import_default_modules()
    return app.tasks
