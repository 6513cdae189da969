"""Reads of a player's account settings and notifications: the header's unread count, the list page, the time zone
the pages and mails show times in, and whether the address is verified. Nothing here creates a row: a player with
no Account row reads as its defaults."""

import zoneinfo
from functools import lru_cache
from typing import Any

from django.db.models import Count, Max, Q, QuerySet
from django.urls import reverse
from django.utils.translation import gettext

from league.engines import engine_for
from league.models import Account, Notification, Player
from league.selectors.competition_pages import competition_page, with_formats

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


def time_zone_choice(player: Player) -> tuple[str, bool]:
    """The account's zone and whether the player chose it (False: it follows the browser; league.timezones)."""
    row = Account.objects.filter(player=player).values_list("time_zone", "time_zone_chosen").first()
    if row is None or not time_zone_valid(row[0]):
        return DEFAULT_TIME_ZONE, False
    return row[0], row[1]


def email_verified(player: Player, account: Account | None = None) -> bool:
    """The account's current address is the one verified (a changed address needs a new verification)."""
    address = player.user.email
    if not address:
        return False
    account = account or account_or_default(player)
    return account.verified_email.lower() == address.lower()


def unread_count(player: Player) -> int:
    return Notification.objects.filter(player=player, read_at__isnull=True).count()


def unread_summary(player: Player) -> dict[str, Any]:
    """What the header shows and polls, in one query on the unread index: the count, and the newest unread "your
    move" (when it was raised, and its table) so that a page can tell when a table has come to the player."""
    unread = Notification.objects.filter(player=player, read_at__isnull=True)
    found = unread.aggregate(count=Count("pk"), turn=Max("created_at", filter=Q(kind=Notification.Kind.YOUR_MOVE)))
    return {"unread": found["count"], "turn": found["turn"].isoformat() if found["turn"] else ""}


def newest_turn_table(player: Player) -> int | None:
    """The table of the newest unread "your move"."""
    return (
        Notification.objects.filter(player=player, read_at__isnull=True, kind=Notification.Kind.YOUR_MOVE)
        .order_by("-created_at", "-pk")
        .values_list("table_id", flat=True)
        .first()
    )


def notifications_of(player: Player, *, limit: int = 100, unread: bool = False) -> QuerySet[Notification]:
    """The player's notifications (or the unread ones), newest first, with what their text names."""
    found = Notification.objects.filter(player=player)
    if unread:
        found = found.filter(read_at__isnull=True)
    # with the competition's format (its page), without the states of what they name, which the words never read
    return with_formats(found.select_related("table").defer("table__state"), "competition")[:limit]


def notification_words(notification: Notification) -> str:
    """A notification in words, in the active language (the list page, the API)."""
    if notification.kind in (Notification.Kind.YOUR_MOVE, Notification.Kind.DEADLINE_NEAR):
        table = notification.table
        words = {"game": _game(table.game) if table else "", "id": notification.table_id}
        if notification.kind == Notification.Kind.YOUR_MOVE:
            return gettext("Your move at %(game)s (table %(id)s)") % words
        return gettext("Your time at %(game)s (table %(id)s) is nearly up") % words
    name = notification.competition.name if notification.competition else ""
    if notification.kind == Notification.Kind.TOURNAMENT_START:
        return gettext("%(tournament)s has started") % {"tournament": name}
    return gettext("A new round of %(season)s has started") % {"season": name}


def notification_target(notification: Notification) -> str:
    """The path of what the notification is about (its table, season or tournament), else the list's."""
    if notification.table_id:
        return reverse("table", args=[notification.table_id])
    if notification.competition is not None:
        return reverse(competition_page(notification.competition), args=[notification.competition_id])
    return reverse("notifications")


def _game(game: str) -> str:
    try:
        return gettext(engine_for(game).title)
    except KeyError:
        return game
