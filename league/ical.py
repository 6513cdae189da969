"""The calendar feed's writer (RFC 5545), by the icalendar library: its escaping, line folding at 75 octets and CRLF
line ends, UTC times and alarms are the library's, where a writer of our own had grown to cover each by hand. An
event may carry an alarm: a reminder that many seconds before its end (a deadline's event ends at the deadline)."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from icalendar import Alarm, Calendar
from icalendar import Event as CalendarEvent


@dataclass(frozen=True)
class Event:
    uid: str
    start: datetime
    end: datetime
    summary: str
    url: str = ""
    description: str = ""
    # a reminder this long before the event's end (None: no alarm)
    alarm: timedelta | None = None


def calendar_text(*, name: str, events: Iterable[Event], now: datetime) -> str:
    """The whole calendar as text."""
    calendar = Calendar()
    calendar.add("prodid", "-//cardleague//deadlines and rounds//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    for event in events:
        entry = CalendarEvent()
        entry.add("uid", event.uid)
        entry.add("dtstamp", now.astimezone(UTC))
        entry.add("dtstart", event.start.astimezone(UTC))
        entry.add("dtend", event.end.astimezone(UTC))
        entry.add("summary", event.summary)
        if event.description:
            entry.add("description", event.description)
        if event.url:
            entry.add("url", event.url)
        if event.alarm is not None:
            alarm = Alarm()
            alarm.add("action", "DISPLAY")
            alarm.add("description", event.summary)
            alarm.add("trigger", -event.alarm, parameters={"RELATED": "END"})
            entry.add_component(alarm)
        calendar.add_component(entry)
    return str(calendar.to_ical().decode("utf-8"))
