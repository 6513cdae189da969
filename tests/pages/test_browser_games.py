"""Whole games through the pages in headless Chromium: a Palace Infighting series by two browser contexts, one
Coinche deal by four, and a screenshot of every game's table page (artifacts/screenshots/<game>.png)."""

import random

import pytest

from games import get_engine
from league.models import LedgerEntry, Table
from tests.league.factories import table_for
from tests.league.playing import play_moves, short_options
from tests.pages.conftest import SCREENSHOTS
from tests.pages.screens import player_context

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("browser"),
    pytest.mark.browser,
]


def _version(page: object) -> int:
    return int(page.get_attribute("#board", "data-version"))


def _page_at(page: object, url: str, version: int, *, poll: bool = False) -> None:
    """The page showing the table at `version`: by its own polling (within two polls) when `poll`, else reloaded
    when it shows an older version."""
    if poll:
        page.wait_for_selector(f'#board[data-version="{version}"]', timeout=7000)
    elif _version(page) != version:
        page.goto(url)
        page.wait_for_selector(f'#board[data-version="{version}"]')


def test_palace_infighting_series_through_two_browsers(live_server, browser):
    table = table_for("palace-infighting", players=2)
    seats = {s.index: s.player for s in table.seats.select_related("player")}
    engine = get_engine("palace-infighting")
    url = f"{live_server.url}/tables/{table.pk}/"
    contexts = [player_context(browser, live_server, seats[i]) for i in range(2)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.goto(url)
    rounds_seen = 0
    while True:
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        seat = engine.to_act(table.state)[0]
        row = engine.legal_moves(table.state, seat)[0]["cards"]
        page = pages[seat]
        # the opponent's move reaches this page by the page's own polling of the version endpoint
        _page_at(page, url, table.version, poll=True)
        for position, card in enumerate(row, start=1):
            page.select_option(f"#row-builder select[name='move.cards.{position}']", card)
        page.click("#row-builder button[type=submit]")
        page.wait_for_selector(f'#board[data-version="{table.version + 1}"]')
        rounds_seen += 1
    # five rounds, two rows each, and the match over with its results on both pages
    assert rounds_seen == 10
    assert LedgerEntry.objects.filter(table=table).count() == 5
    assert table.results.count() == 2
    for page in pages:
        _page_at(page, url, table.version)
        assert page.locator(".results tbody tr").count() == 2
        assert page.locator("#row-builder").count() == 0
        # a finished table is not polled any more
        assert page.get_attribute("#board", "hx-trigger") is None
    for context in contexts:
        context.close()


def test_coinche_deal_through_four_browsers(live_server, browser):
    table = table_for("coinche", players=4, seed="coinche-pages")
    seats = {s.index: s.player for s in table.seats.select_related("player")}
    engine = get_engine("coinche")
    url = f"{live_server.url}/tables/{table.pk}/"
    contexts = [player_context(browser, live_server, seats[i]) for i in range(4)]
    pages = [context.new_page() for context in contexts]
    for page in pages:
        page.goto(url)
    bid_made = False
    moves = plays = 0
    while not LedgerEntry.objects.filter(table=table).exists():
        table.refresh_from_db()
        seat = engine.to_act(table.state)[0]
        page = pages[seat]
        _page_at(page, url, table.version)
        legal = engine.legal_moves(table.state, seat)
        if any(m["type"] == "bid" for m in legal) and not bid_made:
            # the bidding box: the lowest bid, in hearts
            page.select_option("#bidding-box select[name='move.points']", "80")
            page.select_option("#bidding-box select[name='move.suit']", "H")
            page.click("#bidding-box button[type=submit]")
            bid_made = True
        elif legal[0]["type"] == "play":
            plays += 1
            page.click(f'button[data-move="play"][value*=\'"{legal[0]["card"]}"\']')
        else:
            page.click('button[data-move="pass"]')
        page.wait_for_selector(f'#board[data-version="{table.version + 1}"]')
        moves += 1
    table.refresh_from_db()
    row = LedgerEntry.objects.get(table=table, index=0).row
    # 32 cards played after an auction of one bid (80 hearts) and passes
    assert plays == 32
    assert moves > 32
    assert row["contract"]["points"] == 80
    assert row["contract"]["suit"] == "H"
    _page_at(pages[0], url, table.version)
    assert pages[0].locator(".ledger tbody tr").count() == 1
    for context in contexts:
        context.close()


@pytest.mark.parametrize(
    ("game", "players"),
    [("the-court", 2), ("palace-infighting", 2), ("black-card", 3), ("coinche", 4), ("mini-poker", 3)],
)
def test_table_page_screenshot(live_server, browser, game, players):
    table = table_for(game, players=players, options=short_options(game))
    table = play_moves(table, random.Random(7), count=2)
    seat = get_engine(game).to_act(table.state)[0]
    player = table.seats.get(index=seat).player
    context = player_context(browser, live_server, player)
    page = context.new_page()
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    # the seat to act sees its legal moves as buttons or forms
    assert page.locator(".moves, #row-builder, #bidding-box").count() >= 1
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{game}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 1000
    context.close()
