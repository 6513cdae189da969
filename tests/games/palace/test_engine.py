"""games/palace/engine.py: the Palace Infighting state machine."""

import json
import random

import pytest

from games import IllegalMove, get_engine
from games.palace.engine import ENGINE
from games.palace.rows import rows_distinct

START = ["K", "K", "N", "N", "S", "S", "C", "C", "J", "J"]


def _new(seed: str = "s") -> dict:
    return ENGINE.new_game(players=2, seed=seed, options={})


def _row(cards: str) -> dict:
    return {"type": "row", "cards": list(cards)}


def _round(state: dict, row_0: str, row_1: str) -> dict:
    state = ENGINE.apply_move(state, 0, _row(row_0))
    return ENGINE.apply_move(state, 1, _row(row_1))


def _canonical(data: object) -> str:
    return json.dumps(data, sort_keys=True)


def _wipeout() -> list[dict]:
    """States of a match in which seat 0 loses every card: after round 1 (5-15), after seat 0's row of round 2, and
    after round 2 (0-20)."""
    # round 1: seat 0 loses all five duels and keeps K K N N J
    after_1 = _round(_new(), "SSCCJ", "KKNNS")
    # round 2: seat 0 lays its last five cards; the Jesters take the Kings, the Kings the Nobles
    committed = ENGINE.apply_move(after_1, 0, _row("KKNNJ"))
    after_2 = ENGINE.apply_move(committed, 1, _row("JJKKC"))
    return [after_1, committed, after_2]


# --- registry and options ---


def test_registered_under_its_name() -> None:
    assert get_engine("palace-infighting") is ENGINE
    assert ENGINE.name == "palace-infighting"


def test_options_none_exist() -> None:
    assert ENGINE.default_options() == {}
    assert ENGINE.check_options({}, 2) == {}
    assert ENGINE.conformance_variants() == [{}]


@pytest.mark.parametrize("options", [{"rounds": 3}, {"": None}, ["rounds"]])
def test_options_unknown_key_or_not_an_object_is_refused(options: object) -> None:
    with pytest.raises(IllegalMove) as error:
        ENGINE.check_options(options, 2)  # type: ignore[arg-type]
    assert error.value.code == "bad_options"


def test_options_none_means_the_defaults() -> None:
    # games.core.options.options_check, which every engine's check_options starts with, reads null as "none set"
    assert ENGINE.check_options(None, 2) == {}  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [1, 3, 4])
def test_p_r1_exactly_two_players(players: int) -> None:
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 2)
    with pytest.raises(IllegalMove) as error:
        ENGINE.new_game(players=players, seed="s", options={})
    assert error.value.code == "bad_players"


def test_p_r1_no_chance_the_seed_changes_nothing() -> None:
    """P-R1: no shuffle, no draw; the state keeps players and seed by convention only."""
    states = []
    for seed in ("one", "two"):
        state = _round(_new(seed), "KNSCJ", "JCSNK")
        assert (state["players"], state["seed"]) == (2, seed)
        states.append({k: v for k, v in state.items() if k != "seed"})
    assert states[0] == states[1]


def test_p_r2_both_start_with_two_of_each_court_rank() -> None:
    state = _new()
    assert state["hands"] == [START, START]
    assert ENGINE.view(state, None)["holdings"] == [START, START]


# --- simultaneous secret rows ---


def test_p_r3_both_choose_at_once_and_the_first_row_waits() -> None:
    state = _new()
    assert ENGINE.to_act(state) == [0, 1]
    state = ENGINE.apply_move(state, 1, _row("KNSCJ"))
    assert ENGINE.to_act(state) == [0]
    assert state["played"] == []
    assert ENGINE.legal_moves(state, 1) == []


def test_p_r3_a_committed_row_cannot_change() -> None:
    state = ENGINE.apply_move(_new(), 0, _row("KNSCJ"))
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 0, _row("JCSNK"))
    assert error.value.code == "not_your_turn"


@pytest.mark.parametrize("viewer", [1, None])
def test_p_r3_the_first_row_is_hidden_until_the_second_is_in(viewer: int | None) -> None:
    # given: two games that differ only in the row seat 0 committed (different cards and different order)
    one = ENGINE.apply_move(_new(), 0, _row("KKNNS"))
    other = ENGINE.apply_move(_new(), 0, _row("JSCJC"))
    # then: the opponent and a spectator see the same thing in both
    assert _canonical(ENGINE.view(one, viewer)) == _canonical(ENGINE.view(other, viewer))
    view = ENGINE.view(one, viewer)
    assert view["committed"] == [True, False]
    assert view["held"] == [10, 10]
    assert view["holdings"][0] == START  # P-D6: the laid cards are still held, and shown in rank order


def test_p_r3_a_player_sees_its_own_committed_row() -> None:
    state = ENGINE.apply_move(_new(), 0, _row("JSCJC"))
    view = ENGINE.view(state, 0)
    assert view["row"] == ["J", "S", "C", "J", "C"]
    assert view["hand"] == ["K", "K", "N", "N", "S"]
    assert view["row_choice"] is None
    assert ENGINE.view(state, 1)["row"] is None


def test_p_r3_hidden_places_declare_the_committed_row_and_the_kept_cards() -> None:
    state = _new()
    assert ENGINE.hidden_places(state, 0) == ENGINE.hidden_places(state, None) == []
    state = ENGINE.apply_move(state, 0, _row("JSCJC"))
    group = [("hands", 0, i) for i in range(5)] + [("rows", 0, i) for i in range(5)]
    assert ENGINE.hidden_places(state, 1) == [group]
    assert ENGINE.hidden_places(state, None) == [group]
    assert ENGINE.hidden_places(state, 0) == []


def test_p_r4_the_rows_are_revealed_left_to_right() -> None:
    state = _round(_new(), "KNSCJ", "JKNSC")
    duels = state["played"][0]["duels"]
    assert [duel["position"] for duel in duels] == [1, 2, 3, 4, 5]
    assert [duel["cards"] for duel in duels] == [["K", "J"], ["N", "K"], ["S", "N"], ["C", "S"], ["J", "C"]]
    assert [duel["winner"] for duel in duels] == [1, 1, 1, 1, 1]
    # the revealed duels are public
    assert ENGINE.view(state, None)["played"][0]["duels"] == duels


def test_p_r7_next_round_chooses_from_kept_and_taken_cards() -> None:
    # given: seat 0 wins four duels and ties one, taking K, N, S, C from seat 1
    state = _round(_new(), "JKNSJ", "KNSCJ")
    # then: its holding is the five kept cards, its own five back and the four trophies
    assert state["hands"][0] == ["K", "K", "K", "N", "N", "N", "S", "S", "S", "C", "C", "C", "J", "J"]
    assert state["hands"][1] == ["K", "N", "S", "C", "J", "J"]
    # and it may lay three Kings in round 2, which the starting hand could not
    assert _row("KKKNN") in ENGINE.legal_moves(state, 0)
    ENGINE.apply_move(state, 0, _row("KKKNN"))


# --- end of the match ---


def test_p_r8_a_player_with_no_cards_loses_at_once() -> None:
    final = _wipeout()[-1]
    assert ENGINE.is_over(final)
    assert final["round"] == 2
    assert ENGINE.to_act(final) == []
    outcome = ENGINE.outcome(final)
    assert outcome == {"placements": [2, 1], "scores": [0, 20], "winner": 1, "reason": "no_cards", "rounds_played": 2}


def test_p_d6_laid_cards_count_until_the_duels_are_settled() -> None:
    """P-D6: seat 0 has laid its last five cards; it is not out before the duels."""
    committed = _wipeout()[1]
    assert committed["hands"][0] == []
    assert not ENGINE.is_over(committed)
    assert ENGINE.to_act(committed) == [1]
    assert ENGINE.view(committed, 1)["held"] == [5, 15]


def test_p_r8_after_five_rounds_more_cards_wins() -> None:
    # round 1: seat 0 wins all five duels (15-5); rounds 2-5: identical rows, all ties
    state = _round(_new(), "NSCJJ", "SCJKK")
    for _ in range(4):
        assert not ENGINE.is_over(state)
        state = _round(state, "NNSCJ", "NNSCJ")
    assert ENGINE.is_over(state)
    assert ENGINE.outcome(state) == {
        "placements": [1, 2],
        "scores": [15, 5],
        "winner": 0,
        "reason": "rounds",
        "rounds_played": 5,
    }
    assert ENGINE.view(state, None)["phase"] == "over"
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 0, _row("NNSCJ"))
    assert error.value.code == "game_over"


def test_p_d1_ten_all_after_five_rounds_is_a_draw() -> None:
    state = _new()
    for _ in range(5):
        state = _round(state, "KNSCJ", "KNSCJ")
    assert ENGINE.outcome(state)["placements"] == [1, 1]
    assert ENGINE.outcome(state)["winner"] is None
    assert ENGINE.outcome(state)["scores"] == [10, 10]


def test_outcome_before_the_end_is_refused() -> None:
    with pytest.raises(IllegalMove) as error:
        ENGINE.outcome(_new())
    assert error.value.code == "not_over"


# --- short rows (P-D2) ---


def _short() -> dict:
    """Seat 0 is down to one Jester after round 2 (1-19)."""
    state = _round(_new(), "SSCCJ", "KKNNS")
    return _round(state, "KKNNJ", "JJKKJ")


def test_p_d2_both_rows_shrink_to_the_smaller_holding() -> None:
    state = _short()
    assert [len(hand) for hand in state["hands"]] == [1, 19]
    # the player with 19 cards lays one card too
    assert ENGINE.legal_moves(state, 1) == [_row(rank) for rank in "KNSCJ"]
    assert ENGINE.legal_moves(state, 0) == [_row("J")]
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 1, _row("KKNNS"))
    assert error.value.code == "wrong_length"
    assert ENGINE.view(state, 1)["row_length"] == 1
    # the Citizen beats the last Jester
    final = _round(state, "J", "C")
    assert ENGINE.outcome(final)["placements"] == [2, 1]
    assert ENGINE.outcome(final)["scores"] == [0, 20]


def test_p_d2_both_holdings_are_shown_in_full() -> None:
    state = _round(_new(), "JKNSJ", "KNSCJ")
    expected = [
        ["K", "K", "K", "N", "N", "N", "S", "S", "S", "C", "C", "C", "J", "J"],
        ["K", "N", "S", "C", "J", "J"],
    ]
    for viewer in (0, 1, None):
        assert ENGINE.view(state, viewer)["holdings"] == expected


# --- ledger and conservation (P-D3) ---


def test_p_d3_ledger_records_holding_sizes_per_round() -> None:
    final = _wipeout()[-1]
    assert ENGINE.ledger(final) == [
        {"index": 0, "round": 1, "deltas": [-5, 5], "totals": [5, 15], "wins": [0, 5], "ties": 0},
        {"index": 1, "round": 2, "deltas": [-5, 5], "totals": [0, 20], "wins": [0, 5], "ties": 0},
    ]


def test_p_d3_twenty_cards_four_of_each_rank_at_every_step() -> None:
    rng = random.Random(7)
    for game in range(10):
        state = _new(f"g{game}")
        while not ENGINE.is_over(state):
            expected = {"cards": 20, "K": 4, "N": 4, "S": 4, "C": 4, "J": 4}
            assert ENGINE.conserved(state) == expected
            seat = rng.choice(ENGINE.to_act(state))
            state = ENGINE.apply_move(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
        assert ENGINE.conserved(state)["cards"] == 20
        for row in ENGINE.ledger(state):
            assert sum(row["deltas"]) == 0
            assert sum(row["totals"]) == 20


# --- timeout (P-D4) ---


def test_p_d4_timeout_lays_the_strongest_cards_king_first() -> None:
    state = _new()
    assert ENGINE.timeout_move(state, 0) == _row("KKNNS")
    short = _short()
    assert ENGINE.timeout_move(short, 1) == _row("K")
    assert ENGINE.timeout_move(short, 0) == _row("J")
    # legal, and the same every time
    ENGINE.apply_move(short, 1, ENGINE.timeout_move(short, 1))
    assert ENGINE.timeout_move(short, 1) == ENGINE.timeout_move(short, 1)


def test_p_d4_timeout_for_a_seat_that_already_laid_its_row_is_refused() -> None:
    state = ENGINE.apply_move(_new(), 0, _row("KNSCJ"))
    with pytest.raises(IllegalMove) as error:
        ENGINE.timeout_move(state, 0)
    assert error.value.code == "not_your_turn"


# --- moves and their refusals ---


def test_legal_moves_are_every_distinct_row_and_each_applies() -> None:
    state = _new()
    legal = ENGINE.legal_moves(state, 0)
    assert len(legal) == 2220
    assert legal == [{"type": "row", "cards": list(row)} for row in rows_distinct(hand=START, length=5)]
    for move in legal[::37]:
        assert ENGINE.apply_move(state, 0, move)["rows"][0] == move["cards"]


@pytest.mark.parametrize(
    ("seat", "move", "code"),
    [
        (0, "KNSCJ", "bad_move"),
        (0, {}, "unknown_move_type"),
        (0, {"type": "play", "cards": list("KNSCJ")}, "unknown_move_type"),
        (0, {"type": "row"}, "bad_move"),
        (0, {"type": "row", "length": 5, "from": START}, "unknown_field"),
        (0, {"type": "row", "cards": list("KNSCJ"), "amount": 1}, "unknown_field"),
        (0, {"type": "row", "cards": "KNSCJ"}, "bad_cards"),
        (0, {"type": "row", "cards": ["K", "N", "S", "C", "Q"]}, "bad_cards"),
        (0, {"type": "row", "cards": ["K", "N", "S", "C", 1]}, "bad_cards"),
        (0, {"type": "row", "cards": list("KNSC")}, "wrong_length"),
        (0, {"type": "row", "cards": list("KNSCJJ")}, "wrong_length"),
        (0, {"type": "row", "cards": list("KKKNS")}, "cards_not_held"),
        (2, {"type": "row", "cards": list("KNSCJ")}, "bad_seat"),
        (-1, {"type": "row", "cards": list("KNSCJ")}, "bad_seat"),
        (True, {"type": "row", "cards": list("KNSCJ")}, "bad_seat"),
        ("0", {"type": "row", "cards": list("KNSCJ")}, "bad_seat"),
    ],
)
def test_illegal_moves_are_refused_and_change_nothing(seat: object, move: object, code: str) -> None:
    state = _new()
    before = _canonical(state)
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, seat, move)  # type: ignore[arg-type]
    assert error.value.code == code
    assert _canonical(state) == before


def test_apply_move_never_mutates_its_input() -> None:
    state = ENGINE.apply_move(_new(), 0, _row("JSCJC"))
    before = _canonical(state)
    after = ENGINE.apply_move(state, 1, _row("KNSCJ"))
    assert _canonical(state) == before
    # nor does a later move change an earlier state through shared lists
    after["played"][0]["duels"][0]["cards"].append("X")
    after["hands"][0].append("X")
    assert _canonical(state) == before


def test_a_view_does_not_alias_the_state() -> None:
    state = _round(_new(), "KNSCJ", "JKNSC")
    before = _canonical(state)
    view = ENGINE.view(state, 0)
    view["played"][0]["duels"][0]["cards"].append("X")
    view["hand"].append("X")
    assert _canonical(state) == before


def test_replay_of_the_same_rows_gives_the_same_state() -> None:
    moves = [(0, "KNSCJ"), (1, "JJKKC"), (1, "NSCJK"), (0, "KNSCJ")]
    states = []
    for _ in range(2):
        state = _new("replay")
        for seat, row in moves:
            state = ENGINE.apply_move(state, seat, _row(row))
        states.append(_canonical(state))
    assert states[0] == states[1]
    assert ENGINE.ledger(json.loads(states[0]))[-1]["round"] == 2


# --- views ---


def test_view_of_a_seat_to_act() -> None:
    view = ENGINE.view(_new("secret-seed"), 0)
    assert view == {
        "game": "palace-infighting",
        "phase": "rows",
        "to_act": [0, 1],
        "round": 1,
        "rounds": 5,
        "row_length": 5,
        "holdings": [START, START],
        "held": [10, 10],
        "committed": [False, False],
        "played": [],
        "result": None,
        "seat": 0,
        "hand": START,
        "row": None,
        "row_choice": {"type": "row", "length": 5, "from": START},
    }
    assert "secret-seed" not in _canonical(view)


def test_spectator_view_has_no_seat_fields() -> None:
    view = ENGINE.view(_new(), None)
    assert not {"seat", "hand", "row", "row_choice"} & set(view)


def test_final_view_carries_the_outcome() -> None:
    final = _wipeout()[-1]
    view = ENGINE.view(final, 0)
    assert view["result"] == ENGINE.outcome(final)
    assert (view["phase"], view["to_act"], view["round"], view["row_length"], view["row_choice"]) == (
        "over",
        [],
        2,
        None,
        None,
    )
