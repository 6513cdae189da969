"""The phases of a hand and the match, played through the engine protocol."""

import pytest

from games.core.errors import IllegalMove
from tests.games.blackcard.helpers import (
    ENGINE,
    auto_until,
    choice_is,
    deck_for,
    game_with_deck,
    phase_is,
    play,
    reveal,
)

PUB = [["2H", "JS", "5D", "9D"], ["3S", "KH", "QH", "7C"]]
PRIV = [["4C", "TC", "2C"], ["6C", "4S", "6S"]]


def two_player_deck(after=None):
    rounds = [[[PUB[s][r], PRIV[s][r - 1]] for s in range(2)] for r in (1, 2, 3)]
    return deck_for([PUB[0][0], PUB[1][0]], rounds, after)


def test_b_r5_every_player_starts_with_100_and_antes_one():
    state = ENGINE.new_game(players=3, seed="s", options={})
    assert state["hand"]["chips"]["stacks"] == [99, 99, 99]
    assert state["hand"]["chips"]["contrib"] == [1, 1, 1]


def test_b_r6_order_cards_face_up_and_betting_from_the_highest():
    state = game_with_deck(3, deck_for(["5C", "KD", "KS"]))
    view = ENGINE.view(state, None)
    assert [row[0]["card"] for row in view["public"]] == ["5C", "KD", "KS"]
    assert view["order"] == [2, 1, 0]
    assert ENGINE.to_act(state) == [2]


def test_b_r6_pot_limit_bet_capped_at_the_pot():
    state = game_with_deck(2, two_player_deck())
    # pot 2 (antes): the opening bet is 1 to 2
    assert ENGINE.legal_moves(state, 1) == [{"type": "check"}, {"type": "bet", "min": 1, "max": 2}]
    with pytest.raises(IllegalMove) as error:
        play(state, 1, {"type": "bet", "amount": 3})
    assert error.value.code == "amount_out_of_range"


def test_b_r6_raise_capped_at_the_pot_after_the_raisers_call():
    state = game_with_deck(2, two_player_deck())
    state = play(state, 1, {"type": "bet", "amount": 2})  # pot 4, seat 0 owes 2: the raise adds up to 4 + 2
    assert ENGINE.legal_moves(state, 0) == [{"type": "call"}, {"type": "raise", "min": 1, "max": 6}, {"type": "fold"}]


def test_b_d12_check_raise_allowed_and_one_raise_each():
    state = game_with_deck(3, deck_for(["5C", "KD", "KS"]))
    state = play(state, 2, {"type": "check"})
    state = play(state, 1, {"type": "bet", "amount": 1})  # a bet, not a raise
    state = play(state, 0, {"type": "raise", "amount": 1})
    state = play(state, 2, {"type": "raise", "amount": 1})  # check-raise: seat 2's one raise
    state = play(state, 1, {"type": "raise", "amount": 1})  # the bettor still has its raise
    moves = ENGINE.legal_moves(state, 0)
    assert moves == [{"type": "call"}, {"type": "fold"}]  # seat 0 has raised already
    state = play(state, 0, {"type": "call"})
    assert ENGINE.legal_moves(state, 2) == [{"type": "call"}, {"type": "fold"}]


def test_b_r7_two_private_cards_then_a_simultaneous_reveal():
    state = auto_until(game_with_deck(2, two_player_deck()), phase_is("reveal"))
    assert ENGINE.to_act(state) == [0, 1]
    assert ENGINE.legal_moves(state, 0) == [{"type": "reveal", "card": "JS"}, {"type": "reveal", "card": "4C"}]
    state = play(state, 0, {"type": "reveal", "card": "JS"})
    # hidden until all have chosen: seat 1 and spectators only see that seat 0 is ready
    assert ENGINE.view(state, 1)["private"][0] == [None, None]
    assert ENGINE.view(state, 1)["revealed_ready"] == [True, False]
    assert ENGINE.view(state, 0)["my_reveal"] == "JS"
    assert "my_reveal" not in ENGINE.view(state, None)
    with pytest.raises(IllegalMove) as error:
        play(state, 0, {"type": "reveal", "card": "4C"})
    assert error.value.code == "not_your_turn"
    state = play(state, 1, {"type": "reveal", "card": "KH"})
    assert [[e["card"] for e in row] for row in ENGINE.view(state, None)["public"]] == [["2H", "JS"], ["3S", "KH"]]


def test_b_r7_after_round_three_four_public_and_three_private_cards():
    state = auto_until(game_with_deck(2, two_player_deck()), phase_is("reveal"))
    for r in (1, 2, 3):
        state = auto_until(state, phase_is("reveal"))
        state = reveal(state, {0: PUB[0][r], 1: PUB[1][r]})
    hand = state["hand"]
    assert [len(row) for row in hand["public"]] == [4, 4] and [len(row) for row in hand["private"]] == [3, 3]


def test_b_r8_best_public_hand_pays_nothing_others_pay_floor_pot_over_players():
    state = auto_until(
        game_with_deck(3, deck_for(["5C", "KD", "KS"], [[["2C", "3C"], ["2D", "3D"], ["2S", "3S"]]])),
        phase_is("reveal"),
    )
    state = reveal(state, {0: "2C", 1: "2D", 2: "2S"})
    share = state["hand"]["forced_share"]
    assert share == {"amount": 1, "best_hand": 2, "payers_left": [1, 0], "all_odd": [], "doubled": False}  # 3 // 3
    assert ENGINE.to_act(state) == [1]  # B-D14: payers in public-hand order, best first
    assert ENGINE.legal_moves(state, 1) == [{"type": "pay"}, {"type": "fold"}]


def test_b_d14_divisor_counts_players_dealt_in_even_after_folds():
    state = auto_until(
        game_with_deck(3, deck_for(["5C", "KD", "KS"], [[["2C", "3C"], ["2D", "3D"], ["2S", "3S"]]])),
        phase_is("reveal"),
    )
    state = reveal(state, {0: "2C", 1: "2D", 2: "2S"})
    state = play(state, 1, {"type": "fold"})
    state = play(state, 0, {"type": "pay"})
    state = reveal(state, {0: "3C", 2: "3S"})
    assert state["hand"]["forced_share"]["amount"] == 4 // 3


def test_b_d4_a_short_player_pays_what_it_has_and_stays_in_all_in():
    state = game_with_deck(2, two_player_deck(), options={"chips": 2})
    state = auto_until(state, phase_is("reveal"))
    state = reveal(state, {0: "JS", 1: "KH"})
    state = play(state, 0, {"type": "pay"})  # owes 1, has 1
    chips = state["hand"]["chips"]
    assert chips["stacks"] == [0, 1] and chips["folded"] == [False, False]
    state = reveal(state, {0: "5D", 1: "QH"})
    # all-in: asked nothing in the next share
    assert state["hand"]["phase"] == "reveal" and state["hand"]["deal_round"] == 3


def test_b_d13_all_others_fold_the_last_player_takes_the_pot_at_once():
    state = game_with_deck(2, two_player_deck())
    state = play(state, 1, {"type": "bet", "amount": 2})
    state = play(state, 0, {"type": "fold"})
    assert state["ledger"][0]["deltas"] == [-1, 1]
    assert state["last_hand"]["reason"] == "folds"
    assert state["hand"]["index"] == 1  # the next hand is dealt: no special round, no showdown


def test_b_r18_last_betting_round_in_round_three_order_pot_limit():
    state = auto_until(game_with_deck(2, two_player_deck()), phase_is("reveal"))
    for r in (1, 2, 3):
        state = auto_until(state, phase_is("reveal"))
        state = reveal(state, {0: PUB[0][r], 1: PUB[1][r]})
    state = auto_until(state, choice_is("give_up_face_card"))
    state = play(state, 1, {"type": "pick", "card": "QH"})
    assert state["hand"]["phase"] == "bet2"
    assert ENGINE.to_act(state) == [1]  # seat 1 had the best round-3 hand
    pot = state["hand"]["chips"]["contrib"]
    assert ENGINE.legal_moves(state, 1) == [{"type": "check"}, {"type": "bet", "min": 1, "max": sum(pot)}]


def test_b_d3_match_ends_at_the_hand_limit_placed_by_chips():
    state = game_with_deck(2, two_player_deck(), options={"hand_limit": 1})
    state = play(state, 1, {"type": "bet", "amount": 2})
    state = play(state, 0, {"type": "fold"})
    assert ENGINE.is_over(state) and ENGINE.to_act(state) == []
    assert ENGINE.outcome(state)["placements"] == [2, 1]
    assert ENGINE.outcome(state)["scores"] == [99, 101]
    assert ENGINE.ledger(state) == [
        {"index": 0, "deltas": [-1, 1], "totals": [99, 101], "awards": {"1": 4}, "reason": "folds"}
    ]


def test_b_d3_busted_players_placed_by_the_hand_they_busted_in():
    state = ENGINE.new_game(players=3, seed="s", options={})
    state = {**state, "stacks": [0, 0, 300], "busted": [4, 2, None], "over": True}
    state["hand"] = {**state["hand"], "phase": "done"}
    assert ENGINE.outcome(state)["placements"] == [2, 3, 1]


def test_check_options_rejects_unknown_keys_and_bad_values():
    with pytest.raises(IllegalMove) as error:
        ENGINE.check_options({"jokers": False}, 3)
    assert error.value.code == "bad_options"
    with pytest.raises(IllegalMove):
        ENGINE.check_options({"hand_limit": 0}, 3)
    assert ENGINE.check_options({}, 2) == {
        "hand_limit": 20,
        "chips": 100,
        "split": False,
        "ante": 1,
        "seat_stacks": None,
        "button": 0,
    }


def test_b_d11_timeouts_check_fold_pay_and_the_lower_new_card():
    state = game_with_deck(2, two_player_deck())
    assert ENGINE.timeout_move(state, 1) == {"type": "check"}
    bet = play(state, 1, {"type": "bet", "amount": 1})
    assert ENGINE.timeout_move(bet, 0) == {"type": "fold"}
    state = auto_until(state, phase_is("reveal"))
    assert ENGINE.timeout_move(state, 0) == {"type": "reveal", "card": "4C"}  # JS, 4C: the lower
    state = reveal(state, {0: "JS", 1: "KH"})
    assert ENGINE.timeout_move(state, 0) == {"type": "pay"}


def test_b_d11_power_choice_defaults_to_the_first_target_in_seat_order():
    deck = deck_for(
        ["2C", "4H", "7S"],
        [
            [["5C", "6C"], ["6D", "8C"], ["TD", "8D"]],
            [["9C", "JD"], ["TS", "QS"], ["3H", "2D"]],
            [["3C", "AH"], ["8H", "AD"], ["5D", "KH"]],
        ],
        ["4D"],
    )
    state = auto_until(game_with_deck(3, deck), phase_is("reveal"))
    for picks in [("5C", "6D", "TD"), ("9C", "TS", "3H"), ("3C", "8H", "5D")]:
        state = auto_until(state, phase_is("reveal"))
        state = reveal(state, dict(enumerate(picks)))
    state = auto_until(state, choice_is("name_player"))  # seat 0's club 4-flush peek (2C 5C 9C 3C)
    assert ENGINE.to_act(state) == [0]
    assert ENGINE.timeout_move(state, 0) == {"type": "target", "seat": 1}


def test_b_d11_showdown_joker_takes_the_best_declaration():
    pub = [["2H", "JS", "5D", "9D"], ["3S", "KH", "QH", "7C"]]
    priv = [["4C", "XB", "2C"], ["6C", "4S", "6S"]]
    rounds = [[[pub[s][r], priv[s][r - 1]] for s in range(2)] for r in (1, 2, 3)]
    state = game_with_deck(2, deck_for(["2H", "3S"], rounds))
    for r in (1, 2, 3):
        state = auto_until(state, phase_is("reveal"))
        state = reveal(state, {0: pub[0][r], 1: pub[1][r]})
    state = auto_until(state, lambda s: bool(s["hand"]["jokers_to_declare"]))
    assert state["hand"]["jokers_to_declare"] == [{"seat": 0, "joker": "XB", "at_showdown": True}]
    # seat 0 (2H 5D 9D after the K power, private 4C XB 2C): the best is a third 2 (2S)
    assert ENGINE.timeout_move(state, 0) == {"type": "declare", "card": "XB", "as": "2S"}
    assert ENGINE.view(state, 1)["private"][0] == ["4C", "XB", "2C"]  # every live hand is shown


def test_b_d17_a_community_joker_is_declared_by_the_first_player_in_special_order():
    pub = [["2C", "4D", "8H", "TH"], ["3C", "5D", "9H", "7D"]]
    priv = [["5C", "KS", "QS"], ["AC", "JD", "2S"]]
    rounds = [[[pub[s][r], priv[s][r - 1]] for s in range(2)] for r in (1, 2, 3)]
    state = game_with_deck(2, deck_for(["2C", "3C"], rounds, ["XR"]))
    for r in (1, 2, 3):
        state = auto_until(state, phase_is("reveal"))
        state = reveal(state, {0: pub[0][r], 1: pub[1][r]})
    state = auto_until(state, lambda s: bool(s["hand"]["jokers_to_declare"]))
    assert state["hand"]["community"] == ["XR"]
    assert ENGINE.to_act(state) == [1]  # seat 1 opens the special round (lowest hand)
    assert ENGINE.timeout_move(state, 1) == {"type": "declare", "card": "XR", "as": "AD"}
    state = play(state, 1, {"type": "declare", "card": "XR", "as": "6H"})
    assert state["hand"]["discards"] == ["5C"]  # 5-6-7 for seat 1 with the joker as 6H


def test_b_d19_a_power_names_only_other_players_still_in():
    deck = deck_for(
        ["2C", "4H", "7S"],
        [
            [["5C", "6C"], ["6D", "8C"], ["TD", "8D"]],
            [["9C", "JD"], [], ["3H", "2D"]],
            [["3C", "AH"], [], ["5D", "KH"]],
        ],
        ["4D"],
    )
    state = auto_until(game_with_deck(3, deck), phase_is("reveal"))
    state = reveal(state, {0: "5C", 1: "6D", 2: "TD"})
    state = play(state, 1, {"type": "fold"})  # seat 1 folds its share
    for picks in [{0: "9C", 2: "3H"}, {0: "3C", 2: "5D"}]:
        state = auto_until(state, phase_is("reveal"))
        state = reveal(state, picks)
    state = auto_until(state, choice_is("name_player"))
    assert ENGINE.legal_moves(state, 0) == [{"type": "target", "seat": 2}, {"type": "decline"}]


def test_b_r17_discards_are_shown_to_everyone():
    state = auto_until(game_with_deck(2, two_player_deck()), phase_is("reveal"))
    for r in (1, 2, 3):
        state = auto_until(state, phase_is("reveal"))
        state = reveal(state, {0: PUB[0][r], 1: PUB[1][r]})
    state = play(auto_until(state, choice_is("give_up_face_card")), 1, {"type": "pick", "card": "QH"})
    assert ENGINE.view(state, None)["discards"] == ["QH", "JS"]


def test_b_r19_split_setting_divides_a_tied_pot():
    state = ENGINE.new_game(players=2, seed="s", options={"split": True})
    from games.blackcard.engine import _finish_showdown

    hand = state["hand"]
    hand.update(
        {
            "public": [["9S", "9C", "5D", "4D", "2C"], ["9D", "9H", "5S", "4S", "2S"]],
            "private": [[], []],
            "peeked_by": [[], []],
            "order_card_ranking": [1, 0],
            "round3_ranking": [1, 0],
        }
    )
    hand["chips"]["contrib"] = [2, 1]
    hand["chips"]["stacks"] = [98, 99]
    _finish_showdown(state, [])
    assert state["ledger"][0]["awards"] == {"0": 1, "1": 2}  # the odd chip to the order-card winner (seat 1)


def test_apply_move_refuses_garbage_and_changes_nothing():
    state = game_with_deck(2, two_player_deck())
    for move in ({"type": "nonsense"}, {}, "x", {"type": "reveal", "card": "2H"}):
        with pytest.raises(IllegalMove):
            play(state, 1, move)
    with pytest.raises(IllegalMove) as error:
        play(state, 0, {"type": "check"})
    assert error.value.code == "not_your_turn"


def test_b_r3_an_order_card_joker_is_declared_before_the_betting_order_is_set():
    state = game_with_deck(3, deck_for(["XR", "KD", "KS"]))
    assert ENGINE.to_act(state) == [0] and state["hand"]["phase"] == "order"
    assert ENGINE.legal_moves(state, 0)[:2] == [
        {"type": "declare", "card": "XR", "as": "AD"},
        {"type": "declare", "card": "XR", "as": "AH"},
    ]
    state = play(state, 0, {"type": "declare", "card": "XR", "as": "KH"})
    # KS > KD > KH (B-R2)
    assert state["hand"]["order_card_ranking"] == [2, 1, 0] and ENGINE.to_act(state) == [2]
    assert ENGINE.view(state, None)["public"][0] == [{"card": "XR", "as": "KH", "counts": True}]


def test_views_never_show_another_seats_private_cards_or_the_deck():
    state = auto_until(game_with_deck(2, two_player_deck()), phase_is("reveal"))
    assert ENGINE.view(state, 0)["private"] == [["JS", "4C"], [None, None]]
    assert ENGINE.view(state, None)["private"] == [[None, None], [None, None]]
    assert "deck" not in ENGINE.view(state, None) and "seed" not in ENGINE.view(state, 0)
    assert "legal_moves" not in ENGINE.view(state, None)
