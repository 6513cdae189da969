"""The gauges that need a query, computed in one place every 15 s by `league.tasks.metrics_refresh` (docs/
operations.md), so that a metrics scrape costs the database nothing."""

import time
from datetime import datetime

from league import metrics
from league.selectors.operations import Backlog, backlog_read


def gauges_refresh(*, now: datetime) -> Backlog:
    """Read the backlog (league.selectors.operations) and set the gauges from it; returns what was read."""
    backlog = backlog_read(now=now)
    metrics.OVERDUE.set(backlog.overdue.count)
    metrics.OVERDUE_OLDEST.set(backlog.overdue.oldest_seconds)
    metrics.FAILING.set(backlog.failing)
    metrics.OUTBOX_BACKLOG.set(backlog.outbox.count)
    metrics.OUTBOX_OLDEST.set(backlog.outbox.oldest_seconds)
    for kind, pending in (("rating", backlog.ratings), ("bracket", backlog.brackets), ("table", backlog.tables)):
        metrics.FOLLOW_UPS.labels(kind).set(pending.count)
        metrics.FOLLOW_UPS_OLDEST.labels(kind).set(pending.oldest_seconds)
    metrics.GAUGES_AT.set(time.time())
    return backlog
