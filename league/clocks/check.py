"""The one check of a season clock's fields (docs/clocks.md): every number within its bounds, a weekly pause either
whole or absent, a time zone that exists, a known timeout policy. Pure: the service that stores a clock, the pages'
form and the admin's all call `clock_check`, so that they can never disagree on what a valid clock is.
"""

from dataclasses import dataclass
from datetime import time
from functools import cache
from zoneinfo import available_timezones

from django.utils.translation import gettext as _

DAY = 86_400
HOUR = 3_600

# (lowest, highest) of every number of a clock, in its own unit (seconds, days, hours, timeouts)
BOUNDS = {
    "bank_start": (0, 60 * DAY),
    "bank_increment": (0, 7 * DAY),
    "bank_cap": (0, 120 * DAY),
    "vacation_days": (0, 90),
    "pause_weekday": (0, 6),
    "pause_hours": (1, 7 * 24 - 1),  # a weekly pause lasts less than the week (WeeklyPause)
    "abandon_after": (0, 50),  # 0: a seat is never abandoned
}
POLICIES = ("autoplay", "forfeit")


@dataclass(frozen=True)
class ClockProblem:
    """One refusal: the clock field at fault and a sentence for people (in the active language)."""

    field: str
    message: str


@cache
def time_zones() -> tuple[str, ...]:
    """Every IANA time zone name this system knows, sorted (what a clock's `time_zone` may be)."""
    return tuple(sorted(available_timezones() | {"UTC"}))


def time_zone_exists(name: str) -> bool:
    return name in time_zones()


def clock_check(
    *,
    bank_start: int,
    bank_increment: int,
    bank_cap: int | None,
    vacation_days: int,
    pause_weekday: int | None,
    pause_start: time | None,
    pause_hours: int,
    time_zone: str,
    timeout_policy: str,
    abandon_after: int,
) -> list[ClockProblem]:
    """Every problem of a clock's fields, in the order of the fields; an empty list for a valid clock."""
    problems: list[ClockProblem] = []
    numbers = {
        "bank_start": bank_start,
        "bank_increment": bank_increment,
        "bank_cap": bank_cap,
        "vacation_days": vacation_days,
        "pause_weekday": pause_weekday,
        "abandon_after": abandon_after,
    }
    for name, value in numbers.items():
        if value is None:
            continue
        low, high = BOUNDS[name]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            problems.append(
                ClockProblem(name, _("Enter a whole number from %(low)s to %(high)s.") % {"low": low, "high": high})
            )
    if bank_cap is not None and isinstance(bank_cap, int) and isinstance(bank_start, int) and bank_cap < bank_start:
        problems.append(ClockProblem("bank_cap", _("The bank's cap cannot be less than the bank it starts with.")))
    if pause_weekday is None:
        if pause_start is not None or pause_hours:
            problems.append(ClockProblem("pause_weekday", _("Choose the day of the weekly pause, or clear its time.")))
    else:
        if pause_start is None:
            problems.append(ClockProblem("pause_start", _("Enter the time at which the weekly pause starts.")))
        low, high = BOUNDS["pause_hours"]
        if not isinstance(pause_hours, int) or not low <= pause_hours <= high:
            problems.append(
                ClockProblem(
                    "pause_hours",
                    _("A weekly pause lasts from %(low)s to %(high)s hours.") % {"low": low, "high": high},
                )
            )
    if not isinstance(time_zone, str) or not time_zone_exists(time_zone):
        problems.append(ClockProblem("time_zone", _("Choose a time zone from the list, e.g. Asia/Seoul.")))
    if timeout_policy not in POLICIES:
        problems.append(ClockProblem("timeout_policy", _("Choose what a timeout leads to.")))
    return problems
