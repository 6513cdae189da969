"""games/court/engine.py: the state machine of a hand and of a match, through the engine protocol."""

import copy
import json
import pathlib

import pytest

from games import IllegalMove, get_engine
from games.core.cards import court_deck
from games.core.rng import shuffled
from games.court.showdown import left_of_button

ENGINE = get_engine("the-court")
WORKED_EXAMPLE = pathlib.Path(__file__).resolve().parents[3] / "seeds" / "court" / "worked_example.json"


def new(players: int = 2, seed: str = "court-test", **options) -> dict:
    return ENGINE.new_game(players=players, seed=seed, options=options)


def with_cards(state: dict, private: list[list[str]], public: list[list[str]]) -> dict:
    """The state of a hand just dealt, with `private` as each seat's 3 dealt cards and the deck stacked so that the
    public rounds deal `public` (per seat; a seat that folds in round r is given r cards); the rest of the court
    deck follows."""
    out = copy.deepcopy(state)
    size = out["players"]
    order = left_of_button([s for s in range(size) if private[s]], button=out["button"], size=size)
    head = [public[seat][r] for r in range(3) for seat in order if r < len(public[seat])]
    rest = court_deck()
    for card in [card for cards in private for card in cards] + head:
        rest.remove(card)
    out["private"] = [list(cards) for cards in private]
    out["deck"] = head + rest
    return out


def play(state: dict, *moves: tuple[int, dict]) -> dict:
    for seat, move in moves:
        state = ENGINE.apply_move(state, seat, move)
    return state


def discard_all(state: dict) -> dict:
    """Everyone still holding 3 cards drops the first of them."""
    for seat in ENGINE.to_act(state):
        state = ENGINE.apply_move(state, seat, {"type": "discard", "card": state["private"][seat][0]})
    return state


def check_round(state: dict) -> dict:
    """Everyone checks until the betting round is over."""
    start = state["round"], state["hand"]
    while not ENGINE.is_over(state) and (state["round"], state["hand"]) == start and state["phase"] == "betting":
        state = ENGINE.apply_move(state, ENGINE.to_act(state)[0], {"type": "check"})
    return state


CHECK = {"type": "check"}
CALL = {"type": "call"}
FOLD = {"type": "fold"}


def bet(amount: int) -> dict:
    return {"type": "bet", "amount": amount}


def raise_(amount: int) -> dict:
    return {"type": "raise", "amount": amount}


# --- the seed's worked example ----------------------------------------------------------------------------------


def test_c_d12_worked_example_replays_exactly():
    """C-D12 (seed section 08): pots 20, 20, 40, 80, 120; round 3 is 'P1 bets 20, P2 calls' (C-R7 wins over the
    table's 'P2 checks'); P1's Four Cards beat P2's Two Pair and P1 takes 120."""
    example = json.loads(WORKED_EXAMPLE.read_text())
    state = new(example["players"], **example["options"])
    state = with_cards(state, example["dealt"], example["public"])
    for step in example["steps"]:
        if "first_to_act" in step:
            view = ENGINE.view(state, None)
            assert view["public"] == step["public"], step["stage"]
            assert ENGINE.to_act(state) == [step["first_to_act"]], step["stage"]
            opening = [m for m in ENGINE.legal_moves(state, step["first_to_act"]) if m["type"] == "bet"]
            assert opening == [{"type": "bet", "min": 1, "max": step["bet_max"]}], step["stage"]
        else:
            assert ENGINE.view(state, None)["pot"] == step["pot"], step["stage"]
        state = play(state, *[(seat, move) for seat, move in step["moves"]])
        if state["phase"] != "over":
            assert ENGINE.view(state, None)["pot"] == step["pot"], step["stage"]
    expected = example["showdown"]
    assert ENGINE.is_over(state)
    (row,) = ENGINE.ledger(state)
    assert row["pot"] == expected["pot"]
    assert row["shown"] == expected["shown"]
    assert [hand["category"] for hand in row["hands"]] == expected["hands"]
    assert [hand["rank"] for hand in row["hands"]] == expected["ranks"]
    assert row["winners"] == expected["winners"]
    assert row["deltas"] == expected["deltas"]
    assert row["stacks"] == expected["stacks"]


def test_c_d12_the_seeds_round_3_order_is_refused():
    """C-D12: P2 may not check first in round 3 of the example: P1's pair acts first."""
    example = json.loads(WORKED_EXAMPLE.read_text())
    state = with_cards(new(2, **example["options"]), example["dealt"], example["public"])
    for step in example["steps"][:4]:
        state = play(state, *[(seat, move) for seat, move in step["moves"]])
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 1, CHECK)
    assert error.value.code == "not_your_turn"


# --- options and set-up ------------------------------------------------------------------------------------------


def test_c_r1_two_to_six_players():
    for players in range(2, 7):
        assert new(players)["players"] == players
    for players in (1, 7):
        with pytest.raises(IllegalMove) as error:
            new(players)
        assert error.value.code == "bad_options"


def test_c_d1_c_d5_c_d10_default_options():
    """C-D1 ante 10, C-D10 stack 1000 and 30 hands, C-D5 min bet 1, C-R15 kickers off; no seat stacks, and the
    button at seat 0 (C-D3)."""
    assert ENGINE.default_options() == {
        "ante": 10,
        "starting_stack": 1000,
        "hand_limit": 30,
        "min_bet": 1,
        "kickers": False,
        "seat_stacks": None,
        "button": 0,
    }
    assert ENGINE.check_options({"ante": 5}, 3) == {
        "ante": 5,
        "starting_stack": 1000,
        "hand_limit": 30,
        "min_bet": 1,
        "kickers": False,
        "seat_stacks": None,
        "button": 0,
    }


@pytest.mark.parametrize(
    "options",
    [
        {"colour": 1},
        {"ante": 0},
        {"ante": "10"},
        {"ante": True},
        {"starting_stack": 0},
        {"hand_limit": 0},
        {"min_bet": 0},
        {"kickers": 1},
        {"min_bet": 2.5},
    ],
)
def test_check_options_refuses_unknown_keys_and_bad_values(options):
    with pytest.raises(IllegalMove) as error:
        ENGINE.check_options(options, 2)
    assert error.value.code == "bad_options"


def test_c_r4_c_d1_every_player_pays_the_ante():
    """C-R4/C-D1: the same ante from everyone, 10 by default, a table setting."""
    state = new(4)
    assert state["chips"]["contrib"] == [10, 10, 10, 10]
    assert state["chips"]["stacks"] == [990, 990, 990, 990]
    assert new(3, ante=25)["chips"]["contrib"] == [25, 25, 25]


def test_c_r5_each_player_is_dealt_three_private_cards():
    state = new(3)
    assert [len(cards) for cards in state["private"]] == [3, 3, 3]
    assert state["public"] == [[], [], []]
    assert ENGINE.view(state, 1)["cards"] == sorted(state["private"][1], key="KNSCJ".index)


def test_c_d13_every_hand_is_dealt_from_the_whole_deck_shuffled_for_that_hand():
    """C-D13: hand n's deck is the 100-card deck shuffled with label deal-n; 3 cards each from the button's left."""
    state = new(3, seed="deal-check")
    deck = shuffled(court_deck(), seed="deal-check", label="deal-0")
    # the button is seat 0, so seat 1 gets the first card, then seat 2, then seat 0
    assert state["private"] == [[deck[2], deck[5], deck[8]], [deck[0], deck[3], deck[6]], [deck[1], deck[4], deck[7]]]
    assert state["deck"] == deck[9:]
    state = discard_all(state)
    while state["hand"] == 0:
        state = ENGINE.apply_move(state, ENGINE.to_act(state)[0], ENGINE.timeout_move(state, ENGINE.to_act(state)[0]))
    deck = shuffled(court_deck(), seed="deal-check", label="deal-1")
    assert state["button"] == 1
    assert state["private"][2] == [deck[0], deck[3], deck[6]]
    assert len(state["deck"]) + sum(len(cards) for cards in state["private"]) == 100


@pytest.mark.parametrize("players", range(2, 7))
def test_c_d15_nothing_but_the_order_changes_with_the_number_of_players(players):
    """C-D15: the same hand for 2 to 6 players: antes, 3 cards, a simultaneous discard, 3 public rounds."""
    state = new(players)
    assert ENGINE.view(state, None)["pot"] == 10 * players
    assert ENGINE.to_act(state) == list(range(players))
    state = discard_all(state)
    for round_number in (1, 2, 3):
        assert state["round"] == round_number
        assert [len(cards) for cards in state["public"]] == [round_number] * players
        state = check_round(state)
    assert ENGINE.is_over(state) is False
    assert state["hand"] == 1
    assert sum(ENGINE.ledger(state)[0]["deltas"]) == 0


# --- the discard step -------------------------------------------------------------------------------------------


def test_c_d2_discards_are_simultaneous_and_in_any_order():
    """C-D2: every seat may discard at once; nothing public happens until the last discard is in."""
    state = new(3)
    assert ENGINE.to_act(state) == [0, 1, 2]
    state = play(state, (2, {"type": "discard", "card": state["private"][2][0]}))
    assert ENGINE.to_act(state) == [0, 1]
    assert state["public"] == [[], [], []]
    state = play(state, (0, {"type": "discard", "card": state["private"][0][1]}))
    assert state["public"] == [[], [], []]
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 2, {"type": "discard", "card": state["private"][2][0]})
    assert error.value.code == "not_your_turn"
    state = play(state, (1, {"type": "discard", "card": state["private"][1][2]}))
    assert state["phase"] == "betting"
    assert [len(cards) for cards in state["public"]] == [1, 1, 1]


def test_c_r5_the_discard_is_dead_and_two_private_cards_remain():
    state = with_cards(new(2), [["K", "K", "J"], ["N", "S", "C"]], [["K", "K", "J"], ["N", "S", "C"]])
    state = play(state, (0, {"type": "discard", "card": "J"}), (1, {"type": "discard", "card": "C"}))
    assert sorted(state["private"][0]) == ["K", "K"]
    assert state["discards"] == ["J", "C"]
    assert ENGINE.view(state, 0)["cards"] == ["K", "K"]


def test_c_d2_discards_are_never_shown_to_anyone():
    """C-D2: face down: no view (the player's own, another's, the spectator's) carries a discarded card."""
    state = with_cards(new(2, hand_limit=1), [["K", "K", "J"], ["N", "S", "C"]], [["K", "K", "J"], ["N", "S", "N"]])
    state = play(state, (0, {"type": "discard", "card": "J"}), (1, {"type": "discard", "card": "C"}))
    for viewer in (0, 1, None):
        view = ENGINE.view(state, viewer)
        assert "discards" not in view
        assert view["discarded"] == [True, True]
    state = check_round(check_round(check_round(state)))
    assert ENGINE.is_over(state)
    for viewer in (0, 1, None):
        view = ENGINE.view(state, viewer)
        assert view["last_hand"]["shown"] == [["K", "K"], ["N", "S"]]
        assert "discards" not in view and "discards" not in view["last_hand"]
    assert "discards" not in ENGINE.ledger(state)[0]


def test_discard_refuses_a_card_not_held_and_betting_moves():
    state = with_cards(new(2), [["K", "K", "J"], ["N", "S", "C"]], [["K", "K", "J"], ["N", "S", "C"]])
    codes = []
    for move in ({"type": "discard", "card": "S"}, {"type": "discard"}, CHECK, {"type": "wave"}):
        with pytest.raises(IllegalMove) as error:
            ENGINE.apply_move(state, 0, move)
        codes.append(error.value.code)
    assert codes == ["bad_card", "bad_card", "wrong_phase", "unknown_move"]
    assert ENGINE.legal_moves(state, 0) == [{"type": "discard", "card": "K"}, {"type": "discard", "card": "J"}]


# --- rounds and betting -----------------------------------------------------------------------------------------


def three_seats(*, seat_2_folds_in_round_1: bool = False) -> dict:
    """3 players, discards done (private K K, S S, C C); public cards: seat 0 J J K, seat 1 K N N, seat 2 N S C."""
    public = [["J", "J", "K"], ["K", "N", "N"], ["N"] if seat_2_folds_in_round_1 else ["N", "S", "C"]]
    state = with_cards(new(3), [["K", "K", "J"], ["S", "S", "J"], ["C", "C", "J"]], public)
    return play(state, *[(seat, {"type": "discard", "card": "J"}) for seat in range(3)])


def test_c_r6_one_public_card_per_round_to_every_player_still_in():
    state = three_seats()
    assert state["public"] == [["J"], ["K"], ["N"]]
    state = check_round(state)
    assert state["public"] == [["J", "J"], ["K", "N"], ["N", "S"]]
    state = check_round(state)
    assert state["public"] == [["J", "J", "K"], ["K", "N", "N"], ["N", "S", "C"]]
    assert ENGINE.view(state, 2)["cards"] == ["C", "C"]  # 2 private + 3 public = 5


def test_c_r6_a_folded_player_gets_no_more_public_cards():
    state = three_seats(seat_2_folds_in_round_1=True)
    # round 1: seat 1's King acts first, then seat 2, then seat 0
    state = play(state, (1, bet(10)), (2, FOLD), (0, CALL))
    assert state["public"] == [["J", "J"], ["K", "N"], ["N"]]


def test_c_r7_the_highest_public_cards_act_first_then_to_the_left():
    state = three_seats()
    assert ENGINE.to_act(state) == [1]  # King over Noble and Jester
    state = play(state, (1, CHECK))
    assert ENGINE.to_act(state) == [2]
    state = play(state, (2, CHECK))
    assert ENGINE.to_act(state) == [0]
    state = play(state, (0, CHECK))
    assert ENGINE.to_act(state) == [0]  # round 2: J J is a pair, over K N and N S
    state = play(state, (0, CHECK), (1, CHECK), (2, CHECK))
    assert ENGINE.to_act(state) == [1]  # round 3: K N N (pair of Nobles) beats J J K (pair of Jesters)


def test_c_r7_folded_players_are_skipped():
    state = three_seats(seat_2_folds_in_round_1=True)
    state = play(state, (1, bet(15)), (2, FOLD), (0, CALL))
    state = play(state, (0, CHECK))
    assert ENGINE.to_act(state) == [1]  # seat 2 folded: after seat 0 comes seat 1
    state = play(state, (1, CHECK))
    assert state["round"] == 3


def test_c_r9_check_only_when_nobody_has_bet():
    state = three_seats()
    assert ENGINE.legal_moves(state, 1) == [CHECK, {"type": "bet", "min": 1, "max": 15}]
    state = play(state, (1, bet(5)))
    assert ENGINE.legal_moves(state, 2) == [CALL, {"type": "raise", "min": 1, "max": 17}, FOLD]
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 2, CHECK)
    assert error.value.code == "cannot_check"


def test_c_r10_c_d4_bets_and_raises_capped_at_half_the_pot():
    """C-R10/C-D4: pot 30 → bet ≤ 15; pot 45 after it → call 15 and raise ≤ 22; pot 82 → re-raise ≤ 41."""
    state = three_seats()
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 1, bet(16))
    assert error.value.code == "amount_out_of_range"
    state = play(state, (1, bet(15)))
    assert ENGINE.legal_moves(state, 2)[1] == {"type": "raise", "min": 1, "max": 22}
    state = play(state, (2, raise_(22)))
    assert ENGINE.view(state, None)["pot"] == 82
    assert ENGINE.legal_moves(state, 0)[1] == {"type": "raise", "min": 1, "max": 41}


def test_c_d5_min_bet_is_a_table_setting():
    state = with_cards(new(2, min_bet=5), [["K", "K", "J"], ["S", "S", "J"]], [["K", "K", "J"], ["N", "S", "C"]])
    state = play(state, (0, {"type": "discard", "card": "J"}), (1, {"type": "discard", "card": "J"}))
    assert ENGINE.legal_moves(state, 0) == [CHECK, {"type": "bet", "min": 5, "max": 10}]
    with pytest.raises(IllegalMove):
        ENGINE.apply_move(state, 0, bet(4))


def test_c_r11_after_a_raise_everyone_else_acts_again():
    state = three_seats()
    state = play(state, (1, CHECK), (2, bet(15)), (0, CALL))
    assert ENGINE.to_act(state) == [1]
    state = play(state, (1, raise_(30)))
    assert ENGINE.to_act(state) == [2]
    state = play(state, (2, CALL))
    assert ENGINE.to_act(state) == [0]
    state = play(state, (0, CALL))
    assert state["round"] == 2
    assert state["chips"]["contrib"] == [55, 55, 55]


def test_c_r11_the_round_ends_when_everyone_checks():
    state = three_seats()
    state = play(state, (1, CHECK), (2, CHECK), (0, CHECK))
    assert state["round"] == 2
    assert ENGINE.view(state, None)["pot"] == 30


def test_c_r12_c_d14_when_all_others_fold_the_last_player_takes_the_pot_unseen():
    """C-R12/C-D14: seat 1 bets, both others fold: seat 1 takes 45 at once and nobody shows cards."""
    state = play(three_seats(), (1, bet(15)), (2, FOLD), (0, FOLD))
    (row,) = ENGINE.ledger(state)
    assert row["end"] == "fold"
    assert row["pot"] == 45
    assert row["deltas"] == [-10, 20, -10]
    assert row["shown"] == [None, None, None]
    assert row["hands"] == [None, None, None]
    assert ENGINE.view(state, None)["last_hand"]["shown"] == [None, None, None]
    assert state["hand"] == 1


def test_c_r13_showdown_reveals_the_private_cards_of_the_players_still_in():
    """C-R13: seat 2 folded in round 1 and is not shown; seat 0's Full House (K K + J J K) beats seat 1's Two Pair."""
    state = play(three_seats(seat_2_folds_in_round_1=True), (1, bet(15)), (2, FOLD), (0, CALL))
    state = check_round(check_round(state))
    (row,) = ENGINE.ledger(state)
    assert row["end"] == "showdown"
    assert row["shown"] == [["K", "K"], ["S", "S"], None]
    assert [h and h["category"] for h in row["hands"]] == ["full_house", "two_pair", None]
    assert row["winners"] == [0]
    assert row["deltas"] == [35, -25, -10]
    assert ENGINE.view(state, None)["last_hand"]["hands"] == ["full_house", "two_pair", None]


def test_c_r16_jester_crown_doubles_the_pot_in_the_engine():
    """C-R16/C-D8: five Jesters at a showdown take the pot of 40 and a bonus of 40 from the other player."""
    state = with_cards(new(2, hand_limit=1), [["J", "J", "K"], ["K", "K", "S"]], [["J", "J", "J"], ["K", "N", "S"]])
    state = play(state, (0, {"type": "discard", "card": "K"}), (1, {"type": "discard", "card": "S"}))
    state = play(state, (1, bet(10)), (0, CALL))
    state = check_round(check_round(state))
    (row,) = ENGINE.ledger(state)
    assert row["hands"][0]["category"] == "crown"
    assert row["jester_paid"] == [0, 40]
    assert row["deltas"] == [60, -60]
    assert sum(row["deltas"]) == 0


def test_c_d8_no_jester_bonus_when_the_others_fold():
    state = with_cards(new(2, hand_limit=1), [["J", "J", "K"], ["K", "K", "S"]], [["J", "J", "J"], ["K", "N", "S"]])
    state = play(state, (0, {"type": "discard", "card": "K"}), (1, {"type": "discard", "card": "S"}))
    state = play(state, (1, bet(10)), (0, raise_(15)), (1, FOLD))
    (row,) = ENGINE.ledger(state)
    assert row["end"] == "fold"
    assert row["deltas"] == [20, -20]
    assert row["jester_paid"] == [0, 0]


# --- stacks, all-in, side pots ------------------------------------------------------------------------------------


def test_c_d9_a_stack_smaller_than_the_ante_posts_it_all_in():
    """C-D9: seat 1 ends hand 0 with 4 chips; in hand 1 it antes those 4 all-in and nobody can bet against it."""
    state = with_cards(
        new(2, ante=10, starting_stack=14), [["K", "K", "C"], ["N", "S", "J"]], [["K", "K", "J"], ["N", "S", "C"]]
    )
    state = play(state, (0, {"type": "discard", "card": "C"}), (1, {"type": "discard", "card": "J"}))
    state = check_round(check_round(check_round(state)))
    assert state["hand"] == 1
    assert state["chips"]["contrib"] == [10, 4]
    assert state["chips"]["stacks"] == [14, 0]
    state = discard_all(state)
    # no betting round can open: the hand runs to its showdown at once
    assert state["hand"] == 2 or ENGINE.is_over(state)
    assert ENGINE.ledger(state)[1]["pot"] == 14


def test_c_d9_a_player_who_cannot_cover_a_call_calls_all_in_and_side_pots_form():
    """C-D9: seat 2 came with 15 chips: after its ante it calls 15 for its last 5; it wins the main pot with a
    Crown, and the side pot between seats 0 and 1 goes to seat 0's Triple."""
    state = new(3, ante=10, starting_stack=1000)
    state["chips"]["stacks"] = [990, 990, 5]  # set-up: seat 2 came to this hand with 15 chips
    state["start_stacks"] = [1000, 1000, 15]
    state = with_cards(
        state, [["K", "K", "J"], ["S", "S", "J"], ["C", "C", "J"]], [["K", "J", "S"], ["N", "N", "J"], ["C", "C", "C"]]
    )
    state = play(state, *[(seat, {"type": "discard", "card": "J"}) for seat in range(3)])
    assert ENGINE.to_act(state) == [0]
    state = play(state, (0, bet(15)), (1, CALL), (2, CALL))
    assert state["chips"]["stacks"][2] == 0
    assert state["chips"]["contrib"] == [25, 25, 15]
    # seat 2 is all-in and never acts again: round 2 opens with seat 1 (pair of Nobles), round 3 with seat 0
    assert ENGINE.to_act(state) == [1]
    state = play(state, (1, CHECK), (0, CHECK))
    assert ENGINE.to_act(state) == [0]
    state = play(state, (0, CHECK), (1, CHECK))
    (row,) = ENGINE.ledger(state)
    assert row["pots"] == [{"amount": 45, "winners": [2]}, {"amount": 20, "winners": [0]}]
    assert row["deltas"] == [-5, -25, 30]


def test_c_d9_nobody_bets_once_all_but_one_are_all_in():
    state = new(2, ante=10, starting_stack=25)
    state = discard_all(state)
    first = ENGINE.to_act(state)[0]
    state = play(state, (first, bet(10)), (1 - first, raise_(5)))
    assert state["chips"]["stacks"][1 - first] == 0
    state = play(state, (first, CALL))
    # both all-in: the last two public cards are dealt without betting and the hand ends
    assert state["hand"] == 1 or ENGINE.is_over(state)
    assert sum(ENGINE.ledger(state)[0]["deltas"]) == 0


# --- the match ----------------------------------------------------------------------------------------------------


def test_c_d3_the_button_starts_at_seat_0_and_moves_left_skipping_busted_players():
    state = new(3)
    assert state["button"] == 0
    state = discard_all(state)
    state = check_round(check_round(check_round(state)))
    assert state["button"] == 1
    busted = copy.deepcopy(state)
    busted["busted"][2] = 0
    from games.court.engine import _next_button

    assert _next_button(busted) == 0


def test_c_d10_the_match_ends_at_the_hand_limit_and_places_by_chips():
    state = with_cards(new(2, hand_limit=1), [["K", "K", "C"], ["N", "S", "J"]], [["K", "K", "J"], ["N", "S", "C"]])
    state = play(state, (0, {"type": "discard", "card": "C"}), (1, {"type": "discard", "card": "J"}))
    state = check_round(check_round(check_round(state)))
    assert ENGINE.is_over(state)
    assert ENGINE.to_act(state) == []
    assert ENGINE.outcome(state)["placements"] == [1, 2]
    assert ENGINE.outcome(state)["scores"] == [1010, 990]
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 0, CHECK)
    assert error.value.code == "game_over"


def test_c_d10_the_match_ends_when_one_player_holds_every_chip():
    state = with_cards(
        new(2, ante=10, starting_stack=20), [["K", "K", "C"], ["N", "S", "J"]], [["K", "K", "J"], ["N", "S", "C"]]
    )
    state = play(state, (0, {"type": "discard", "card": "C"}), (1, {"type": "discard", "card": "J"}))
    state = play(state, (0, bet(10)), (1, CALL))
    assert ENGINE.is_over(state)
    outcome = ENGINE.outcome(state)
    assert outcome["scores"] == [40, 0]
    assert outcome["placements"] == [1, 2]
    assert outcome["busted"] == [None, 0]
    assert outcome["hands"] == 1


def test_c_d10_busted_players_placed_by_the_hand_they_busted_then_chips_at_its_start():
    from games.court.engine import outcome

    state = new(4)
    state["phase"] = "over"
    state["chips"]["stacks"] = [0, 0, 4000, 0]
    state["busted"] = [3, 5, None, 5]
    state["bust_stacks"] = [100, 200, 0, 200]
    assert outcome(state)["placements"] == [4, 2, 1, 2]
    state["bust_stacks"] = [100, 150, 0, 200]
    assert outcome(state)["placements"] == [4, 3, 1, 2]


def test_c_d10_the_ledger_records_every_hand_and_sums_to_zero():
    state = new(4, seed="ledger", ante=10, starting_stack=100, hand_limit=8)
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        moves = ENGINE.legal_moves(state, seat)
        sized = [m for m in moves if "max" in m]
        move = {"type": sized[0]["type"], "amount": sized[0]["max"]} if sized else moves[0]
        state = ENGINE.apply_move(state, seat, move)
    rows = ENGINE.ledger(state)
    totals = [0, 0, 0, 0]
    for index, row in enumerate(rows):
        assert row["index"] == index
        assert sum(row["deltas"]) == 0
        totals = [a + b for a, b in zip(totals, row["deltas"], strict=True)]
        assert row["totals"] == totals
        assert row["stacks"] == [100 + t for t in totals]
    assert rows[-1]["stacks"] == ENGINE.outcome(state)["scores"]
    assert sum(ENGINE.outcome(state)["scores"]) == 400


# --- timeouts, views, errors ------------------------------------------------------------------------------------


def test_c_d11_timeouts_discard_the_lowest_card_then_check_or_fold():
    state = with_cards(new(2), [["K", "C", "S"], ["N", "J", "J"]], [["K", "K", "J"], ["N", "S", "C"]])
    assert ENGINE.timeout_move(state, 0) == {"type": "discard", "card": "C"}
    assert ENGINE.timeout_move(state, 1) == {"type": "discard", "card": "J"}
    state = play(state, (0, ENGINE.timeout_move(state, 0)), (1, ENGINE.timeout_move(state, 1)))
    assert ENGINE.timeout_move(state, 0) == CHECK
    state = play(state, (0, bet(10)))
    assert ENGINE.timeout_move(state, 1) == FOLD


def test_views_hide_the_others_private_cards_and_the_deck():
    state = new(3, seed="secret")
    spectator = ENGINE.view(state, None)
    assert "cards" not in spectator and "legal_moves" not in spectator
    assert "deck" not in spectator and "seed" not in spectator
    assert spectator["private_count"] == [3, 3, 3]
    mine = ENGINE.view(state, 1)
    assert mine["cards"] == sorted(state["private"][1], key="KNSCJ".index)
    assert mine["legal_moves"] == ENGINE.legal_moves(state, 1)
    assert "secret" not in json.dumps(mine)


def test_apply_move_never_mutates_and_refuses_bad_input():
    state = three_seats()
    before = json.dumps(state, sort_keys=True)
    ENGINE.apply_move(state, 1, bet(10))
    assert json.dumps(state, sort_keys=True) == before
    for seat, move, code in [
        (0, CHECK, "not_your_turn"),
        (9, CHECK, "bad_seat"),
        (1, "check", "bad_move"),
        (1, {"type": "discard", "card": "K"}, "wrong_phase"),
        (1, {"type": "bet", "amount": "5"}, "bad_amount"),
        (1, {"type": "bet", "amount": 0}, "amount_out_of_range"),
        (1, CALL, "nothing_to_call"),
    ]:
        with pytest.raises(IllegalMove) as error:
            ENGINE.apply_move(state, seat, move)
        assert error.value.code == code
    assert json.dumps(state, sort_keys=True) == before


def test_conserved_counts_every_chip_and_twenty_cards_of_each_rank():
    state = three_seats()
    assert ENGINE.conserved(state) == {
        "chips": 3000,
        "cards_K": 20,
        "cards_N": 20,
        "cards_S": 20,
        "cards_C": 20,
        "cards_J": 20,
    }


def test_hidden_places_cover_the_deck_the_discards_and_the_others_private_cards():
    state = three_seats()
    (group,) = ENGINE.hidden_places(state, 0)
    assert ("deck", 0) in group and ("discards", 2) in group and ("private", 1, 1) in group
    assert ("private", 0, 0) not in group
    assert len(group) == len(state["deck"]) + 3 + 4
    (spectator_group,) = ENGINE.hidden_places(state, None)
    assert len(spectator_group) == len(state["deck"]) + 3 + 6


def test_timeout_move_and_view_refuse_seats_that_are_not_there_or_not_on_turn():
    state = three_seats()
    with pytest.raises(IllegalMove) as error:
        ENGINE.timeout_move(state, 0)
    assert error.value.code == "not_your_turn"
    with pytest.raises(IllegalMove) as error:
        ENGINE.view(state, 3)
    assert error.value.code == "bad_seat"
