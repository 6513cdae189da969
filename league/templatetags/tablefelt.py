"""Template helpers of the card table (templates/league/_felt.html, _hand.html, _moves.html), the same for every
game: the seats around the felt from the reader's place, the reader's hand from the engine's declared choices
(games/core/choices.py), and the legal moves sorted into what the action bar draws.

Nothing here decides what is legal, hidden or whose turn it is: the view's legal moves and `to_act`, and the
engine's `choices`, say it; this only lays it out.
"""

import json
import math
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django import template
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.templatetags.static import static
from django.utils.translation import gettext, gettext_lazy

from games.core import choices as table_choices
from league.engines import engine_for
from league.labels import MOVE_TYPES, SUITS, refusal_text
from league.story import card_name, card_svg_url, card_text
from league.templatetags.cardleague import card_colour, move_words

register = template.Library()

PRESET_WORDS = {
    "min": gettext_lazy("Min"),
    "half_pot": gettext_lazy("½ pot"),
    "pot": gettext_lazy("Pot"),
    "all_in": gettext_lazy("All-in"),
}
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@dataclass
class FeltSeat:
    index: int
    display_name: str
    # 0 is the reader's place at the bottom, then round the table in playing order (clockwise: to the left)
    at: int
    # the seat's plate on the rim, and the spot in front of it on the felt (a card played, a bet): % of the box
    x: float
    y: float
    fx: float
    fy: float
    role: str  # "you", "partner" or ""
    to_act: bool
    is_bot: bool


@dataclass
class Felt:
    seats: list[FeltSeat]
    board: str
    mine: FeltSeat | None


@cache
def _board(game: str) -> str:
    """The game's board (templates/league/boards/<game>.html), or the plain one for a game without its own."""
    name = f"league/boards/{game}.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return "league/boards/_none.html"
    return name


def _around(at: int, count: int, radius_x: float, radius_y: float) -> tuple[float, float]:
    # the reader at the bottom (90° with y downwards), the next to play on the left, and so round
    angle = math.radians(90 + 360 * at / count)
    return round(50 + radius_x * math.cos(angle), 1), round(50 + radius_y * math.sin(angle), 1)


@register.simple_tag
def felt(view: dict[str, Any]) -> Felt:
    """The seats of the table around the felt, the reader at the bottom (a spectator sees seat 1 there) and the
    others in playing order from them; a partner (the engine's teams) sits opposite in a game of two teams of two."""
    seats = view["seats"]
    count = max(len(seats), 1)
    mine = view.get("seat")
    base = mine if mine is not None else 0
    teams = engine_for(view["game"]).teams(count) or []
    team = next((t for t in teams if mine in t), [])
    placed = []
    for seat in seats:
        at = (seat["index"] - base) % count
        x, y = _around(at, count, 44, 41)
        fx, fy = _around(at, count, 27, 26)
        role = "you" if seat["index"] == mine else "partner" if seat["index"] in team else ""
        placed.append(
            FeltSeat(
                index=seat["index"],
                display_name=seat["display_name"],
                at=at,
                x=x,
                y=y,
                fx=fx,
                fy=fy,
                role=role,
                to_act=seat["to_act"],
                is_bot=seat.get("is_bot", False),
            )
        )
    placed.sort(key=lambda s: s.at)
    return Felt(seats=placed, board=_board(view["game"]), mine=placed[0] if mine is not None and placed else None)


@dataclass
class HandCard:
    code: str
    face: str
    name: str  # the accessible name in the reader's language ("하트 퀸")
    colour: str
    state: str  # "legal", "illegal" or "idle" (no move takes cards now)
    reason: str = ""
    move: str = ""  # a one-card move, as the form posts it


@dataclass
class Hand:
    cards: list[HandCard] = field(default_factory=list)
    pick: dict[str, Any] | None = None
    sizes: str = ""
    label: str = ""  # the pick's move in words ("Play", "Play row")


def _face(code: str) -> str:
    return card_svg_url(code) or static("cards/back.svg")


@register.simple_tag
def hand_of(view: dict[str, Any], found: dict[str, Any] | None) -> Hand:
    """The reader's cards in the game's order, each legal (some legal move takes it), refused with the engine's
    reason in the reader's language, or idle when no move takes cards now."""
    if not found or view.get("seat") is None:
        return Hand()
    pick = found["pick"]
    playable = table_choices.legal_cards(view["legal_moves"], pick)
    refused = found["refused"]
    cards = []
    for code in found["hand"]:
        if pick is None:
            state, reason, move = "idle", "", ""
        elif code in playable:
            state, reason = "legal", ""
            move = json.dumps({"type": pick["type"], "card": code}) if pick["field"] == "card" else ""
        else:
            state, move = "illegal", ""
            why = refused.get(code) or {}
            reason = (
                refusal_text(why["text"], why.get("params", {}), fallback=why["text"])
                if why.get("text")
                else gettext("This card cannot be played now.")
            )
        cards.append(
            HandCard(
                code=code,
                face=_face(code),
                name=card_name(code),
                colour=card_colour(code),
                state=state,
                reason=reason,
                move=move,
            )
        )
    sizes = ",".join(str(n) for n in pick["sizes"]) if pick else ""
    label = str(MOVE_TYPES.get(pick["type"], pick["type"])) if pick else ""
    return Hand(cards=cards, pick=pick, sizes=sizes, label=label)


@dataclass
class Cell:
    move: str
    legal: bool
    label: str


@dataclass
class Grid:
    columns: list[dict[str, str]]
    rows: list[dict[str, Any]]  # {"label", "cells": [Cell]}

    @property
    def across(self) -> list[dict[str, Any]]:
        """The box turned a quarter: one line per column (a suit), one cell per row (a value), so that it is wide
        and low (a phone's action bar has room across, not down)."""
        return [
            {**column, "cells": [row["cells"][index] for row in self.rows]} for index, column in enumerate(self.columns)
        ]


@dataclass
class AmountMove:
    type: str
    label: str
    low: int
    high: int
    move: str
    presets: list[dict[str, Any]]


@dataclass
class Button:
    move: str
    label: str
    type: str
    card: str = ""
    face: str = ""
    colour: str = ""


@dataclass
class Moves:
    grid: Grid | None = None
    amounts: list[AmountMove] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)


def _row_label(row: dict[str, Any]) -> str:
    values = [value for key, value in row.items() if key != "type"]
    if len(values) == 1 and isinstance(values[0], int):
        return str(values[0])
    kind = str(row.get("type") or "")
    return str(MOVE_TYPES.get(kind, kind))


def _column_label(column: dict[str, Any]) -> dict[str, str]:
    suit = column.get("suit")
    if isinstance(suit, str) and suit in SUIT_SIGNS:
        return {"sign": SUIT_SIGNS[suit], "name": str(SUITS[suit]), "colour": card_colour("A" + suit)}
    text = " ".join(str(v) for v in column.values())
    return {"sign": text, "name": text, "colour": ""}


def _key(move: dict[str, Any]) -> str:
    return json.dumps(move, sort_keys=True)


@register.simple_tag
def moves_of(view: dict[str, Any], found: dict[str, Any] | None) -> Moves:
    """The reader's legal moves for the action bar: the box of calls the engine declares (every call, the legal ones
    enabled), each free amount with its presets, and every other move as a labelled button. The moves that take
    cards from the hand are played from the hand."""
    legal = view.get("legal_moves") or []
    if not legal:
        return Moves()
    found = found or {}
    names = {seat["index"]: seat["display_name"] for seat in view["seats"]}
    pick = found.get("pick")
    taken_by_hand = {pick["type"]} if pick else set()
    out = Moves()
    grid = found.get("grid")
    if grid:
        legal_keys = {_key(move) for move in legal}
        out.grid = Grid(
            columns=[_column_label(column) for column in grid["columns"]],
            rows=[
                {
                    "label": _row_label(row),
                    "cells": [
                        Cell(
                            move=json.dumps({**row, **column}),
                            legal=_key({**row, **column}) in legal_keys,
                            label=move_words({**row, **column}, names),
                        )
                        for column in grid["columns"]
                    ],
                }
                for row in grid["rows"]
            ],
        )
        taken_by_hand |= {row.get("type") for row in grid["rows"]}
    presets = found.get("presets") or {}
    for move in legal:
        kind = move.get("type")
        if kind in taken_by_hand:
            continue
        if "min" in move and "max" in move:
            offered: list[dict[str, Any]] = []
            for preset in presets.get(kind, []):
                # two presets of one amount (the minimum is half the pot) are one button, the first named
                if all(preset["amount"] != other["amount"] for other in offered):
                    label = str(PRESET_WORDS.get(preset["name"], preset["name"]))
                    offered.append({**preset, "label": label})
            out.amounts.append(
                AmountMove(
                    type=kind,
                    label=str(MOVE_TYPES.get(kind, kind)),
                    low=move["min"],
                    high=move["max"],
                    move=json.dumps(move),
                    presets=offered,
                )
            )
            continue
        code = move.get("card") if isinstance(move.get("card"), str) else ""
        out.buttons.append(
            Button(
                move=json.dumps(move),
                label=move_words(move, names),
                type=str(kind),
                card=code,
                face=_face(code) if code else "",
                colour=card_colour(code) if code else "",
            )
        )
    return out


@register.filter
def played_by(plays: Any, seat: int) -> Any:
    """The card a seat put on the felt, from [seat, card] pairs (a trick) or None."""
    for play in plays or []:
        if isinstance(play, (list, tuple)) and len(play) == 2 and play[0] == seat:
            return play[1]
    return None


@register.filter
def last_of(calls: Any, seat: int) -> Any:
    """The seat's last entry in a list of dicts naming a "seat" (a call of the auction)."""
    found = None
    for call in calls or []:
        if isinstance(call, dict) and call.get("seat") == seat:
            found = call
    return found


@register.filter
def card_alt(code: Any) -> str:
    """A card's accessible name in the reader's language."""
    return card_name(code)


@register.filter
def face_url(code: Any) -> str:
    return _face(code) if isinstance(code, str) else static("cards/back.svg")


@register.filter
def short_card(code: Any) -> str:
    return card_text(code)


@register.filter
def tally(cards: Any) -> list[tuple[Any, int]]:
    """Each different card of a holding once, with how many of it (a court deck holds many of each rank)."""
    counts: dict[Any, int] = {}
    for card in cards or []:
        counts[card] = counts.get(card, 0) + 1
    return list(counts.items())


@register.filter
def backs(count: Any) -> range:
    """As many face-down cards as a seat holds, at most 13 drawn."""
    try:
        return range(min(int(count), 13))
    except (TypeError, ValueError):
        return range(0)
