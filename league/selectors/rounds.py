"""Reads of a season's rounds for its pages: the calendar (rounds played, running and still to come, with their
dates), the tables in play with whose clock is running and which are late, and the zone the dates are shown in."""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.db.models import Count, Q

from league.clocks.check import time_zone_exists
from league.models import Entrant, Round, RoundRobinPairs, Season, SeasonClock, Table, Vacation
from league.pairing.round_robin import round_robin_schedule

DEFAULT_ROUNDS = 5  # as league.services.seasons: Swiss and multi-table seasons without a planned number


@dataclass(frozen=True)
class CalendarRound:
    number: int
    status: str  # pending, running, finished; "planned" for a round that does not exist yet
    starts_at: datetime | date | None  # the scheduled start (a date before the season starts), None: by hand
    started_at: datetime | None
    finished_at: datetime | None
    tables: int
    in_play: int
    finished: int = 0
    byes: int = 0

    @property
    def exists(self) -> bool:
        """The round has been made (it has tables or byes to show), not only planned."""
        return self.status != "planned"


@dataclass(frozen=True)
class SeatOnClock:
    name: str
    deadline: datetime | None
    bank: int | None  # seconds left in the seat's bank, None without a seat clock
    late: bool
    on_vacation: bool
    abandoned: bool


@dataclass(frozen=True)
class TableInPlay:
    table_id: int
    round: int
    players: list[str]
    deadline: datetime | None
    late: bool  # the table's deadline has passed and the sweep has not played the timeout yet
    to_act: list[SeatOnClock]  # whose clock is running
    # the clock sweep could not play the table (Table.sweep_error): why, and when it tries again
    sweep_error: str = ""
    sweep_retry_at: datetime | None = None


def season_zone(season: Season) -> str:
    """The time zone a season's dates are shown in: its clock's, else UTC (players have no zone of their own yet)."""
    return _zone_or_utc(SeasonClock.objects.filter(season=season).values_list("time_zone", flat=True).first())


def clock_zone(clock: SeasonClock | None) -> str:
    """`season_zone` from the season's clock already read (None: the season has none)."""
    return _zone_or_utc(clock.time_zone if clock is not None else None)


def _zone_or_utc(zone: str | None) -> str:
    return zone if zone and time_zone_exists(zone) else "UTC"


def rounds_count(*, format: str, rounds_planned: int | None, entrants: int) -> int:
    """How many rounds a season plays: a round robin's from its entrants, else the planned number."""
    if format in (Season.Format.ROUND_ROBIN, Season.Format.DOUBLE_ROUND_ROBIN):
        if entrants < 2:
            return 0
        return len(round_robin_schedule(list(range(entrants)), double=format == Season.Format.DOUBLE_ROUND_ROBIN))
    return rounds_planned or DEFAULT_ROUNDS


def round_dates(
    *, first: date | datetime | None, interval_days: int | None, count: int
) -> list[date | datetime | None]:
    """Each round's scheduled start from the first: one interval apart; None for every round when they are
    started by hand (no first date or no interval)."""
    if first is None or not interval_days:
        return [None] * count
    return [first + timedelta(days=interval_days * n) for n in range(count)]


def season_calendar(*, season: Season) -> list[CalendarRound]:
    """Every round of the season: those that exist with their dates and tables, then those still to come, dated by
    the schedule when the season has one (from its start, or from its first day before it starts)."""
    rounds = list(
        Round.objects.filter(season=season)
        .order_by("number")
        .annotate(
            # distinct: the byes' join multiplies the tables' rows
            table_count=Count("tables", distinct=True),
            in_play_count=Count("tables", filter=Q(tables__status=Table.Status.ACTIVE), distinct=True),
            finished_count=Count("tables", filter=Q(tables__status=Table.Status.FINISHED), distinct=True),
            bye_count=Count("byes", distinct=True),
        )
    )
    total = _rounds_total(season)
    out = [
        CalendarRound(
            number=r.number,
            status=r.status,
            starts_at=r.starts_at,
            started_at=r.started_at,
            finished_at=r.finished_at,
            tables=r.table_count,
            in_play=r.in_play_count,
            finished=r.finished_count,
            byes=r.bye_count,
        )
        for r in rounds
    ]
    first: date | datetime | None = season.started_at or season.starts_on
    if isinstance(first, date) and not isinstance(first, datetime):
        first = datetime.combine(first, time(0), tzinfo=ZoneInfo(season_zone(season)))
    dates = round_dates(first=first, interval_days=season.round_interval_days, count=total)
    known = {r.number for r in rounds}
    out += [
        CalendarRound(
            number=n,
            status="planned",
            starts_at=dates[n - 1],
            started_at=None,
            finished_at=None,
            tables=0,
            in_play=0,
        )
        for n in range(1, total + 1)
        if n not in known
    ]
    return sorted(out, key=lambda r: r.number)


def _rounds_total(season: Season) -> int:
    """How many rounds the calendar lists: a round robin's from its schedule once made (from its entrants before),
    any other format's as planned (its entrants and schedule are not read: it has no schedule)."""
    if season.format not in (Season.Format.ROUND_ROBIN, Season.Format.DOUBLE_ROUND_ROBIN):
        return rounds_count(format=season.format, rounds_planned=season.rounds_planned, entrants=0)
    if scheduled := RoundRobinPairs.objects.filter(season=season).count():
        return scheduled
    entrants = Entrant.objects.filter(competition=season, withdrawn=False).count()
    return rounds_count(format=season.format, rounds_planned=season.rounds_planned, entrants=entrants)


def season_own_tables(*, season: Season, player_id: int | None) -> dict[int, int]:
    """The reader's table in each round they sat in, by round number (nothing for an anonymous reader)."""
    if player_id is None:
        return {}
    # unordered: the table's default order sorted every table of the reader (5,000 at bench/pages.py's size)
    return dict(
        Table.objects.filter(round__season=season, seats__player_id=player_id)
        .order_by()
        .values_list("round__number", "id")
    )


def season_tables_in_play(*, season: Season, now: datetime) -> list[TableInPlay]:
    """The season's tables in play, the most urgent first: who is to act, until when, with what bank, and
    whether they are on vacation or already late (the sweep plays a late seat's timeout within the minute)."""
    tables = list(
        Table.objects.filter(round__season=season, status=Table.Status.ACTIVE)
        .select_related("round")
        .prefetch_related("seats__player", "seats__clock")
        .order_by("deadline", "id")
    )
    players = {seat.player_id for table in tables for seat in table.seats.all()}
    away = set(
        Vacation.objects.filter(season=season, player_id__in=players, starts_at__lte=now, ends_at__gt=now).values_list(
            "player_id", flat=True
        )
    )
    out = []
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda seat: seat.index)
        to_act = []
        for seat in seats:
            if not seat.to_act:
                continue
            clock = getattr(seat, "clock", None)
            deadline = clock.deadline if clock is not None and clock.deadline else table.deadline
            to_act.append(
                SeatOnClock(
                    name=seat.player.display_name,
                    deadline=deadline,
                    bank=clock.bank if clock is not None else None,
                    late=deadline is not None and now >= deadline,
                    on_vacation=seat.player_id in away,
                    abandoned=bool(clock is not None and clock.abandoned),
                )
            )
        out.append(
            TableInPlay(
                table_id=table.pk,
                round=table.round.number if table.round else 0,
                players=[seat.player.display_name for seat in seats],
                deadline=table.deadline,
                late=table.deadline is not None and now >= table.deadline,
                to_act=to_act,
                sweep_error=table.sweep_error if table.sweep_failed_at else "",
                sweep_retry_at=table.sweep_retry_at,
            )
        )
    return out
