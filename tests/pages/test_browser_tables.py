"""The table page and the replay of each game in headless Chromium: the felt, the hand and the action bar as a player
sees them, cards drawn as SVG faces, the seats round the table on a wide screen, the hand and the moves held at the
bottom of a phone's screen (390 x 844), the story told in words, and the replay drawn on a spectator's felt.

Screenshots of each game's table on a desktop and a phone, in English and Korean and in the dark scheme, and of its
replay, go to artifacts/screenshots/tables/ (docs/screenshots/tables/ with TABLE_SCREENSHOTS=docs/screenshots/tables).
"""

import random

import pytest

from games import available_games, get_engine
from league.models import Table
from tests.league.factories import table_for
from tests.league.playing import play_moves, seat_count, short_options
from tests.pages.screens import capture, player_context, shots_dir
from tests.pages.table_browser import SCREENS, chromium  # noqa: F401

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]

SHOTS = shots_dir("TABLE_SCREENSHOTS", "tables")
# moves played before the shot: into the game, where the felt and the story have something to show
MOVES_IN = {"coinche": 14, "the-court": 6, "palace-infighting": 3, "black-card": 6, "mini-poker": 6}
# (screen, language, colour scheme) of each shot
LOOKS = [
    ("desktop", "en", "light"),
    ("desktop", "ko", "light"),
    ("phone", "en", "light"),
    ("phone", "ko", "light"),
    ("desktop", "ko", "dark"),
    ("phone", "en", "dark"),
]


def _live_table(game: str) -> tuple[Table, int]:
    """A table in play a few moves in, and a seat to act at it."""
    table = table_for(game, players=seat_count(game), options=short_options(game), seed=f"shot-{game}")
    table = play_moves(table, random.Random(game), count=MOVES_IN.get(game, 4))
    assert table.status == Table.Status.ACTIVE
    return table, get_engine(game).to_act(table.state)[0]


@pytest.mark.parametrize("game", available_games())
def test_each_games_table_and_replay_on_a_phone_and_a_desktop(live_server, chromium, game: str) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    table, seat = _live_table(game)
    player = table.seats.get(index=seat).player
    for screen, language, scheme in LOOKS:
        context = player_context(chromium, live_server, player, language=language, color_scheme=scheme)
        page = context.new_page()
        page.set_viewport_size(SCREENS[screen])
        page.goto(f"{live_server.url}/tables/{table.pk}/")
        page.wait_for_selector("#board")
        # the cards are SVG faces, loaded
        assert page.locator("#board img[src*='/static/cards/']").count() > 0
        assert page.evaluate("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
        seats = page.locator(".seat-plates .seat")
        assert seats.count() == table.seats.count()
        dock = page.locator(".dock").bounding_box()
        assert dock is not None
        if screen == "phone":
            # the hand and the moves are held at the bottom of the first screen
            assert dock["y"] + dock["height"] <= SCREENS["phone"]["height"] + 1
            assert dock["y"] < SCREENS["phone"]["height"] - 40
            # and leave the felt's centre (the pot, the trick, the rows) in view above them
            centre = page.locator(".felt .centre").bounding_box()
            assert centre is not None and centre["y"] + centre["height"] <= dock["y"] + 1, (game, centre, dock)
        else:
            # the seats sit round the table, the reader at the bottom
            tops = {round(box["y"]) for box in (s.bounding_box() for s in seats.all()) if box}
            assert len(tops) > 1
            mine = page.locator(".seat-plates .seat.mine").bounding_box()
            assert mine is not None and mine["y"] >= max(tops) - 1
        capture(page, SHOTS / f"{game}-table-{screen}-{language}-{scheme}.png")
        context.close()

    finished = play_moves(
        table_for(game, players=seat_count(game), options=short_options(game), seed=f"shot-end-{game}"),
        random.Random(f"end-{game}"),
    )
    watcher = finished.seats.get(index=0).player
    context = player_context(chromium, live_server, watcher)
    page = context.new_page()
    page.set_viewport_size(SCREENS["desktop"])
    page.goto(f"{live_server.url}/tables/{finished.pk}/replay/?step={min(5, finished.version)}")
    page.wait_for_selector("#replay .felt-box")
    assert page.locator(".replay-move .event").count() > 0
    assert "{" not in page.locator("#replay").inner_text()  # no raw JSON: the move in words
    capture(page, SHOTS / f"{game}-replay-desktop.png", full_page=True)
    page.goto(f"{live_server.url}/tables/{finished.pk}/")
    assert page.locator(".after-links a").count() == 4
    context.close()
