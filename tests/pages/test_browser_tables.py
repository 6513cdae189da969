"""The table page and the replay of each game in headless Chromium (issue 17): cards drawn as SVG faces, the seats
around the table on a wide screen, the hand and the move buttons in the first screen of a phone (390 x 844), the
story of the table told in words, and the replay drawn with the live table's board.

Screenshots of each game's table and replay, on a phone and a desktop, go to artifacts/screenshots/tables/
(docs/screenshots/tables/ with TABLE_SCREENSHOTS=docs/screenshots/tables).
"""

import random

import pytest

from games import available_games, get_engine
from league.models import Table
from tests.league.factories import table_for
from tests.league.playing import play_moves, seat_count, short_options
from tests.pages.screens import player_context, shots_dir

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("browser"),
    pytest.mark.browser,
]

SHOTS = shots_dir("TABLE_SCREENSHOTS", "tables")
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
# moves played before the shot: into the game, where the story has something to tell
MOVES_IN = {"coinche": 14, "the-court": 6, "palace-infighting": 3, "black-card": 6, "mini-poker": 6}


def _live_table(game: str) -> tuple[Table, int]:
    """A table in play a few moves in, and a seat to act at it."""
    table = table_for(game, players=seat_count(game), options=short_options(game), seed=f"shot-{game}")
    table = play_moves(table, random.Random(game), count=MOVES_IN.get(game, 4))
    assert table.status == Table.Status.ACTIVE
    return table, get_engine(game).to_act(table.state)[0]


@pytest.mark.parametrize("game", available_games())
def test_each_games_table_and_replay_on_a_phone_and_a_desktop(live_server, browser, game: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    table, seat = _live_table(game)
    player = table.seats.get(index=seat).player
    finished = play_moves(
        table_for(game, players=seat_count(game), options=short_options(game), seed=f"shot-end-{game}"),
        random.Random(f"end-{game}"),
    )
    watcher = finished.seats.get(index=0).player

    for name, size in VIEWPORTS.items():
        context = player_context(browser, live_server, player)
        page = context.new_page()
        page.set_viewport_size(size)
        page.goto(f"{live_server.url}/tables/{table.pk}/")
        page.wait_for_selector("#board")
        # the cards are SVG faces, loaded
        faces = page.locator("img.card")
        assert faces.count() > 0
        assert page.evaluate("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
        moves = page.locator("section.moves, #bidding-box, #row-builder").first
        box = moves.bounding_box()
        assert box is not None
        if name == "phone":
            # the move buttons start within the first screen, without scrolling
            assert box["y"] < size["height"], f"{game}: the moves start at {box['y']} px"
        else:
            # the seats sit around the table: not all on one line
            tops = {round(b["y"]) for b in (s.bounding_box() for s in page.locator(".seat-list .seat").all()) if b}
            assert len(tops) > 1
        page.screenshot(path=str(SHOTS / f"{game}-table-{name}.png"), full_page=True)
        context.close()

        context = player_context(browser, live_server, watcher)
        page = context.new_page()
        page.set_viewport_size(size)
        page.goto(f"{live_server.url}/tables/{finished.pk}/replay/?step={min(5, finished.version)}")
        page.wait_for_selector("#replay")
        assert page.locator(".replay-move .event").count() > 0
        assert "{" not in page.locator("#replay").inner_text()  # no raw JSON: the move in words
        page.screenshot(path=str(SHOTS / f"{game}-replay-{name}.png"), full_page=True)
        page.goto(f"{live_server.url}/tables/{finished.pk}/")
        assert page.locator(".after-links a").count() == 4
        page.screenshot(path=str(SHOTS / f"{game}-finished-{name}.png"))  # the first screen: links and result
        context.close()
