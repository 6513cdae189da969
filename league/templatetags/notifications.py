"""Template helpers of the header and the mails: the unread count (which static/js/notify.js keeps up to date, with
the page's title) and the banner asking to verify the address; a game's human name; a deadline that counts down in
the browser."""

from datetime import datetime
from typing import Any

from django import template
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.timesince import timeuntil
from django.utils.translation import gettext

from league.engines import engine_for
from league.models import Notification, Player
from league.selectors.notifications import email_verified, notification_words, unread_summary

register = template.Library()

# how often every open page asks for the unread count (static/js/notify.js): a few hundred bytes of JSON and one
# indexed count a poll; "your move" comes a few seconds after the move (the drain), so 20 s is the news's delay
POLL_SECONDS = 20


@register.filter
def game_title(game: str) -> str:
    """The engine's human name of the game, translated ("The Court", "더 코트")."""
    try:
        return gettext(engine_for(game).title)
    except KeyError:
        return game


@register.filter
def words(notification: Notification) -> str:
    """A notification in words, in the reader's language."""
    return notification_words(notification)


@register.simple_tag(takes_context=True)
def account_header(context: Any) -> dict[str, Any]:
    """What the header shows a signed-in player: the unread count, and whether to ask them to verify the address."""
    user = context.get("user")
    if user is None or not user.is_authenticated:
        return {"player": None}
    try:
        player = user.player
    except Player.DoesNotExist:
        return {"player": None}
    summary = unread_summary(player)
    return {
        "player": player,
        "unread": summary["unread"],
        # the newest unread "your move", from which static/js/notify.js tells that a table has come to the player
        "turn": summary["turn"],
        "sound": (player.settings or {}).get("sound") is True,
        "poll": POLL_SECONDS,
        "verify": not player.is_bot and not email_verified(player),
        "email": user.email,
    }


@register.simple_tag
def countdown(deadline: datetime | None) -> SafeString:
    """The time left until the deadline, as a <time> that static/js/countdown.js moves every second (without script,
    the time left when the page was made); the words around it ("... left") are the template's."""
    if deadline is None:
        return SafeString("")
    return format_html(
        '<time class="countdown" datetime="{}" data-countdown>{}</time>', deadline.isoformat(), timeuntil(deadline)
    )


@register.simple_tag
def local_time(moment: datetime | None) -> SafeString:
    """A moment in the reader's time zone (league.timezones activates it), with the zone's name."""
    if moment is None:
        return SafeString("")
    return format_html(
        '<time datetime="{}">{} {}</time>',
        moment.isoformat(),
        date_format(timezone.localtime(moment), "Y-m-d H:i"),
        timezone.get_current_timezone_name(),
    )
