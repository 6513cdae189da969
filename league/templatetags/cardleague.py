"""Template helpers for the pages: cards as labels, moves in words, per-seat lookups, the rating chart."""

import html
import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from django import template
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext, pgettext_lazy

from games import available_games
from league.engines import engine_for
from league.labels import GAME_NAMES, MOVE_TYPES, SUITS, TIEBREAK_NAMES, TOURNAMENT_KINDS, WEEKDAYS, duration_words
from league.models import Invitation, JoinRequest, Membership, Round, Season, SeasonClock, Table, TableRuling
from league.story import card_text

register = template.Library()


def _choice_words() -> dict[str, Any]:
    """Every model's choice value -> its translated label, for `word`. A value two models share reads the same in
    both, but for "forfeit", where the season clock's policy (a sentence) comes before the ruling's kind."""
    words: dict[str, Any] = {}
    for choices in (
        SeasonClock.Policy,
        Season.Status,
        Season.Format,
        Season.Partners,
        Round.Status,
        TableRuling.Kind,
        Table.Status,
        Membership.Role,
        Invitation.Status,
        JoinRequest.Status,
    ):
        for value, label in zip(choices.values, choices.labels, strict=True):
            words.setdefault(value, label)
    return words


CHOICE_WORDS = _choice_words()


RED = {"H", "D", "XR"}


@register.filter
def card(code: Any) -> str:
    """A card's label ("10♦", "King"); anything that is not a card code is shown as it is."""
    return card_text(code)


@register.filter
def word(value: Any) -> str:
    """A model's choice value (a status, a format, a role) in words: the translated label of its choices."""
    return str(CHOICE_WORDS.get(value, value))


@register.filter
def game_name(name: Any) -> str:
    return str(GAME_NAMES.get(name, name))


@register.filter
def tournament_kind(kind: Any) -> str:
    """A tournament's format (or "freezeout", a poker tournament) in words."""
    return str(TOURNAMENT_KINDS.get(kind, kind))


@register.filter
def phase_name(phase: Any, game: str) -> str:
    """A game's phase in the reader's language, by the name its engine declares (engine.phases()); an undeclared one
    as it is."""
    names = engine_for(game).phases() if game in available_games() else {}
    return gettext(names[phase]) if phase in names else str(phase)


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
    kind = str(move.get("type") or "")
    parts = [str(MOVE_TYPES.get(kind, kind))]
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
    units: tuple[tuple[int, Callable[[int], str]], ...] = (
        (86400, lambda n: ngettext("%(n)d day", "%(n)d days", n)),
        (3600, lambda n: ngettext("%(n)d hour", "%(n)d hours", n)),
        (60, lambda n: ngettext("%(n)d minute", "%(n)d minutes", n)),
    )
    for size, words in units:
        if seconds >= size and seconds % size == 0:
            return words(seconds // size) % {"n": seconds // size}
    return ngettext("%(n)d second", "%(n)d seconds", seconds) % {"n": seconds}


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
def exact_number(value: Any) -> str:
    """A stored exact value ("7/2", "12") as people read it: 3.5, 12; "–" where it does not apply."""
    if value is None or value == "":
        return "–"
    try:
        number = Fraction(str(value))
    except (ValueError, ZeroDivisionError):
        return str(value)
    if number.denominator == 1:
        return str(number.numerator)
    return f"{float(number):.2f}".rstrip("0").rstrip(".")


@register.filter
def duration(seconds: Any) -> str:
    """Seconds in words, in the largest unit that divides them ("2 days", "90 minutes")."""
    return duration_words(int(seconds or 0))


@register.filter
def weekday_name(number: Any) -> str:
    return str(dict(WEEKDAYS).get(number, ""))


@register.filter
def tiebreak_name(name: Any) -> str:
    return str(TIEBREAK_NAMES.get(name, name))


# the crosstable's letters, in a context of their own ("W" is no word elsewhere); pgettext_lazy, which makemessages
# collects (it did not collect `_lazy`, and the Korean crosstable showed W and L under a legend of 승·무·패)
CROSS_MARKS = {
    "won": (pgettext_lazy("crosstable", "W"), ""),
    "drawn": (pgettext_lazy("crosstable", "D"), ""),
    "lost": (pgettext_lazy("crosstable", "L"), ""),
    "forfeit_won": (pgettext_lazy("crosstable", "W"), pgettext_lazy("crosstable", "F")),
    "forfeit_lost": (pgettext_lazy("crosstable", "L"), pgettext_lazy("crosstable", "F")),
}


@register.simple_tag
def standings_rows(standings: Any, tiebreaks: Any) -> str:
    """The standings' rows (league.selectors.seasons' rows of a page): rank ("2=" when shared), the entrant, points,
    played, wins, byes, then each tiebreak of `tiebreaks` ((name, label, definition)...). Built in one call, as
    `cross_rows` is, rather than by a dozen template nodes per row (a third of the season page's CPU); a value that
    recurs (points, a Buchholz of 7/2) is formatted once per call."""
    withdrawn = _escape(gettext("withdrawn"))
    names = [name for name, _label, _definition in tiebreaks]
    points_shown: dict[Any, str] = {}
    breaks_shown: dict[Any, str] = {}
    rows = []
    for row in standings:
        rank = f"{row.shared_rank}{'=' if row.tied else ''}"
        label = _escape(row.label) + (f" ({withdrawn})" if row.withdrawn else "")
        points = points_shown.get(row.points)
        if points is None:
            points = points_shown[row.points] = floatformat(row.points, "-3")
        counts = f"<td>{points}</td><td>{row.played}</td><td>{row.wins}</td><td>{row.byes}</td>"
        cells = []
        for name in names:
            value = at(row.tiebreaks, name)
            shown = breaks_shown.get(value)
            if shown is None:
                shown = breaks_shown[value] = _escape(exact_number(value))
            cells.append(f"<td>{shown}</td>")
        muted = ' class="muted"' if row.withdrawn else ""
        rows.append(f"<tr{muted}><td>{rank}</td><td>{label}</td>{counts}{''.join(cells)}</tr>")
    return mark_safe("".join(rows))  # every outside value escaped above


def _escape(text: Any) -> str:
    """What django.utils.html.escape writes, without its check for lazy strings on every call (a crosstable page
    escapes some 3,000 values)."""
    return html.escape(str(text))


@register.simple_tag
def cross_rows(crosstable: Any) -> str:
    """The crosstable's rows (league.selectors.crosstable.Crosstable), each entrant's label then a cell per round:
    the result, linked to its table, with the opponent of a duel under it. Built here in one call rather than by a
    template node per cell (100 entrants and 10 rounds are 1,000 cells: the tag per cell was a third of the season
    page's time), with the words and the link's pattern looked up once per page."""
    words = {
        "bye": _escape(gettext("bye")),
        "annulled": _escape(gettext("annulled")),
        "in_play": _escape(gettext("in play")),
        "against": gettext("against %(who)s"),
        "with": gettext("with %(p)s"),
        "link": reverse("table", args=[987654321]).replace("987654321", "{id}"),
        # str: a lazy string would be translated again at every cell
        **{name: (_escape(mark), _escape(extra)) for name, (mark, extra) in CROSS_MARKS.items()},
    }
    rows = []
    for row in crosstable.rows:
        cells = "".join(
            f'<td class="{cell.outcome if cell else ""}">{_cross_cell(cell, words)}</td>' for cell in row.cells
        )
        rows.append(f'<tr><th scope="row">{_escape(row.label)}</th>{cells}</tr>')
    return mark_safe("".join(rows))  # every value escaped above


def _cross_cell(cell: Any, words: dict[str, Any]) -> str:
    if cell is None:
        return '<span class="muted">–</span>'
    if cell.outcome == "bye":
        return str(words["bye"])
    who = ", ".join(cell.opponents)
    title = _escape(words["against"] % {"who": who})
    if cell.partner:
        title = f"{_escape(words['with'] % {'p': cell.partner})}; {title}"
    if cell.outcome in CROSS_MARKS:
        mark, extra = words[cell.outcome]
        shown = f"<b>{mark}</b>" + (f"·{extra}" if extra else "")
    elif cell.outcome == "placed":
        shown = f"<b>{int(cell.place or 0)}/{int(cell.sides)}</b>"
    elif cell.outcome == "annulled":
        shown = f"<s>{words['annulled']}</s>"
    else:
        shown = f"<i>{words['in_play']}</i>"
    link = f'<a href="{words["link"].format(id=int(cell.table_id))}" title="{title}">{shown}</a>'
    return link + (f"<small>{_escape(who)}</small>" if cell.sides == 2 else "")


@register.simple_tag(takes_context=True)
def poker_places_rows(context: template.Context, entrants: Any, forfeits: Any, removable: bool, tournament: Any) -> str:
    """The poker tournament's places, a row per entrant (league.selectors.poker_tournaments.poker_entrants): place,
    player (with the organizer's Remove button before the start), chips, the hand that busted them or the forfeit's
    reason, points. Built here in one call: 1,000 entrants through the template's nodes were half of the page's
    time (bench/pages.py), with a URL reversed and a word translated per row."""
    profile = reverse("profile", args=[987654321]).replace("987654321", "{id}")
    still_in = f'<span class="muted">{escape(gettext("still in"))}</span>'
    forfeit = escape(gettext("forfeit"))
    remove = ""
    if removable:
        action = reverse("poker_entrant_remove", args=[tournament.pk, 987654321]).replace("987654321", "{id}")
        token = escape(str(context.get("csrf_token", "")))
        remove = (
            f' <form method="post" action="{action}" class="inline">'
            f'<input type="hidden" name="csrfmiddlewaretoken" value="{token}">'
            '<button type="submit" class="secondary small" aria-label="{label}">'
            f"{escape(gettext('Remove'))}</button></form>"
        )
    # before the start there is no place yet: the entrants are numbered as they are listed, and the bust and points
    # columns are left out (the template's head does the same)
    registering = tournament.status == "registration"
    rows = []
    for number, e in enumerate(entrants, start=1):
        name = escape(e.name)
        button = (
            remove.format(id=e.player_id, label=escape(gettext("Remove %(name)s") % {"name": e.name}))
            if removable
            else ""
        )
        player = f'<td><a href="{profile.format(id=e.player_id)}">{name}</a>{button}</td>'
        if registering:
            rows.append(f"<tr><td>{number}</td>{player}<td>{e.stack}</td></tr>")
            continue
        place = f"{e.place}{'=' if e.shared and e.shared > 1 else ''}" if e.place else still_in
        reason = forfeits.get(e.player_id)
        out = (
            f'<span class="forfeit">{forfeit}: “{escape(reason)}”</span>'
            if reason
            else ("" if e.bust_hand is None else e.bust_hand)
        )
        points = "" if e.points is None else floatformat(e.points, "-3")
        rows.append(f"<tr><td>{place}</td>{player}<td>{e.stack}</td><td>{out}</td><td>{points}</td></tr>")
    return mark_safe("".join(rows))  # every value escaped above
