"""Deadline arithmetic for correspondence clocks: per-move time, a Fischer time bank, vacations, weekly pauses.

Pure functions of aware datetimes; nothing here reads the clock. A seat's clock runs only outside paused intervals
(the season's weekly pause, the player's vacations). A move is overdue when `now >= deadline`: at the very instant
of the deadline the time is used up.
"""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

Interval = tuple[datetime, datetime]


@dataclass(frozen=True)
class WeeklyPause:
    """A pause that repeats every week, e.g. Saturday 00:00 for 48 hours (weekends), in the season's time zone."""

    weekday: int  # 0 = Monday
    start: time
    duration: timedelta
    tz: str = "UTC"

    def __post_init__(self) -> None:
        if not timedelta(0) < self.duration < timedelta(days=7):
            raise ValueError("a weekly pause lasts more than nothing and less than a week")

    def intervals(self, since: datetime, until: datetime) -> Iterator[Interval]:
        """Every pause that overlaps [since, until), in order."""
        zone = ZoneInfo(self.tz)
        local = since.astimezone(zone)
        day = local.date() - timedelta(days=(local.weekday() - self.weekday) % 7 + 7)
        while True:
            local = datetime.combine(day, self.start, tzinfo=zone)
            # the pause runs on the local wall clock (Saturday 00:00 to Monday 00:00 even when summer time ends in
            # between); as UTC instants, so that every difference below is real elapsed time
            begin = local.astimezone(UTC)
            end = (local + self.duration).astimezone(UTC)
            if begin >= until:
                return
            if end > since:
                yield (begin, end)
            day += timedelta(days=7)


def _merged(intervals: Iterable[Interval]) -> list[Interval]:
    out: list[Interval] = []
    for begin, end in sorted(intervals):
        if out and begin <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((begin, end))
    return out


def _pauses(
    since: datetime, until: datetime, weekly: WeeklyPause | None, vacations: Iterable[Interval]
) -> list[Interval]:
    found = list(weekly.intervals(since, until)) if weekly else []
    found += [(b, e) for b, e in vacations if e > since and b < until]
    return _merged(found)


def running_time(
    since: datetime, until: datetime, *, weekly: WeeklyPause | None = None, vacations: Iterable[Interval] = ()
) -> timedelta:
    """How much clock time ran between two instants: the span less every paused part of it."""
    since, until = since.astimezone(UTC), until.astimezone(UTC)
    if until <= since:
        return timedelta(0)
    paused = timedelta(0)
    for begin, end in _pauses(since, until, weekly, vacations):
        paused += min(end, until) - max(begin, since)
    return until - since - paused


def deadline_after(
    since: datetime, budget: timedelta, *, weekly: WeeklyPause | None = None, vacations: Iterable[Interval] = ()
) -> datetime:
    """The instant at which `budget` of running clock time has elapsed after `since`."""
    vacations = list(vacations)
    # in UTC: adding to a zoned datetime adds wall-clock time, which a change of summer time makes wrong
    cursor, left = since.astimezone(UTC), budget
    while True:
        pauses = _pauses(cursor, cursor + left, weekly, vacations)
        if not pauses:
            return cursor + left
        begin, end = pauses[0]
        if begin > cursor:
            left -= begin - cursor  # less than `left`: the pause starts before the budget runs out
        cursor = end


@dataclass(frozen=True)
class TimeControl:
    """A season's clock: time per move, and optionally a Fischer bank (start, increment per move, cap)."""

    per_move: timedelta
    bank_start: timedelta = timedelta(0)
    bank_increment: timedelta = timedelta(0)
    bank_cap: timedelta | None = None

    def budget(self, bank: timedelta) -> timedelta:
        """All the time a seat has for its next move: the move's own time, then its bank."""
        return self.per_move + bank

    def bank_after(self, bank: timedelta, used: timedelta) -> timedelta:
        """The bank after a move that took `used` of running time: overflow drawn from it, the increment added."""
        overdraw = max(timedelta(0), used - self.per_move)
        left = max(timedelta(0), bank - overdraw) + self.bank_increment
        return min(left, self.bank_cap) if self.bank_cap is not None else left


def is_overdue(deadline: datetime | None, now: datetime) -> bool:
    """A clock with no deadline never runs out; at the deadline itself the time is used up."""
    return deadline is not None and now >= deadline
