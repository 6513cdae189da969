"""In-app notifications: added once per event (a unique key per player), marked read when the player opens the list's
entry or visits the table it is about. "Your move" is one per table: raised again, unread and new, each time the
table comes back to the player (`notification_turn`), never stacked."""

from datetime import datetime

from django.db import DatabaseError, IntegrityError, transaction

from league.metrics import NOTIFICATIONS
from league.models import Competition, Notification, Player, Table


def notification_add(
    *,
    player: Player,
    kind: str,
    key: str,
    now: datetime,
    table: Table | None = None,
    competition: Competition | None = None,
) -> bool:
    """Add the notification unless one with this key exists; True when added."""
    key = key[:120]
    # every reminder pass offers every waiting seat again: a read first spares a failed insert per seat and pass
    if Notification.objects.filter(player=player, key=key).exists():
        return False
    try:
        with transaction.atomic():
            Notification.objects.create(
                player=player,
                kind=kind,
                key=key,
                table=table,
                competition=competition,
                created_at=now,
            )
    except IntegrityError:
        return False
    except DatabaseError:
        NOTIFICATIONS.labels(kind, "failed").inc()
        raise
    NOTIFICATIONS.labels(kind, "sent").inc()
    return True


def turn_key(table_id: int) -> str:
    return f"turn:{table_id}"


def notification_turn(*, player: Player, table: Table, turn_started: datetime, now: datetime) -> bool:
    """The table has come to the player (their turn began at `turn_started`): its one "your move" notification is
    made, or raised again (new and unread) when it is older than this turn; True when it was. A second call for the
    same turn (the task run twice, the reminders pass after the task) changes nothing and returns False."""
    key = turn_key(table.pk)
    with transaction.atomic():
        current = Notification.objects.select_for_update().filter(player=player, key=key).first()
        if current is None:
            try:
                with transaction.atomic():
                    Notification.objects.create(
                        player=player, kind=Notification.Kind.YOUR_MOVE, key=key, table=table, created_at=now
                    )
            except IntegrityError:  # made by a concurrent call for the same turn
                return False
            return True
        if current.created_at >= turn_started:
            return False
        current.created_at, current.read_at = now, None
        current.save(update_fields=["created_at", "read_at"])
    return True


def notifications_read(
    *,
    player: Player,
    now: datetime,
    table_id: int | None = None,
    notification_id: int | None = None,
    notification_ids: list[int] | None = None,
) -> int:
    """Mark read the player's unread notifications about a table, or one or some of them, or all; returns how many
    (another player's ids are simply not among the player's)."""
    unread = Notification.objects.filter(player=player, read_at__isnull=True)
    if table_id is not None:
        unread = unread.filter(table_id=table_id)
    if notification_id is not None:
        unread = unread.filter(pk=notification_id)
    if notification_ids is not None:
        unread = unread.filter(pk__in=notification_ids)
    return unread.update(read_at=now)
