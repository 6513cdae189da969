"""games/palace/engine.py: what the engine declares of itself (games/core/protocol.py) and how it refuses."""

import json
import random

import pytest

from games import IllegalMove
from games.core.conformance import check_declarations
from games.core.events import visible
from games.palace.engine import ENGINE


def _new() -> dict:
    return ENGINE.new_game(players=2, seed="s", options={})


def _row(cards: str) -> dict:
    return {"type": "row", "cards": list(cards)}


def _refusal(state: dict, seat: int, move: object) -> IllegalMove:
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, seat, move)  # type: ignore[arg-type]
    return error.value


# --- declarations ---


def test_title_options_and_teams() -> None:
    assert ENGINE.title == "Palace Infighting"
    # P-R1..P-R9 leave a club nothing to set: an empty schema, no roles
    assert ENGINE.options_schema() == []
    assert ENGINE.default_options() == {}
    assert ENGINE.teams(2) is None
    check_declarations(ENGINE)


def test_every_event_type_has_a_sentence_whose_places_its_events_fill() -> None:
    # given: random matches and every event they produce, as each viewer sees it
    types = ENGINE.event_types()
    rng = random.Random(5)
    for game in range(20):
        state = ENGINE.new_game(players=2, seed=f"g{game}", options={})
        events = ENGINE.opening_events(state)
        while not ENGINE.is_over(state):
            seat = rng.choice(ENGINE.to_act(state))
            state, told = ENGINE.play_move(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
            events += told
        # then: each sentence fills from the fields every viewer gets, list items from their own sentence
        for viewer in (0, 1, None):
            for event in visible(events, viewer):
                fields = {key: value for key, value in event.items() if key != "type"}
                types[event["type"]].format(**fields)
                for key, value in fields.items():
                    if isinstance(value, list) and value and isinstance(value[0], dict):
                        for item in value:
                            types[f"{event['type']}.{key}"].format(**item)
                    if isinstance(value, dict):
                        value["text"].format(**value)


# --- secret step (P-R3) ---


def test_p_r3_rows_are_a_secret_step_until_the_match_is_over() -> None:
    state = _new()
    for _round in range(5):
        # given: a round begins; both seats choose at once and in secret
        assert ENGINE.secret_step(state)
        # when: one row is in, the other seat still chooses in secret
        state = ENGINE.apply_move(state, 0, _row("KNSCJ"))
        assert ENGINE.secret_step(state)
        state = ENGINE.apply_move(state, 1, _row("KNSCJ"))
    # then: after the fifth round (10-10, a draw: P-D1) nobody chooses anything
    assert ENGINE.is_over(state)
    assert not ENGINE.secret_step(state)


# --- strict moves and refusals people understand ---


@pytest.mark.parametrize(
    "move",
    [
        {"type": "row", "cards": list("KNSCJ"), "zz_not_a_field": 1},
        {"type": "row", "cards": list("KNSCJ"), "min": 5, "max": 5},
        {"type": "row", "length": 5, "from": list("KKNNSSCCJJ")},  # the view's row_choice is a description
    ],
)
def test_a_move_with_a_key_the_game_does_not_define_is_unknown_field(move: dict) -> None:
    error = _refusal(_new(), 0, move)
    assert error.code == "unknown_field"


def test_p_r7_a_row_the_holding_cannot_lay_is_refused_in_words() -> None:
    # given: the start, two Kings and two Nobles each (P-R2); when: a row of three Kings and two Nobles
    error = _refusal(_new(), 0, _row("KKKNN"))
    # then: the refusal names what is missing, as a marked template with its params
    assert error.code == "cards_not_held"
    assert error.message == "You do not hold three Kings."
    assert error.template == "You do not hold {cards}."
    assert error.params == {"cards": "three Kings", "missing": ["K", "K", "K"]}


def test_p_r7_every_rank_short_is_named() -> None:
    state = ENGINE.apply_move(_new(), 0, _row("SSCCJ"))
    state = ENGINE.apply_move(state, 1, _row("KKNNS"))  # seat 0 now holds K K N N J
    error = _refusal(state, 0, _row("KJJJN"))
    assert error.message == "You do not hold three Jesters."
    error = _refusal(state, 0, _row("SSJJJ"))
    assert error.message == "You do not hold two Scholars and three Jesters."


@pytest.mark.parametrize(
    ("seat", "move", "code", "message"),
    [
        (0, "KNSCJ", "bad_move", "A move is a JSON object."),
        (0, {"type": "play"}, "unknown_move_type", "The only move in Palace Infighting is laying a row."),
        (
            0,
            {"type": "row", "cards": list("KNSCJ"), "x": 1},
            "unknown_field",
            "A row has a type and its cards, nothing else (x).",
        ),
        (0, {"type": "row"}, "bad_move", "A row lists its cards."),
        (0, {"type": "row", "cards": ["Q"]}, "bad_cards", "A row lists court cards by their letters: K, N, S, C or J."),
        (0, _row("KNSC"), "wrong_length", "Lay a row of exactly 5 cards this round, not 4."),
        (2, _row("KNSCJ"), "bad_seat", "A game of Palace Infighting has two seats, 0 and 1."),
    ],
)
def test_refusals_are_sentences_a_player_understands(seat: int, move: object, code: str, message: str) -> None:
    error = _refusal(_new(), seat, move)
    assert (error.code, error.message) == (code, message)
    assert error.template.format(**error.params) == message


def test_p_r3_a_second_row_of_the_same_seat_is_refused_in_words() -> None:
    state = ENGINE.apply_move(_new(), 0, _row("KNSCJ"))
    error = _refusal(state, 0, _row("KNSCJ"))
    assert (error.code, error.message) == ("not_your_turn", "You have laid your row for this round; it cannot change.")


def test_options_and_players_are_refused_in_words() -> None:
    with pytest.raises(IllegalMove) as error:
        ENGINE.check_options({"rounds": 3}, 2)
    assert (error.value.code, error.value.message) == ("bad_options", "Unknown option(s): rounds.")
    with pytest.raises(IllegalMove) as error:
        ENGINE.check_options({}, 3)
    assert (error.value.code, error.value.message) == ("bad_players", "Palace Infighting is for exactly 2 players.")


# --- one code path ---


def test_apply_move_is_play_move_without_the_events() -> None:
    rng = random.Random(11)
    state = _new()
    while not ENGINE.is_over(state):
        seat = rng.choice(ENGINE.to_act(state))
        move = rng.choice(ENGINE.legal_moves(state, seat))
        played, _events = ENGINE.play_move(state, seat, move)
        applied = ENGINE.apply_move(state, seat, move)
        assert json.dumps(played, sort_keys=True) == json.dumps(applied, sort_keys=True)
        state = played


def test_p_r8_no_row_and_no_timeout_once_the_match_is_over() -> None:
    state = _new()
    for _round in range(5):
        state = ENGINE.apply_move(ENGINE.apply_move(state, 0, _row("KNSCJ")), 1, _row("KNSCJ"))
    error = _refusal(state, 0, _row("KNSCJ"))
    assert (error.code, error.message) == ("game_over", "The match is over.")
    with pytest.raises(IllegalMove) as timeout:
        ENGINE.timeout_move(state, 0)
    assert (timeout.value.code, timeout.value.message) == ("not_your_turn", "The match is over.")
