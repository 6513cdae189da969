"""Reminders: "your move" when a turn starts, "deadline near" at 80% of a turn's running time, a daily digest (the
waiting tables grouped by season) in place of the "your move" mails for players in many games, and season news
when a round starts. Each is an in-app notification (league.services.notifications), a Web Push message to the
browsers the player opted in (league.services.push, for the events they chose) and, for a verified address whose
owner chose it in their settings (`Player.settings["notifications"]`), a mail; mails and pushes are in the player's
language with their times in the player's time zone, and every link in them is built from SITE_URL
(league.links). A ReminderSent row with a unique key makes every mail go at most once.

"Your move" goes the moment a table comes to a player: the move enqueues `league.tasks.turn_notify` through the
outbox (one row per move, whoever is next), and the task calls `turn_remind`. The reminders pass (every few
minutes) offers every waiting seat again, which catches a table that came to a player without a move (a new
table, a round's start) and a task that was lost; the notification's turn and the mail's key keep both from
saying it twice.

A mail that fails (a mail server that refuses, a header the mail library refuses) is logged and left unrecorded:
the next pass tries that mail again, alone, and every other mail goes meanwhile.
"""

import logging
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext, ngettext

from league.clocks.arithmetic import Interval, running_time
from league.engines import engine_for
from league.errors import InvalidValue
from league.links import site_link, site_url
from league.models import (
    Account,
    Competition,
    Entrant,
    OutboxMessage,
    Player,
    ReminderSent,
    Round,
    Season,
    Seat,
    SeatClock,
    Table,
)
from league.selectors.competition_pages import competition_page, with_formats
from league.selectors.notifications import DEFAULT_TIME_ZONE, account_or_default, email_verified, time_zone_valid
from league.services.clocks import Policy, seat_clocks_for, seat_deadline, table_policy, vacations_for
from league.services.clubs import NOTIFICATION_DEFAULTS
from league.services.notifications import notification_add, notification_turn
from league.services.push import PushMessage, push_send

logger = logging.getLogger(__name__)

NEAR_FRACTION = 0.8
# the task that tells the seats a table came to (the outbox rows of moves and new tables)
TURN_TASK = "league.tasks.turn_notify"
# a round that started within this window is news (the sweep runs every few minutes; the key keeps it to one)
NEWS_WINDOW = timedelta(days=1)


def notification_settings(player: Player) -> dict[str, bool]:
    """The player's reminder choices, defaults filled in."""
    chosen = (player.settings or {}).get("notifications") or {}
    return {key: bool(chosen.get(key, default)) for key, default in NOTIFICATION_DEFAULTS.items()}


@transaction.atomic
def notification_settings_set(*, player: Player, **choices: bool) -> dict[str, bool]:
    """Change some of the player's reminder choices (your_move, deadline_near, daily_digest, season_news)."""
    unknown = set(choices) - set(NOTIFICATION_DEFAULTS)
    if unknown:
        raise InvalidValue(f"Unknown reminder setting {sorted(unknown)[0]!r}.", field=sorted(unknown)[0])
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


def waiting_seats(*, now: datetime, table_id: int | None = None) -> dict[Player, list[Waiting]]:
    """Every human seat to act at a table in play (or at that one table), by player, the most urgent first;
    abandoned seats left out (the clock plays them)."""
    tables = Table.objects.filter(
        status=Table.Status.ACTIVE, seats__to_act=True, seats__player__is_bot=False
    ).select_related("round__season")
    if table_id is not None:
        tables = tables.filter(pk=table_id)
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
    """Add the in-app notifications and send every reminder mail that is due and not yet sent; returns the number
    of mails sent. Only a verified address gets mail (an unverified account sees a banner asking to verify)."""
    sent = 0
    for player, items in waiting_seats(now=now).items():
        account = account_or_default(player)
        mail = email_verified(player, account)
        choices = notification_settings(player)
        if mail and choices["daily_digest"]:
            key = f"digest:{player.pk}:{now.date().isoformat()}"
            sent += _send(player, account, key, "digest", {"groups": _digest_groups(player, items)}, now=now)
        for item in items:
            sent += _turn_news(player, account, item, mail=mail, choices=choices, now=now)
            near = item.near and now < item.deadline
            turn = _turn(item)
            if near and notification_add(
                player=player, kind="deadline_near", key=f"near:{turn}", table=item.table, now=now
            ):
                push_send(
                    player=player,
                    event="deadline_near",
                    message=_push_of("deadline_near", player, account, item),
                    now=now,
                )
            if mail and choices["deadline_near"] and near:
                sent += _send(player, account, f"near:{turn}", "deadline_near", _context(player, item), now=now)
    return sent + season_news_send(now=now)


def turn_remind(*, table_id: int, now: datetime) -> int:
    """The table has come to someone (a move was made): "your move" to every human seat to act there now, in the
    app, by push and by mail, each as they chose; a seat already told of this turn is not told again. Returns the
    number of mails sent."""
    sent = 0
    for player, items in waiting_seats(now=now, table_id=table_id).items():
        account = account_or_default(player)
        mail = email_verified(player, account)
        choices = notification_settings(player)
        for item in items:
            sent += _turn_news(player, account, item, mail=mail, choices=choices, now=now)
    return sent


def turn_notices_drain(*, now: datetime, limit: int = 500) -> int:
    """Take the moves' "your move" rows from the outbox (league.services.moves writes one with each move that
    brings a table to someone, league.services.tables one with each new table) and tell each table's seats to act,
    oldest first; every few seconds (the beat's league.tasks.turn_notify_drain). The rows are deleted as they are
    claimed (SKIP LOCKED: two drains take different rows): a drain that dies after that loses no turn for good, as
    the reminders pass offers every waiting seat again. Returns the number of tables told about."""
    with transaction.atomic():
        claimed = list(
            OutboxMessage.objects.select_for_update(skip_locked=True)
            .filter(task=TURN_TASK)
            .order_by("id")
            .values_list("pk", "kwargs")[:limit]
        )
        OutboxMessage.objects.filter(pk__in=[pk for pk, _ in claimed]).delete()
    tables = list(dict.fromkeys(kwargs.get("table_id") for _, kwargs in claimed if isinstance(kwargs, dict)))
    for table_id in tables:
        if isinstance(table_id, int):
            try:
                turn_remind(table_id=table_id, now=now)
            except Exception:
                # one table's fault (its data, a push service) keeps no other table's players waiting
                logger.exception("could not tell the players of table %s of their move", table_id)
    return len(tables)


def _turn(item: Waiting) -> str:
    """The seat's current turn, as the keys of its mails name it."""
    started = item.clock.turn_started_at
    return f"{item.seat.pk}:{started.isoformat() if started else ''}"


def _turn_news(
    player: Player, account: Account, item: Waiting, *, mail: bool, choices: dict[str, bool], now: datetime
) -> int:
    """The in-app "your move" of this turn (raised again when the table comes back), its push the first time, and
    its mail unless the daily digest replaces it; returns the mails sent (0 or 1)."""
    started = item.clock.turn_started_at or now
    if notification_turn(player=player, table=item.table, turn_started=started, now=now):
        push_send(player=player, event="your_move", message=_push_of("your_move", player, account, item), now=now)
    if mail and choices["your_move"] and not choices["daily_digest"]:
        return _send(player, account, f"move:{_turn(item)}", "your_move", _context(player, item), now=now)
    return 0


def _push_of(kind: str, player: Player, account: Account, item: Waiting) -> PushMessage:
    """A push about a waiting table, in the player's language and time zone: the game, the opponents, the deadline."""
    with translation.override(player.language), timezone.override(_zone(account)):
        words = {"game": game_title(item.table.game), "opponents": ", ".join(opponents_of(item.table, player))}
        if kind == "your_move":
            title = gettext("Your move at %(game)s") % words
        else:
            title = gettext("Your time at %(game)s is nearly up") % words
        body = gettext("Against %(opponents)s · time runs out %(when)s (%(zone)s)") % {
            **words,
            "when": date_format(timezone.localtime(item.deadline), gettext("D j M, H:i")),
            "zone": timezone.get_current_timezone_name(),
        }
    return PushMessage(title=title, body=body, url=site_link("table", item.table.pk), tag=f"table-{item.table.pk}")


def _zone(account: Account) -> ZoneInfo:
    return ZoneInfo(account.time_zone if time_zone_valid(account.time_zone) else DEFAULT_TIME_ZONE)


def season_news_send(*, now: datetime) -> int:
    """A notification, and a mail for those who chose season news, when a round of a season the player entered
    started in the last day; returns the number of mails sent."""
    sent = 0
    rounds = Round.objects.filter(started_at__gt=now - NEWS_WINDOW, started_at__lte=now).select_related("season")
    for round_ in rounds.order_by("started_at", "id"):
        entrants = Entrant.objects.filter(competition=round_.season, withdrawn=False, player__is_bot=False)
        for entrant in entrants.select_related("player__user"):
            player = entrant.player
            key = f"round:{round_.pk}"
            account = account_or_default(player)
            if notification_add(player=player, kind="season_news", key=key, competition=round_.season, now=now):
                push_send(player=player, event="season_news", message=_season_push(player, round_), now=now)
            if email_verified(player, account) and notification_settings(player)["season_news"]:
                context = {"season": round_.season, "round": round_}
                sent += _send(player, account, f"{key}:{player.pk}", "season_news", context, now=now)
    return sent


def tournament_news_send(*, tournament_id: int, now: datetime) -> int:
    """A tournament started, whatever its format: a notification to each of its players (both of a team), pushed to
    those who chose tournament starts; its tables tell each their first move as every new table does. Returns the
    pushes sent."""
    tournament = with_formats(Competition.objects.filter(pk=tournament_id)).first()
    if tournament is None:
        return 0
    entrants = Entrant.objects.filter(competition_id=tournament_id, withdrawn=False)
    people = set(entrants.values_list("player_id", flat=True))
    people |= set(entrants.exclude(partner=None).values_list("partner_id", flat=True))
    page = competition_page(tournament)
    sent = 0
    for player in Player.objects.filter(pk__in=people, is_bot=False).order_by("pk"):
        key = f"{page}:{tournament.pk}"
        added = notification_add(player=player, kind="tournament_start", key=key, now=now, competition=tournament)
        if not added:
            continue
        with translation.override(player.language):
            title = gettext("%(tournament)s has started") % {"tournament": tournament.name}
            body = gettext("Your first table is on your turn list.")
        message = PushMessage(title=title, body=body, url=site_link(page, tournament.pk), tag=key)
        sent += push_send(player=player, event="tournament_start", message=message, now=now)
    return sent


def _season_push(player: Player, round_: Round) -> PushMessage:
    with translation.override(player.language):
        title = _subject("season_news", {"round": round_, "season": round_.season})
        body = gettext("Your tables of the round are on your turn list.")
    season = round_.season
    return PushMessage(title=title, body=body, url=site_link("season", season.pk), tag=f"season-{season.pk}")


def game_title(game: str) -> str:
    """The game's human name from its engine, in the active language."""
    return gettext(engine_for(game).title)


def opponents_of(table: Table, player: Player) -> list[str]:
    seats = Seat.objects.filter(table=table).exclude(player=player).select_related("player").order_by("index")
    return [seat.player.display_name for seat in seats]


def _context(player: Player, item: Waiting) -> dict[str, Any]:
    return {"table": item.table, "deadline": item.deadline, "opponents": opponents_of(item.table, player)}


def _digest_groups(player: Player, items: list[Waiting]) -> list[tuple[Season | None, list[dict[str, Any]]]]:
    """The waiting tables grouped by season (friendly tables last), each with its opponents and deadline."""
    groups: dict[int | None, list[dict[str, Any]]] = defaultdict(list)
    seasons: dict[int | None, Season | None] = {None: None}
    for item in items:
        season = item.table.round.season if item.table.round is not None else None
        seasons[season.pk if season else None] = season
        groups[season.pk if season else None].append({**_context(player, item), "game": item.table.game})
    order = sorted(groups, key=lambda pk: (pk is None, getattr(seasons[pk], "name", "")))
    return [(seasons[pk], groups[pk]) for pk in order]


def _subject(kind: str, context: dict[str, Any]) -> str:
    if kind == "digest":
        count = sum(len(tables) for _, tables in context["groups"])
        return ngettext("%(count)d table waits for your move", "%(count)d tables wait for your move", count) % {
            "count": count
        }
    if kind == "season_news":
        return gettext("Round %(number)s of %(season)s has started") % {
            "number": context["round"].number,
            "season": context["season"].name,
        }
    words = {"game": game_title(context["table"].game), "opponents": ", ".join(context["opponents"])}
    if kind == "your_move":
        return gettext("Your move at %(game)s against %(opponents)s") % words
    return gettext("Your time at %(game)s against %(opponents)s is nearly up") % words


def _send(player: Player, account: Account, key: str, kind: str, context: dict[str, Any], *, now: datetime) -> int:
    """Record the reminder and send it in one transaction: a mail that fails is recorded as not sent (tried again
    on the next pass), and a key already recorded is never sent again. Written in the player's language, its times
    in the player's time zone."""
    site = site_url("")
    try:
        with transaction.atomic():
            ReminderSent.objects.create(player=player, key=key[:120], sent_at=now)
            with translation.override(player.language), timezone.override(_zone(account)):
                # a name or a season's name never breaks a subject into header lines (names are single-line by
                # validation; a subject is one line whatever it is made of)
                subject = " ".join(_subject(kind, context).split())
                body = render_to_string(
                    f"email/{kind}.txt",
                    {**context, "player": player, "site": site, "settings_url": site_link("settings")},
                )
            send_mail(subject, body, None, [player.user.email])
    except IntegrityError:
        return 0  # sent already (or being sent by a concurrent pass)
    except Exception:
        # whatever this one mail raised (a mail server that refused, BadHeaderError, a template that failed on odd
        # data): it is not recorded, so the next pass tries it again, and no other mail waits with it
        logger.exception("could not send %s to player %s; the next pass tries again", key, player.pk)
        return 0
    logger.info("sent %s to player %s", key, player.pk)
    return 1
