"""The season clock's form (league/forms/season_settings.py, `ClockForm`): its fields checked by `clock_check`, the
same check as the service's, the API's and the admin's (issue 19, item 5: a time zone that does not exist stopped
the sweep)."""

from league.forms.season_settings import ClockForm

VALID = {
    "enabled": "on",
    "vacation_days": "0",
    "pause_weekday": "5",
    "pause_start": "00:00",
    "pause_hours": "48",
    "time_zone": "Europe/Paris",
    "abandon_after": "3",
    "timeout_policy": "autoplay",
}


def test_a_clock_in_a_time_zone_that_exists_is_accepted() -> None:
    form = ClockForm(data=VALID)
    assert form.is_valid(), form.errors
    assert form.spec().time_zone == "Europe/Paris"


def test_a_time_zone_that_does_not_exist_is_refused_on_its_field() -> None:
    form = ClockForm(data=VALID | {"time_zone": "Europe/Pariss"})
    assert not form.is_valid()
    assert list(form.errors) == ["time_zone"]


def test_a_weekly_pause_of_a_week_or_more_is_refused() -> None:
    form = ClockForm(data=VALID | {"pause_hours": "168"})
    assert not form.is_valid()
    assert list(form.errors) == ["pause_hours"]
