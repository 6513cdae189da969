"""Brackets as SVG drawn on the server: no JavaScript, readable on a phone.

Rounds are columns of a fixed width, so on a narrow screen the page scrolls the drawing sideways (wrap it in an
element with `overflow-x: auto`) instead of shrinking the text. Each match is a box of two rows: seed, name (cut to
`NAME_CHARS`, the whole name in a <title> tooltip), tables won. The winner's row is bold on a tinted ground, a bye
reads "bye", a match in play has an accent border and a dot, a slot not known yet names where it comes from
("Winner of W1.2"). Every text from outside (names, labels, notes) is escaped. Labels are English by default; the
league passes its translations in `labels`.

The freezeout's seating chart is plain data for an HTML table: `league.tournaments.freezeout.seating_chart`. Which
part of a large bracket is drawn is the tournament's own business: `league.tournaments.windows`.
"""

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from league.tournaments import bracket
from league.tournaments.common import State
from league.tournaments.windows import WINDOW_MATCHES, Window

NAME_CHARS = 16
BOX_W, ROW_H = 190, 22
BOX_H = 2 * ROW_H
COL_GAP, UNIT, MARGIN, HEADER = 34, 58, 12, 26

LABELS = {
    "final": "Final",
    "semifinals": "Semifinals",
    "quarterfinals": "Quarterfinals",
    "round_of": "Round of {n}",
    "third_place": "Third place",
    "winners_round": "Winners {n}",
    "winners_final": "Winners final",
    "losers_round": "Losers {n}",
    "losers_final": "Losers final",
    "grand_final": "Grand final",
    "reset": "Grand final, reset",
    "bye": "bye",
    "winner_of": "Winner of {match}",
    "loser_of": "Loser of {match}",
    "not_needed": "not needed",
    "live": "in play",
    "title": "Bracket",
}

# every rule under svg.bracket: an <svg> inline in a page shares the page's stylesheet, both ways
STYLE = """
svg.bracket .m rect.box{fill:#fff;stroke:#9aa0a6;stroke-width:1}
svg.bracket .m.live rect.box{stroke:#d9480f;stroke-width:2.5}
svg.bracket .m.unneeded rect.box{stroke-dasharray:4 3;fill:#f8f9fa}
svg.bracket text{font:13px system-ui,sans-serif;fill:#212529}
svg.bracket text.seed,svg.bracket text.ghost{fill:#868e96;font-size:11px}
svg.bracket .r.won rect{fill:#d3f9d8}
svg.bracket .r.won text.name,svg.bracket .r.won text.score{font-weight:700}
svg.bracket .r.lost text.name{fill:#868e96}
svg.bracket .r.bye text.name{fill:#868e96;font-style:italic}
svg.bracket text.h{font:600 12px system-ui,sans-serif;fill:#495057}
svg.bracket .live-dot{fill:#d9480f}
svg.bracket path.link{fill:none;stroke:#ced4da;stroke-width:1.5}
"""


def name_cut(name: str, limit: int = NAME_CHARS) -> str:
    """The name as shown in a box: at most `limit` characters, the last one an ellipsis when it was cut."""
    return name if len(name) <= limit else name[: limit - 1] + "…"


def bracket_svg(
    state: State,
    names: Mapping[int, str],
    *,
    labels: Mapping[str, str] | None = None,
    title: str | None = None,
    window: Window | None = None,
) -> str:
    """The bracket of a single- or double-elimination state as one <svg> element (a string of markup); with a
    `window`, that part of a single elimination alone (its rounds' columns, its matches' links)."""
    text = {**LABELS, **(labels or {})}
    if window is not None:
        state = {**state, "matches": [m for m in state["matches"] if window.holds(m)]}
    columns, headers = _columns(state, text, window)
    positions, header_y = _layout(state, columns, window)
    width = MARGIN * 2 + len(columns) * (BOX_W + COL_GAP) - COL_GAP
    height = MARGIN + max(y for _, y in positions.values()) + BOX_H // 2 + MARGIN
    seeds = {e: i + 1 for i, e in enumerate(state["entrants"])}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bracket" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img">',
        f"<title>{escape(title or text['title'])}</title>",
        f"<style>{STYLE}</style>",
    ]
    for index, section, label in headers:
        parts.append(f'<text class="h" x="{_column_x(index)}" y="{header_y[section]}">{escape(label)}</text>')
    for match in state["matches"]:
        for slot, source in enumerate(match["sources"]):
            feeder = source.get("winner")
            if feeder in positions and match["id"] in positions and match["final"] != "again":
                parts.append(_link(positions[feeder], positions[match["id"]], slot))
    for match in state["matches"]:
        if match["id"] in positions:
            parts.append(_match_svg(match, positions[match["id"]], names, seeds, text))
    parts.append("</svg>")
    return "".join(parts)


# --- layout -----------------------------------------------------------------------------------------------------------


def _round_label(rounds: int, r: int, text: Mapping[str, str]) -> str:
    left = rounds - r
    if left == 0:
        return text["final"]
    if left == 1:
        return text["semifinals"]
    if left == 2:
        return text["quarterfinals"]
    return text["round_of"].format(n=2 ** (left + 1))


def _columns(
    state: State, text: Mapping[str, str], window: Window | None = None
) -> tuple[list[list[dict[str, Any]]], list[tuple[int, str, str]]]:
    """The matches column by column, and each column's header: (column, section, label)."""
    matches = state["matches"]
    winners = [m for m in matches if m["bracket"] == "W"]
    first, rounds = (window.first, window.rounds) if window else (1, max(m["round"] for m in winners))
    last = window.last if window else rounds
    columns: list[list[dict[str, Any]]] = [[m for m in winners if m["round"] == r] for r in range(first, last + 1)]
    headers: list[tuple[int, str, str]] = []
    double = state["format"] == "double_elimination"
    for r in range(first, last + 1):
        if double:
            label = text["winners_final"] if r == rounds else text["winners_round"].format(n=r)
        else:
            label = _round_label(rounds, r, text)
        headers.append((r - first, "W", label))
    third = [m for m in matches if m["bracket"] == "P3"]
    if third:
        columns[-1] = columns[-1] + third
        headers.append((last - first, "P3", text["third_place"]))
    if not double:
        return columns, headers
    losers = [m for m in matches if m["bracket"] == "L"]
    lb_rounds = max((m["round"] for m in losers), default=0)
    lb_columns = [[m for m in losers if m["round"] == r] for r in range(1, lb_rounds + 1)]
    while len(columns) < len(lb_columns):
        columns.append([])
    for r, column in enumerate(lb_columns):
        columns[r] = columns[r] + column
        headers.append((r, "L", text["losers_final"] if r + 1 == lb_rounds else text["losers_round"].format(n=r + 1)))
    finals = [m for m in matches if m["bracket"] == "GF"]
    for i, match in enumerate(finals):
        columns.append([match])
        headers.append((len(columns) - 1, "W", text["grand_final"] if i == 0 else text["reset"]))
    return columns, headers


def _layout(
    state: State, columns: list[list[dict[str, Any]]], window: Window | None = None
) -> tuple[dict[str, tuple[int, int]], dict[str, int]]:
    """Each match's box (column, y of its middle) and each section's header line. A match sits level with the
    middle of the matches that feed it a winner (one, in a losers' drop round), so the lines run straight; in a
    window the first column's matches are numbered from its slice's first."""
    column_of = {match["id"]: index for index, column in enumerate(columns) for match in column}
    y: dict[str, float] = {}
    header_y = {"W": MARGIN + HEADER // 2 + 4}
    top = MARGIN + HEADER
    skipped = window.part * WINDOW_MATCHES if window else 0
    for match in (m for m in state["matches"] if m["bracket"] == "W"):
        _place(match, y, top - skipped * UNIT)
    bottom = max(y.values()) + BOX_H / 2
    third = [m for m in state["matches"] if m["bracket"] == "P3"]
    if third:
        header_y["P3"] = round(bottom + HEADER)
        y[third[0]["id"]] = bottom + HEADER + 8 + BOX_H / 2
        bottom = max(y.values()) + BOX_H / 2
    losers = [m for m in state["matches"] if m["bracket"] == "L"]
    if losers:
        header_y["L"] = round(bottom + HEADER + 14)
        for match in losers:
            _place(match, y, bottom + HEADER + 22)
    for match in (m for m in state["matches"] if m["bracket"] == "GF"):
        _place(match, y, top)
    return {mid: (column_of[mid], round(value)) for mid, value in y.items()}, header_y


def _place(match: dict[str, Any], y: dict[str, float], top: float) -> None:
    feeders = [s.get("winner") for s in match["sources"] if s.get("winner") in y]
    if feeders:
        y[match["id"]] = sum(y[f] for f in feeders) / len(feeders)
    else:
        y[match["id"]] = top + (match["number"] - 1) * UNIT + BOX_H / 2


def _column_x(index: int) -> int:
    return MARGIN + index * (BOX_W + COL_GAP)


# --- drawing ----------------------------------------------------------------------------------------------------------


def _link(feeder: tuple[int, int], target: tuple[int, int], slot: int) -> str:
    x1 = _column_x(feeder[0]) + BOX_W
    y1 = feeder[1]
    x2 = _column_x(target[0])
    y2 = target[1] - BOX_H // 2 + ROW_H // 2 + slot * ROW_H
    mid = x1 + COL_GAP // 2
    return f'<path class="link" d="M{x1} {y1}H{mid}V{y2}H{x2}"/>'


def _match_svg(
    match: dict[str, Any],
    position: tuple[int, int],
    names: Mapping[int, str],
    seeds: Mapping[int, int],
    text: Mapping[str, str],
) -> str:
    x, top = _column_x(position[0]), position[1] - BOX_H // 2
    classes = ["m"]
    if match["in_play"]:
        classes.append("live")
    if match["decided"] == "unneeded":
        classes.append("unneeded")
    tip = [match["id"]]
    if match["decided"] and match["decided"] not in ("played", "void"):
        tip.append(match["decided"])
    if match["note"]:
        tip.append(match["note"])
    parts = [
        f'<g class="{" ".join(classes)}" transform="translate({x},{top})">',
        f"<title>{escape(' — '.join(str(t) for t in tip))}</title>",
        f'<rect class="box" width="{BOX_W}" height="{BOX_H}" rx="4"/>',
    ]
    won = bracket.score(match) if None not in match["entrants"] else [0, 0]
    played = bool(match["tables"])
    for slot in (0, 1):
        parts.append(_row_svg(match, slot, names, seeds, text, won[slot] if played else None))
    if match["in_play"]:
        parts.append(
            f'<circle class="live-dot" cx="{BOX_W - 6}" cy="6" r="3.5"><title>{escape(text["live"])}</title></circle>'
        )
    if match["decided"] == "unneeded":
        parts.append(
            f'<text class="ghost" x="{BOX_W // 2}" y="{BOX_H // 2 + 4}" text-anchor="middle">'
            f"{escape(text['not_needed'])}</text>"
        )
    parts.append("</g>")
    return "".join(parts)


def _name_x(field: int) -> int:
    """Where a row's name starts: after the widest seed of the field (seed 4096 is twice as wide as seed 16)."""
    return 12 + 7 * max(2, len(str(field)))


def _row_svg(
    match: dict[str, Any],
    slot: int,
    names: Mapping[int, str],
    seeds: Mapping[int, int],
    text: Mapping[str, str],
    won: int | None,
) -> str:
    entrant = match["entrants"][slot]
    y = slot * ROW_H
    baseline = y + ROW_H // 2 + 5
    if match["decided"] == "unneeded":
        return ""
    if entrant is None:
        if match["empty"][slot]:
            kind, shown, full = "bye", text["bye"], text["bye"]
        else:
            source = match["sources"][slot]
            key = "winner_of" if "winner" in source else "loser_of"
            full = text[key].format(match=source.get("winner") or source.get("loser") or "")
            kind, shown = "ghost", full
        seed = ""
    else:
        full = names.get(entrant, f"#{entrant}")
        shown = full
        kind = "won" if match["winner"] == entrant else ("lost" if match["decided"] else "")
        seed = str(seeds.get(entrant, ""))
    name_class = "ghost" if kind == "ghost" else "name"
    name_x = _name_x(len(seeds))
    parts = [
        f'<g class="r {kind}">',
        f"<title>{escape(full)}</title>",
        f'<rect y="{y}" width="{BOX_W}" height="{ROW_H}" fill="none"/>'
        if kind != "won"
        else f'<rect y="{y + 1}" x="1" width="{BOX_W - 2}" height="{ROW_H - 1}"/>',
        f'<text class="seed" x="6" y="{baseline}">{escape(seed)}</text>',
        f'<text class={quoteattr(name_class)} x="{name_x}" y="{baseline}">{escape(name_cut(shown))}</text>',
    ]
    if won is not None and entrant is not None:
        parts.append(f'<text class="score" x="{BOX_W - 8}" y="{baseline}" text-anchor="end">{won}</text>')
    parts.append("</g>")
    return "".join(parts)
