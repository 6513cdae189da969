"""games/court/showdown.py: pots and side pots, splits, the Jester's Crown bonus."""

import random

from games.core import betting
from games.court.hands import hand_key
from games.court.showdown import jester_bonus, left_of_button, settle


def keys(**cards: str) -> dict[int, tuple]:
    """Hand keys by seat, e.g. keys(s0="KKKKJ", s1="NNSSC")."""
    return {int(name[1:]): hand_key(list(text)) for name, text in cards.items()}


def test_the_pots_settled_are_the_side_pots_of_the_betting_machinery():
    """C-D9: a showdown pays exactly the pots of `betting.side_pots` (the one pot arithmetic), whose shares add up,
    pot by pot, to the pot and, seat by seat, to what the seat put in."""
    rng = random.Random(7)
    for _ in range(300):
        size = rng.randint(2, 6)
        contrib = [rng.choice([0, 5, 10, 10, 25, 40, 40]) for _seat in range(size)]
        folded = [rng.random() < 0.3 for _seat in range(size)]
        if all(folded) or not any(contrib[s] for s in range(size) if not folded[s]):
            continue
        chips = {"stacks": [0] * size, "contrib": contrib, "folded": folded, "round": None}
        pots = betting.side_pots(chips)
        assert all(sum(pot["shares"]) == pot["amount"] for pot in pots)
        assert [sum(column) for column in zip(*(pot["shares"] for pot in pots), strict=True)] == contrib
        live = [seat for seat in range(size) if not folded[seat]]
        result = settle(
            contrib=contrib,
            folded=folded,
            stacks=[0] * size,
            keys={seat: (0, (), ()) for seat in live},
            jester=set(),
            button=0,
        )
        assert [{"amount": pot["amount"], "eligible": pot["eligible"]} for pot in result["pots"]] == [
            {"amount": pot["amount"], "eligible": pot["eligible"]} for pot in pots
        ]
        assert sum(result["stacks"]) == sum(contrib)


def test_c_r13_the_best_hand_takes_the_pot():
    """C-R13 (and the seed's example): Four Cards beat Two Pair; the winner takes all 120."""
    result = settle(
        contrib=[60, 60],
        folded=[False, False],
        stacks=[940, 940],
        keys=keys(s0="KKKKJ", s1="NNSSC"),
        jester=set(),
        button=0,
    )
    assert result["stacks"] == [1060, 940]
    assert result["pots"] == [{"amount": 120, "eligible": [0, 1], "winners": [0]}]
    assert result["jester_paid"] == [0, 0]


def test_c_r15_equal_hands_split_the_pot():
    """C-R15: still equal after the combination's ranks: the tied players split."""
    result = settle(
        contrib=[50, 50, 50],
        folded=[False, False, False],
        stacks=[0, 0, 0],
        keys=keys(s0="KKNCJ", s1="KKSCJ", s2="NNKSJ"),
        jester=set(),
        button=0,
    )
    assert result["stacks"] == [75, 75, 0]


def test_c_d7_odd_chips_go_one_each_to_the_tied_winners_from_the_buttons_left():
    """C-D7: 100 split three ways is 34/33/33; with the button at seat 1 the odd chip goes to seat 2."""
    contrib = [25, 25, 25, 25]
    tie = keys(s0="KNSCJ", s1="JCSNK", s2="KNSCJ", s3="KKKKN")
    result = settle(
        contrib=contrib, folded=[False, False, False, True], stacks=[0, 0, 0, 0], keys=tie, jester=set(), button=1
    )
    assert result["stacks"] == [33, 33, 34, 0]
    assert result["pots"][0]["winners"] == [2, 0, 1]
    # two odd chips with the button at seat 0: seats 1 and 2 get them
    result = settle(
        contrib=[25, 25, 25, 26],
        folded=[False, False, False, True],
        stacks=[0, 0, 0, 0],
        keys=tie,
        jester=set(),
        button=0,
    )
    assert result["stacks"] == [33, 34, 34, 0]


def test_c_d9_side_pots_each_go_to_the_best_hand_eligible():
    """C-D9: seat 0 all-in for 20 with the best hand wins the main pot only; the side pot goes to seat 2."""
    result = settle(
        contrib=[20, 50, 50],
        folded=[False, False, False],
        stacks=[0, 10, 10],
        keys=keys(s0="KKKKN", s1="SSCCJ", s2="SSSKJ"),
        jester=set(),
        button=0,
    )
    assert result["pots"] == [
        {"amount": 60, "eligible": [0, 1, 2], "winners": [0]},
        {"amount": 60, "eligible": [1, 2], "winners": [2]},
    ]
    assert result["stacks"] == [60, 10, 70]


def test_c_d9_folded_chips_stay_in_the_pots_they_reached():
    """C-D9: a folded seat's 30 fills the main pot (20 of it) and the side pot (10); it is eligible for neither."""
    result = settle(
        contrib=[20, 30, 50],
        folded=[False, True, False],
        stacks=[0, 5, 5],
        keys=keys(s0="KKKKN", s2="SSSKJ"),
        jester=set(),
        button=0,
    )
    assert result["pots"] == [
        {"amount": 60, "eligible": [0, 2], "winners": [0]},
        {"amount": 40, "eligible": [2], "winners": [2]},
    ]
    assert result["stacks"] == [60, 5, 45]


def test_c_r16_jester_crown_takes_double_the_pot_heads_up():
    """C-R16/C-D8: the holder receives the pot (120) and a bonus equal to it from the other player."""
    result = settle(
        contrib=[60, 60],
        folded=[False, False],
        stacks=[940, 940],
        keys=keys(s0="JJJJJ", s1="NNSSC"),
        jester={0},
        button=0,
    )
    assert result["stacks"] == [940 + 120 + 120, 940 - 120]
    assert result["jester_paid"] == [0, 120]


def test_c_d8_bonus_is_paid_in_proportion_to_what_each_put_in_odd_chips_from_the_buttons_left():
    """C-D8: pot 70 (holder 30, seat 1 30, seat 2 10 then folded): 52.5 and 17.5 round down to 52 and 17;
    the odd chip comes from the first payer left of the button (seat 2 with the button at seat 1)."""
    parts = jester_bonus(amount=70, shares=[30, 30, 10], holder=0, stacks=[0, 500, 500], button=1)
    assert parts == {1: 52, 2: 18}
    parts = jester_bonus(amount=70, shares=[30, 30, 10], holder=0, stacks=[0, 500, 500], button=0)
    assert parts == {1: 53, 2: 17}


def test_c_d8_bonus_capped_at_the_payers_stack_without_passing_on_the_shortfall():
    """C-D8: seat 1 owes 60 but has 25 left: it pays 25; seat 2 still pays only its own 60."""
    result = settle(
        contrib=[40, 40, 40],
        folded=[False, False, False],
        stacks=[100, 25, 200],
        keys=keys(s0="JJJJJ", s1="KKKKN", s2="NNSSC"),
        jester={0},
        button=0,
    )
    assert result["jester_paid"] == [0, 25, 60]
    assert result["stacks"] == [100 + 120 + 85, 0, 140]


def test_c_d8_no_bonus_on_a_tie():
    """C-D8: two Jester Crowns tie; they split and nobody pays a bonus (a Jester Crown also ties only itself)."""
    result = settle(
        contrib=[30, 30, 30],
        folded=[False, False, False],
        stacks=[100, 100, 100],
        keys=keys(s0="JJJJJ", s1="JJJJJ", s2="KKNNS"),
        jester={0, 1},
        button=0,
    )
    assert result["stacks"] == [145, 145, 100]
    assert result["jester_paid"] == [0, 0, 0]


def test_c_d6_a_jester_crown_is_the_lowest_crown():
    """C-D6/C-R16: a King Crown beats it, so no bonus is due to the loser."""
    result = settle(
        contrib=[30, 30],
        folded=[False, False],
        stacks=[100, 100],
        keys=keys(s0="JJJJJ", s1="KKKKK"),
        jester={0},
        button=0,
    )
    assert result["stacks"] == [100, 160]
    assert result["jester_paid"] == [0, 0]


def test_c_d8_with_side_pots_the_bonus_applies_to_each_pot_the_holder_wins():
    """C-D8: the holder, all-in for 20, wins the main pot (60) and is paid 60 by its other contributors; the side
    pot it cannot win carries no bonus."""
    result = settle(
        contrib=[20, 50, 50],
        folded=[False, False, False],
        stacks=[0, 100, 100],
        keys=keys(s0="JJJJJ", s1="SSCCJ", s2="SSSKJ"),
        jester={0},
        button=0,
    )
    assert result["jester_paid"] == [0, 30, 30]
    assert result["stacks"] == [60 + 60, 70, 100 + 60 - 30]


def test_c_d8_a_pot_only_the_holder_could_win_earns_no_bonus():
    """C-D8: the part of the holder's bet nobody called is returned, not won at a showdown."""
    result = settle(
        contrib=[80, 50],
        folded=[False, False],
        stacks=[0, 100],
        keys=keys(s0="JJJJJ", s1="SSCCJ"),
        jester={0},
        button=0,
    )
    assert result["pots"] == [
        {"amount": 100, "eligible": [0, 1], "winners": [0]},
        {"amount": 30, "eligible": [0], "winners": [0]},
    ]
    assert result["jester_paid"] == [0, 100]
    assert result["stacks"] == [130 + 100, 0]


def test_left_of_button_orders_seats_from_the_buttons_left():
    assert left_of_button([0, 1, 2, 3], button=1, size=4) == [2, 3, 0, 1]
    assert left_of_button([0, 3], button=3, size=5) == [0, 3]


def test_c_d8_each_payer_is_capped_at_its_stack_after_every_pot_of_the_hand_is_paid():
    """C-D8 (issue 23, item 5): the cap is the payer's stack once every pot of the hand is paid.

    given: the holder (seat 0) all-in for 20 with a Jester's Crown; seats 1 and 2 put in 50 each, seat 1 with 10
    chips behind and seat 2 with none; seat 2's Triple beats seat 1's Two Pair for the side pot of 60.
    when: the hand is settled.
    then: the main pot of 60 goes to the holder and its bonus of 60 is owed 30 and 30; seat 1, whose stack after
    every pot is paid is 10, pays only those 10 (nobody makes up the other 20); seat 2, which held nothing before
    the pots but 60 after the side pot, pays its 30 in full.
    """
    result = settle(
        contrib=[20, 50, 50],
        folded=[False, False, False],
        stacks=[0, 10, 0],
        keys=keys(s0="JJJJJ", s1="SSCCJ", s2="SSSKJ"),
        jester={0},
        button=0,
    )
    assert result["pots"] == [
        {"amount": 60, "eligible": [0, 1, 2], "winners": [0]},
        {"amount": 60, "eligible": [1, 2], "winners": [2]},
    ]
    assert result["jester_paid"] == [0, 10, 30]
    assert result["jester_bonuses"] == [
        {"pot": 0, "seat": 1, "winner": 0, "amount": 10},
        {"pot": 0, "seat": 2, "winner": 0, "amount": 30},
    ]
    assert result["stacks"] == [60 + 10 + 30, 0, 60 - 30]
    assert sum(result["stacks"]) == sum([20, 50, 50]) + 10
