"""clock_check (league/clocks/check.py): the one check of a season clock's fields that the service, the pages'
form and the admin share."""

from datetime import time

from league.clocks.check import BOUNDS, clock_check

VALID = {
    "bank_start": 7200,
    "bank_increment": 600,
    "bank_cap": 86400,
    "vacation_days": 5,
    "pause_weekday": 5,
    "pause_start": time(0),
    "pause_hours": 48,
    "time_zone": "Asia/Seoul",
    "timeout_policy": "autoplay",
    "abandon_after": 3,
}


def _fields(**changes):
    return [problem.field for problem in clock_check(**(VALID | changes))]


def test_a_valid_clock_has_no_problem():
    assert clock_check(**VALID) == []


def test_a_time_zone_must_exist():
    assert _fields(time_zone="Europe/Pariss") == ["time_zone"]
    assert _fields(time_zone="UTC") == []


def test_every_number_is_bounded():
    for name, (low, high) in BOUNDS.items():
        if name in ("pause_hours", "pause_weekday"):
            continue
        assert name in _fields(**{name: high + 1}), name
        if low > 0 or name != "bank_cap":
            assert name in _fields(**{name: low - 1}), name


def test_a_cap_below_the_starting_bank_is_refused():
    assert _fields(bank_start=7200, bank_cap=3600) == ["bank_cap"]


def test_a_weekly_pause_is_whole_or_absent():
    assert _fields(pause_weekday=None, pause_start=None, pause_hours=0) == []
    assert _fields(pause_start=None) == ["pause_start"]
    assert _fields(pause_hours=0) == ["pause_hours"]
    assert _fields(pause_hours=7 * 24) == ["pause_hours"]  # a pause lasts less than the week
    assert _fields(pause_weekday=None) == ["pause_weekday"]  # a time and hours, but no day


def test_the_timeout_policy_is_one_of_two():
    assert _fields(timeout_policy="explode") == ["timeout_policy"]
