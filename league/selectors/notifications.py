"""Reads of a player's account settings and notifications: the header's unread count, the list page, the time zone
the pages and mails show times in, and whether the address is verified. Nothing here creates a row: a player with
no Account row reads as its defaults."""

import zoneinfo
from functools import lru_cache

from django.db.models import QuerySet

from league.models import Account, Notification, Player

DEFAULT_TIME_ZONE = "UTC"


@lru_cache(maxsize=1)
def time_zone_names() -> tuple[str, ...]:
    """The IANA names a player may choose, sorted; the system's zoneinfo database is read once."""
    return tuple(sorted(zoneinfo.available_timezones()))


def time_zone_valid(name: str) -> bool:
    return name in time_zone_names()


def account_or_default(player: Player) -> Account:
    """The player's Account, or an unsaved one with the defaults (UTC, nothing verified, no calendar link)."""
    return Account.objects.filter(player=player).first() or Account(player=player)


def time_zone_of(player: Player) -> zoneinfo.ZoneInfo:
    name = Account.objects.filter(player=player).values_list("time_zone", flat=True).first() or DEFAULT_TIME_ZONE
    return zoneinfo.ZoneInfo(name if time_zone_valid(name) else DEFAULT_TIME_ZONE)


def email_verified(player: Player, account: Account | None = None) -> bool:
    """The account's current address is the one verified (a changed address needs a new verification)."""
    address = player.user.email
    if not address:
        return False
    account = account or account_or_default(player)
    return account.verified_email.lower() == address.lower()


def unread_count(player: Player) -> int:
    return Notification.objects.filter(player=player, read_at__isnull=True).count()


def notifications_of(player: Player, *, limit: int = 100) -> QuerySet[Notification]:
    """The player's notifications, newest first, with the table and season their text names."""
    return Notification.objects.filter(player=player).select_related("table", "season")[:limit]
