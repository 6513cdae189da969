"""The web process's server settings: `gunicorn -c config/gunicorn.conf.py config.wsgi` (docs/deploy.md).

The command line wins over this file; the environment variables below set the sizes without editing it. What was
measured behind each choice is in docs/benchmarks.md ("The web process's settings, measured").
"""

import os
from typing import Any as _Any

# (a name of its own: gunicorn reads this module's public names as its settings)
from league import metrics as _metrics

# a worker runs Python on one core at a time (the GIL): one process per core. WEB_CONCURRENCY is the variable gunicorn
# itself reads for it when no file sets it, so a server sized that way keeps its size with this file
workers = int(os.environ.get("WEB_CONCURRENCY", os.cpu_count() or 1))
worker_class = "gthread"
# threads overlap a request's waits on PostgreSQL; 4 instead of 8 gave the same CPU a request and no steadier tail
# at three quarters of capacity, and a slightly lower ratio of moves to trivial requests (bench/http_moves.py)
threads = int(os.environ.get("WEB_THREADS", "8"))
# a worker serves a kept-alive connection until the client closes it, so clients that connect at once can pile on
# the first worker to wake (21 to 9 of 32 was seen). Capping a worker's connections spreads them, but a worker keeps
# only `worker_connections - threads` idle ones and closes the others after their answer: a cap of 16 with 8 threads
# (8 idle kept, fewer than a worker's clients idle between their moves) gave the longest tails of all. gunicorn's own
# default, written out
worker_connections = int(os.environ.get("WEB_WORKER_CONNECTIONS", "1000"))
# how long an idle kept-alive connection is held: behind a reverse proxy (docs/deploy.md) its pool of upstream
# connections stays open between requests
keepalive = int(os.environ.get("WEB_KEEPALIVE", "30"))
timeout = int(os.environ.get("WEB_TIMEOUT", "30"))

# gunicorn's own lines (a worker booted, exited, timed out) in the application's JSON (docs/operations.md, "Logs"),
# at the level of --log-level; LOG_FORMAT=text leaves them in gunicorn's own format
if os.environ.get("LOG_FORMAT", "json") == "json":
    logconfig_dict = {
        "formatters": {"json": {"()": "league.logs.JsonFormatter"}},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}},
        "loggers": {
            name: {"handlers": ["console"], "propagate": False} for name in ("gunicorn.error", "gunicorn.access")
        },
    }

# --- metrics (docs/operations.md) ------------------------------------------------------------------------------------
# with METRICS_PORT and PROMETHEUS_MULTIPROC_DIR set, the master (which runs no request) serves every worker's
# metrics on that port, read from the directory the workers write to; the directory is emptied before the first
# worker starts, and a worker that ends leaves the live gauges' sums


def on_starting(server: object) -> None:
    """The Server header names no software (a scanner matching versions learns nothing from it): gunicorn writes its
    own name into every answer's head and has no setting for it, so the name its answers read is replaced here, in
    the master before any worker is forked. The reverse proxy in front hides its own (nginx: `server_tokens off`,
    docs/deploy.md). And the metrics' directory is emptied before the first worker starts."""
    import gunicorn.http.wsgi  # type: ignore[import-untyped]

    gunicorn.http.wsgi.SERVER = "cardleague"
    _metrics.multiprocess_reset()


def when_ready(server: object) -> None:
    _metrics.exporter_from_environment()


def child_exit(server: object, worker: _Any) -> None:
    _metrics.process_gone(worker.pid)
