"""What the card table's browser tests share: one Chromium for a whole module, a signed-in page per seat, and one
move made the way a player makes it — a click on the felt, the hand or the action bar, then the confirmation —
never a form posted by the test."""

from collections.abc import Iterator

import pytest
from django.db import connections

from league.models import Table
from tests.pages.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.pages.screens import player_context

SCREENS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def chromium() -> Iterator[object]:
    """One browser for the module's tests (each test opens its own contexts): starting Chromium costs a second."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()
    connections.close_all()


class Seat:
    """A seat's player at the table in a browser context of their own."""

    def __init__(self, browser, live_server, table: Table, index: int, *, screen: str, language: str) -> None:
        self.table = table
        self.index = index
        player = table.seats.get(index=index).player
        self.context = player_context(browser, live_server, player, language=language)
        self.context.set_default_timeout(10_000)
        self.page = self.context.new_page()
        self.page.set_viewport_size(SCREENS[screen])
        self.url = f"{live_server.url}/tables/{table.pk}/"
        self.page.goto(self.url)

    def version(self) -> int:
        return int(self.page.get_attribute("#board", "data-version"))

    def at(self, version: int, *, poll: bool = False) -> None:
        """The page showing the table at `version`: by its own polling when `poll` (within two polls), else asked
        at once when it shows an older one (the poll the page would make, without waiting for its timer)."""
        if poll:
            self.page.wait_for_selector(f'#board[data-version="{version}"]', timeout=8000)
        elif self.version() != version:
            self.page.evaluate("htmx.trigger('#board', 'poll')")
            self.page.wait_for_selector(f'#board[data-version="{version}"]')

    def moved(self, before: int) -> None:
        """The move was sent and the board swapped in place (htmx), without a new page."""
        self.page.wait_for_selector(f'#board[data-version="{before + 1}"]')

    def close(self) -> None:
        self.context.close()


def confirm(page, choice, *, again: bool) -> None:
    """Select a choice, then confirm it: a second click on it (`again`) or the bar's Play/Confirm button."""
    choice.click()
    assert choice.get_attribute("aria-pressed") == "true"
    if again:
        choice.click()
    else:
        choice.locator("xpath=ancestor::form").locator(".confirm-bar [data-play]").click()


def play_a_card(seat: Seat, *, again: bool) -> str:
    """Play the first legal card of the hand by clicking it, and confirming; the card's code."""
    before = seat.version()
    card = seat.page.locator("#hand .fan .card.legal").first
    code = card.get_attribute("data-card")
    confirm(seat.page, card, again=again)
    seat.moved(before)
    return code


def press(seat: Seat, move_type: str, *, again: bool = False) -> None:
    """A labelled move of the action bar (pass, check, call...), confirmed."""
    before = seat.version()
    confirm(seat.page, seat.page.locator(f'#act button[data-move="{move_type}"]'), again=again)
    seat.moved(before)


def any_move(seat: Seat) -> str:
    """Some move through the page, as a player who wants the hand to go on would choose: a legal card of the hand
    (as many as the move takes), else a labelled move that is not a fold, else the smallest bet; its kind."""
    page = seat.page
    before = seat.version()
    hand = page.locator("#hand")
    if hand.count() and page.locator("#hand .fan .card.legal").count():
        sizes = hand.get_attribute("data-sizes") or "1"
        if hand.get_attribute("data-field") == "cards":
            for card in page.locator("#hand .fan .card.legal").all()[: int(sizes.split(",")[0])]:
                card.click()
            page.locator("#hand .confirm-bar [data-play]").click()
            seat.moved(before)
            return "cards"
        return f"card {play_a_card(seat, again=False)}"
    buttons = [b for b in page.locator("#act .buttons button").all() if b.get_attribute("data-move") != "fold"]
    if buttons:
        kind = buttons[0].get_attribute("data-move")
        confirm(page, buttons[0], again=True)
        seat.moved(before)
        return kind
    if page.locator("#act .buttons button").count():
        confirm(page, page.locator("#act .buttons button").first, again=True)
        seat.moved(before)
        return "fold"
    page.locator(".amount-move .amount-submit").first.click()
    seat.moved(before)
    return "amount"
