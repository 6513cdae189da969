"""The player's calendar feed: an event for every deadline of theirs (each table waiting for their move, ending at
their seat's own deadline, with an alarm an hour before) and the start of every round of the seasons they entered
(the rounds still to come dated by the season's schedule). Every link in it is built from SITE_URL (league.links)."""

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.utils.translation import gettext

from league.engines import engine_for
from league.ical import Event, calendar_text
from league.links import site_host, site_link
from league.models import Player, Season, Seat, Table
from league.selectors.rounds import season_calendar, season_zone

# a deadline is a moment; calendars show a short event ending at it
DEADLINE_LENGTH = timedelta(minutes=15)
DEADLINE_ALARM = timedelta(hours=1)
ROUND_LENGTH = timedelta(hours=1)


def calendar_events(*, player: Player) -> list[Event]:
    host = site_host()
    events = []
    seats = Seat.objects.filter(
        player=player, to_act=True, table__status=Table.Status.ACTIVE, table__deadline__isnull=False
    ).select_related("table", "clock")
    for seat in seats.order_by("table__deadline"):
        table = seat.table
        # the seat's own deadline (its clock's), else the table's (the earliest of its seats to act)
        clock = getattr(seat, "clock", None)
        deadline = (clock.deadline if clock is not None else None) or table.deadline
        assert deadline is not None  # the table's is not null (filtered above)
        others = Seat.objects.filter(table=table).exclude(pk=seat.pk).select_related("player").order_by("index")
        summary = gettext("Your move at %(game)s against %(opponents)s") % {
            "game": gettext(engine_for(table.game).title),
            "opponents": ", ".join(other.player.display_name for other in others),
        }
        events.append(
            Event(
                uid=f"table-{table.pk}-v{table.version}@{host}",
                start=deadline - DEADLINE_LENGTH,
                end=deadline,
                summary=summary,
                url=site_link("table", table.pk),
                alarm=DEADLINE_ALARM,
            )
        )
    # the seasons the player entered and has not withdrawn from (one filter: both of the same entrant)
    seasons = Season.objects.filter(entrants__player=player, entrants__withdrawn=False)
    for season in seasons.order_by("id"):
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
                    url=site_link("season", season.pk),
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
