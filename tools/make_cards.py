#!/usr/bin/env python3
"""Draw cardleague's card faces as small SVG files into static/cards/ (our own work, CC0).

    python tools/make_cards.py [--out DIR] [--check]

Without options it rewrites static/cards/ next to this script: the 52 cards and two jokers twice (std/ in the
classic two colours, std4/ with four-colour suits), the five court ranks (court/), the card back (back.svg) and the
README. The output is deterministic: running it again gives the same bytes, and stale *.svg files in the card
directories are removed. --check writes nothing and exits 1 when the files on disk differ from what it would write.
--out DIR writes the set somewhere else (the tests use it).

Everything is drawn with plain paths, rects and circles in a 60 x 84 viewBox: no text elements (so no fonts), no
ids, no links, no scripts, no images. Ranks and letters come from the small stroke alphabet in GLYPHS below. Only
the Python standard library is used; the card codes are those of games/core/cards.py (the tests check they agree).
"""

import argparse
import math
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "static" / "cards"

# --- the codes (games/core/cards.py) ----------------------------------------------------------------------------------

RANKS = "23456789TJQKA"
SUITS = "SHDC"
JOKERS = ("XR", "XB")
COURT_RANKS = "KNSCJ"
RANK_WORDS = {"T": "10", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
JOKER_WORDS = {"XR": "Colour joker", "XB": "Black joker"}
COURT_WORDS = {"K": "King", "N": "Noble", "S": "Scholar", "C": "Citizen", "J": "Jester"}

# --- colours --------------------------------------------------------------------------------------------------------

INK = "#1b1f24"  # the site's --fg
RED = "#b3261e"  # the site's --red
BLUE = "#1456a8"
GREEN = "#1e7b34"  # the site's --ok
GOLD = "#e9b429"
EDGE = "#a3abb5"
SUIT_COLOURS = {
    "std": {"S": INK, "H": RED, "D": RED, "C": INK},
    "std4": {"S": INK, "H": RED, "D": BLUE, "C": GREEN},
}
COURT_COLOURS = {"K": "#6b3a8c", "N": "#1f5f8b", "S": "#2b6e3f", "C": "#8a5427", "J": "#b3261e"}

W, H = 60, 84

# --- drawing primitives ---------------------------------------------------------------------------------------------

# A stroke alphabet, 16 units tall, drawn with a round pen: char -> (advance width, path data, absolute commands only).
GLYPHS = {
    "A": (10, "M0 16L5 0L10 16M1.9 10.6H8.1"),
    "1": (4, "M0 3.4L4 0V16"),
    "2": (10, "M.6 4.2C.6 1.6 2.6 0 5 0C7.6 0 9.4 1.7 9.4 4.2C9.4 8 4 10.5 .4 16H9.8"),
    "3": (10, "M.8 0H9.2L4.4 6.2C7.8 6 10 8 10 11C10 14 7.8 16 5 16C2.8 16 1.2 15 .2 13.4"),
    "4": (10, "M7.6 16V0L0 11.2H10"),
    "5": (10, "M9.2 0H1.6L.8 7.2C1.9 6.4 3.3 6 4.9 6C8 6 10 8.2 10 11C10 14 7.8 16 4.9 16C2.7 16 1.1 15 .1 13.4"),
    "6": (
        10,
        "M8.8 1.2C7.9.4 6.7 0 5.4 0C2.2 0 .2 3.2 .2 9C.2 13.6 2.2 16 5.1 16C8 16 10 13.9 10 11C10 8.1 8 6.2 "
        "5.2 6.2C2.9 6.2 1.1 7.5 .3 9.4",
    ),
    "7": (10, "M0 0H10L3.6 16"),
    "8": (
        10,
        "M5 7.6C2.6 7.6 1 6.1 1 3.8C1 1.5 2.6 0 5 0C7.4 0 9 1.5 9 3.8C9 6.1 7.4 7.6 5 7.6C2.2 7.6 .2 9.3 .2 "
        "11.8C.2 14.4 2.2 16 5 16C7.8 16 9.8 14.4 9.8 11.8C9.8 9.3 7.8 7.6 5 7.6Z",
    ),
    "9": (
        10,
        "M1.2 14.8C2.1 15.6 3.3 16 4.6 16C7.8 16 9.8 12.8 9.8 7C9.8 2.4 7.8 0 4.9 0C2 0 0 2.1 0 5C0 7.9 2 9.8 "
        "4.8 9.8C7.1 9.8 8.9 8.5 9.7 6.6",
    ),
    "0": (9, "M4.5 0C1.6 0 0 3.4 0 8C0 12.6 1.6 16 4.5 16C7.4 16 9 12.6 9 8C9 3.4 7.4 0 4.5 0Z"),
    "J": (9, "M3.6 0H9V11.2C9 14.3 7.2 16 4.6 16C2.2 16 .6 14.6 0 12.4"),
    "Q": (11, "M5.5 0C2.2 0 0 3.3 0 8C0 12.7 2.2 16 5.5 16C8.8 16 11 12.7 11 8C11 3.3 8.8 0 5.5 0ZM6.6 11.4L10.8 16.6"),
    "K": (10, "M.6 0V16M10 0L.6 10.2M3.9 6.6L10 16"),
    "N": (10, "M.6 16V0L9.4 16V0"),
    "S": (
        10,
        "M9.2 2.6C8.3.9 6.8 0 5 0C2.5 0 .7 1.5 .7 3.9C.7 9.6 9.7 6.6 9.7 12C9.7 14.5 7.7 16 5 16C2.8 16 1 15 .1 13.2",
    ),
    "C": (10, "M9.8 3C8.8 1 7.2 0 5.4 0C2.2 0 0 3.3 0 8C0 12.7 2.2 16 5.4 16C7.2 16 8.8 15 9.8 13"),
    "O": (10, "M5 0C1.8 0 0 3.4 0 8C0 12.6 1.8 16 5 16C8.2 16 10 12.6 10 8C10 3.4 8.2 0 5 0Z"),
    "E": (9, "M9 0H.6V16H9M.6 8H7.4"),
    "R": (10, "M.6 16V0H5.6C8.2 0 9.6 1.6 9.6 4.3C9.6 7 8.2 8.6 5.6 8.6H.6M5.4 8.6L9.8 16"),
}
GLYPH_GAP = 1.8

# The four suits in a 20 x 20 box, filled.
SUIT_PATHS = {
    "S": "M10 0C13.6 4.2 20 7.6 20 12.4C20 15.2 18 17 15.5 17C13.7 17 12.3 16.2 11.3 14.7C11.6 17 12.6 18.8 14.3 "
    "20H5.7C7.4 18.8 8.4 17 8.7 14.7C7.7 16.2 6.3 17 4.5 17C2 17 0 15.2 0 12.4C0 7.6 6.4 4.2 10 0Z",
    "H": "M10 19C6.2 15.2 0 11.4 0 5.6C0 2.4 2.3 0 5.2 0C7.4 0 9 1.3 10 3.3C11 1.3 12.6 0 14.8 0C17.7 0 20 2.4 20 5.6"
    "C20 11.4 13.8 15.2 10 19Z",
    "D": "M10 0Q14 5.6 18 10Q14 14.4 10 20Q6 14.4 2 10Q6 5.6 10 0Z",
    "C": "M10 0A4.9 4.9 0 0 1 13.3 8.6A4.9 4.9 0 1 1 11.2 14.8Q11.6 18.2 14.3 20H5.7Q8.4 18.2 8.8 14.8A4.9 4.9 0 1 1 "
    "6.7 8.6A4.9 4.9 0 0 1 10 0Z",
}

_TOKEN = re.compile(r"[MLHVCQAZ]|-?(?:\d+\.?\d*|\.\d+)")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4, "A": 7, "Z": 0}


def num(value: float) -> str:
    """A coordinate with one decimal at most and no leading zero: 3, 3.5, .5, -.5."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    if text in ("-0", ""):
        return "0"
    return text.replace("0.", ".", 1) if text.startswith(("0.", "-0.")) else text


def place(d: str, x: float, y: float, sx: float, sy: float | None = None) -> str:
    """Scale path data `d` by (sx, sy), move it by (x, y) and write it out with rounded coordinates."""
    sy = sx if sy is None else sy
    tokens = _TOKEN.findall(d)
    out: list[str] = []
    i = 0
    command = ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            out.append(command)
            i += 1
            if command == "Z":
                continue
        args = [float(t) for t in tokens[i : i + _ARITY[command]]]
        i += _ARITY[command]
        if command == "H":
            values = [num(x + args[0] * sx)]
        elif command == "V":
            values = [num(y + args[0] * sy)]
        elif command == "A":
            rx, ry, rotation, large, sweep, ax, ay = args
            values = [num(rx * sx), num(ry * sy), num(rotation), str(int(large)), str(int(sweep))]
            values += [num(x + ax * sx), num(y + ay * sy)]
        else:
            values = [num(x + v * sx if k % 2 == 0 else y + v * sy) for k, v in enumerate(args)]
        out.append(" ".join(values))
    return compact(" ".join(out))


def compact(d: str) -> str:
    """Drop the spaces a path parser does not need (around commands, before a minus sign)."""
    return re.sub(r" (?=-)", "", re.sub(r"\s*([MLHVCQAZ])\s*", r"\1", d).strip())


def word_width(text: str, height: float = 16, squeeze: float = 1.0, gap: float = GLYPH_GAP) -> float:
    return (sum(GLYPHS[c][0] for c in text) * squeeze + gap * (len(text) - 1)) * height / 16


def word(text: str, cx: float, y: float, height: float, squeeze: float = 1.0, gap: float = GLYPH_GAP) -> str:
    """Path data for `text` in the stroke alphabet, centred on x = `cx`, top at `y`, `height` units tall; `squeeze`
    narrows the letters (not the gaps)."""
    scale = height / 16
    x = cx - word_width(text, height, squeeze, gap) / 2
    parts = []
    for char in text:
        advance, d = GLYPHS[char]
        parts.append(place(d, x, y, scale * squeeze, scale))
        x += (advance * squeeze + gap) * scale
    return compact("".join(parts))


def pen(d: str, colour: str, width: float) -> str:
    return (
        f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{num(width)}" stroke-linecap="round" '
        f'stroke-linejoin="round"/>'
    )


def suit(code: str, cx: float, cy: float, size: float) -> str:
    """Path data for a suit symbol `size` units wide centred on (cx, cy)."""
    scale = size / 20
    return compact(place(SUIT_PATHS[code], cx - size / 2, cy - size / 2, scale))


def star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> str:
    corners = []
    for k in range(points * 2):
        r = outer if k % 2 == 0 else inner
        a = math.pi * k / points - math.pi / 2
        corners.append(f"{num(cx + r * math.cos(a))} {num(cy + r * math.sin(a))}")
    return "M" + "L".join(corners) + "Z"


def svg(title: str, body: str, face: str = "#fff", edge: str = EDGE) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img">'
        f"<title>{title}</title>"
        f'<rect x=".5" y=".5" width="{W - 1}" height="{H - 1}" rx="4.5" fill="{face}" stroke="{edge}"/>'
        f"{body}</svg>\n"
    )


def rotated(body: str) -> str:
    """The same drawing turned half a turn about the card's centre (the lower-right corner index)."""
    return f'<g transform="rotate(180 {W // 2} {H // 2})">{body}</g>'


# --- the cards ------------------------------------------------------------------------------------------------------

INDEX_X = 9.5  # the corner index column is centred on this x
RANK_H = 16
RANK_PEN = 2.3


def rank_index(label: str, colour: str, x: float = INDEX_X, y: float = 4) -> str:
    """The rank in the corner: `label` centred on `x`, its top at `y`."""
    if len(label) > 1:  # "10": narrower figures, a gap still wide enough to keep them apart
        return pen(word(label, x, y, RANK_H, 0.8, 2.6), colour, RANK_PEN * 0.92)
    return pen(word(label, x, y, RANK_H), colour, RANK_PEN)


def standard_card(code: str, colours: dict[str, str]) -> str:
    rank, suit_code = code[0], code[1]
    colour = colours[suit_code]
    label = "10" if rank == "T" else rank
    title = f"{RANK_WORDS.get(rank, rank)} of {SUIT_WORDS[suit_code]}"
    corner = rank_index(label, colour) + f'<path d="{suit(suit_code, INDEX_X, 27, 10.4)}" fill="{colour}"/>'
    if rank in "JQK":
        # a framed panel marks the court cards; the big rank letter inside reads at any size
        panel = (
            f'<rect x="17" y="14" width="26" height="56" rx="3" fill="{colour}" fill-opacity=".1" '
            f'stroke="{colour}" stroke-width="1.2"/>'
        )
        centre = panel + f'<path d="{suit(suit_code, 30, 54, 18)}" fill="{colour}"/>'
        centre += pen(word(rank, 30, 20, 17.6), colour, 2.6)
    else:
        size = 32 if rank == "A" else 29
        centre = f'<path d="{suit(suit_code, 30, 42, size)}" fill="{colour}"/>'
    return svg(title, corner + centre + rotated(corner))


def joker_card(code: str) -> str:
    main, accent = (RED, GOLD) if code == "XR" else (INK, "#fff")
    corner = f'<path d="{star(INDEX_X, 11, 7.5, 3.1)}" fill="{main}"/>'
    centre = f'<path d="{star(30, 37, 18, 7.4)}" fill="{main}"/><path d="{star(30, 38.5, 8, 3.3)}" fill="{accent}"/>'
    height = 8.5
    squeeze = 0.9
    lettering = word("JOKER", 30, 58, height, squeeze)
    return svg(JOKER_WORDS[code], corner + centre + pen(lettering, main, 1.6) + rotated(corner))


# Court emblems: [(path data in a 40 x 40 box, the path's other attributes; {c} is the rank's colour)], drawn at
# 90 % with the box's top-left corner at (12, 24).
_OUTLINE = f'stroke="{INK}" stroke-width="1.2" stroke-linejoin="round"'
EMBLEMS = {
    # King: a crown with three jewels
    "K": [
        (
            "M5 31L2 11L12 21L20 6L28 21L38 11L35 31Z",
            f'fill="{GOLD}" stroke="{{c}}" stroke-width="1.6" stroke-linejoin="round"',
        ),
        (
            "M5 33H35V38H5ZM2 7.5A2.6 2.6 0 1 1 2 12.7A2.6 2.6 0 1 1 2 7.5ZM20 1.5A2.6 2.6 0 1 1 20 6.7A2.6 2.6 0 1 1 "
            "20 1.5ZM38 7.5A2.6 2.6 0 1 1 38 12.7A2.6 2.6 0 1 1 38 7.5Z",
            'fill="{c}"',
        ),
    ],
    # Noble: a heraldic shield with a chevron
    "N": [
        ("M4 2H36V17C36 27 29 34 20 39C11 34 4 27 4 17Z", 'fill="{c}"'),
        ("M9 25L20 14L31 25", 'fill="none" stroke="#fff" stroke-width="3.2" stroke-linejoin="round"'),
    ],
    # Scholar: an open book
    "S": [
        (
            "M20 10C15 6 8 5.5 1 7V33C8 31.5 15 32 20 35C25 32 32 31.5 39 33V7C32 5.5 25 6 20 10ZM20 10V35",
            'fill="#fff" stroke="{c}" stroke-width="2" stroke-linejoin="round"',
        ),
        (
            "M6 13C9.5 12.5 12.5 12.8 15.5 14M6 18.5C9.5 18 12.5 18.3 15.5 19.5M6 24C9.5 23.5 12.5 23.8 15.5 25"
            "M24.5 14C27.5 12.8 30.5 12.5 34 13M24.5 19.5C27.5 18.3 30.5 18 34 18.5M24.5 25C27.5 23.8 30.5 23.5 34 24",
            'fill="none" stroke="{c}" stroke-width="1.3" stroke-linecap="round"',
        ),
    ],
    # Citizen: a house
    "C": [
        ("M20 3L39 19H34V38H6V19H1ZM28 6H33V13L28 9Z", 'fill="{c}"'),
        ("M16.5 26H23.5V38H16.5ZM8.5 22H13.5V27H8.5ZM26.5 22H31.5V27H26.5Z", 'fill="#fff"'),
    ],
    # Jester: a two-horned cap with bells, drooping (nothing like the King's crown)
    "J": [
        ("M20 31C18 18 12 8 5 7C1 6.5-1 11 0 16C2 13 5 12 7 15C9 19 9 26 8 32Z", f'fill="{RED}" {_OUTLINE}'),
        (
            "M20 31C22 18 28 8 35 7C39 6.5 41 11 40 16C38 13 35 12 33 15C31 19 31 26 32 32Z",
            f'fill="{GREEN}" {_OUTLINE}',
        ),
        (
            "M6 31H34V37H6ZM0 16A3 3 0 1 1 0 22A3 3 0 1 1 0 16ZM40 16A3 3 0 1 1 40 22A3 3 0 1 1 40 16Z",
            f'fill="{GOLD}" {_OUTLINE}',
        ),
    ],
}


def court_card(code: str) -> str:
    colour = COURT_COLOURS[code]
    emblem = "".join(f'<path d="{place(d, 12, 24, 0.9)}" {attrs.format(c=colour)}/>' for d, attrs in EMBLEMS[code])
    corner = rank_index(code, colour, 11, 6)  # inside the coloured frame
    frame = f'<rect x="3" y="3" width="54" height="78" rx="3" fill="none" stroke="{colour}" stroke-width="1.2"/>'
    if code == "J":
        # the Jester's card is chequered, so that it stands apart from the other four ranks at a glance: one dashed
        # stroke 6 units wide per row of squares, rows alternately shifted; every row is a whole number of dash
        # periods long (the part past x = 57 is a gap) and the corner squares stay blank inside the rounded frame
        checks = "".join(f"M9 {6 + 6 * row}H57" if row % 2 == 0 else f"M3 {6 + 6 * row}H63" for row in range(13))
        frame = (
            f'<path d="{checks}" stroke="{GOLD}" stroke-opacity=".22" stroke-width="6" stroke-dasharray="6"/>' + frame
        )
    return svg(COURT_WORDS[code], frame + corner + emblem + rotated(corner))


def back_card() -> str:
    """The back, also the face-down card: a blue lattice in a white frame (the site's header colours)."""
    left, top, right, bottom = 4.5, 4.5, W - 4.5, H - 4.5
    step = 6
    lines = []
    # lines x - y = c and x + y = c, cut to the frame
    for c in range(int(left - bottom), int(right - top) + 1, step):
        x0, y0 = max(left, top + c), max(left, top + c) - c
        x1, y1 = min(right, bottom + c), min(right, bottom + c) - c
        if x1 - x0 > 0.5:
            lines.append(f"M{num(x0)} {num(y0)}L{num(x1)} {num(y1)}")
    for c in range(int(left + top) + 3, int(right + bottom) + 1, step):
        x0, y0 = max(left, c - bottom), c - max(left, c - bottom)
        x1, y1 = min(right, c - top), c - min(right, c - top)
        if x1 - x0 > 0.5:
            lines.append(f"M{num(x0)} {num(y0)}L{num(x1)} {num(y1)}")
    body = (
        f'<path d="{"".join(lines)}" stroke="#3a7fb0" stroke-width="1.1"/>'
        f'<rect x="{num(left)}" y="{num(top)}" width="{num(right - left)}" height="{num(bottom - top)}" rx="2.5" '
        f'fill="none" stroke="#fff" stroke-width="1.4"/>'
        f'<circle cx="30" cy="42" r="9" fill="#14324a" stroke="#fff" stroke-width="1.4"/>'
        f'<path d="{suit("S", 30, 42, 9)}" fill="#fff"/>'
    )
    return svg("Card back", body, face="#14324a", edge="#14324a")


README = """\
# Card faces

SVG card faces for cardleague, drawn by `tools/make_cards.py` (do not edit the SVG files by hand; change the script
and run `python tools/make_cards.py`, which rewrites this directory; `--check` tells whether the files are current).

| code | file |
| --- | --- |
| 52-card deck, rank then suit (`AS`, `TD`, `7C`; ranks `23456789TJQKA`, suits `SHDC`) | `std/<code>.svg` |
| jokers `XR` (colour) and `XB` (black-and-white) | `std/XR.svg`, `std/XB.svg` |
| the same with four-colour suits (♠ black, ♥ red, ♦ blue, ♣ green) | `std4/<code>.svg` |
| court deck `K` King, `N` Noble, `S` Scholar, `C` Citizen, `J` Jester | `court/<code>.svg` |
| card back, also used for a face-down card | `back.svg` |

The court deck and the 52-card deck share letters (`S`, `C`, `J`, `K`), so each has its own directory: a one-letter
code is a court card, a two-letter code a 52-card-deck card or a joker.

Every file is a 60 x 84 viewBox (width and height 60 x 84, so it scales by CSS width alone) with rounded corners,
`role="img"` and a `<title>` with the English name ("Ace of spades", "10 of diamonds", "Colour joker", "Noble",
"Card back"). Ranks and letters are drawn as paths, so there are no fonts to load and the cards look the same offline
and on every device; there are no scripts, links, ids or images, and each file is under 2 KB. The corner index (rank
over suit, repeated upside down) is big enough to read at 40 px wide; J, Q and K carry a framed panel with the letter,
the ace a larger suit, the jokers a star and "JOKER", the court ranks an emblem each (crown, shield, book, house,
jester's cap; the Jester's card is chequered).

From a template:

    {% load static cardleague %}
    <img src="{% static 'cards/std/'|add:code|add:'.svg' %}" alt="{{ code|card }}" width="60" height="84">

Licence: CC0 1.0 — the drawings and the script are the project's own work, dedicated to the public domain
(https://creativecommons.org/publicdomain/zero/1.0/).
"""


def build() -> dict[str, str]:
    """Every file of the set: path relative to static/cards/ -> text."""
    files: dict[str, str] = {"README.md": README, "back.svg": back_card()}
    for folder, colours in SUIT_COLOURS.items():
        for suit_code in SUITS:
            for rank in RANKS:
                files[f"{folder}/{rank}{suit_code}.svg"] = standard_card(rank + suit_code, colours)
        for code in JOKERS:
            files[f"{folder}/{code}.svg"] = joker_card(code)
    for code in COURT_RANKS:
        files[f"court/{code}.svg"] = court_card(code)
    return files


def stale(out: Path, files: dict[str, str]) -> list[Path]:
    """SVG files in the set's directories that the script no longer writes."""
    found = [*out.glob("*.svg"), *(p for d in ("std", "std4", "court") for p in (out / d).glob("*.svg"))]
    return sorted(p for p in found if p.relative_to(out).as_posix() not in files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="directory to write (default: static/cards/)")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if the files are not current")
    args = parser.parse_args(argv)
    files = build()
    differ = [name for name, text in files.items() if _read(args.out / name) != text.encode()]
    extra = stale(args.out, files)
    if args.check:
        for name in differ:
            print(f"out of date: {name}")
        for path in extra:
            print(f"stale: {path.relative_to(args.out).as_posix()}")
        return 1 if differ or extra else 0
    for name in differ:
        path = args.out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(files[name].encode())
    for path in extra:
        path.unlink()
    print(f"{len(files)} files in {args.out}: {len(differ)} written, {len(extra)} removed")
    return 0


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


if __name__ == "__main__":
    sys.exit(main())
