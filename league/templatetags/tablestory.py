"""Template helpers for a table's story: the move log as hands (one block per deal, the current one open, each
finished one keeping the block of the move that closed it: its showdown, pots and bonuses), and cards drawn with
their SVG faces."""

from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any

from django import template
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe

from league.engines import engine_for
from league.story import HAND_START, Line, card_html, event_lines_html

register = template.Library()


@dataclass
class StoryLine:
    line: Line
    auto: bool = False
    # when the move that told it was made (the table's creation for the first deal), shown in the reader's zone
    at: datetime | None = None
    # the line gathers earlier lines of its hand (a trick its four cards): they are left out, its items shown inline
    gathered: bool = False

    # the time as the line shows it, in the reader's zone: written here with strftime, as the `date` filter's
    # formatter cost a few milliseconds of a long story's page (two times on each of its lines)
    @cached_property
    def _local_at(self) -> datetime | None:
        return timezone.localtime(self.at) if self.at else None

    @property
    def at_minute(self) -> str:
        return f"{self._local_at:%H:%M}" if self._local_at else ""

    @property
    def at_title(self) -> str:
        local = self._local_at
        return f"{local:%Y-%m-%d %H:%M} {local.tzname() or ''}".rstrip() if local else ""


@dataclass
class Hand:
    """One deal or hand of the story; `title` is its hand_start sentence, None for moves before the log's window."""

    title: str | None
    lines: list[StoryLine] = field(default_factory=list)
    # the lines of the last move of the hand so far, less the move itself: for a finished hand, how it ended
    closing: list[StoryLine] = field(default_factory=list)
    current: bool = False
    # the seats that made a move in this hand (the felt shows how the last hand ended until the reader moves)
    movers: set[int] = field(default_factory=set)
    # the events behind the lines still shown, for gathering (same order as `lines`)
    events: list[Any] = field(default_factory=list, repr=False)


def _same(item: Any, event: Any) -> bool:
    """An item of a list field repeats an earlier event when it holds exactly that event's fields (its type aside):
    a trick's {seat, card} is the play {type: play, seat, card}."""
    return isinstance(item, dict) and bool(item) and {k: v for k, v in event.items() if k != "type"} == item


def _gathered(hand: Hand, event: dict[str, Any], sentences: dict[str, str]) -> list[StoryLine] | None:
    """The earlier lines of the hand that the event's items repeat, when every item repeats one; else None."""
    kind = event.get("type")
    for key, value in event.items():
        if f"{kind}.{key}" not in sentences or not isinstance(value, list) or not value:
            continue
        taken: list[int] = []
        for item in value:
            found = next((i for i, earlier in enumerate(hand.events) if i not in taken and _same(item, earlier)), None)
            if found is None:
                return None
            taken.append(found)
        return [hand.lines[i] for i in taken]
    return None


@register.simple_tag
def table_story(view: dict[str, Any]) -> list[Hand]:
    """The events a viewer may see (`table_view_for`'s opening events and move log) grouped into hands, oldest
    first; the last hand is the current one. No line twice: an event whose items repeat earlier lines of its hand
    (a trick and its cards) takes their place, its items shown inline."""
    engine = engine_for(view["game"])
    sentences = engine.event_types()
    names = {seat["index"]: seat["display_name"] for seat in view["seats"]}
    hands: list[Hand] = []
    first_seq = view["moves"][0]["seq"] if view["moves"] else 1
    blocks: list[tuple[list[Any], bool, datetime | None, int | None]] = []
    if first_seq == 1:
        blocks.append((view.get("opening_events") or [], False, view.get("created_at"), None))
    blocks += [(move["events"], move["auto"], move.get("at"), move.get("seat")) for move in view["moves"]]
    for events, auto, at, mover in blocks:
        block: list[StoryLine] = []
        first: StoryLine | None = None  # the move itself, when its first event is not a new hand
        lines = event_lines_html(events, sentences=sentences, names=names)
        for index, (event, line) in enumerate(zip(events, lines, strict=True)):
            if line.type == HAND_START:
                _close(hands, block, first)
                hands.append(Hand(title=line.text))
                block = []
                continue
            if not hands:
                hands.append(Hand(title=None))
            hand = hands[-1]
            if index == 0 and mover is not None:
                hand.movers.add(mover)
            story_line = StoryLine(line=line, auto=auto and index == 0, at=at)
            if index == 0:
                first = story_line
            repeated = _gathered(hand, event, sentences)
            if repeated:
                story_line.gathered = True
                keep = [i for i, shown in enumerate(hand.lines) if not any(shown is r for r in repeated)]
                hand.lines = [hand.lines[i] for i in keep]
                hand.events = [hand.events[i] for i in keep]
                block = [shown for shown in block if not any(shown is r for r in repeated)]
            hand.lines.append(story_line)
            hand.events.append(event)
            block.append(story_line)
        _close(hands, block, first)
    if hands:
        hands[-1].current = view["status"] == "active"
    return hands


def _close(hands: list[Hand], block: list[StoryLine], first: StoryLine | None) -> None:
    """The last move's lines so far close the hand: what followed from the move, less the move itself."""
    if hands and block:
        hands[-1].closing = [line for line in block if line is not first]


@register.simple_tag
def event_story(events: list[Any], view: dict[str, Any]) -> list[Line]:
    """Some events (one move's, on the replay) in words as HTML, with the seats' names of `view`."""
    sentences = engine_for(view["game"]).event_types()
    names = {seat["index"]: seat["display_name"] for seat in view["seats"]}
    return event_lines_html(events, sentences=sentences, names=names)


@register.filter
def card_face(code: Any) -> SafeString:
    """A card drawn with its SVG face (its label as the text alternative)."""
    return mark_safe(card_html(code))  # card_html escapes everything it does not draw


@dataclass
class LastHand:
    """How the hand before the current one ended (its showdown, pots, scores), for the felt; `fresh` while the
    reader has not moved in the current hand yet."""

    title: str | None
    lines: list[StoryLine]
    fresh: bool


@register.simple_tag
def last_hand(hands: list[Hand], view: dict[str, Any]) -> LastHand | None:
    if len(hands) < 2 or not hands[-1].current or not hands[-2].closing:
        return None
    before, now = hands[-2], hands[-1]
    return LastHand(title=before.title, lines=before.closing, fresh=view.get("seat") not in now.movers)
