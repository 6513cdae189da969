"""Moves that take cards from the hand, played on the card table in headless Chromium by selecting cards: a round of
Palace Infighting by two browser contexts (each lays a row of five cards, clicked in order and then confirmed) and a
hand of Black Card by three (the card to reveal chosen in the hand; bets, shares and powers from the action bar).
No test posts a move form itself."""

import pytest

from games import get_engine
from league.models import LedgerEntry
from tests.league.factories import table_for
from tests.pages.table_browser import Seat, any_move, chromium  # noqa: F401

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]


def test_a_palace_round_by_selecting_five_cards_in_order(live_server, chromium):  # noqa: F811
    table = table_for("palace-infighting", players=2, seed="felt-palace")
    engine = get_engine("palace-infighting")
    seats = [Seat(chromium, live_server, table, i, screen="desktop", language="en") for i in range(2)]
    laid = {}
    for seat in seats:
        table.refresh_from_db()
        seat.at(table.version)
        page = seat.page
        hand = page.locator("#hand")
        assert (hand.get_attribute("data-pick"), hand.get_attribute("data-sizes")) == ("row", "5")
        cards = page.locator("#hand .fan .card.legal").all()
        order = [cards[i] for i in (4, 0, 3, 1, 2)]  # in an order of the player's own, not the hand's
        for number, card in enumerate(order, start=1):
            card.click()
            assert card.get_attribute("data-order") == str(number)
        # a second click takes a card back, and the row is short again
        order[-1].click()
        assert page.locator(".confirm-bar [data-play]").is_disabled()
        order[-1].click()
        laid[seat.index] = [card.get_attribute("data-card") for card in order]
        before = seat.version()
        page.locator("#hand .confirm-bar [data-play]").click()
        seat.moved(before)
    # both rows in: the round is played, each row as it was laid, in its order
    assert LedgerEntry.objects.filter(table=table).count() == 1
    table.refresh_from_db()
    assert engine.view(table.state, None)["played"][0]["rows"] == [laid[0], laid[1]]
    seats[0].at(table.version)
    assert seats[0].page.locator(".front.at-0 .row-shown img.card").count() == 5
    for seat in seats:
        seat.close()


def test_a_black_card_hand_by_selecting_cards(live_server, chromium):  # noqa: F811
    table = table_for("black-card", players=3, seed="felt-black", options={"hand_limit": 1})
    engine = get_engine("black-card")
    seats = [Seat(chromium, live_server, table, i, screen="phone", language="en") for i in range(3)]
    kinds = []
    while not LedgerEntry.objects.filter(table=table).exists():
        table.refresh_from_db()
        seat = seats[engine.to_act(table.state)[0]]
        seat.at(table.version)
        kinds.append(any_move(seat))
        assert len(kinds) < 80
    # the reveals were cards chosen in the hand; the hand is over and in the ledger
    assert any(kind.startswith("card ") for kind in kinds)
    for seat in seats:
        seat.close()
