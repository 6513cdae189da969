"""The player's calendar feed: the deadline of every table waiting for their move and the start of every round of
the seasons they entered (the rounds still to come dated by the season's schedule)."""

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext

from league.engines import engine_for
from league.ical import Event, calendar_text
from league.models import Entrant, Player, Seat, Table
from league.selectors.rounds import season_calendar, season_zone

# a deadline is a moment; calendars show a short event ending at it
DEADLINE_LENGTH = timedelta(minutes=15)
ROUND_LENGTH = timedelta(hours=1)


def calendar_events(*, player: Player) -> list[Event]:
    site = settings.SITE_URL.rstrip("/")
    host = site.split("://", 1)[-1]
    events = []
    seats = Seat.objects.filter(
        player=player, to_act=True, table__status=Table.Status.ACTIVE, table__deadline__isnull=False
    ).select_related("table")
    for seat in seats.order_by("table__deadline"):
        table = seat.table
        assert table.deadline is not None  # filtered above
        others = Seat.objects.filter(table=table).exclude(pk=seat.pk).select_related("player").order_by("index")
        summary = gettext("Your move at %(game)s against %(opponents)s") % {
            "game": gettext(engine_for(table.game).title),
            "opponents": ", ".join(other.player.display_name for other in others),
        }
        events.append(
            Event(
                uid=f"table-{table.pk}-v{table.version}@{host}",
                start=table.deadline - DEADLINE_LENGTH,
                end=table.deadline,
                summary=summary,
                url=site + reverse("table", args=[table.pk]),
            )
        )
    entries = Entrant.objects.filter(player=player, withdrawn=False).select_related("season")
    for entry in entries.order_by("season_id"):
        season = entry.season
        zone = season_zone(season)
        for calendar_round in season_calendar(season=season):
            start = calendar_round.started_at or calendar_round.starts_at
            if start is None:
                continue
            if not isinstance(start, datetime):
                start = _midnight(start, zone)
            events.append(
                Event(
                    uid=f"season-{season.pk}-round-{calendar_round.number}@{host}",
                    start=start,
                    end=start + ROUND_LENGTH,
                    summary=gettext("Round %(number)s of %(season)s")
                    % {"number": calendar_round.number, "season": season.name},
                    url=site + reverse("season", args=[season.pk]),
                )
            )
    return events


def _midnight(day: date, zone: str) -> datetime:
    """A round dated by a day starts at midnight in its season's zone."""
    return datetime.combine(day, time(), tzinfo=ZoneInfo(zone))


def calendar_feed(*, player: Player) -> str:
    return calendar_text(
        name=gettext("cardleague: %(name)s") % {"name": player.display_name},
        events=calendar_events(player=player),
        now=datetime.now(tz=UTC),
    )
