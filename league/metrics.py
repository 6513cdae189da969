"""The service's metrics, in Prometheus's format (prometheus-client), and their exporter (docs/operations.md).

Counters and histograms are raised where the thing happens: a request (league.request_log), a move
(league.services.moves), a sweep (league.tasks), a task (league.task_signals), a notification or a mail. The gauges
that need a query (overdue tables, the outbox, pending follow-ups) are computed by one periodic task,
`league.tasks.metrics_refresh`, never on a scrape, so a scrape costs the database nothing however often it comes.

Several processes, one count: with PROMETHEUS_MULTIPROC_DIR set (production: one empty directory per kind of
process, docs/deploy.md) every process writes its values to files there and the exporter adds them up
(prometheus-client's multiprocess mode); gauges keep the most recent value written by any process. The exporter is
an HTTP server on METRICS_PORT (bound to METRICS_ADDRESS, 127.0.0.1 by default), started by the process that forks
the others (gunicorn's master, the Celery worker's main process): the site itself serves no metrics.
"""

import os
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Gauge, Histogram, multiprocess, start_http_server

from league.errors import ServiceError

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
if os.environ.get(MULTIPROC_ENV):
    # the metrics below open their files there as they are made, at this module's import
    os.makedirs(os.environ[MULTIPROC_ENV], exist_ok=True)

# --- requests (league.request_log) -----------------------------------------------------------------------------------
REQUESTS = Counter(
    "cardleague_http_requests", "Requests answered, by route (the URL pattern), method and status.",
    ["route", "method", "status"],
)  # fmt: skip
REQUEST_SECONDS = Histogram(
    "cardleague_http_request_duration_seconds",
    "Time from the request's arrival at Django to its answer, by route and method.",
    ["route", "method"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)

# --- moves (league.services.moves) -----------------------------------------------------------------------------------
MOVES = Counter(
    "cardleague_moves",
    "Moves submitted by players, by game and result (accepted, replayed, refused) and the refusal's code.",
    ["game", "result", "code"],
)

# --- the clock sweep (league.tasks.sweep_overdue_tables; the gauges by metrics_refresh) ------------------------------
SWEEP_SECONDS = Histogram(
    "cardleague_sweep_duration_seconds",
    "How long one run of the clock sweep took.",
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0),
)
SWEEP_TABLES = Counter("cardleague_sweep_tables", "Tables at which the sweep played a timeout.")
SWEEP_TIMEOUTS = Counter("cardleague_sweep_timeouts", "Timeout moves the sweep played.")
OVERDUE = Gauge(
    "cardleague_sweep_overdue_tables", "Tables in play past their deadline, waiting for the sweep.",
    multiprocess_mode="mostrecent",
)  # fmt: skip
OVERDUE_OLDEST = Gauge(
    "cardleague_sweep_overdue_oldest_seconds", "How long the most overdue table has been past its deadline (0: none).",
    multiprocess_mode="mostrecent",
)  # fmt: skip
FAILING = Gauge(
    "cardleague_sweep_failing_tables", "Tables the sweep could not play (marked with a sweep_error).",
    multiprocess_mode="mostrecent",
)  # fmt: skip

# --- the outbox and the follow-ups (metrics_refresh) -----------------------------------------------------------------
OUTBOX_BACKLOG = Gauge(
    "cardleague_outbox_backlog", "Follow-up tasks waiting in the outbox to be published.",
    multiprocess_mode="mostrecent",
)  # fmt: skip
OUTBOX_OLDEST = Gauge(
    "cardleague_outbox_oldest_seconds", "Age of the oldest message in the outbox (0: empty).",
    multiprocess_mode="mostrecent",
)  # fmt: skip
FOLLOW_UPS = Gauge(
    "cardleague_follow_ups_pending",
    "Finished tables whose follow-up has not happened: rating (not yet rated), bracket (not yet advanced).",
    ["kind"],
    multiprocess_mode="mostrecent",
)
FOLLOW_UPS_OLDEST = Gauge(
    "cardleague_follow_ups_oldest_seconds", "Age of the oldest pending follow-up, from its table's end (0: none).",
    ["kind"],
    multiprocess_mode="mostrecent",
)  # fmt: skip
PARTITION_STRAYS = Gauge(
    "cardleague_move_partition_default_rows",
    "Rows left in the moves' and ledger's DEFAULT partitions, in no partition's range, at the last run of the "
    "monthly partitions job (0: none; docs/scale.md).",
    ["relation"],
    multiprocess_mode="mostrecent",
)  # fmt: skip
GAUGES_AT = Gauge(
    "cardleague_gauges_refreshed_timestamp_seconds", "When metrics_refresh last computed the gauges above (Unix time).",
    multiprocess_mode="mostrecent",
)  # fmt: skip

# --- Celery tasks (league.task_signals) ------------------------------------------------------------------------------
TASK_RUNS = Counter("cardleague_task_runs", "Task runs started, by task.", ["task"])
TASK_FAILURES = Counter("cardleague_task_failures", "Task runs that raised, by task.", ["task"])
TASK_RETRIES = Counter("cardleague_task_retries", "Task runs that asked to be retried, by task.", ["task"])
TASK_SECONDS = Histogram(
    "cardleague_task_duration_seconds",
    "How long a task run took, by task.",
    ["task"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0),
)

# --- notifications and mails -----------------------------------------------------------------------------------------
NOTIFICATIONS = Counter(
    "cardleague_notifications", "Notifications written for players, by kind and result (sent, failed).",
    ["kind", "result"],
)  # fmt: skip
MAILS = Counter("cardleague_mails", "Mails handed to the mail server, by result (sent, failed).", ["result"])


# --- the request's counters, looked up once per (route, method, status) -----------------------------------------------
_request_children: dict[tuple[str, str, str], tuple[Any, Any]] = {}


def request_observed(*, route: str, method: str, status: int, seconds: float) -> None:
    """One answered request. The labelled children are kept by key: `labels()` takes a lock and checks every label
    on each call, which a request need not pay twice."""
    key = (route, method, str(status))
    children = _request_children.get(key)
    if children is None:
        children = (REQUESTS.labels(route, method, key[2]), REQUEST_SECONDS.labels(route, method))
        _request_children[key] = children
    children[0].inc()
    children[1].observe(seconds)


@dataclass
class MoveOutcome:
    replayed: bool = False


@contextmanager
def move_counted(*, game: str) -> Iterator[MoveOutcome]:
    """Count the move submitted inside the block: accepted (or replayed, when the caller says so), or refused with
    the code of the ServiceError that left it (an engine's own code for an illegal move)."""
    outcome = MoveOutcome()
    try:
        yield outcome
    except ServiceError as error:
        _move_child(game, "refused", error.code).inc()
        raise
    _move_child(game, "replayed" if outcome.replayed else "accepted", "").inc()


_move_children: dict[tuple[str, str, str], Any] = {}


def _move_child(game: str, result: str, code: str) -> Any:
    key = (game, result, code)
    child = _move_children.get(key)
    if child is None:
        child = _move_children[key] = MOVES.labels(*key)
    return child


def sweep_observed(*, table_ids: list[int], seconds: float) -> None:
    """One run of the clock sweep: its duration, the tables it played a timeout at, the timeouts."""
    SWEEP_SECONDS.observe(seconds)
    SWEEP_TABLES.inc(len(set(table_ids)))
    SWEEP_TIMEOUTS.inc(len(table_ids))


# --- the exporter ----------------------------------------------------------------------------------------------------
def multiprocess_dir() -> Path | None:
    value = os.environ.get(MULTIPROC_ENV)
    return Path(value) if value else None


def scrape_registry() -> Any:
    """What a scrape reads: every process's files in multiprocess mode, else this process's own registry."""
    directory = multiprocess_dir()
    if directory is None:
        return REGISTRY
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=str(directory))  # type: ignore[no-untyped-call]
    return registry


def multiprocess_reset() -> None:
    """Empty the multiprocess directory: the files of a previous run would be added to this one's. Called by the
    process that forks the others, before it forks them."""
    directory = multiprocess_dir()
    if directory is None:
        return
    directory.mkdir(parents=True, exist_ok=True)
    for entry in directory.iterdir():
        if entry.is_dir():
            shutil.rmtree(entry)
        else:
            entry.unlink()


def process_gone(pid: int) -> None:
    """A child process ended: its live gauges leave the sum (its counters stay, as counters must)."""
    if multiprocess_dir() is not None:
        multiprocess.mark_process_dead(pid)  # type: ignore[no-untyped-call]


def exporter_start(*, port: int, address: str = "127.0.0.1") -> tuple[Any, threading.Thread]:
    """Serve the metrics on http://address:port/ (any path) from a daemon thread; returns (server, thread). Port 0
    takes a free port (server.server_port)."""
    server, thread = start_http_server(port, addr=address, registry=scrape_registry())
    return server, thread


def exporter_from_environment() -> tuple[Any, threading.Thread] | None:
    """The exporter as the environment asks: METRICS_PORT (unset: none) on METRICS_ADDRESS (default 127.0.0.1)."""
    port = os.environ.get("METRICS_PORT")
    if not port:
        return None
    if multiprocess_dir() is None:
        raise RuntimeError(f"METRICS_PORT needs {MULTIPROC_ENV}: the processes that count are not the one that serves")
    return exporter_start(port=int(port), address=os.environ.get("METRICS_ADDRESS", "127.0.0.1"))
