"""In-app notifications: added once per event (a unique key per player), marked read when the player opens the list's
entry or visits the table it is about."""

from datetime import datetime

from django.db import DatabaseError, IntegrityError, transaction

from league.metrics import NOTIFICATIONS
from league.models import Notification, Player, Season, Table


def notification_add(
    *,
    player: Player,
    kind: str,
    key: str,
    now: datetime,
    table: Table | None = None,
    season: Season | None = None,
) -> bool:
    """Add the notification unless one with this key exists; True when added."""
    key = key[:120]
    # every reminder pass offers every waiting seat again: a read first spares a failed insert per seat and pass
    if Notification.objects.filter(player=player, key=key).exists():
        return False
    try:
        with transaction.atomic():
            Notification.objects.create(player=player, kind=kind, key=key, table=table, season=season, created_at=now)
    except IntegrityError:
        return False
    except DatabaseError:
        NOTIFICATIONS.labels(kind, "failed").inc()
        raise
    NOTIFICATIONS.labels(kind, "sent").inc()
    return True


def notifications_read(
    *, player: Player, now: datetime, table_id: int | None = None, notification_id: int | None = None
) -> int:
    """Mark read the player's unread notifications about a table, or one of them, or all; returns how many."""
    unread = Notification.objects.filter(player=player, read_at__isnull=True)
    if table_id is not None:
        unread = unread.filter(table_id=table_id)
    if notification_id is not None:
        unread = unread.filter(pk=notification_id)
    return unread.update(read_at=now)
