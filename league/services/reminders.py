"""Reminder mails: "your move" when a turn starts, "deadline near" at 80% of a turn's running time, and a daily
digest in place of the "your move" mails for players in many games. Each player chooses in their settings
(`Player.settings["notifications"]`); a ReminderSent row with a unique key makes every mail go at most once.
"""

import logging
import smtplib
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string

from league.clocks.arithmetic import Interval, running_time
from league.errors import BadOptions
from league.models import Player, ReminderSent, Seat, SeatClock, Table
from league.services.clocks import Policy, seat_clocks_for, seat_deadline, table_policy, vacations_for
from league.services.clubs import NOTIFICATION_DEFAULTS

logger = logging.getLogger(__name__)

NEAR_FRACTION = 0.8


def notification_settings(player: Player) -> dict[str, bool]:
    """The player's reminder choices, defaults filled in."""
    chosen = (player.settings or {}).get("notifications") or {}
    return {key: bool(chosen.get(key, default)) for key, default in NOTIFICATION_DEFAULTS.items()}


@transaction.atomic
def notification_settings_set(*, player: Player, **choices: bool) -> dict[str, bool]:
    """Change some of the player's reminder choices (your_move, deadline_near, daily_digest)."""
    unknown = set(choices) - set(NOTIFICATION_DEFAULTS)
    if unknown:
        raise BadOptions(f"Unknown reminder setting {sorted(unknown)[0]!r}.", field=sorted(unknown)[0])
    player = Player.objects.select_for_update().get(pk=player.pk)
    player.settings = {**(player.settings or {}), "notifications": {**notification_settings(player), **choices}}
    player.save(update_fields=["settings"])
    return notification_settings(player)


@dataclass(frozen=True)
class Waiting:
    """One seat to act, with its clock as it stands."""

    table: Table
    seat: Seat
    clock: SeatClock
    deadline: datetime
    near: bool  # 80% of the turn's running time is used


def waiting_seats(*, now: datetime) -> dict[Player, list[Waiting]]:
    """Every human seat to act at a table in play, by player, the most urgent first; abandoned seats left out (the
    clock plays them)."""
    tables = Table.objects.filter(status=Table.Status.ACTIVE, seats__to_act=True, seats__player__is_bot=False)
    found: dict[Player, list[Waiting]] = defaultdict(list)
    for table in tables.distinct().order_by("id"):
        policy = table_policy(table)
        clocks = seat_clocks_for(table, policy)
        vacations = vacations_for(policy, [seat.player_id for seat, _ in clocks.values()])
        for seat, clock in clocks.values():
            if not seat.to_act or clock.abandoned:
                continue
            player = Player.objects.select_related("user").get(pk=seat.player_id)
            if player.is_bot:
                continue
            deadline = seat_deadline(clock, policy, vacations[seat.player_id])
            found[player].append(
                Waiting(table, seat, clock, deadline, _near(clock, policy, vacations[seat.player_id], now))
            )
    return {player: sorted(items, key=lambda w: w.deadline) for player, items in found.items()}


def _near(clock: SeatClock, policy: Policy, vacations: list[Interval], now: datetime) -> bool:
    budget = policy.control.budget(timedelta(seconds=clock.bank))
    assert clock.turn_started_at is not None  # made with its turn's start (seat_clocks_for)
    used = running_time(clock.turn_started_at, now, weekly=policy.weekly, vacations=vacations)
    return used >= budget * NEAR_FRACTION


def reminders_send(*, now: datetime) -> int:
    """Send every reminder that is due and not yet sent; returns the number of mails sent."""
    sent = 0
    for player, items in waiting_seats(now=now).items():
        if not player.user.email:
            continue
        choices = notification_settings(player)
        if choices["daily_digest"]:
            key = f"digest:{player.pk}:{now.date().isoformat()}"
            sent += _send(player, key, "digest", {"waiting": items}, now=now)
        for item in items:
            started = item.clock.turn_started_at
            turn = f"{item.seat.pk}:{started.isoformat() if started else ''}"
            if choices["your_move"] and not choices["daily_digest"]:
                sent += _send(player, f"move:{turn}", "your_move", _context(item), now=now)
            if choices["deadline_near"] and item.near and now < item.deadline:
                sent += _send(player, f"near:{turn}", "deadline_near", _context(item), now=now)
    return sent


SUBJECTS = {
    "your_move": "Your move at {game} #{table}",
    "deadline_near": "Your time at {game} #{table} is nearly up",
    "digest": "{count} tables wait for your move",
}


def _context(item: Waiting) -> dict[str, Any]:
    return {"table": item.table, "deadline": item.deadline}


def _send(player: Player, key: str, kind: str, context: dict[str, Any], *, now: datetime) -> int:
    """Record the reminder and send it in one transaction: a mail that fails is recorded as not sent (tried again
    on the next pass), and a key already recorded is never sent again."""
    site = getattr(settings, "SITE_URL", "http://localhost:8000").rstrip("/")
    table = context.get("table")
    subject = SUBJECTS[kind].format(
        game=getattr(table, "game", ""), table=getattr(table, "pk", ""), count=len(context.get("waiting", []))
    )
    try:
        with transaction.atomic():
            ReminderSent.objects.create(player=player, key=key[:120], sent_at=now)
            body = render_to_string(f"email/{kind}.txt", {**context, "player": player, "site": site})
            send_mail(subject, body, None, [player.user.email])
    except IntegrityError:
        return 0  # sent already (or being sent by a concurrent pass)
    except (smtplib.SMTPException, OSError):
        logger.exception("could not send %s to player %s; the next pass tries again", key, player.pk)
        return 0
    logger.info("sent %s to player %s", key, player.pk)
    return 1
