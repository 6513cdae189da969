"""The Mini Poker state machine: options, deals, betting, all-in, regames, timeouts, views and the match."""

import copy

import pytest

from games.core import betting
from games.core.errors import IllegalMove
from games.minipoker.engine import ENGINE

CHECK, CALL, FOLD = {"type": "check"}, {"type": "call"}, {"type": "fold"}


def bet(amount: int) -> dict:
    return {"type": "bet", "amount": amount}


def raise_(amount: int) -> dict:
    return {"type": "raise", "amount": amount}


def new(players: int = 2, seed: str = "test", **options) -> dict:
    return ENGINE.new_game(players=players, seed=seed, options=options)


def rig(state: dict, sun: int = 0, holes: dict | None = None, stacks: list | None = None) -> dict:
    """The same hand with 선 moved to `sun`, chosen hole cards and stacks (the betting round reopened from 선)."""
    state = copy.deepcopy(state)
    state["sun"] = sun
    for seat, cards in (holes or {}).items():
        state["hand"]["hole"][seat] = list(cards)
    if stacks is not None:
        state["chips"]["stacks"] = list(stacks)
        state["hand"]["start"] = [stack + state["chips"]["contrib"][seat] for seat, stack in enumerate(stacks)]
    if state["phase"] == "bet":
        order = betting.rotate_from(state["hand"]["seats"], sun, state["players"])
        state["chips"] = betting.open_round(betting.close_round(state["chips"]), order)
    return state


def play(state: dict, *moves: tuple[int, dict]) -> dict:
    for seat, move in moves:
        state = ENGINE.apply_move(state, seat, move)
    return state


def check_down(state: dict) -> dict:
    """Check (or call) until this (re)game's betting stops."""
    stage = (state["hand_no"], state["hand"]["regame"])
    while state["phase"] == "bet" and (state["hand_no"], state["hand"]["regame"]) == stage:
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply_move(state, seat, CHECK if CHECK in ENGINE.legal_moves(state, seat) else CALL)
    return state


# --- the deal --------------------------------------------------------------------------------------------------


def test_m_r3_m_d2_first_sun_is_the_highest_draw_and_the_draw_is_public() -> None:
    """M-R3, M-D2: the first hand's 선 drew the highest card (rank, then S > D > H > C); everyone sees the draw."""
    for seed in ("a", "b", "c", "d"):
        state = new(5, seed=seed)
        draw = state["hand"]["draw"]
        best = max(range(5), key=lambda seat: ("23456789TJQKA".index(draw[seat][0]), "CHDS".index(draw[seat][1])))
        assert state["sun"] == best
        assert ENGINE.view(state, None)["draw"] == draw
        assert ENGINE.to_act(state) == [best]


def test_m_r4_every_player_antes_before_the_deal() -> None:
    """M-R4: an ante of 3 from each of 3 players."""
    state = new(3, ante=3)
    assert state["chips"]["contrib"] == [3, 3, 3]
    assert state["chips"]["stacks"] == [97, 97, 97]


def test_m_r2_two_card_deals_one_card_then_a_second_after_a_betting_round() -> None:
    """M-R2: two_card: 1 private card, betting, the 2nd card, betting, showdown."""
    state = rig(new(2), sun=0)
    assert [len(cards) for cards in state["hand"]["hole"]] == [1, 1]
    state = play(state, (0, CHECK), (1, CHECK))
    assert [len(cards) for cards in state["hand"]["hole"]] == [2, 2]
    assert state["phase"] == "bet" and state["hand"]["street"] == 1


def test_m_d11_two_at_once_deals_both_cards_then_one_betting_round() -> None:
    """M-D11: two_at_once: both cards first, then one betting round before the showdown."""
    state = rig(new(2, deal="two_at_once"), sun=0, holes={0: ["AS", "AD"], 1: ["KS", "2D"]})
    state = play(state, (0, CHECK), (1, CHECK))
    assert len(ENGINE.ledger(state)) == 1
    assert ENGINE.ledger(state)[0]["deltas"] == [1, -1]


def test_m_r2_holdem_deals_one_community_card_and_asks_for_two_of_three() -> None:
    """M-R2: holdem: 2 private cards, betting, 1 community card face up, betting, then each chooses what to show."""
    state = rig(new(2, deal="holdem"), sun=0)
    assert [len(cards) for cards in state["hand"]["hole"]] == [2, 2] and state["hand"]["community"] == []
    state = play(state, (0, CHECK), (1, CHECK))
    assert len(state["hand"]["community"]) == 1
    assert ENGINE.view(state, None)["community"] == state["hand"]["community"]
    state = play(state, (0, CHECK), (1, CHECK))
    assert state["phase"] == "show" and ENGINE.to_act(state) == [0, 1]
    assert len(ENGINE.legal_moves(state, 0)) == 3


def test_m_d12_three_card_turn_up_is_chosen_at_once_and_hidden_until_all_have_chosen() -> None:
    """M-D12: everyone chooses the card to turn up at once; a choice stays hidden until all have chosen."""
    state = new(3, deal="three_card")
    state = rig(state, holes={0: ["2S", "9D"], 1: ["KS", "3D"], 2: ["5H", "6C"]})
    assert state["phase"] == "turn_up" and ENGINE.to_act(state) == [0, 1, 2]
    state = play(state, (1, {"type": "turn_up", "card": "3D"}))
    assert ENGINE.to_act(state) == [0, 2]
    other = ENGINE.view(state, 0)
    assert other["chosen"] == [False, True, False] and "3D" not in str(other)
    assert ENGINE.view(state, 1)["choice"] == "3D"
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 0, {"type": "turn_up", "card": "KS"})
    assert error.value.code == "bad_card"
    state = play(state, (0, {"type": "turn_up", "card": "9D"}), (2, {"type": "turn_up", "card": "5H"}))
    assert state["hand"]["up"] == ["9D", "3D", "5H"]
    assert state["hand"]["hole"] == [["2S"], ["KS"], ["6C"]]
    # M-R3: the highest face-up card acts first
    assert state["phase"] == "bet" and ENGINE.to_act(state) == [0]


def test_m_d3_equal_face_up_ranks_go_to_the_nearest_from_sun_or_by_suit_under_original() -> None:
    """M-D3: two face-up 9s: common: the first from 선 (seat 2 → seat 0 before seat 1); original: the spade."""
    for rules, first in (("common", 0), ("original", 1)):
        state = rig(
            new(3, deal="three_card", rules=rules), sun=2, holes={0: ["9H", "2C"], 1: ["9S", "3C"], 2: ["5S", "4C"]}
        )
        state = play(state, *[(seat, {"type": "turn_up", "card": state["hand"]["hole"][seat][0]}) for seat in range(3)])
        assert ENGINE.to_act(state) == [first], rules


def test_m_r2_three_card_shows_two_of_three_and_the_third_card_stays_hidden() -> None:
    """M-R2, M-D12: a 3rd private card after the first round; at showdown 2 of 3 are shown, the 3rd stays hidden."""
    state = rig(new(2, deal="three_card"), sun=0, holes={0: ["AS", "2C"], 1: ["KD", "KH"]})
    state = play(state, (0, {"type": "turn_up", "card": "AS"}), (1, {"type": "turn_up", "card": "KD"}))
    state = play(state, (0, CHECK), (1, CHECK))
    assert [len(cards) for cards in state["hand"]["hole"]] == [2, 2]
    state["hand"]["hole"] = [["2C", "AD"], ["KH", "QS"]]
    state = play(state, (0, CHECK), (1, CHECK))
    assert state["phase"] == "show"
    state = play(state, (1, {"type": "show", "cards": ["KD", "KH"]}))
    assert "KH" not in str(ENGINE.view(state, 0))
    state = play(state, (0, {"type": "show", "cards": ["AD", "AS"]}))
    assert ENGINE.ledger(state)[0]["deltas"] == [1, -1]
    assert ENGINE.view(state, None)["last_showdown"]["shown"] == [["AD", "AS"], ["KD", "KH"]]
    assert ENGINE.view(state, None)["last_showdown"]["hands"] == ["pair", "pair"]


# --- betting ---------------------------------------------------------------------------------------------------


def test_m_r5_check_bet_then_call_raise_or_fold() -> None:
    """M-R5: unbet: check or bet; once bet into: call, raise or fold."""
    state = rig(new(2), sun=0)
    assert [move["type"] for move in ENGINE.legal_moves(state, 0)] == ["check", "bet"]
    state = play(state, (0, bet(2)))
    assert [move["type"] for move in ENGINE.legal_moves(state, 1)] == ["call", "raise", "fold"]
    state = play(state, (1, FOLD))
    assert ENGINE.ledger(state)[0]["deltas"] == [1, -1]


def test_m_r6_m_d4_three_raises_at_most_per_round_and_the_minimum_bet_is_the_ante() -> None:
    """M-R6, M-D4 three_raises: bet, raise, raise, raise; then only call or fold. The smallest bet is the ante."""
    state = rig(new(2, ante=2), sun=0)
    assert ENGINE.legal_moves(state, 0)[1]["min"] == 2
    state = play(state, (0, bet(2)), (1, raise_(2)), (0, raise_(2)), (1, raise_(2)))
    assert [move["type"] for move in ENGINE.legal_moves(state, 0)] == ["call", "fold"]


def test_m_d4_a_raise_adds_at_least_the_previous_increment() -> None:
    """M-D4: after a bet of 5 a raise adds at least 5; after a raise of 7, at least 7."""
    state = rig(new(3, limit="no_limit"), sun=0)
    state = play(state, (0, bet(5)))
    assert ENGINE.legal_moves(state, 1)[1]["min"] == 5
    state = play(state, (1, raise_(7)))
    assert ENGINE.legal_moves(state, 2)[1]["min"] == 7
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 2, raise_(6))
    assert error.value.code == "amount_out_of_range"


def test_m_d4_max_bet_caps_every_bet_and_raise() -> None:
    """M-D4 max_bet: each bet or raise adds at most bet_cap."""
    state = rig(new(2, limit="max_bet", bet_cap=4), sun=0)
    assert ENGINE.legal_moves(state, 0)[1] == {"type": "bet", "min": 1, "max": 4}
    state = play(state, (0, bet(4)))
    assert ENGINE.legal_moves(state, 1)[1] == {"type": "raise", "min": 4, "max": 4}


def test_m_d4_pot_limit_caps_at_the_pot() -> None:
    """M-D4 pot_limit: with 3 antes in, a bet is at most 3; facing it, a raise adds at most 3 + 3 + 3 = 9."""
    state = rig(new(3, limit="pot_limit"), sun=0)
    assert ENGINE.legal_moves(state, 0)[1]["max"] == 3
    state = play(state, (0, bet(3)))
    assert ENGINE.legal_moves(state, 1)[1]["max"] == 9


def test_m_d4_no_limit_allows_the_whole_stack() -> None:
    """M-D4 no_limit: a bet may be the whole stack (an all-in)."""
    state = rig(new(2, limit="no_limit"), sun=0)
    assert ENGINE.legal_moves(state, 0)[1]["max"] == 99


def test_m_r7_all_in_wins_at_most_what_it_matched() -> None:
    """M-R7: seat 0 all-in for 4 more holds A A; seat 1 (K K) and seat 2 (Q 5) bet on: seat 0 wins the main pot of 15,
    seat 1 the side pot of 20."""
    state = new(3, deal="two_at_once", limit="no_limit")
    state = rig(state, sun=0, holes={0: ["AS", "AD"], 1: ["KS", "KD"], 2: ["QS", "5D"]}, stacks=[4, 50, 50])
    state = play(state, (0, bet(4)), (1, CALL), (2, raise_(10)), (1, CALL))
    assert ENGINE.ledger(state)[0]["deltas"] == [10, 5, -15]
    assert state["chips"]["stacks"] == [14, 55, 35]  # 15, 56, 36, less the next hand's ante


# --- showdown, ties and regames --------------------------------------------------------------------------------


def test_m_r13_equal_hands_split_the_pot_by_default() -> None:
    """M-R13: two K tops tie (M-D5) and split the antes."""
    state = rig(new(2, deal="two_at_once"), sun=0, holes={0: ["KS", "9D"], 1: ["KH", "8C"]})
    state = check_down(state)
    assert ENGINE.ledger(state)[0]["deltas"] == [0, 0]


def test_m_d2_sun_passes_to_the_winner_and_stays_after_a_split() -> None:
    """M-D2: the hand's winner is the next 선; after a split, 선 stays."""
    state = rig(new(2, deal="two_at_once"), sun=0, holes={0: ["2S", "5D"], 1: ["AH", "AC"]})
    state = check_down(state)
    assert state["sun"] == 1 and ENGINE.to_act(state) == [1]
    state = rig(state, sun=1, holes={0: ["KS", "9D"], 1: ["KH", "8C"]})
    state = check_down(state)
    assert state["sun"] == 1


def test_m_d14_tie_regame_keeps_the_pot_for_the_tied_players_only() -> None:
    """M-R13, M-D14: with tie = regame, the tied players play again for the pot; a folded player may not rejoin."""
    state = rig(
        new(3, deal="two_at_once", tie="regame"), sun=0, holes={0: ["KS", "9D"], 1: ["KH", "8C"], 2: ["2S", "3D"]}
    )
    state = play(state, (0, bet(1)), (1, CALL), (2, FOLD))
    assert state["phase"] == "bet" and state["hand"]["regame"] == 1
    assert state["hand"]["seats"] == [0, 1]
    assert state["hand"]["carried"] == [{"amount": 5, "eligible": [0, 1]}]
    assert state["chips"]["stacks"] == [98, 98, 99]  # no new ante
    assert [len(cards) for cards in state["hand"]["hole"]] == [2, 2, 0]
    state = rig(state, sun=0, holes={0: ["AS", "AD"], 1: ["KD", "2C"]})
    state = check_down(state)
    assert ENGINE.ledger(state)[0]["deltas"] == [3, -2, -1]
    assert ENGINE.ledger(state)[0]["regames"] == 1


def test_m_r19_m_d15_a_regamer_calls_a_regame_and_a_folded_player_buys_back_in() -> None:
    """M-R19, M-D15: the Regamer loses to a straight and calls a regame; the pot stays; the folded player comes back
    for the last bet; 2 cards each at once, no new ante, one betting round."""
    state = rig(new(3, deal="two_card"), sun=0)
    state = play(state, (0, CHECK), (1, CHECK), (2, CHECK))
    state = rig(state, sun=0, holes={0: ["4S", "9D"], 1: ["8C", "7D"], 2: ["KS", "2D"]})
    state = play(state, (0, bet(2)), (1, CALL), (2, FOLD))
    assert state["phase"] == "regame_call" and ENGINE.to_act(state) == [0]
    assert ENGINE.legal_moves(state, 0) == [{"type": "call_regame"}, {"type": "decline_regame"}]
    assert ENGINE.view(state, 2)["showdowns"][-1]["hands"] == ["regamer", "straight", None]
    state = play(state, (0, {"type": "call_regame"}))
    assert state["phase"] == "buy_back" and ENGINE.to_act(state) == [2]
    assert ENGINE.legal_moves(state, 2) == [{"type": "buy_back", "price": 2}, {"type": "stay_out"}]
    state = play(state, (2, {"type": "buy_back"}))
    assert state["phase"] == "bet" and state["hand"]["regame"] == 1
    assert state["hand"]["seats"] == [0, 1, 2]
    assert state["chips"]["stacks"] == [97, 97, 97]
    assert ENGINE.view(state, None)["pot"] == 9
    assert [len(cards) for cards in state["hand"]["hole"]] == [2, 2, 2]
    state = rig(state, sun=0, holes={0: ["2S", "5D"], 1: ["6C", "8D"], 2: ["AS", "AD"]})
    state = check_down(state)
    assert ENGINE.ledger(state)[0]["deltas"] == [-3, -3, 6]


def test_m_d7_declined_regame_leaves_the_result() -> None:
    """M-D7: a declined regame: the straight wins."""
    state = rig(new(2, deal="two_at_once"), sun=0, holes={0: ["4S", "9D"], 1: ["8C", "7D"]})
    state = play(state, (0, CHECK), (1, CHECK), (0, {"type": "decline_regame"}))
    assert ENGINE.ledger(state)[0]["deltas"] == [-1, 1]


def test_m_d15_a_player_who_cannot_pay_the_price_stays_out() -> None:
    """M-D15: a folded player with fewer chips than the price is not asked."""
    state = rig(
        new(3, deal="two_at_once", limit="no_limit"),
        sun=0,
        holes={0: ["4S", "9D"], 1: ["8C", "7D"], 2: ["KS", "2D"]},
        stacks=[99, 99, 5],
    )
    state = play(state, (0, bet(10)), (1, CALL), (2, FOLD), (0, {"type": "call_regame"}))
    assert state["phase"] == "bet" and state["hand"]["seats"] == [0, 1]


def test_m_d15_price_is_the_ante_when_the_last_round_was_checked_through() -> None:
    """M-D15: nobody bet in the final round: coming back costs the ante."""
    state = rig(new(3, deal="two_card", ante=2), sun=0)
    state = play(state, (0, bet(4)), (1, CALL), (2, FOLD))
    state = rig(state, sun=0, holes={0: ["4S", "9D"], 1: ["8C", "7D"]})
    state = play(state, (0, CHECK), (1, CHECK), (0, {"type": "call_regame"}))
    assert ENGINE.legal_moves(state, 2) == [{"type": "buy_back", "price": 2}, {"type": "stay_out"}]


# --- timeouts --------------------------------------------------------------------------------------------------


def test_m_d9_timeouts_check_or_fold_decline_and_stay_out() -> None:
    """M-D9: check if allowed, else fold; never call a regame; never come back."""
    state = rig(new(3, deal="two_at_once"), sun=0, holes={0: ["4S", "9D"], 1: ["8C", "7D"], 2: ["KS", "2D"]})
    assert ENGINE.timeout_move(state, 0) == CHECK
    state = play(state, (0, bet(2)))
    assert ENGINE.timeout_move(state, 1) == FOLD
    state = play(state, (1, CALL), (2, FOLD))
    assert ENGINE.timeout_move(state, 0) == {"type": "decline_regame"}
    state = play(state, (0, {"type": "call_regame"}))
    assert ENGINE.timeout_move(state, 2) == {"type": "stay_out"}


def test_m_d9_timeout_turns_up_the_higher_card_and_shows_the_best_choice() -> None:
    """M-D9: a missed turn-up shows the higher card; a missed showdown choice takes the best-ranked two."""
    state = rig(new(2, deal="three_card"), sun=0, holes={0: ["2S", "9D"], 1: ["KS", "3D"]})
    assert ENGINE.timeout_move(state, 0) == {"type": "turn_up", "card": "9D"}
    state = play(state, (0, ENGINE.timeout_move(state, 0)), (1, ENGINE.timeout_move(state, 1)))
    state = play(state, (1, CHECK), (0, CHECK))
    state["hand"]["hole"] = [["2S", "9S"], ["3D", "QH"]]
    state = check_down(state)
    assert sorted(ENGINE.timeout_move(state, 0)["cards"]) == ["9D", "9S"]


# --- the match, views, ledger ----------------------------------------------------------------------------------


def test_match_ends_at_the_hand_limit_with_a_zero_sum_ledger() -> None:
    """The table's match (docs/rules/mini-poker.md): `hands` hands; a ledger row per hand, deltas summing to zero,
    totals the stacks; placements by chips."""
    state = new(3, hands=2, deal="two_at_once")
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply_move(state, seat, ENGINE.timeout_move(state, seat))
    rows = ENGINE.ledger(state)
    assert [row["index"] for row in rows] == [0, 1]
    assert all(sum(row["deltas"]) == 0 for row in rows)
    assert rows[-1]["totals"] == state["chips"]["stacks"] and sum(rows[-1]["totals"]) == 300
    places = ENGINE.outcome(state)["placements"]
    stacks = state["chips"]["stacks"]
    assert places == [1 + sum(other > mine for other in stacks) for mine in stacks]


def test_match_ends_when_one_player_holds_every_chip_and_busts_are_placed_by_hand() -> None:
    """The match ends when one player has every chip; a later bust places above an earlier one."""
    state = new(3, deal="two_at_once", ante=2, stack=3)
    state = rig(state, sun=0, holes={0: ["AS", "AD"], 1: ["KS", "QD"], 2: ["2S", "5D"]})
    state = play(state, (0, bet(1)), (1, CALL), (2, CALL))
    assert ENGINE.ledger(state)[0]["totals"] == [9, 0, 0]
    assert ENGINE.is_over(state)
    assert ENGINE.outcome(state)["placements"] == [1, 2, 2]
    state = {**state, "busted": [None, 3, 1], "phase": "over"}
    assert ENGINE.outcome(state)["placements"] == [1, 2, 3]


def test_views_show_own_cards_only_and_never_the_deck_or_seed() -> None:
    """A seat sees its own cards and legal moves; a spectator sees no private card; no view holds the deck."""
    state = new(3, seed="secret-seed", deal="two_at_once")
    hole = state["hand"]["hole"]
    for seat in range(3):
        view = ENGINE.view(state, seat)
        assert view["cards"] == hole[seat]
        text = str(view)
        assert "secret-seed" not in text
        assert all(card not in text for other in range(3) if other != seat for card in hole[other])
        assert all(card not in text for card in state["hand"]["deck"])
    spectator = str(ENGINE.view(state, None))
    assert all(card not in spectator for cards in hole for card in cards)


def test_apply_move_refuses_moves_out_of_turn_and_garbage_without_changing_the_state() -> None:
    """IllegalMove with stable codes; the input state is untouched."""
    state = rig(new(2), sun=0)
    before = copy.deepcopy(state)
    for seat, move, code in [
        (1, CHECK, "not_your_turn"),
        (0, "check", "bad_move"),
        (0, {}, "unknown_move"),
        (0, CALL, "cannot_call"),
        (0, bet(0), "amount_out_of_range"),
        (0, {"type": "bet", "amount": "3"}, "bad_amount"),
    ]:
        with pytest.raises(IllegalMove) as error:
            ENGINE.apply_move(state, seat, move)
        assert error.value.code == code
    assert state == before


def test_conformance_variants_cover_every_deal_limit_and_rule_set() -> None:
    """The kit plays every deal, every limit, kkeut, original, tie = regame and short matches."""
    variants = [ENGINE.check_options(v, 2) for v in ENGINE.conformance_variants()]
    assert {v["deal"] for v in variants} == {"two_card", "two_at_once", "three_card", "holdem"}
    assert {v["limit"] for v in variants} == {"three_raises", "max_bet", "no_limit", "pot_limit"}
    assert {v["rules"] for v in variants} == {"common", "original"}
    assert {v["top_scoring"] for v in variants} == {"top", "kkeut"}
    assert {v["tie"] for v in variants} == {"split", "regame"}
    assert max(v["hands"] for v in variants) <= 5


def test_m_d15_an_uncalled_bet_goes_back_before_a_player_buys_back_in() -> None:
    """M-D15, M-R7: seat 1 calls all-in short; seat 0's uncalled excess returns to it when the regame is called, so
    the player coming back cannot win it; the returning player joins the rest of the pot."""
    state = rig(
        new(3, deal="two_at_once", limit="no_limit"),
        sun=0,
        holes={0: ["4S", "9D"], 1: ["8C", "7D"], 2: ["KS", "2D"]},
        stacks=[99, 5, 99],
    )
    state = play(state, (0, bet(20)), (1, CALL), (2, FOLD), (0, {"type": "call_regame"}))
    assert ENGINE.legal_moves(state, 2) == [{"type": "buy_back", "price": 20}, {"type": "stay_out"}]
    state = play(state, (2, {"type": "buy_back"}))
    # 3 antes + 5 + 5 matched, and the 20 of the returning player; seat 0's other 15 came back to it
    assert state["hand"]["carried"] == [{"amount": 33, "eligible": [0, 1, 2]}]
    assert state["chips"]["stacks"] == [94, 0, 79]


def test_m_d4_pot_limit_in_a_regame_counts_the_carried_pot() -> None:
    """M-D4, M-D14: in a tie regame for a pot of 4, the first bet may be 4."""
    state = rig(
        new(2, deal="two_at_once", tie="regame", limit="pot_limit"), sun=0, holes={0: ["KS", "9D"], 1: ["KH", "8C"]}
    )
    state = play(state, (0, bet(1)), (1, CALL))
    assert state["hand"]["regame"] == 1 and state["hand"]["carried"] == [{"amount": 4, "eligible": [0, 1]}]
    assert ENGINE.legal_moves(state, ENGINE.to_act(state)[0])[1] == {"type": "bet", "min": 1, "max": 4}


# --- issue 23 ---------------------------------------------------------------------------------------------------


def test_m_d15_m_r19_price_after_a_skipped_betting_round_is_the_last_bet_played() -> None:
    """M-D15, M-R19 (issue 23): seat 0 bets 19 all-in, seat 1 calls all-in, seat 2 folds; the second round is
    skipped (nobody can bet); seat 0's Regamer (4♠ 9♥) calls a regame against seat 1's Q top: coming back costs the
    19 the remaining players last bet (the seed: '남은 사람들이 마지막에 베팅한 금액'), not the ante."""
    # given: the seed's own deal, seat 0 the first 선
    state = new(3, seed="bb212", deal="two_card", stack=20)
    assert ENGINE.to_act(state) == [0]
    # when
    state = play(state, (0, bet(19)), (1, CALL), (2, FOLD))
    assert state["hand"]["shown"][:2] == [["4S", "9H"], ["QD", "3S"]]
    state = play(state, (0, {"type": "call_regame"}))
    # then
    assert ENGINE.legal_moves(state, 2) == [{"type": "buy_back", "price": 19}, {"type": "stay_out"}]
    assert ENGINE.view(state, None)["pot"] == 41


def test_m_r15_m_r24_flush_regamer_is_offered_a_regame_against_a_triple() -> None:
    """M-R15, M-R24 (issue 23): with the Triple on, a Triple is not of the straight-flush family: 4♥ 9♥ against
    2♠ 2♥ 2♦ is offered the regame."""
    # given: an original three-card table with the Triple; seat 0 holds 4♥ 9♥, seat 1 two 2s
    state = rig(
        new(2, rules="original", deal="three_card", triple=True), sun=0, holes={0: ["4H", "9H"], 1: ["2S", "2H"]}
    )
    state = play(state, (0, {"type": "turn_up", "card": "9H"}), (1, {"type": "turn_up", "card": "2S"}))
    state = check_down(state)
    assert state["phase"] == "show"
    state["hand"]["hole"] = [["4H", "KC"], ["2H", "2D"]]
    # when: seat 0 shows its Flush regamer, seat 1 its Triple
    state = play(
        state, (0, {"type": "show", "cards": ["4H", "9H"]}), (1, {"type": "show", "cards": ["2S", "2H", "2D"]})
    )
    # then: the Triple wins the showdown and seat 0 may call a regame
    assert state["phase"] == "regame_call" and ENGINE.to_act(state) == [0]
    assert ENGINE.legal_moves(state, 0) == [{"type": "call_regame"}, {"type": "decline_regame"}]


def test_m_r24_spade_flush_regamer_is_offered_a_regame_against_the_back_straight_flush() -> None:
    """M-R24 (issue 23): 4♠ 9♠ may regame against every straight flush but the Royal one: A♦ 2♦ is in range."""
    # given
    state = rig(
        new(2, rules="original", spade_flush_regamer=True, deal="two_at_once"),
        sun=0,
        holes={0: ["4S", "9S"], 1: ["AD", "2D"]},
    )
    # when
    state = check_down(state)
    # then
    assert state["phase"] == "regame_call" and ENGINE.to_act(state) == [0]
