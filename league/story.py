"""A table's story in words: each event an engine declared (games/core/events.py), rendered as the sentence its
engine gave for that type (`engine.event_types()`), translated into the reader's language, its fields filled in by
their names — seats as display names, cards as labels (or SVG faces on the pages), suits as words, phrases
translated in turn. The league renders every game this way without knowing any of them.

Events are grouped into hands: a group starts at each `hand_start` event, so the pages show one deal per block.
"""

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.templatetags.static import static
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from games.core.cards import card_label
from games.core.events import CARD_FIELDS, CARDS_FIELDS, SEAT_FIELDS, SEATS_FIELDS, SUIT_FIELDS, Event
from league.labels import CARD_NAMES, SUITS

HAND_START = "hand_start"


@dataclass(frozen=True)
class Line:
    """One event in words: its sentence and, for a field holding a list of dicts (a showdown's hands, a trick's
    plays), one sentence per item."""

    type: str
    text: str
    items: list[str] = field(default_factory=list)


class _Blank(dict[str, str]):
    # a sentence naming a field the event lacks reads with a gap rather than failing the page
    def __missing__(self, key: str) -> str:
        return ""


class _Fields(string.Formatter):
    # a place is a field's name and nothing more: no attribute or index lookups, whatever a translation holds
    def get_field(self, field_name: str, args: Any, kwargs: Any) -> tuple[Any, str]:
        return kwargs[field_name], field_name


_FORMATTER = _Fields()


def _fill(sentence: str, values: Mapping[str, str]) -> str:
    try:
        return _FORMATTER.vformat(sentence, (), _Blank(values))
    except (ValueError, IndexError, AttributeError, KeyError):
        # a malformed sentence (a bad translation) is shown as it is, never a 500
        return sentence


def card_text(code: Any) -> str:
    """A card's label in the reader's language ("10♦", "King"); anything else as it is."""
    if not isinstance(code, str) or not code:
        return "" if code is None else str(code)
    try:
        label = card_label(code)
    except (KeyError, IndexError):
        return code
    return str(CARD_NAMES.get(label, label))


def card_svg_url(code: str) -> str | None:
    """The SVG face of a card (static/cards/README.md): one letter is a court card, two a 52-card deck card or a
    joker; None for anything else."""
    if len(code) == 1 and code in "KNSCJ":
        return static(f"cards/court/{code}.svg")
    if len(code) == 2 and code.isalnum() and code.isupper():
        return static(f"cards/std/{code}.svg")
    return None


def card_html(code: Any) -> str:
    """A card drawn with its SVG face, its label as the text alternative; a face-down card (None) as the back."""
    if code is None:
        return format_html('<img class="card" src="{}" alt="{}" width="30" height="42">', static("cards/back.svg"), "?")
    label = card_text(code)
    url = card_svg_url(code) if isinstance(code, str) else None
    if url is None or label == code:
        return str(escape(label))
    return format_html('<img class="card" src="{}" alt="{}" width="30" height="42">', url, label)


@dataclass(frozen=True)
class _Style:
    text: Callable[[Any], str]
    card: Callable[[Any], str]


_PLAIN = _Style(text=str, card=card_text)
_HTML = _Style(text=lambda value: str(escape(value)), card=card_html)


def _seat_name(value: Any, names: Mapping[int, str]) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return names.get(value, f"#{value + 1}")
    return "" if value is None else str(value)


def _value(name: str, value: Any, names: Mapping[int, str], style: _Style) -> str:
    """One field in words, by what its name says it holds (games/core/events.py)."""
    if isinstance(value, dict) and isinstance(value.get("text"), str):
        return _phrase(value, names, style)
    if name in SEAT_FIELDS:
        return style.text(_seat_name(value, names))
    if name in SEATS_FIELDS and isinstance(value, list):
        return style.text(", ".join(_seat_name(v, names) for v in value))
    if name in CARD_FIELDS:
        return style.card(value)
    if name in CARDS_FIELDS and isinstance(value, list):
        return " ".join(style.card(v) for v in value)
    if name in SUIT_FIELDS and isinstance(value, str):
        return style.text(str(SUITS.get(value, value)))
    if isinstance(value, list):
        return style.text(", ".join(str(v) for v in value if not isinstance(v, (dict, list))))
    if isinstance(value, bool):
        return style.text(gettext("yes") if value else gettext("no"))
    return style.text("" if value is None else value)


def _values(data: Mapping[str, Any], names: Mapping[int, str], style: _Style) -> dict[str, str]:
    return {key: _value(key, value, names, style) for key, value in data.items() if key != "text"}


def _phrase(data: Mapping[str, Any], names: Mapping[int, str], style: _Style) -> str:
    return _fill(style.text(gettext(data["text"])), _values(data, names, style))


def _line(event: Event, sentences: Mapping[str, str], names: Mapping[int, str], style: _Style) -> Line:
    kind = str(event.get("type", ""))
    sentence = sentences.get(kind)
    values = _values(event, names, style)
    text = _fill(style.text(gettext(sentence)), values) if sentence else style.text(kind.replace("_", " "))
    items = []
    for key, value in event.items():
        item_sentence = sentences.get(f"{kind}.{key}")
        if item_sentence and isinstance(value, list):
            translated = style.text(gettext(item_sentence))
            items += [_fill(translated, _values(item, names, style)) for item in value if isinstance(item, dict)]
    return Line(type=kind, text=text, items=items)


def event_lines(events: list[Event], *, sentences: Mapping[str, str], names: Mapping[int, str]) -> list[Line]:
    """Events (as a viewer may see them: games.core.events.visible) in plain words, for the API and the exports."""
    return [_line(event, sentences, names, _PLAIN) for event in events]


def event_lines_html(events: list[Event], *, sentences: Mapping[str, str], names: Mapping[int, str]) -> list[Line]:
    """The same as HTML for the pages: everything escaped, cards drawn as their SVG faces."""
    lines = [_line(event, sentences, names, _HTML) for event in events]
    # built from escaped parts only: the sentences escaped before their fields go in, every field escaped or drawn
    return [
        Line(type=line.type, text=mark_safe(line.text), items=[mark_safe(item) for item in line.items])
        for line in lines
    ]


__all__ = ["HAND_START", "Line", "card_html", "card_svg_url", "card_text", "event_lines", "event_lines_html"]
