"""Run a whole transaction again when the database gave it up to break a deadlock or a serialization conflict.

PostgreSQL aborts one of two transactions that wait on each other (`deadlock detected`) or that cannot both be
serialized; SQLite gives up when its lock wait runs out (`database is locked`). Each is a transaction that would
succeed on its own a moment later: the lock order (league/services/locks.py) makes deadlocks rare, and this makes
the rare one cost a retry instead of a lost rating. Only a whole transaction can be retried: inside an outer one the
error goes up to whoever owns that transaction.
"""

import logging
import random
import time
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

from django.db import OperationalError, connection
from psycopg import errors as pg_errors

logger = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

ATTEMPTS = 6
FIRST_WAIT = 0.05  # seconds; doubled on each attempt, with jitter so that the two losers do not meet again
_TRANSIENT_CAUSES = (pg_errors.DeadlockDetected, pg_errors.SerializationFailure, pg_errors.LockNotAvailable)


def transient(error: BaseException) -> bool:
    """True for the errors that a second run of the same transaction may not meet."""
    if isinstance(error.__cause__, _TRANSIENT_CAUSES):
        return True
    return isinstance(error, OperationalError) and "database is locked" in str(error)


def conflict_retry(function: Callable[P, R]) -> Callable[P, R]:
    """Decorate a service whose body is one transaction (put it above `@transaction.atomic`)."""

    @wraps(function)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        if connection.in_atomic_block:
            return function(*args, **kwargs)
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return function(*args, **kwargs)
            except OperationalError as error:
                if attempt == ATTEMPTS or not transient(error):
                    raise
                wait = FIRST_WAIT * 2 ** (attempt - 1) * (0.5 + random.random())
                logger.warning("%s: %s; attempt %d, again in %.2f s", function.__name__, error, attempt, wait)
                time.sleep(wait)
        raise AssertionError("unreachable")

    return run
