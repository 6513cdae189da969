"""The calendar writer (league/ical.py): RFC 5545's escaping, folding and line ends."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from league.ical import Event, calendar_text

NOW = datetime(2026, 12, 3, 12, tzinfo=UTC)


def test_an_event_is_written_in_utc_with_crlf_line_ends():
    start = datetime(2026, 12, 4, 9, tzinfo=ZoneInfo("Asia/Seoul"))
    text = calendar_text(name="me", events=[Event("a@x", start, start + timedelta(hours=1), "Round 1")], now=NOW)
    assert text.startswith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")
    assert "DTSTART:20261204T000000Z\r\nDTEND:20261204T010000Z\r\n" in text
    assert text.endswith("END:VEVENT\r\nEND:VCALENDAR\r\n")
    assert "\n" not in text.replace("\r\n", "")


def test_commas_semicolons_backslashes_and_newlines_in_text_are_escaped():
    event = Event("a@x", NOW, NOW, "Mina, Jun; a\\b\nc")
    assert "SUMMARY:Mina\\, Jun\\; a\\\\b\\nc\r\n" in calendar_text(name="me", events=[event], now=NOW)


def test_long_lines_are_folded_at_75_octets_without_splitting_a_character():
    summary = "한국어 카드 리그 " * 20
    text = calendar_text(name="me", events=[Event("a@x", NOW, NOW, summary)], now=NOW)
    lines = text.split("\r\n")
    assert all(len(line.encode()) <= 75 for line in lines)
    unfolded = text.replace("\r\n ", "")
    assert f"SUMMARY:{summary}\r\n" in unfolded
