"""Whether the replica may serve reads now: it answers, and it is no further behind the primary than
`CARDLEAGUE_REPLICA_MAX_LAG_SECONDS`. The answer is kept per process for `CHECK_EVERY` seconds, so that a page
does not probe, and a replica found down is not tried again for `DOWN_PAUSE` seconds (a replica that does not even
refuse costs the one request that probes it the connection's timeout, not every request).

How far behind, without a heartbeat table: the primary's flushed WAL position is read first, then the replica's
replayed position. A replica that has replayed it holds every commit the primary had acknowledged when asked: it
is 0 s behind, however long the primary has been idle (`pg_last_xact_replay_timestamp()` alone grows on an idle
primary although nothing is missing). A replica that has not is behind by at most the age of the last transaction
it replayed (what it lacks committed after that one), and the verdict takes that bound: it never calls a lagging
replica fresh. After a long idle spell it may call a fresh one lagging for one check, when WAL written just before
(a checkpoint's, autovacuum's) is still on its way; that only sends the reads of those seconds to the primary.
"""

import contextlib
import logging
import threading
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections

logger = logging.getLogger(__name__)

REPLICA = "replica"
# seconds a verdict is kept by a process; a replica found down is left alone for longer
CHECK_EVERY = 2.0
DOWN_PAUSE = 15.0

STREAMING, LAGGING, DOWN = "streaming", "lagging", "down"


@dataclass(frozen=True)
class Verdict:
    state: str  # STREAMING, LAGGING or DOWN
    behind_seconds: float | None  # at most this far behind the primary (None: down, or not known)
    checked_at: float  # time.monotonic()

    @property
    def usable(self) -> bool:
        return self.state == STREAMING


_verdict: Verdict | None = None
_asking = threading.Lock()


def replica_configured() -> bool:
    return REPLICA in settings.DATABASES


def replica_usable() -> bool:
    """Whether reads may go to the replica now, from the process's last verdict while it is fresh, else asked anew
    by this thread; while another thread asks, the last verdict stands (none yet: the primary)."""
    verdict = _verdict
    if verdict is not None and time.monotonic() - verdict.checked_at < _kept_for(verdict):
        return verdict.usable
    if not _asking.acquire(blocking=False):
        return verdict is not None and verdict.usable
    try:
        return replica_check().usable
    finally:
        _asking.release()


def _kept_for(verdict: Verdict) -> float:
    return DOWN_PAUSE if verdict.state == DOWN else CHECK_EVERY


def replica_check() -> Verdict:
    """Ask the primary and the replica now, and keep the answer as the process's verdict. A primary that does not
    answer raises (the request fails as it would without a replica)."""
    flushed = primary_flushed()
    try:
        with connections[REPLICA].cursor() as cursor:
            cursor.execute(
                "SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn() >= %s::pg_lsn,"
                " EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp())::float",
                [flushed],
            )
            in_recovery, replayed, age = cursor.fetchone()
    except DatabaseError as error:
        _close_quietly()
        return _keep(Verdict(DOWN, None, time.monotonic()), reason=type(error).__name__)
    if not in_recovery or replayed:
        # a replica promoted since, or one that holds all the primary had: nothing is missing
        return _keep(Verdict(STREAMING, 0.0, time.monotonic()))
    behind = max(age, 0.0) if age is not None else None
    fresh = behind is not None and behind <= settings.CARDLEAGUE_REPLICA_MAX_LAG_SECONDS
    return _keep(Verdict(STREAMING if fresh else LAGGING, behind, time.monotonic()))


def primary_flushed() -> str:
    """The primary's WAL position up to which every commit it acknowledged is written."""
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT pg_current_wal_flush_lsn()::text")
        return str(cursor.fetchone()[0])


def replica_failed() -> None:
    """A read on the replica failed under a request: when its connection is gone, the replica is down for every
    thread until the pause is over (a statement cancelled on a live connection says nothing of the others)."""
    db = connections[REPLICA]
    if db.connection is not None and db.is_usable():
        return
    _close_quietly()
    _keep(Verdict(DOWN, None, time.monotonic()), reason="a read failed")


def _close_quietly() -> None:
    with contextlib.suppress(DatabaseError):
        connections[REPLICA].close()


def _keep(verdict: Verdict, *, reason: str = "") -> Verdict:
    """The new verdict, logged when the state changes (once per outage, not once per check)."""
    global _verdict
    before = _verdict.state if _verdict is not None else STREAMING
    _verdict = verdict
    if verdict.state != before:
        if verdict.state == STREAMING:
            logger.info("the replica serves reads again")
        else:
            behind = f", at most {verdict.behind_seconds:.1f} s behind" if verdict.behind_seconds is not None else ""
            logger.warning(
                "the replica is %s (%s%s): reads go to the primary", verdict.state, reason or "too far behind", behind
            )
    return verdict


def health_forget() -> None:
    """Forget the verdict: the next read page asks again (for the tests, and an operator)."""
    global _verdict
    _verdict = None
