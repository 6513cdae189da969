"""The log's format and context: one JSON line per event in production, one short text line in `make run`, each
with the ids of what it happened to (docs/operations.md, "Logs").

The context is a context variable, set for the length of a web request (league.request_log: its request id, and
the table and season ids of its URL or its service) and of a Celery task (league.task_signals: the id of the
request that caused it, carried in the task's headers and the outbox, and its table and season ids), and added to
every record logged meanwhile by `ContextFilter`. Both formatters mask what `league.redact` masks in the message
and the traceback; the context's own fields are ids the code set, never text from outside.
"""

import logging
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from typing import Any

from pythonjsonlogger.json import JsonFormatter as _JsonFormatter

from league.redact import redact

# the fields a context may hold, in the order a text line shows them
FIELDS = ("request_id", "task", "task_id", "table_id", "season_id", "tournament_id")
_context: ContextVar[dict[str, Any] | None] = ContextVar("cardleague_log_context", default=None)


def request_id_new() -> str:
    return str(uuid.uuid4())


def request_id() -> str:
    """The id of the request this code runs for (a web request, or the request that caused this task); "" when none."""
    context = _context.get()
    return str(context.get("request_id", "")) if context else ""


def context_bind(**fields: Any) -> None:
    """Add ids to the current context (a service that learns the season of the table it works on); None is skipped."""
    context = _context.get()
    if context is not None:
        context.update({name: value for name, value in fields.items() if value is not None})


def context_start(**fields: Any) -> Token[dict[str, Any] | None]:
    """Open a context with these ids (a request's, a task's); `context_end(token)` closes it."""
    return _context.set({name: value for name, value in fields.items() if value is not None and value != ""})


def context_end(token: Token[dict[str, Any] | None]) -> None:
    _context.reset(token)


@contextmanager
def log_context(**fields: Any) -> Iterator[None]:
    token = context_start(**fields)
    try:
        yield
    finally:
        context_end(token)


def context_fields() -> dict[str, Any]:
    return dict(_context.get() or {})


class ContextFilter(logging.Filter):
    """Adds the current context's ids to each record (a field set by the caller's `extra` wins)."""

    def filter(self, record: logging.LogRecord) -> bool:
        context = _context.get()
        if context:
            for name, value in context.items():
                if not hasattr(record, name):
                    setattr(record, name, value)
        return True


class JsonFormatter(_JsonFormatter):
    """One JSON object per line: time, level, logger, message, the context's ids and the record's extra fields; the
    message and the traceback masked (league.redact)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("rename_fields", {"asctime": "time", "levelname": "level", "name": "logger"})
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s", *args, **kwargs)

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        # ISO 8601 in UTC with milliseconds, as log stores sort and parse it
        seconds = time.gmtime(record.created)
        return f"{seconds.tm_year:04d}-{seconds.tm_mon:02d}-{seconds.tm_mday:02d}T{seconds.tm_hour:02d}:" + (
            f"{seconds.tm_min:02d}:{seconds.tm_sec:02d}.{int(record.msecs):03d}Z"
        )

    def process_log_record(self, log_data: dict[str, Any]) -> dict[str, Any]:
        for key in ("message", "exc_info", "stack_info"):
            if isinstance(log_data.get(key), str):
                log_data[key] = redact(log_data[key])
        return log_data


class TextFormatter(logging.Formatter):
    """`make run`'s short lines: time, level, logger, the message and the context's ids as key=value; masked too."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s", datefmt="%H:%M:%S")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        ids = " ".join(f"{name}={getattr(record, name)}" for name in FIELDS[1:] if hasattr(record, name))
        return redact(f"{line} {ids}" if ids else line)
