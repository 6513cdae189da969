"""A table's story in words: each event an engine declared (games/core/events.py), rendered as the sentence its
engine gave for that type (`engine.event_types()`), translated into the reader's language, its fields filled in by
their names — seats as display names, cards as labels (or SVG faces on the pages), suits as words, phrases
translated in turn. The league renders every game this way without knowing any of them.

A sentence whose verb agrees with a list (`games.core.i18n.Plural`: "{winners} takes 45", "{winners} take 45") is
read with ngettext by the number of that list; a Korean sentence picks each particle by the word it follows
(league/particles.py: "{seat:이/가}").

Events are grouped into hands: a group starts at each `hand_start` event, so the pages show one deal per block.
"""

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.templatetags.static import static
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, ngettext, pgettext

from games.core.cards import COURT_RANK_NAMES, card_label
from games.core.cards import SUITS as SUIT_CODES
from games.core.events import CARD_FIELDS, CARDS_FIELDS, SEAT_FIELDS, SEATS_FIELDS, SUIT_FIELDS, Event
from games.core.i18n import Plural
from league.labels import CARD_NAMES, SUITS
from league.particles import Spoken, fill

HAND_START = "hand_start"


@dataclass(frozen=True)
class Line:
    """One event in words: its sentence and, for a field holding a list of dicts (a showdown's hands, a trick's
    plays), one sentence per item."""

    type: str
    text: str
    items: list[str] = field(default_factory=list)
    # each item in short, its values side by side ("Alice A♠"): a line that gathers earlier lines shows them so
    compact: list[str] = field(default_factory=list)


def _fill(sentence: str, values: Mapping[str, str]) -> str:
    return fill(sentence, values)


def _per_language(function: Callable[[Any], str]) -> Callable[[Any], str]:
    """A card's words and drawing, kept per card and language: a table's page names its cards thousands of times (a
    Palace match's story, 11,000 labels a page), and they never change in a running process."""
    kept = functools.lru_cache(maxsize=4096)(lambda code, _language: function(code))

    @functools.wraps(function)
    def cached(code: Any) -> str:
        if code is None or isinstance(code, str):
            return kept(code, get_language())
        return function(code)

    return cached


@_per_language
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


def _rank_word(rank: str) -> str:
    if rank == "T":
        return "10"
    if rank in "AKQJ":
        return {
            "A": pgettext("card", "ace"),
            "K": pgettext("card", "king"),
            "Q": pgettext("card", "queen"),
            "J": pgettext("card", "jack"),
        }[rank]
    return rank


def _suit_word(suit: str) -> str:
    return {
        "S": pgettext("card", "spades"),
        "H": pgettext("card", "hearts"),
        "D": pgettext("card", "diamonds"),
        "C": pgettext("card", "clubs"),
    }[suit]


@_per_language
def card_name(code: Any) -> str:
    """A card's full name in the reader's language, as a screen reader says it ("Queen of hearts", "하트 퀸",
    "Noble", "Colour joker"); a face-down card is "card face down"; anything else as it is."""
    if code is None:
        return gettext("card face down")
    if not isinstance(code, str) or not code:
        return str(code)
    if code in COURT_RANK_NAMES or len(code) != 2 or code[1] not in SUIT_CODES:
        return card_text(code)
    name = pgettext("card", "{rank} of {suit}").format(rank=_rank_word(code[0]), suit=_suit_word(code[1]))
    return name[:1].upper() + name[1:]


@_per_language
def card_html(code: Any) -> str:
    """A card drawn with its SVG face, its full name as the text alternative; a face-down card (None) as the back."""
    if code is None:
        return format_html(
            '<img class="card" src="{}" alt="{}" width="30" height="42">', static("cards/back.svg"), card_name(None)
        )
    label = card_text(code)
    url = card_svg_url(code) if isinstance(code, str) else None
    if url is None or label == code:
        return str(escape(label))
    return format_html('<img class="card" src="{}" alt="{}" width="30" height="42">', url, card_name(code))


@dataclass(frozen=True)
class _Style:
    text: Callable[[Any], str]
    card: Callable[[Any], str]


def _spoken_card(draw: Callable[[Any], str]) -> Callable[[Any], str]:
    # the card as drawn, read as its name: a Korean particle after it follows the name ("하트 퀸을")
    return lambda code: Spoken(draw(code), card_name(code))


_PLAIN = _Style(text=str, card=_spoken_card(card_text))
_HTML = _Style(text=lambda value: str(escape(value)), card=_spoken_card(card_html))


def _spoken(text: str, spoken: Any) -> str:
    return Spoken(text, "" if spoken is None else str(spoken))


def _seat_name(value: Any, names: Mapping[int, str]) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return names.get(value, f"#{value + 1}")
    return "" if value is None else str(value)


def _value(name: str, value: Any, names: Mapping[int, str], style: _Style) -> str:
    """One field in words, by what its name says it holds (games/core/events.py)."""
    if isinstance(value, dict) and isinstance(value.get("text"), str):
        return _phrase(value, names, style)
    if name in SEAT_FIELDS:
        seat = _seat_name(value, names)
        return _spoken(style.text(seat), seat)
    if name in SEATS_FIELDS and isinstance(value, list):
        seats = ", ".join(_seat_name(v, names) for v in value)
        return _spoken(style.text(seats), seats)
    if name in CARD_FIELDS:
        return style.card(value)
    if name in CARDS_FIELDS and isinstance(value, list):
        return _spoken(" ".join(style.card(v) for v in value), card_name(value[-1]) if value else "")
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
    text = _fill(style.text(gettext(data["text"])), _values(data, names, style))
    if style is _PLAIN:
        return Spoken(text)
    # drawn as HTML, the phrase is read (for a particle after it) as its words, not its markup
    return Spoken(text, _fill(gettext(data["text"]), _values(data, names, _PLAIN)))


def _translated(sentence: str, data: Mapping[str, Any]) -> str:
    """The sentence in the reader's language; a `Plural` by the number of its counted field."""
    if isinstance(sentence, Plural):
        counted = data.get(sentence.counted)
        number = len(counted) if isinstance(counted, list) else counted if isinstance(counted, int) else 1
        return ngettext(sentence.singular, sentence.plural, number)
    return gettext(sentence)


def _line(event: Event, sentences: Mapping[str, str], names: Mapping[int, str], style: _Style) -> Line:
    kind = str(event.get("type", ""))
    sentence = sentences.get(kind)
    values = _values(event, names, style)
    text = _fill(style.text(_translated(sentence, event)), values) if sentence else style.text(kind.replace("_", " "))
    items = []
    compact = []
    for key, value in event.items():
        item_sentence = sentences.get(f"{kind}.{key}")
        if item_sentence and isinstance(value, list):
            for item in value:
                if not isinstance(item, dict):
                    continue
                item_values = _values(item, names, style)
                items.append(_fill(style.text(_translated(item_sentence, item)), item_values))
                compact.append(" ".join(str(v) for v in item_values.values()))
    return Line(type=kind, text=text, items=items, compact=compact)


def event_lines(events: list[Event], *, sentences: Mapping[str, str], names: Mapping[int, str]) -> list[Line]:
    """Events (as a viewer may see them: games.core.events.visible) in plain words, for the API and the exports."""
    return [_line(event, sentences, names, _PLAIN) for event in events]


def event_lines_html(events: list[Event], *, sentences: Mapping[str, str], names: Mapping[int, str]) -> list[Line]:
    """The same as HTML for the pages: everything escaped, cards drawn as their SVG faces."""
    lines = [_line(event, sentences, names, _HTML) for event in events]
    # built from escaped parts only: the sentences escaped before their fields go in, every field escaped or drawn
    return [
        Line(
            type=line.type,
            text=mark_safe(line.text),
            items=[mark_safe(item) for item in line.items],
            compact=[mark_safe(item) for item in line.compact],
        )
        for line in lines
    ]


__all__ = [
    "HAND_START",
    "Line",
    "card_html",
    "card_name",
    "card_svg_url",
    "card_text",
    "event_lines",
    "event_lines_html",
]
