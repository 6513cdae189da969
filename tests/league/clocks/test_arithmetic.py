from datetime import UTC, datetime, time, timedelta

import pytest

from league.clocks.arithmetic import TimeControl, WeeklyPause, deadline_after, is_overdue, running_time

WEEKEND = WeeklyPause(weekday=5, start=time(0), duration=timedelta(days=2))  # Saturday 00:00 to Monday 00:00


def at(day: int, hour: int = 0, minute: int = 0) -> datetime:
    """December 2026: the 4th is a Friday, the 5th and 6th the weekend."""
    return datetime(2026, 12, day, hour, minute, tzinfo=UTC)


def test_without_pauses_the_deadline_is_start_plus_budget():
    assert deadline_after(at(2, 10), timedelta(hours=30)) == at(3, 16)


def test_weekend_pause_stops_the_clock():
    # given a day of budget from Friday noon, when the weekend is paused, then the day ends Monday noon
    assert deadline_after(at(4, 12), timedelta(days=1), weekly=WEEKEND) == at(7, 12)


def test_a_move_started_during_the_pause_counts_from_its_end():
    assert deadline_after(at(5, 15), timedelta(hours=2), weekly=WEEKEND) == at(7, 2)


def test_budget_ending_exactly_at_the_pause_start_ends_there():
    assert deadline_after(at(4, 12), timedelta(hours=12), weekly=WEEKEND) == at(5, 0)


def test_vacation_and_weekly_pause_together():
    vacation = (at(7), at(8))  # Monday off as well
    assert deadline_after(at(4, 23), timedelta(hours=2), weekly=WEEKEND, vacations=[vacation]) == at(8, 1)


def test_overlapping_vacations_are_not_counted_twice():
    vacations = [(at(2, 0), at(2, 12)), (at(2, 6), at(2, 18))]
    assert running_time(at(1, 12), at(3, 12), vacations=vacations) == timedelta(hours=30)


def test_running_time_skips_pauses_and_is_zero_backwards():
    assert running_time(at(4, 12), at(7, 12), weekly=WEEKEND) == timedelta(days=1)
    assert running_time(at(7), at(4)) == timedelta(0)


def test_weekly_pause_in_the_seasons_time_zone():
    seoul_weekend = WeeklyPause(weekday=5, start=time(0), duration=timedelta(days=2), tz="Asia/Seoul")
    # Saturday 00:00 in Seoul is Friday 15:00 UTC
    assert deadline_after(at(4, 14), timedelta(hours=2), weekly=seoul_weekend) == at(6, 16)


def test_deadline_equal_to_now_is_overdue_and_a_moment_before_is_not():
    deadline = at(4, 12)
    assert is_overdue(deadline, deadline)
    assert not is_overdue(deadline, deadline - timedelta(microseconds=1))
    assert not is_overdue(None, deadline)


def test_fischer_bank_draws_the_overflow_then_adds_the_increment_up_to_the_cap():
    clock = TimeControl(
        per_move=timedelta(hours=24),
        bank_start=timedelta(hours=48),
        bank_increment=timedelta(hours=6),
        bank_cap=timedelta(hours=50),
    )
    assert clock.budget(timedelta(hours=48)) == timedelta(hours=72)
    assert clock.bank_after(timedelta(hours=48), used=timedelta(hours=30)) == timedelta(hours=48)
    assert clock.bank_after(timedelta(hours=48), used=timedelta(hours=1)) == timedelta(hours=50)
    assert clock.bank_after(timedelta(hours=4), used=timedelta(hours=40)) == timedelta(hours=6)


def test_a_weekly_pause_must_be_shorter_than_a_week():
    with pytest.raises(ValueError):
        WeeklyPause(weekday=0, start=time(0), duration=timedelta(days=7))


def test_a_weekly_pause_across_a_dst_change_runs_from_local_midnight_to_local_midnight():
    # given the Paris weekend of 24-25 October 2026, when summer time ends (Sunday 03:00 CEST -> 02:00 CET):
    # Saturday 00:00 CEST is Friday 22:00 UTC, Monday 00:00 CET is Sunday 23:00 UTC, 49 hours in all
    paris_weekend = WeeklyPause(weekday=5, start=time(0), duration=timedelta(days=2), tz="Europe/Paris")
    friday_noon = datetime(2026, 10, 23, 12, tzinfo=UTC)
    # then three days from Friday noon hold 72 - 49 = 23 hours of running clock
    assert running_time(friday_noon, friday_noon + timedelta(days=3), weekly=paris_weekend) == timedelta(hours=23)
    # and 12 hours from Friday noon run 10 on Friday and the last 2 after the pause
    assert deadline_after(friday_noon, timedelta(hours=12), weekly=paris_weekend) == datetime(
        2026, 10, 26, 1, tzinfo=UTC
    )
