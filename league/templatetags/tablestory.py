"""Template helpers for a table's story: the move log as hands (one block per deal, the current one open, each
finished one keeping the block of the move that closed it: its showdown, pots and bonuses), and cards drawn with
their SVG faces."""

from dataclasses import dataclass, field
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from league.engines import engine_for
from league.story import HAND_START, Line, card_html, event_lines_html

register = template.Library()


@dataclass
class StoryLine:
    line: Line
    auto: bool = False


@dataclass
class Hand:
    """One deal or hand of the story; `title` is its hand_start sentence, None for moves before the log's window."""

    title: str | None
    lines: list[StoryLine] = field(default_factory=list)
    # the lines of the last move of the hand so far, less the move itself: for a finished hand, how it ended
    closing: list[StoryLine] = field(default_factory=list)
    current: bool = False


@register.simple_tag
def table_story(view: dict[str, Any]) -> list[Hand]:
    """The events a viewer may see (`table_view_for`'s opening events and move log) grouped into hands, oldest
    first; the last hand is the current one."""
    engine = engine_for(view["game"])
    sentences = engine.event_types()
    names = {seat["index"]: seat["display_name"] for seat in view["seats"]}
    hands: list[Hand] = []
    first_seq = view["moves"][0]["seq"] if view["moves"] else 1
    blocks: list[tuple[list[Any], bool]] = []
    if first_seq == 1:
        blocks.append((view.get("opening_events") or [], False))
    blocks += [(move["events"], move["auto"]) for move in view["moves"]]
    for events, auto in blocks:
        block: list[StoryLine] = []
        for index, line in enumerate(event_lines_html(events, sentences=sentences, names=names)):
            if line.type == HAND_START:
                if hands and block:
                    hands[-1].closing = block[1:]
                hands.append(Hand(title=line.text))
                block = []
                continue
            if not hands:
                hands.append(Hand(title=None))
            story_line = StoryLine(line=line, auto=auto and index == 0)
            hands[-1].lines.append(story_line)
            block.append(story_line)
        if hands and block:
            hands[-1].closing = block[1:]
    if hands:
        hands[-1].current = view["status"] == "active"
    return hands


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
