"""A story line's time, as the table's move log shows it: the hour and minute in the reader's zone, the whole date
with the zone's abbreviation in its title; nothing for a line without a time."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from django.utils import timezone

from league.story import Line
from league.templatetags.tablestory import StoryLine


def _line(at: datetime | None) -> StoryLine:
    return StoryLine(line=Line(type="deal", text="dealt"), at=at)


def test_the_time_is_shown_in_the_readers_zone():
    at = datetime(2026, 12, 6, 23, 30, tzinfo=UTC)
    with timezone.override(ZoneInfo("Asia/Seoul")):
        line = _line(at)
        assert (line.at_minute, line.at_title) == ("08:30", "2026-12-07 08:30 KST")
    with timezone.override(ZoneInfo("Europe/Paris")):
        line = _line(at)
        assert (line.at_minute, line.at_title) == ("00:30", "2026-12-07 00:30 CET")


def test_a_line_without_a_time_shows_none():
    assert (_line(None).at_minute, _line(None).at_title) == ("", "")
