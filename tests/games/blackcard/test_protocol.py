"""What Black Card declares to the league (games/core/protocol.py): options and their roles, teams, the secret
step, strict moves, refusals in words, the bot, and a tournament table's start from carried stacks."""

import random
from typing import Any

import pytest

from games.core import conformance
from games.core.errors import IllegalMove
from games.core.events import visible
from tests.games.blackcard.helpers import ENGINE, auto_until, deck_for, game_with_deck, phase_is, play, reveal


def test_title_and_teams():
    assert ENGINE.title == "Black Card"
    assert all(ENGINE.teams(players) is None for players in range(2, 6))


def test_options_schema_keeps_every_option_and_default_and_declares_the_roles():
    schema = {option["name"]: option for option in ENGINE.options_schema()}
    assert {name: option["default"] for name, option in schema.items()} == {
        "hand_limit": 20,
        "chips": 100,
        "split": False,
        "ante": 1,
        "seat_stacks": None,
        "button": 0,
    }
    assert {name: option.get("role") for name, option in schema.items()} == {
        "hand_limit": "hand_limit",
        "chips": "stack",
        "split": None,
        "ante": "forced_bet",
        "seat_stacks": "seat_stacks",
        "button": "button",
    }
    assert {name: option["rule"] for name, option in schema.items()} == {
        "hand_limit": "B-D3",
        "chips": "B-R5",
        "split": "B-D10",
        "ante": "B-R5",
        "seat_stacks": "B-R5",
        "button": "B-R6",
    }
    assert schema["seat_stacks"]["kind"] == "seat_ints" and schema["seat_stacks"]["min"] == 1
    assert (schema["button"]["min"], schema["button"]["max"]) == (0, 4)
    assert all(option["label"] and option["help"] for option in schema.values())
    assert ENGINE.default_options() == {name: option["default"] for name, option in schema.items()}


@pytest.mark.parametrize(
    "options",
    [
        {"button": 3},
        {"seat_stacks": [10, 10]},
        {"seat_stacks": [10, 0, 10]},
        {"ante": 0},
        {"chips": "100"},
        {"jokers": False},
    ],
)
def test_check_options_refuses_a_bad_value_for_three_players(options: dict[str, Any]):
    with pytest.raises(IllegalMove) as error:
        ENGINE.check_options(options, 3)
    assert error.value.code == "bad_options"


def test_b_r5_t_r14_the_ante_is_the_forced_bet():
    # given: an ante of 5, seat 1 holding only 3 chips
    state = ENGINE.new_game(players=3, seed="ante", options={"ante": 5, "seat_stacks": [50, 3, 50]})
    chips = state["hand"]["chips"]
    # then: everyone antes 5, the short stack all it has (all-in, still in the hand)
    assert chips["contrib"] == [5, 3, 5] and chips["stacks"] == [45, 0, 45]
    assert chips["folded"] == [False, False, False]
    assert ENGINE.opening_events(state)[1:5] == [
        {"type": "ante", "seat": 0, "amount": 5},
        {"type": "ante", "seat": 1, "amount": 3},
        {"type": "all_in", "seat": 1},
        {"type": "ante", "seat": 2, "amount": 5},
    ]


def test_t_r13_a_tournament_table_starts_from_the_seats_carried_stacks():
    state = ENGINE.new_game(players=3, seed="stacks", options={"seat_stacks": [40, 7, 120], "hand_limit": 1})
    assert state["hand"]["chips"]["stacks"] == [39, 6, 119]
    assert ENGINE.conserved(state)["chips"] == 167


def test_b_r6_the_first_order_card_goes_to_the_button_seat():
    # given: the button at seat 2 of 3
    state = ENGINE.new_game(players=3, seed="button", options={"button": 2})
    plain = ENGINE.new_game(players=3, seed="button", options={})
    events = ENGINE.opening_events(state)
    # then: seat 2 draws the top card of the deck, seats 0 and 1 the next ones
    assert events[0] == {"type": "hand_start", "number": 1, "button": 2}
    dealt = [(event["seat"], event["card"]) for event in events if event["type"] == "order_card"]
    assert [seat for seat, _card in dealt] == [2, 0, 1]
    assert [card for _seat, card in dealt] == [plain["hand"]["public"][seat][0] for seat in (0, 1, 2)]


def test_b_r6_the_button_skips_a_busted_seat_and_stays_for_the_match():
    state = ENGINE.new_game(players=3, seed="busted", options={"button": 1})
    state = {**state, "stacks": [60, 0, 240], "busted": [None, 0, None], "ledger": [{"index": 0}]}
    events: list[dict[str, Any]] = []
    from games.blackcard.engine import _begin_hand

    _begin_hand(state, events)
    assert events[0] == {"type": "hand_start", "number": 2, "button": 2}
    assert state["hand"]["dealt_in"] == [2, 0]


@pytest.mark.parametrize("players", range(2, 6))
def test_t_r13_playouts_from_unequal_seat_stacks_keep_every_invariant(players: int):
    # the conformance kit's playouts of a tournament table: one hand, carried stacks, a button, a higher ante
    for index in range(3):
        options = {
            "hand_limit": 1,
            "seat_stacks": [3 + 7 * seat + index for seat in range(players)],
            "button": players - 1,
            "ante": 2,
        }
        playout = conformance.play(ENGINE, players=players, seed=f"stacks-{players}-{index}", options=options)
        assert playout.final is not None and ENGINE.is_over(playout.final)


def _at_first_reveal() -> dict[str, Any]:
    pub = [["2H", "JS", "5D", "9D"], ["3S", "KH", "QH", "7C"]]
    priv = [["4C", "TC", "2C"], ["6C", "4S", "6S"]]
    rounds = [[[pub[s][r], priv[s][r - 1]] for s in range(2)] for r in (1, 2, 3)]
    return auto_until(game_with_deck(2, deck_for(["2H", "3S"], rounds)), phase_is("reveal"))


def test_b_r7_the_reveal_is_a_secret_step_while_it_is_open():
    state = ENGINE.new_game(players=2, seed="secret", options={})
    assert not ENGINE.secret_step(state)  # betting: in turn, in the open
    state = _at_first_reveal()
    assert ENGINE.secret_step(state) and ENGINE.to_act(state) == [0, 1]
    # seat 0's choice changes nothing seat 1 or a spectator may see, and tells them only that it has chosen
    after_js, events_js = ENGINE.play_move(state, 0, {"type": "reveal", "card": "JS"})
    after_4c, events_4c = ENGINE.play_move(state, 0, {"type": "reveal", "card": "4C"})
    assert ENGINE.secret_step(after_js) and ENGINE.to_act(after_js) == [1]
    for viewer in (1, None):
        assert ENGINE.view(after_js, viewer) == ENGINE.view(after_4c, viewer)
        assert visible(events_js, viewer) == visible(events_4c, viewer) == [{"type": "reveal_chosen", "seat": 0}]
    # the last choice closes it
    closed = play(after_js, 1, {"type": "reveal", "card": "KH"})
    assert not ENGINE.secret_step(closed)


@pytest.mark.parametrize(
    "move",
    [
        {"type": "reveal", "card": "JS", "zz": 1},
        {"type": "reveal", "card": "JS", "min": 1, "max": 2},
        {"type": "check", "note": "x"},
        {"type": "pick", "card": "JS", "seat": 1},
    ],
)
def test_a_move_with_a_field_the_game_does_not_define_is_refused(move: dict[str, Any]):
    with pytest.raises(IllegalMove) as error:
        play(_at_first_reveal(), 0, move)
    assert error.value.code == "unknown_field"


def test_a_betting_move_with_an_unknown_field_is_refused():
    state = ENGINE.new_game(players=2, seed="strict", options={})
    seat = ENGINE.to_act(state)[0]
    with pytest.raises(IllegalMove) as error:
        play(state, seat, {"type": "bet", "amount": 1, "min": 1})
    assert error.value.code == "unknown_field"


def test_refusals_are_sentences_a_player_understands():
    state = _at_first_reveal()
    with pytest.raises(IllegalMove) as error:
        play(state, 0, {"type": "reveal", "card": "AS"})
    assert (error.value.code, error.value.message) == ("illegal_move", "You do not hold AS face down.")
    assert error.value.template == "You do not hold {card} face down." and error.value.params == {"card": "AS"}
    with pytest.raises(IllegalMove) as error:
        play(state, 0, {"type": "pay"})
    assert error.value.message == "Every player now chooses one of their private cards to turn up."
    state = reveal(state, {0: "JS", 1: "KH"})
    with pytest.raises(IllegalMove) as error:
        play(state, 0, {"type": "double"})
    assert (error.value.code, error.value.message) == ("illegal_move", "Pay the forced share or fold.")
    with pytest.raises(IllegalMove) as error:
        play(state, 1, {"type": "pay"})
    assert (error.value.code, error.value.message) == ("not_your_turn", "It is not your turn.")


def test_b_r3_a_joker_declaration_outside_its_colours_is_refused_in_words():
    state = game_with_deck(3, deck_for(["XR", "KD", "KS"]))
    with pytest.raises(IllegalMove) as error:
        play(state, 0, {"type": "declare", "card": "XR", "as": "AS"})
    assert error.value.message == "The colour joker stands for a diamond or a heart."


def test_the_bot_checks_or_calls_and_declares_a_joker_at_its_highest():
    rng = random.Random(1)
    legal = [{"type": "call"}, {"type": "raise", "min": 1, "max": 6}, {"type": "fold"}]
    assert ENGINE.bot_move({}, legal, rng) == {"type": "call"}
    state = game_with_deck(3, deck_for(["XR", "KD", "KS"]))
    assert ENGINE.bot_move(ENGINE.view(state, 0), ENGINE.legal_moves(state, 0), rng) == {
        "type": "declare",
        "card": "XR",
        "as": "AD",
    }
    state = _at_first_reveal()
    assert ENGINE.bot_move(ENGINE.view(state, 0), ENGINE.legal_moves(state, 0), rng) in ENGINE.legal_moves(state, 0)


def test_play_move_and_apply_move_agree_and_every_event_field_is_in_its_sentence():
    # random matches through play_move: the same states as apply_move, and sentences that name every plain field
    sentences = ENGINE.event_types()
    rng = random.Random(7)
    for index in range(12):
        state = ENGINE.new_game(players=2 + index % 4, seed=f"fields-{index}", options={"hand_limit": 2, "chips": 8})
        while not ENGINE.is_over(state):
            seat = rng.choice(ENGINE.to_act(state))
            move = conformance.concrete(rng.choice(ENGINE.legal_moves(state, seat)), rng)
            after, events = ENGINE.play_move(state, seat, move)
            assert after == ENGINE.apply_move(state, seat, move)
            for event in events:
                for field, value in event.items():
                    # `pot` numbers the pots of a hand that has several (games/core/events.py), not said
                    if field not in ("type", "to", "secret", "pot") and not isinstance(value, list | dict):
                        assert "{" + field + "}" in sentences[event["type"]], (event["type"], field)
            state = after
