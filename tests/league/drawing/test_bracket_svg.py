"""Brackets as SVG drawn on the server (league/drawing/bracket_svg.py; docs/formats.md, "Drawing"), a large one a
part at a time (league/tournaments/windows.py)."""

import xml.etree.ElementTree as ET

from league.drawing import bracket_svg as svg
from league.tournaments import bracket, windows
from league.tournaments.double_elimination import double_elimination_create
from league.tournaments.single_elimination import single_elimination_create

NS = {"s": "http://www.w3.org/2000/svg"}


def _tree(markup):
    return ET.fromstring(markup)


def _texts(root):
    return ["".join(el.itertext()) for el in root.iter(f"{{{NS['s']}}}text")]


def _groups(root, css_class):
    return [g for g in root.iter(f"{{{NS['s']}}}g") if css_class in g.get("class", "").split()]


def test_every_text_from_outside_is_escaped():
    state, _ = single_elimination_create([1, 2])
    markup = svg.bracket_svg(state, {1: '<script>alert("x")</script>', 2: "Tom & Jerry"}, title="Cup <b>")
    assert "<script>" not in markup and "<b>" not in markup
    root = _tree(markup)  # well-formed
    assert "Tom & Jerry" in _texts(root)
    assert root.find("s:title", NS).text == "Cup <b>"


def test_a_long_name_is_cut_and_its_whole_shows_as_a_tooltip():
    name = "Chloé Lefèvre-Dupont de la Rochefoucauld"
    state, _ = single_elimination_create([1, 2])
    root = _tree(svg.bracket_svg(state, {1: name, 2: "Bo"}))
    assert svg.name_cut(name) in _texts(root) and name not in _texts(root)
    assert len(svg.name_cut(name)) == svg.NAME_CHARS and svg.name_cut(name).endswith("…")
    assert name in [t.text for t in root.iter(f"{{{NS['s']}}}title")]


def test_byes_winners_scores_and_the_match_in_play():
    # given: 3 entrants (seed 1 has a bye), a best of 3 under way between 2 and 3
    state, _ = single_elimination_create([1, 2, 3], best_of=3)
    state, _ = bracket.table_record(state, "W1.2", winner=3)
    state, _ = bracket.match_start(state, "W1.2")
    root = _tree(svg.bracket_svg(state, {1: "Ann", 2: "Ben", 3: "Cy"}))
    # the bye reads "bye", and its winner's row is highlighted
    assert "bye" in _texts(root)
    assert [next(t for t in _texts(g) if t in ("Ann", "Ben", "Cy")) for g in _groups(root, "won")] == ["Ann"]
    # the match in play is marked, with its score so far
    (live,) = _groups(root, "live")
    assert "Ben" in _texts(live) and "1" in _texts(live) and "0" in _texts(live)
    # a slot not known yet says where it comes from
    assert "Winner of W1.2" in _texts(root)


def test_rounds_are_columns_of_a_fixed_width_so_a_phone_scrolls_sideways():
    small, _ = single_elimination_create(list(range(1, 5)))
    large, _ = single_elimination_create(list(range(1, 33)))
    width = [int(_tree(svg.bracket_svg(s, {})).get("width")) for s in (small, large)]
    assert width[1] - width[0] == 3 * (svg.BOX_W + svg.COL_GAP)
    assert (
        _tree(svg.bracket_svg(small, {})).get("viewBox")
        == f"0 0 {width[0]} {_tree(svg.bracket_svg(small, {})).get('height')}"
    )


def test_labels_are_the_leagues_translations():
    state, _ = single_elimination_create([1, 2, 3, 4], third_place=True)
    root = _tree(svg.bracket_svg(state, {}, labels={"final": "결승", "semifinals": "준결승", "third_place": "3위전"}))
    assert {"결승", "준결승", "3위전"} <= set(_texts(root))


def test_double_elimination_draws_both_brackets_and_the_grand_finals():
    state, _ = double_elimination_create(list(range(1, 9)))
    while not bracket.is_over(state):
        match_id = bracket.matches_ready(state)[0]
        state, _ = bracket.table_record(state, match_id, winner=min(bracket.match_get(state, match_id)["entrants"]))
    root = _tree(svg.bracket_svg(state, {e: f"P{e}" for e in range(1, 9)}))
    texts = _texts(root)
    assert {"Winners final", "Losers final", "Grand final", "Grand final, reset", "not needed"} <= set(texts)
    assert len(_groups(root, "m")) == len(state["matches"])
    assert len(_groups(root, "unneeded")) == 1


def _match_ids(markup):
    return {g.find(f"{{{NS['s']}}}title").text.split(" — ")[0] for g in _groups(_tree(markup), "m")}


def test_a_large_single_elimination_is_drawn_a_window_at_a_time():
    state, _ = single_elimination_create(list(range(1, 4097)), third_place=True)
    assert windows.bracket_windowed(state)
    assert not windows.bracket_windowed(single_elimination_create(list(range(1, 65)))[0])

    first = windows.bracket_window(state)
    # five rounds: sixteen matches of round 1 and the fifteen they lead to, no more
    assert _match_ids(svg.bracket_svg(state, {}, window=first)) == {
        f"W{r}.{n}" for r in range(1, 6) for n in range(1, 2 ** (5 - r) + 1)
    }
    assert _texts(_tree(svg.bracket_svg(state, {}, window=first)))[:2] == ["Round of 4096", "Round of 2048"]
    # the next part of round 1, and the rounds after: their first round is this one's last
    second = windows.bracket_window(state, part=1)
    assert "W1.17" in _match_ids(svg.bracket_svg(state, {}, window=second))
    later = first.later()
    assert (later.first, later.part) == (5, 0)
    assert first in later.earlier() and second in later.earlier() and len(later.earlier()) == 16
    # the last window holds the final and the third-place match; nothing after it
    last = windows.bracket_window(state, first=9)
    ids = _match_ids(svg.bracket_svg(state, {}, window=last))
    assert {"W12.1", "P3.1", "W9.1", "W9.8"} <= ids and len(ids) == 16
    assert last.later() is None
    # a request out of range shows the nearest window; a match's window starts at its round
    assert windows.bracket_window(state, first=99, part=-3) == windows.bracket_window(state, first=12)
    assert windows.window_of(state, "W3.100") == windows.bracket_window(state, first=3, part=6)

    # a name starts after the widest seed: four digits here, two in a bracket of 16
    def name_x(markup):
        return {el.get("x") for el in _tree(markup).iter(f"{{{NS['s']}}}text") if el.get("class") == "name"}

    assert name_x(svg.bracket_svg(state, {}, window=first)) == {"40"}
    assert name_x(svg.bracket_svg(single_elimination_create(list(range(1, 17)))[0], {})) == {"26"}
    # the windows from round 1, 5 and 9 together draw every match of the bracket
    starts = [
        windows.bracket_window(state, first=f, part=p) for f in (1, 5, 9) for p in range(max(1, 2 ** (12 - f) // 16))
    ]
    assert all(any(w.holds(match) for w in starts) for match in state["matches"])
