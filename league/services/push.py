"""Web Push: the browsers a player opted in from the settings page, and the messages sent to them.

A browser subscribes with its push service (the service worker at /sw.js, static/js/push.js) and hands us where to
send (`endpoint`, an address at the push service) and two keys; a message is encrypted for that browser alone
(RFC 8291, aes128gcm) and signed with the site's VAPID key (RFC 8292) by pywebpush — the Web Push library of the
web-push-libs project that Mozilla started, built on its own http_ece and py_vapid: the encryption and the signing
are the parts not to write by hand. It is sent from a Celery task (league.tasks.turn_notify, the reminders pass),
never in a request: a push service may take seconds to answer.

A push service that answers 404 or 410 says the subscription is gone (the browser unsubscribed, the player cleared
its data): the row is dropped. Any other failure is logged and the message is not retried (a "your move" of an hour
ago is worth less than the next one; the in-app notification and the mail carry it meanwhile).

What pushes: the events the player chose (`Player.settings["push"]`, all of them by default: subscribing is the
opt-in), never during their quiet hours (`Player.settings["quiet_hours"]`, in their time zone).
"""

import base64
import binascii
import fnmatch
import json
import logging
from dataclasses import asdict, dataclass
from datetime import datetime, time
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import transaction
from pywebpush import WebPushException, webpush

from league.errors import InvalidValue
from league.models import Player, PushSubscription
from league.selectors.notifications import time_zone_of
from league.services.clubs import PUSH_DEFAULTS

logger = logging.getLogger(__name__)

# what a push service is given to hold a message for a browser that is offline: a day (a turn lasts hours or days)
PUSH_TTL = 86400
PUSH_TIMEOUT = 10.0
# RFC 8291: the browser's P-256 public key, uncompressed (65 bytes), and its 16-byte authentication secret
P256DH_BYTES = 65
AUTH_BYTES = 16


@dataclass(frozen=True)
class PushMessage:
    """What the service worker shows: a title, a line, the page a tap opens, and a tag (a newer message with the same
    tag replaces the older one on the device, as the in-app "your move" is replaced)."""

    title: str
    body: str
    url: str
    tag: str


def push_enabled() -> bool:
    """The site has VAPID keys (docs/deploy.md); without them nothing is offered or sent."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def push_settings(player: Player) -> dict[str, Any]:
    """The events that push and the quiet hours ({"start": "22:00", "end": "07:30"} or None)."""
    stored = player.settings or {}
    chosen = stored.get("push") or {}
    return {
        "events": {key: bool(chosen.get(key, default)) for key, default in PUSH_DEFAULTS.items()},
        "quiet_hours": stored.get("quiet_hours") or None,
    }


def quiet_hours_hold(quiet: dict[str, str] | None, local: time) -> bool:
    """Whether a local time falls in the quiet hours [start, end); a span past midnight (22:00-07:00) wraps."""
    if not quiet:
        return False
    start, end = time.fromisoformat(quiet["start"]), time.fromisoformat(quiet["end"])
    if start == end:
        return False
    return start <= local < end if start < end else local >= start or local < end


def _decoded(value: str, size: int, field: str) -> str:
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != size:
        raise InvalidValue(f"keys.{field} is not a {size}-byte key in base64url.", code="bad_subscription", field=field)
    return value


def _endpoint_allowed(endpoint: str) -> bool:
    """Only a push service's address: the server posts to it, so an arbitrary one would let a client aim our
    requests at any host (our own network included). PUSH_SERVICES lists `scheme://host[:port]` patterns."""
    parts = urlsplit(endpoint)
    for pattern in settings.PUSH_SERVICES:
        scheme, _, host_pattern = pattern.partition("://")
        if parts.scheme == scheme and parts.netloc and fnmatch.fnmatchcase(parts.netloc.lower(), host_pattern.lower()):
            return True
    return False


@transaction.atomic
def push_subscription_add(*, player: Player, endpoint: str, p256dh: str, auth: str, now: datetime) -> PushSubscription:
    """Keep this browser's subscription for the player (a browser that subscribed for another account before is
    now this player's: one browser, one person signed in)."""
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > 1000 or not _endpoint_allowed(endpoint):
        raise InvalidValue(
            "The endpoint is not a known push service's address.", code="bad_subscription", field="endpoint"
        )
    values = {
        "player": player,
        "p256dh": _decoded(p256dh, P256DH_BYTES, "p256dh"),
        "auth": _decoded(auth, AUTH_BYTES, "auth"),
    }
    subscription, _ = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults=values, create_defaults={**values, "created_at": now}
    )
    return subscription


def push_subscription_remove(*, player: Player, endpoint: str) -> int:
    """Forget this browser (the player turned push off in it); returns how many were removed (0 or 1)."""
    deleted, _ = PushSubscription.objects.filter(player=player, endpoint=endpoint).delete()
    return deleted


def push_send(*, player: Player, event: str, message: PushMessage, now: datetime) -> int:
    """Send the message to every browser of the player that takes pushes, if the player chose this event and is not
    in their quiet hours; returns the number of browsers the push service accepted it for."""
    if not push_enabled():
        return 0
    subscriptions = list(PushSubscription.objects.filter(player=player))
    if not subscriptions:
        return 0
    chosen = push_settings(player)
    if not chosen["events"].get(event, False):
        return 0
    zone: ZoneInfo = time_zone_of(player)
    if quiet_hours_hold(chosen["quiet_hours"], now.astimezone(zone).time()):
        return 0
    data = json.dumps(asdict(message), ensure_ascii=False)
    sent = 0
    for subscription in subscriptions:
        sent += _push_one(subscription, data)
    return sent


def _push_one(subscription: PushSubscription, data: str) -> int:
    info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
    try:
        webpush(
            subscription_info=info,
            data=data,
            vapid_private_key=settings.VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=PUSH_TTL,
            timeout=PUSH_TIMEOUT,
            headers={"Urgency": "normal"},
        )
    except WebPushException as error:
        status = getattr(error.response, "status_code", None)
        if status in (404, 410):
            # the push service forgot this browser: so do we
            PushSubscription.objects.filter(pk=subscription.pk).delete()
            logger.info(
                "push subscription %s of player %s is gone (%s); dropped",
                subscription.pk,
                subscription.player_id,
                status,
            )
        else:
            logger.warning(
                "push to subscription %s of player %s failed: %s",
                subscription.pk,
                subscription.player_id,
                status or error,
            )
        return 0
    except Exception:  # the network (a refused connection, a timeout): one browser's failure stops no other
        logger.exception("push to subscription %s of player %s failed", subscription.pk, subscription.player_id)
        return 0
    return 1
