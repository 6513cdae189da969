"""A small iCalendar writer (RFC 5545): events with a start, an optional end, a summary and a link; UTC times, escaped
text, lines folded at 75 octets and ended by CRLF. The feed needs no more than this, so no library."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime


@dataclass(frozen=True)
class Event:
    uid: str
    start: datetime
    end: datetime
    summary: str
    url: str = ""
    description: str = ""


def _escape(text: str) -> str:
    # RFC 5545 3.3.11: backslash, semicolon and comma are escaped, a newline is written as \n
    return (
        text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\r\n", "\\n").replace("\n", "\\n")
    )


def _utc(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def _fold(line: str) -> str:
    """RFC 5545 3.1: a line longer than 75 octets goes on in lines that start with a space, never inside a
    character's UTF-8 bytes."""
    out: list[str] = []
    current, size = "", 0
    for char in line:
        width = len(char.encode())
        if size + width > 75:
            out.append(current)
            current, size = " ", 1
        current += char
        size += width
    out.append(current)
    return "\r\n".join(out)


def calendar_text(*, name: str, events: Iterable[Event], now: datetime) -> str:
    """The whole calendar as text."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//cardleague//deadlines and rounds//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{_escape(name)}",
    ]
    for event in events:
        lines += [
            "BEGIN:VEVENT",
            f"UID:{event.uid}",
            f"DTSTAMP:{_utc(now)}",
            f"DTSTART:{_utc(event.start)}",
            f"DTEND:{_utc(event.end)}",
            f"SUMMARY:{_escape(event.summary)}",
        ]
        if event.description:
            lines.append(f"DESCRIPTION:{_escape(event.description)}")
        if event.url:
            lines.append(f"URL:{event.url}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(_fold(line) + "\r\n" for line in lines)
