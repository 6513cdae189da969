"""games/core/betting.py: the betting machinery of the poker-like games, checked on The Court's half-pot cap."""

import copy

import pytest

from games.core import betting
from games.core.betting import Limits
from games.core.errors import IllegalMove

HALF_POT = Limits(cap="half_pot", min_bet=1)
CHECK, CALL, FOLD = {"type": "check"}, {"type": "call"}, {"type": "fold"}


def hand(stacks: list[int], *, ante: int, order: list[int] | None = None) -> dict:
    """Chips after everyone antes, with a betting round open in `order` (seat order by default)."""
    chips = betting.new_hand(stacks)
    for seat in range(len(stacks)):
        chips = betting.post(chips, seat, ante)
    return betting.open_round(chips, order or list(range(len(stacks))))


def act(chips: dict, limits: Limits, *moves: tuple[int, dict]) -> dict:
    for seat, move in moves:
        chips = betting.apply(chips, seat, move, limits)
    return chips


def code_of(chips: dict, seat: int, move: dict, limits: Limits = HALF_POT) -> str:
    with pytest.raises(IllegalMove) as error:
        betting.apply(chips, seat, move, limits)
    return error.value.code


# --- legality ---------------------------------------------------------------------------------------------------


def test_c_r9_check_or_bet_when_nobody_has_bet():
    chips = hand([100, 100], ante=10)
    assert betting.legal_moves(chips, 0, HALF_POT) == [CHECK, {"type": "bet", "min": 1, "max": 10}]
    assert betting.legal_moves(chips, 1, HALF_POT) == []  # not on turn
    assert code_of(chips, 0, FOLD) == "cannot_fold"
    assert code_of(chips, 0, CALL) == "nothing_to_call"
    assert code_of(chips, 0, {"type": "raise", "amount": 5}) == "cannot_raise"
    assert code_of(chips, 1, CHECK) == "not_your_turn"


def test_c_r9_call_raise_or_fold_after_a_bet_and_no_check():
    chips = act(hand([100, 100], ante=10), HALF_POT, (0, {"type": "bet", "amount": 6}))
    assert betting.legal_moves(chips, 1, HALF_POT) == [CALL, {"type": "raise", "min": 1, "max": 13}, FOLD]
    assert code_of(chips, 1, CHECK) == "cannot_check"
    assert code_of(chips, 1, {"type": "bet", "amount": 5}) == "cannot_bet"


@pytest.mark.parametrize(
    ("move", "code"),
    [
        ({"type": "bet", "amount": 11}, "amount_out_of_range"),
        ({"type": "bet", "amount": 0}, "amount_out_of_range"),
        ({"type": "bet", "amount": "5"}, "bad_amount"),
        ({"type": "bet", "amount": True}, "bad_amount"),
        ({"type": "bet"}, "bad_amount"),
        ({"type": "shove"}, "unknown_move"),
        ("check", "bad_move"),
    ],
)
def test_bad_bets_are_refused(move, code):
    assert code_of(hand([100, 100], ante=10), 0, move) == code


def test_apply_leaves_its_input_untouched():
    chips = hand([100, 100, 100], ante=10)
    before = copy.deepcopy(chips)
    betting.apply(chips, 0, {"type": "bet", "amount": 15}, HALF_POT)
    assert chips == before


def test_fold_then_the_round_is_over_with_one_player_left():
    chips = act(hand([100, 100], ante=10), HALF_POT, (0, {"type": "bet", "amount": 10}), (1, FOLD))
    assert betting.live_seats(chips) == [0]
    assert betting.round_over(chips)


def test_c_r11_everyone_acts_again_after_a_raise_and_the_round_ends_when_all_have_matched():
    chips = hand([200, 200, 200], ante=10)
    chips = act(chips, HALF_POT, (0, CHECK), (1, {"type": "bet", "amount": 15}), (2, CALL))
    assert betting.to_act(chips) == 0
    chips = act(chips, HALF_POT, (0, {"type": "raise", "amount": 20}))
    assert chips["round"]["pending"] == [1, 2]
    chips = act(chips, HALF_POT, (1, CALL), (2, CALL))
    assert betting.round_over(chips)
    assert chips["contrib"] == [45, 45, 45]


def test_c_r11_the_round_ends_when_everyone_checks():
    chips = act(hand([100, 100, 100], ante=10), HALF_POT, (0, CHECK), (1, CHECK), (2, CHECK))
    assert betting.round_over(chips)


# --- the half-pot cap -------------------------------------------------------------------------------------------


def test_c_d4_pot_40_bet_at_most_20():
    """C-D4 (seed FAQ): with 40 in the pot a bet is at most 20."""
    chips = hand([100, 100], ante=20)
    assert betting.legal_moves(chips, 0, HALF_POT)[1] == {"type": "bet", "min": 1, "max": 20}
    assert code_of(chips, 0, {"type": "bet", "amount": 21}) == "amount_out_of_range"
    assert betting.pot_total(act(chips, HALF_POT, (0, {"type": "bet", "amount": 20}))) == 60


def test_c_d4_pot_55_after_a_bet_of_15_call_15_and_raise_at_most_27_then_48():
    """C-D4 (seed FAQ): the pot counts the earlier bet but not the raiser's own call: 55 // 2 = 27, not 35;
    after that raise the pot is 97 and a re-raise adds at most 48."""
    chips = act(hand([200, 200], ante=20), HALF_POT, (0, {"type": "bet", "amount": 15}))
    assert betting.pot_total(chips) == 55
    assert betting.to_call(chips, 1) == 15
    assert betting.legal_moves(chips, 1, HALF_POT)[1] == {"type": "raise", "min": 1, "max": 27}
    assert code_of(chips, 1, {"type": "raise", "amount": 28}) == "amount_out_of_range"
    chips = act(chips, HALF_POT, (1, {"type": "raise", "amount": 27}))
    assert betting.pot_total(chips) == 97
    assert betting.legal_moves(chips, 0, HALF_POT)[1] == {"type": "raise", "min": 1, "max": 48}


def test_c_d4_the_cap_rounds_down():
    chips = hand([100, 100, 100], ante=7)  # pot 21
    assert betting.legal_moves(chips, 0, HALF_POT)[1]["max"] == 10


def test_c_d9_a_bet_is_capped_by_the_stack_too():
    chips = hand([100, 18], ante=10, order=[1, 0])  # seat 1 has 8 behind, the cap is 10
    assert betting.legal_moves(chips, 1, HALF_POT)[1] == {"type": "bet", "min": 1, "max": 8}


def test_c_d5_min_bet_is_the_smallest_bet_or_raise_and_a_short_stack_may_go_all_in_for_less():
    limits = Limits(cap="half_pot", min_bet=5)
    chips = hand([100, 100], ante=10)
    assert betting.legal_moves(chips, 0, limits)[1] == {"type": "bet", "min": 5, "max": 10}
    assert code_of(chips, 0, {"type": "bet", "amount": 4}, limits) == "amount_out_of_range"
    short = hand([100, 13], ante=10, order=[1, 0])  # 3 behind: all-in for 3 is the only bet
    assert betting.legal_moves(short, 1, limits)[1] == {"type": "bet", "min": 3, "max": 3}


def test_c_d5_no_bet_when_half_the_pot_is_below_the_minimum():
    limits = Limits(cap="half_pot", min_bet=15)
    assert betting.legal_moves(hand([100, 100], ante=10), 0, limits) == [CHECK]


# --- all-in -----------------------------------------------------------------------------------------------------


def test_c_d9_calling_all_in_for_less():
    chips = hand([100, 100, 15], ante=10, order=[0, 1, 2])
    chips = act(chips, HALF_POT, (0, {"type": "bet", "amount": 15}), (1, CALL), (2, CALL))
    assert chips["contrib"] == [25, 25, 15]
    assert betting.is_all_in(chips, 2)
    assert betting.round_over(chips)


def test_c_d9_an_all_in_short_of_a_full_raise_does_not_reopen_the_betting():
    """C-D9: min raise 10; seat 2 raises all-in by 4: seats 0 and 1, who already acted, may only call or fold."""
    limits = Limits(cap="half_pot", min_bet=10)
    chips = hand([200, 200, 34], ante=10)  # seat 2: 24 behind
    chips = act(chips, limits, (0, {"type": "bet", "amount": 15}), (1, CALL))
    assert betting.legal_moves(chips, 2, limits)[1] == {"type": "raise", "min": 9, "max": 9}
    chips = act(chips, limits, (2, {"type": "raise", "amount": 9}))
    assert betting.is_all_in(chips, 2)
    assert betting.legal_moves(chips, 0, limits) == [CALL, FOLD]
    assert code_of(chips, 0, {"type": "raise", "amount": 10}, limits) == "raise_not_allowed"
    chips = act(chips, limits, (0, CALL))
    assert betting.legal_moves(chips, 1, limits) == [CALL, FOLD]
    chips = act(chips, limits, (1, CALL))
    assert betting.round_over(chips)
    assert chips["contrib"] == [34, 34, 34]


def test_a_full_raise_does_reopen_the_betting():
    limits = Limits(cap="half_pot", min_bet=10)
    chips = hand([200, 200, 200], ante=10)
    chips = act(chips, limits, (0, {"type": "bet", "amount": 15}), (1, CALL), (2, {"type": "raise", "amount": 10}))
    assert betting.legal_moves(chips, 0, limits)[1]["type"] == "raise"


def test_no_raise_when_nobody_could_answer_it():
    chips = hand([100, 20], ante=10, order=[1, 0])
    chips = act(chips, HALF_POT, (1, {"type": "bet", "amount": 10}))  # seat 1's last 10 chips
    assert betting.is_all_in(chips, 1)
    assert betting.legal_moves(chips, 0, HALF_POT) == [CALL, FOLD]


def test_no_betting_round_when_fewer_than_two_can_bet():
    chips = act(hand([100, 20], ante=10, order=[1, 0]), HALF_POT, (1, {"type": "bet", "amount": 10}), (0, CALL))
    assert betting.round_over(betting.open_round(chips, [0, 1]))


# --- pots -------------------------------------------------------------------------------------------------------


def test_c_d9_side_pots_with_three_all_ins_at_different_levels():
    """Seats 0, 1, 2 all-in for 30, 60 and 80; seat 3 covered them with 100 and seat 4 folded after 50."""
    chips = {
        "stacks": [0, 0, 0, 400, 400],
        "contrib": [30, 60, 80, 100, 50],
        "folded": [False, False, False, False, True],
        "round": None,
    }
    assert betting.side_pots(chips) == [
        {"amount": 150, "eligible": [0, 1, 2, 3], "shares": [30, 30, 30, 30, 30]},  # 30 from each of five
        # 30 each from seats 1, 2, 3 and 20 from the folded seat 4
        {"amount": 110, "eligible": [1, 2, 3], "shares": [0, 30, 30, 30, 20]},
        {"amount": 40, "eligible": [2, 3], "shares": [0, 0, 20, 20, 0]},
        {"amount": 20, "eligible": [3], "shares": [0, 0, 0, 20, 0]},  # seat 3's uncalled 20 comes back to it
    ]
    assert sum(pot["amount"] for pot in betting.side_pots(chips)) == betting.pot_total(chips)


def test_folded_chips_above_every_live_level_go_to_the_last_pot():
    chips = {"stacks": [0, 0, 0], "contrib": [20, 20, 50], "folded": [False, False, True], "round": None}
    assert betting.side_pots(chips) == [{"amount": 90, "eligible": [0, 1], "shares": [20, 20, 50]}]


def test_b_d4_pots_cut_only_at_all_in_stakes_leave_the_rest_to_players_not_all_in():
    # seat 1 is all-in for 10; seats 0 and 2 put in unequal forced shares, neither all-in
    pots = betting.pots_cut([25, 10, 5], [0, 1, 2], capped=[1])
    assert pots == [
        {"amount": 25, "eligible": [0, 1, 2], "shares": [10, 10, 5]},
        {"amount": 15, "eligible": [0, 2], "shares": [15, 0, 0]},
    ]


def test_c_d7_split_with_odd_chips_one_each_in_the_order_given():
    assert betting.split(100, [2, 0, 1]) == {2: 34, 0: 33, 1: 33}
    assert betting.split(101, [3, 1, 2]) == {3: 34, 1: 34, 2: 33}
    assert betting.split(90, [1, 0]) == {1: 45, 0: 45}


def test_pay_out_moves_the_pot_to_the_stacks():
    chips = {"stacks": [0, 50], "contrib": [40, 40], "folded": [False, False], "round": None}
    assert betting.pay_out(chips, {0: 80}) == {
        "stacks": [80, 50],
        "contrib": [0, 0],
        "folded": [False, False],
        "round": None,
    }


def test_ante_from_a_short_stack_posts_it_all_in():
    chips = betting.post(betting.new_hand([100, 4]), 1, 10)
    assert chips["stacks"] == [100, 0]
    assert chips["contrib"] == [0, 4]


def test_rotate_from_orders_seats_clockwise_from_a_start():
    assert betting.rotate_from([0, 1, 2, 4], 2, 5) == [2, 4, 0, 1]
    assert betting.rotate_from([0, 1, 4], 2, 5) == [4, 0, 1]
