"""Whole hands played on the card table in headless Chromium, in Korean, on a desktop (1366x900) and a phone
(390x844), every move made as a player makes it (a click, then the confirmation): a Coinche deal by four browser
contexts (the bidding box, then 32 cards clicked on the felt) and a Mini Poker hand by three (the bet slider and its
presets). No test posts a move form itself."""

import json

import pytest

from games import get_engine
from league.models import LedgerEntry
from tests.league.factories import table_for
from tests.pages.table_browser import Seat, any_move, chromium, confirm, play_a_card, press  # noqa: F401

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_coinche_deal_through_the_bidding_box_and_the_felt(live_server, chromium, screen):  # noqa: F811
    table = table_for("coinche", players=4, seed=f"felt-{screen}")
    engine = get_engine("coinche")
    seats = [Seat(chromium, live_server, table, i, screen=screen, language="ko") for i in range(4)]
    assert seats[0].page.locator("html").get_attribute("lang") == "ko"
    bid = polled = False
    plays = 0
    while not LedgerEntry.objects.filter(table=table).exists():
        table.refresh_from_db()
        seat = seats[engine.to_act(table.state)[0]]
        seat.at(table.version, poll=bid and not polled)
        polled = polled or bid
        legal = engine.legal_moves(table.state, seat.index)
        if legal[0]["type"] == "play":
            page = seat.page
            # the hand marks exactly the legal cards, and a refused card says why
            marked = {c.get_attribute("data-card") for c in page.locator("#hand .fan .card.legal").all()}
            assert marked == {m["card"] for m in legal}
            refused = page.locator("#hand .fan .card.illegal")
            if refused.count():
                refused.first.click(force=True)  # dimmed (aria-disabled), yet a tap says why
                assert page.locator("#card-reason").is_visible()
                assert (
                    "무늬" in page.locator("#card-reason").inner_text()
                    or "트럼프" in page.locator("#card-reason").inner_text()
                )
            code = play_a_card(seat, again=plays % 2 == 0)
            plays += 1
            # the card lands on the felt in front of its player (or its trick, just won, stays there)
            assert seat.page.locator(".front.at-0 img.card").count() == 1
            assert code not in {c.get_attribute("data-card") for c in seat.page.locator("#hand .fan .card").all()}
        elif not bid and any(m["type"] == "bid" for m in legal):
            box = seat.page.locator("#bidding-box")
            assert box.locator("caption").inner_text() == "내 콜"
            cell = box.locator(f"button.cell[value='{json.dumps({'type': 'bid', 'points': 80, 'suit': 'H'})}']")
            before = seat.version()
            confirm(seat.page, cell, again=False)
            seat.moved(before)
            bid = True
        else:
            press(seat, "pass", again=True)
    # 32 cards, after an auction of one bid (80 hearts) and passes; the deal's row in the ledger
    row = LedgerEntry.objects.get(table=table, index=0).row
    assert plays == 32
    assert (row["contract"]["points"], row["contract"]["suit"]) == (80, "H")
    table.refresh_from_db()
    seats[0].at(table.version)
    assert seats[0].page.locator(".ledger tbody tr").count() == 1
    # the story tells each trick once, on one line with its cards
    assert seats[0].page.locator(".story .ev-trick").count() >= 1
    for seat in seats:
        seat.close()


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_mini_poker_hand_with_the_bet_slider_and_its_presets(live_server, chromium, screen):  # noqa: F811
    table = table_for("mini-poker", players=3, seed=f"felt-mp-{screen}", options={"hands": 2, "stack": 40})
    engine = get_engine("mini-poker")
    seats = [Seat(chromium, live_server, table, i, screen=screen, language="ko") for i in range(3)]
    presets_used = slider_used = False
    moves = 0
    while not LedgerEntry.objects.filter(table=table).exists():
        table.refresh_from_db()
        seat = seats[engine.to_act(table.state)[0]]
        seat.at(table.version)
        page = seat.page
        amount = page.locator("form.amount-move").first
        if amount.count() and not (presets_used and slider_used):
            (move,) = [m for m in engine.legal_moves(table.state, seat.index) if "min" in m]
            number = amount.locator("input[data-amount]")
            if not slider_used:
                # the slider moves the number, and the number is what is sent
                amount.locator("input[data-amount-slider]").fill(str(move["max"]))
                assert number.input_value() == str(move["max"])
                slider_used = True
            presets = amount.locator("[data-preset]")
            offered = engine.choices(table.state, seat.index)["presets"][move["type"]]
            # each preset the engine offers, and none other: min, ½ pot, pot, all-in where legal
            assert presets.count() == len({p["amount"] for p in offered})
            presets.first.click()
            assert number.input_value() == str(offered[0]["amount"])
            assert amount.locator("[data-amount-echo]").inner_text() == str(offered[0]["amount"])
            before = seat.version()
            amount.locator(".amount-submit").click()
            seat.moved(before)
            played = table.moves.order_by("-seq").first().payload
            assert played == {"type": move["type"], "amount": offered[0]["amount"]}
            presets_used = True
        else:
            any_move(seat)
        moves += 1
        assert moves < 60
    assert presets_used and slider_used
    for seat in seats:
        seat.close()
