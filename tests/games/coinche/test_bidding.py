"""The auction (games/coinche/bidding.py): calls, out-of-turn coinche, end of bidding."""

import pytest

from games.coinche.bidding import (
    auction_new,
    auction_to_act,
    bid_levels,
    call_apply,
    legal_calls,
    surcoinche_order,
)
from games.coinche.engine import DEFAULT_OPTIONS
from games.core.errors import IllegalMove

OPTIONS = dict(DEFAULT_OPTIONS)
PASS = {"type": "pass"}


def _bid(points, suit="H"):
    return {"type": "bid", "points": points, "suit": suit}


def _run(calls, first=1):
    """Apply [(seat, move), ...] from a new auction; returns the auction and the last status."""
    auction, status = auction_new(first=first), "open"
    for seat, move in calls:
        auction, status = call_apply(auction, seat, move, OPTIONS)
    return auction, status


def test_k_r9_the_first_speaker_is_alone_on_turn_with_pass_bids_and_slams():
    auction = auction_new(first=1)
    assert auction_to_act(auction) == [1]
    calls = legal_calls(auction, 1, OPTIONS)
    assert calls[0] == PASS
    assert _bid(80, "S") in calls and _bid(160, "C") in calls
    assert {"type": "slam", "suit": "D"} in calls
    assert {"type": "coinche"} not in calls  # no bid to coinche yet
    assert len(calls) == 1 + 9 * 4 + 4
    assert legal_calls(auction, 2, OPTIONS) == []


def test_k_r12_k_d5_bids_run_from_80_to_160_in_steps_of_10():
    assert bid_levels(OPTIONS) == [80, 90, 100, 110, 120, 130, 140, 150, 160]
    assert bid_levels({**OPTIONS, "lowest_bid": 90, "bid_step": 20}) == [90, 110, 130, 150]


def test_k_r12_a_bid_must_be_higher_than_the_last():
    auction, _ = _run([(1, _bid(100))])
    calls = legal_calls(auction, 2, OPTIONS)
    assert _bid(100, "S") not in calls and _bid(110, "S") in calls
    with pytest.raises(IllegalMove) as error:
        call_apply(auction, 2, _bid(100, "S"), OPTIONS)
    assert error.value.code == "bid_too_low"


def test_k_r12_bids_off_the_step_or_range_are_refused():
    auction = auction_new(first=1)
    for points in (85, 70, 170, "100", True):
        with pytest.raises(IllegalMove) as error:
            call_apply(auction, 1, _bid(points), OPTIONS)
        assert error.value.code == "bad_bid"
    with pytest.raises(IllegalMove) as error:
        call_apply(auction, 1, _bid(100, "X"), OPTIONS)
    assert error.value.code == "bad_suit"


def test_k_d5_a_player_may_overbid_the_partner_and_above_160_only_slam():
    auction, status = _run([(1, _bid(150)), (2, PASS), (3, _bid(160, "S"))])
    assert status == "open" and auction["bid"] == {"seat": 3, "points": 160, "suit": "S"}
    calls = legal_calls(auction, 0, OPTIONS)
    assert [c["type"] for c in calls] == ["pass", "slam", "slam", "slam", "slam", "coinche"]


def test_k_r10_a_player_who_passed_may_bid_later():
    auction, status = _run([(1, PASS), (2, PASS), (3, PASS), (0, _bid(80)), (1, _bid(90, "S"))])
    assert status == "open"
    assert auction["bid"] == {"seat": 1, "points": 90, "suit": "S"}


def test_k_r11_four_passes_throw_the_deal_in():
    _, status = _run([(1, PASS), (2, PASS), (3, PASS), (0, PASS)])
    assert status == "thrown_in"


def test_k_r16_a_bid_followed_by_three_passes_ends_the_bidding():
    auction, status = _run([(1, PASS), (2, _bid(90)), (3, PASS), (0, PASS)])
    assert status == "open"
    auction, status = call_apply(auction, 1, PASS, OPTIONS)
    assert status == "won"
    assert auction["bid"] == {"seat": 2, "points": 90, "suit": "H"}


def test_k_r15_k_d9_slam_on_a_suit_ends_the_bidding_at_once_over_any_bid():
    auction, status = _run([(1, _bid(140)), (2, {"type": "slam", "suit": "C"})])
    assert status == "slam"
    assert auction["bid"] == {"seat": 2, "points": None, "suit": "C"}


def test_k_r14_k_d7_both_opponents_of_the_last_bidder_may_coinche_out_of_turn():
    auction, _ = _run([(1, _bid(100))])
    assert auction_to_act(auction) == [0, 2]  # seat 2 on turn, seat 0 out of turn
    assert {"type": "coinche"} in legal_calls(auction, 2, OPTIONS)
    assert legal_calls(auction, 0, OPTIONS) == [{"type": "coinche"}, PASS]
    assert legal_calls(auction, 3, OPTIONS) == []  # the bidder's partner
    auction, _ = _run([(1, _bid(100)), (2, PASS)])
    assert auction_to_act(auction) == [0, 2, 3]  # the bidder's partner on turn, both opponents may coinche
    _, status = call_apply(auction, 0, {"type": "coinche"}, OPTIONS)
    assert status == "coinched"


def test_k_r14_the_bidders_team_may_not_coinche():
    auction, _ = _run([(1, _bid(100)), (2, PASS)])
    with pytest.raises(IllegalMove) as error:
        call_apply(auction, 3, {"type": "coinche"}, OPTIONS)
    assert error.value.code == "illegal_coinche"


def test_k_d7_an_out_of_turn_pass_declines_the_coinche_until_the_next_bid():
    auction, _ = _run([(1, _bid(100))])
    auction, status = call_apply(auction, 0, PASS, OPTIONS)
    assert status == "open"
    assert auction["waived"] == [0] and auction["passes"] == 0 and auction["turn"] == 2
    assert auction_to_act(auction) == [2]
    with pytest.raises(IllegalMove) as error:
        call_apply(auction, 0, {"type": "coinche"}, OPTIONS)
    assert error.value.code == "not_your_turn"
    # on its own turn it may still coinche (K-R14: on any player's turn)
    auction, _ = _run([(1, _bid(100)), (0, PASS), (2, PASS), (3, PASS)])
    assert {"type": "coinche"} in legal_calls(auction, 0, OPTIONS)
    # a new bid gives the new opponents their out-of-turn chance
    auction, _ = call_apply(auction, 0, _bid(110), OPTIONS)
    assert auction["waived"] == [] and auction_to_act(auction) == [1, 3]


def test_k_d8_the_surcoinche_chance_goes_to_the_contracting_team_in_turn_order_from_the_coincher():
    assert surcoinche_order(0) == [1, 3]
    assert surcoinche_order(3) == [0, 2]


def test_calls_are_recorded_as_the_views_show_them():
    auction, _ = _run([(1, _bid(100)), (0, {"type": "coinche"})])
    assert auction["calls"] == [
        {"seat": 1, "type": "bid", "points": 100, "suit": "H"},
        {"seat": 0, "type": "coinche"},
    ]


def test_call_apply_does_not_change_the_auction_it_is_given():
    auction, _ = _run([(1, _bid(100))])
    before = {**auction, "calls": list(auction["calls"]), "waived": list(auction["waived"])}
    call_apply(auction, 2, _bid(110), OPTIONS)
    call_apply(auction, 0, PASS, OPTIONS)
    assert auction == before


def test_k_d9_slam_may_be_the_first_call():
    auction, status = _run([(1, {"type": "slam", "suit": "S"})])
    assert status == "slam" and auction["bid"] == {"seat": 1, "points": None, "suit": "S"}
