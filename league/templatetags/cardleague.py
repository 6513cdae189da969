"""Template helpers for the pages: cards as labels, moves in words, per-seat lookups, the rating chart."""

import json
from typing import Any

from django import template
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.core.cards import card_label

register = template.Library()

# the engines' move types in words; an unknown type is shown as it is
MOVE_TYPES = {
    "check": _("Check"),
    "bet": _("Bet"),
    "call": _("Call"),
    "raise": _("Raise"),
    "fold": _("Fold"),
    "discard": _("Discard"),
    "row": _("Play row"),
    "pass": _("Pass"),
    "bid": _("Bid"),
    "slam": _("Slam"),
    "coinche": _("Coinche"),
    "surcoinche": _("Surcoinche"),
    "play": _("Play"),
    "turn_up": _("Turn up"),
    "show": _("Show"),
    "call_regame": _("Call the regame"),
    "decline_regame": _("Decline the regame"),
    "buy_back": _("Buy back"),
    "stay_out": _("Stay out"),
    "pick": _("Pick"),
    "target": _("Target"),
    "decline": _("Decline"),
    "keep": _("Keep"),
    "declare": _("Declare"),
    "double": _("Double"),
    "single": _("Single"),
    "pay": _("Pay"),
    "reveal": _("Reveal"),
}
GAME_NAMES = {
    "the-court": _("The Court"),
    "palace-infighting": _("Palace Infighting"),
    "black-card": _("Black Card"),
    "coinche": _("Coinche"),
    "mini-poker": _("Mini Poker"),
}
# card_label's English names of the court cards and jokers, so that a Korean page says 왕, not King
CARD_NAMES = {
    "King": _("King"),
    "Noble": _("Noble"),
    "Scholar": _("Scholar"),
    "Citizen": _("Citizen"),
    "Jester": _("Jester"),
    "Colour joker": _("Colour joker"),
    "Black joker": _("Black joker"),
}
# the models' choice values (status, format, partnership rule) in words that translate; the models' own labels do not
WORDS = {
    "draft": _("draft"),
    "registration": _("registration"),
    "running": _("running"),
    "finished": _("finished"),
    "archived": _("archived"),
    "pending": _("pending"),
    "active": _("in play"),
    "annulled": _("annulled"),
    "round_robin": _("round robin"),
    "double_round_robin": _("double round robin"),
    "swiss": _("Swiss"),
    "multitable": _("multi-table"),
    "none": _("no partners"),
    "fixed": _("fixed partnerships"),
    "rotating": _("rotating partners"),
    "autoplay": _("an abandoned seat plays on automatically to the end"),
    "forfeit": _("an abandoned seat forfeits the table"),
}
SUITS = {"S": _("Spades ♠"), "H": _("Hearts ♥"), "D": _("Diamonds ♦"), "C": _("Clubs ♣")}
RED = {"H", "D", "XR"}


@register.filter
def card(code: Any) -> str:
    """A card's label ("10♦", "King"); anything that is not a card code is shown as it is."""
    if not isinstance(code, str) or not code:
        return "" if code is None else str(code)
    try:
        label = card_label(code)
    except (KeyError, IndexError):
        return code
    return str(CARD_NAMES.get(label, label))


@register.filter
def word(value: Any) -> str:
    return str(WORDS.get(value, value))


@register.filter
def game_name(name: Any) -> str:
    return str(GAME_NAMES.get(name, name))


@register.filter
def card_colour(code: Any) -> str:
    if not isinstance(code, str):
        return ""
    return "red" if code in RED or (len(code) == 2 and code[1] in RED) else ""


@register.filter
def suit_name(code: str) -> str:
    return str(SUITS.get(code, code))


@register.filter
def move_type(name: Any) -> str:
    return str(MOVE_TYPES.get(name, name or ""))


def move_words(move: dict[str, Any], names: dict[int, str] | None = None) -> str:
    """A legal move or a logged move in words, e.g. "Bid 90 Hearts ♥", "Play 10♦", "Target Mina"."""
    names = names or {}
    parts = [str(MOVE_TYPES.get(move.get("type"), move.get("type") or ""))]
    if "points" in move:
        parts.append(str(move["points"]))
    if "suit" in move:
        parts.append(str(SUITS.get(move["suit"], move["suit"])))
    if "card" in move:
        parts.append(card(move["card"]))
    if "as" in move:
        parts.append(f"→ {card(move['as'])}")
    if "cards" in move and isinstance(move["cards"], list):
        parts.append(" ".join(card(c) for c in move["cards"]))
    # a call in the auction also names its seat; only a power's target is a seat chosen by the move
    if move.get("type") == "target" and isinstance(move.get("seat"), int):
        parts.append(names.get(move["seat"], f"#{move['seat'] + 1}"))
    if "index" in move and isinstance(move["index"], int):
        parts.append(f"#{move['index'] + 1}")
    for key in ("amount", "price"):
        if key in move:
            parts.append(str(move[key]))
    return " ".join(p for p in parts if p)


@register.simple_tag
def move_label(move: dict[str, Any], seats: list[dict[str, Any]] | None = None) -> str:
    names = {s["index"]: s["display_name"] for s in seats or []}
    return move_words(move, names)


@register.filter
def as_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


@register.filter
def at(sequence: Any, index: Any) -> Any:
    """sequence[index], or "" when out of range: per-seat lists of the engine views are indexed by seat."""
    try:
        return sequence[int(index)]
    except (IndexError, KeyError, TypeError, ValueError):
        try:
            return sequence[str(index)]
        except (IndexError, KeyError, TypeError):
            return ""


@register.filter
def humanize_key(key: str) -> str:
    return str(key).replace("_", " ")


@register.filter
def is_amount(move: dict[str, Any]) -> bool:
    return isinstance(move, dict) and "min" in move and "max" in move


@register.filter
def seconds_words(seconds: int) -> str:
    """A time control in words: "1 day", "3 hours", "90 seconds"."""
    seconds = int(seconds or 0)
    units = (
        (86400, lambda n: ngettext("%(n)d day", "%(n)d days", n)),
        (3600, lambda n: ngettext("%(n)d hour", "%(n)d hours", n)),
        (60, lambda n: ngettext("%(n)d minute", "%(n)d minutes", n)),
    )
    for size, words in units:
        if seconds >= size and seconds % size == 0:
            return words(seconds // size) % {"n": seconds // size}
    return ngettext("%(n)d second", "%(n)d seconds", seconds) % {"n": seconds}


@register.simple_tag
def rating_points(events: list[Any], width: int = 600, height: int = 160) -> str:
    """The SVG polyline points of a rating history (mu after each rated table), scaled into the chart box."""
    values = [e.mu_after for e in events]
    if not values:
        return ""
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = width / max(len(values) - 1, 1)
    return " ".join(f"{i * step:.1f},{height - (v - low) / span * (height - 10) - 5:.1f}" for i, v in enumerate(values))


@register.filter
def among(value: Any, names: Any) -> bool:
    """Whether value is one of the comma-separated names (boards pass the move types they show themselves)."""
    return isinstance(names, str) and str(value) in names.split(",")


@register.filter
def make_list_range(count: Any) -> range:
    """1..count, for one select per position of a Palace row."""
    return range(1, int(count or 0) + 1)


@register.filter
def distinct(cards: Any) -> list[Any]:
    """The different cards of a hand in their order (a Palace hand holds pairs)."""
    seen: list[Any] = []
    for c in cards or []:
        if c not in seen:
            seen.append(c)
    return seen


@register.filter
def bid_points(moves: Any) -> list[int]:
    """The points a Coinche bid may name now, for the bidding box's select."""
    return sorted({m["points"] for m in moves or [] if m.get("type") == "bid" and "points" in m})
