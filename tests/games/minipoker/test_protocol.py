"""The engine protocol for Mini Poker: events and who sees them, the secret steps, strict moves, refusals people
read, the options schema and its roles, a start from seat stacks, the bot (games/core/protocol.py)."""

import random

import pytest

from games.core import conformance
from games.core.errors import IllegalMove
from games.core.events import visible
from games.minipoker.engine import ENGINE
from games.minipoker.events import category_phrase
from games.minipoker.ranking import Rules, evaluate
from tests.games.minipoker.test_engine import rig

CHECK, CALL, FOLD = {"type": "check"}, {"type": "call"}, {"type": "fold"}


def run(state: dict, *moves: tuple[int, dict]) -> tuple[dict, list[list[dict]]]:
    """The state after the moves, and the events of each move."""
    told = []
    for seat, move in moves:
        state, events = ENGINE.play_move(state, seat, move)
        told.append(events)
    return state, told


def timeouts_to_the_end(state: dict) -> tuple[dict, list[tuple[int, dict, list[dict]]]]:
    """Every seat plays its timeout move until the match is over: the moves with their events."""
    played = []
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        move = ENGINE.timeout_move(state, seat)
        state, events = ENGINE.play_move(state, seat, move)
        played.append((seat, move, events))
    return state, played


# --- the events of whole hands ----------------------------------------------------------------------------------


def test_m_r3_m_r4_m_r2_opening_events_tell_the_draw_the_antes_and_each_seat_its_own_card() -> None:
    """M-R3, M-D2 (the public first draw), M-R4 (antes), M-R2 (one private card each, to that seat alone)."""
    # given
    state = ENGINE.new_game(players=3, seed="bb212", options={"deal": "two_card", "stack": 20})
    # when
    events = ENGINE.opening_events(state)
    # then
    assert events == [
        {"type": "hand_start", "number": 1, "button": 0},
        {
            "type": "first_draw",
            "winner": 0,
            "draws": [{"seat": 0, "card": "QH"}, {"seat": 1, "card": "9S"}, {"seat": 2, "card": "2S"}],
        },
        {"type": "ante", "seat": 0, "amount": 1},
        {"type": "ante", "seat": 1, "amount": 1},
        {"type": "ante", "seat": 2, "amount": 1},
        {"type": "cards_dealt", "seat": 0, "cards": ["4S"], "to": [0]},
        {"type": "cards_dealt", "seat": 1, "cards": ["QD"], "to": [1]},
        {"type": "cards_dealt", "seat": 2, "cards": ["KS"], "to": [2]},
    ]
    assert [event["type"] for event in visible(events, None)][-1] == "ante"
    assert visible(events, 1)[-1] == {"type": "cards_dealt", "seat": 1, "cards": ["QD"]}


def test_m_r19_m_d15_the_events_of_a_hand_with_a_regame_and_a_buy_back() -> None:
    """M-R19, M-D15, M-D7, M-R7: the seed bb212 hand of issue 23, told move by move: the bets and all-ins, the second
    cards, the skipped round, the showdown with each hand named, the regame called, the buy-back offered at 19 and
    taken, the regame's deal, its showdown, the pot, the end of the hand, the busts and the end of the match."""
    # given
    state = ENGINE.new_game(players=3, seed="bb212", options={"deal": "two_card", "stack": 20})
    # when
    state, told = run(
        state,
        (0, {"type": "bet", "amount": 19}),
        (1, CALL),
        (2, FOLD),
        (0, {"type": "call_regame"}),
        (2, {"type": "buy_back", "price": 19}),
    )
    # then
    assert told[0] == [{"type": "bet", "seat": 0, "amount": 19}, {"type": "all_in", "seat": 0}]
    assert told[1] == [{"type": "call", "seat": 1, "amount": 19}, {"type": "all_in", "seat": 1}]
    assert told[2] == [
        {"type": "fold", "seat": 2},
        {"type": "cards_dealt", "seat": 0, "cards": ["9H"], "to": [0]},
        {"type": "cards_dealt", "seat": 1, "cards": ["3S"], "to": [1]},
        {"type": "no_betting"},
        {
            "type": "showdown",
            "hands": [
                {"seat": 0, "cards": ["4S", "9H"], "category": {"text": "Regamer (4 and 9)"}},
                {"seat": 1, "cards": ["QD", "3S"], "category": {"text": "{high} top", "high": "Q"}},
            ],
        },
        {"type": "regame_offered", "seats": [0]},
    ]
    assert told[3] == [{"type": "regame_called", "seat": 0}, {"type": "buy_back_offered", "seats": [2], "price": 19}]
    assert told[4] == [
        {"type": "bought_back", "seat": 2, "price": 19},
        {"type": "regame_start", "number": 1, "seats": [0, 1, 2], "amount": 60},
        {"type": "cards_dealt", "seat": 0, "cards": ["2S", "5C"], "to": [0]},
        {"type": "cards_dealt", "seat": 1, "cards": ["3C", "JH"], "to": [1]},
        {"type": "cards_dealt", "seat": 2, "cards": ["JD", "TD"], "to": [2]},
        {"type": "no_betting"},
        {
            "type": "showdown",
            "hands": [
                {"seat": 0, "cards": ["2S", "5C"], "category": {"text": "{high} top", "high": "5"}},
                {"seat": 1, "cards": ["3C", "JH"], "category": {"text": "{high} top", "high": "J"}},
                {"seat": 2, "cards": ["JD", "TD"], "category": {"text": "Straight flush, {high} high", "high": "J"}},
            ],
        },
        {"type": "pot_won", "amount": 60, "winners": [2]},
        {"type": "hand_end", "number": 1, "deltas": [-20, -20, 40]},
        {"type": "bust", "seat": 0},
        {"type": "bust", "seat": 1},
        {"type": "match_end", "placements": [2, 2, 1]},
    ]
    # who sees what: the folded seat 2 and spectators never see seat 0's or seat 1's second card
    for viewer in (2, None):
        assert [event["type"] for event in visible(told[2], viewer)] == [
            "fold",
            "no_betting",
            "showdown",
            "regame_offered",
        ]
    assert visible(told[2], 0)[1] == {"type": "cards_dealt", "seat": 0, "cards": ["9H"]}


def test_m_d12_three_card_choices_are_secret_until_all_have_chosen_then_turned_up_and_shown() -> None:
    """M-D12, M-R2: the card to turn up and the cards to show are told to their seat alone (the others learn only
    that the seat has chosen); the last choice reveals them all; the 3rd card is private."""
    # given
    state = ENGINE.new_game(players=2, seed="stud-1", options={"deal": "three_card", "hands": 1})
    assert state["hand"]["hole"] == [["KS", "4H"], ["TD", "QC"]]
    # when
    state, played = timeouts_to_the_end(state)
    # then
    told = [events for _seat, _move, events in played]
    assert told[0] == [{"type": "card_chosen", "seat": 0, "secret": {"to": [0], "card": "KS"}}]
    assert visible(told[0], 1) == [{"type": "card_chosen", "seat": 0}]
    assert visible(told[0], 0) == [{"type": "card_chosen", "seat": 0, "card": "KS"}]
    assert told[1] == [
        {"type": "card_chosen", "seat": 1, "secret": {"to": [1], "card": "QC"}},
        {"type": "turned_up", "seat": 0, "card": "KS"},
        {"type": "turned_up", "seat": 1, "card": "QC"},
    ]
    assert told[3] == [
        {"type": "check", "seat": 1},
        {"type": "cards_dealt", "seat": 0, "cards": ["KC"], "to": [0]},
        {"type": "cards_dealt", "seat": 1, "cards": ["KH"], "to": [1]},
    ]
    assert told[6] == [{"type": "cards_chosen", "seat": 0, "secret": {"to": [0], "cards": ["KC", "KS"]}}]
    assert told[7] == [
        {"type": "cards_chosen", "seat": 1, "secret": {"to": [1], "cards": ["KH", "QC"]}},
        {
            "type": "showdown",
            "hands": [
                {"seat": 0, "cards": ["KC", "KS"], "category": {"text": "Pair of {rank}", "rank": "K"}},
                {"seat": 1, "cards": ["KH", "QC"], "category": {"text": "Straight, {high} high", "high": "K"}},
            ],
        },
        {"type": "pot_won", "amount": 2, "winners": [0]},
        {"type": "hand_end", "number": 1, "deltas": [1, -1]},
        {"type": "match_end", "placements": [1, 2]},
    ]


def test_m_r2_holdem_tells_the_community_card_to_everyone() -> None:
    """M-R2: the hold'em community card is a public event."""
    state = ENGINE.new_game(players=2, seed="holdem-1", options={"deal": "holdem"})
    first = ENGINE.to_act(state)[0]
    state, told = run(state, (first, CHECK), (1 - first, CHECK))
    assert told[1][1:] == [{"type": "community_card", "card": state["hand"]["community"][0]}]


def test_m_r7_side_pots_are_told_one_by_one() -> None:
    """M-R7: a short all-in makes a main pot and a side pot, each told with its number and winners."""
    state = ENGINE.new_game(players=3, seed="test", options={"deal": "two_at_once", "limit": "no_limit"})
    state = rig(state, sun=0, holes={0: ["AS", "AD"], 1: ["KS", "KD"], 2: ["QS", "5D"]}, stacks=[4, 50, 50])
    state, told = run(
        state, (0, {"type": "bet", "amount": 4}), (1, CALL), (2, {"type": "raise", "amount": 10}), (1, CALL)
    )
    pots = [event for event in told[-1] if event["type"] == "pot_won"]
    assert pots == [
        {"type": "pot_won", "amount": 15, "winners": [0], "pot": 0},
        {"type": "pot_won", "amount": 20, "winners": [1], "pot": 1},
    ]


def test_m_d15_an_uncalled_bet_going_back_is_told() -> None:
    """M-D15: when a regame is called, the bet nobody could call goes back to its bettor, and the log says so."""
    state = ENGINE.new_game(players=3, seed="test", options={"deal": "two_at_once", "limit": "no_limit"})
    state = rig(state, sun=0, holes={0: ["4S", "9D"], 1: ["8C", "7D"], 2: ["KS", "2D"]}, stacks=[99, 5, 99])
    state, told = run(
        state,
        (0, {"type": "bet", "amount": 20}),
        (1, CALL),
        (2, FOLD),
        (0, {"type": "call_regame"}),
        (2, {"type": "buy_back"}),
    )
    assert told[-1][:2] == [
        {"type": "bought_back", "seat": 2, "price": 20},
        {"type": "bet_returned", "seat": 0, "amount": 15},
    ]


# --- category phrases -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "rules", "phrase"),
    [
        ("5S 5D 5H", Rules(original=True, triple=True), {"text": "Triple of {rank}", "rank": "5"}),
        ("AS KS", Rules(), {"text": "Royal straight flush"}),
        ("AS 2S", Rules(), {"text": "Back straight flush"}),
        ("TS 9S", Rules(), {"text": "Straight flush, {high} high", "high": "10"}),
        ("TS TD", Rules(), {"text": "Pair of {rank}", "rank": "10"}),
        ("AS KD", Rules(), {"text": "Royal straight"}),
        ("AS 2D", Rules(), {"text": "Back straight"}),
        ("9S 8D", Rules(), {"text": "Straight, {high} high", "high": "9"}),
        ("KS 9S", Rules(), {"text": "Flush, {high} and {low}", "high": "K", "low": "9"}),
        ("KS 9D", Rules(), {"text": "{high} top", "high": "K"}),
        ("KS 9D", Rules(top_kicker=True), {"text": "{high} top, {low} kicker", "high": "K", "low": "9"}),
        ("KS 6D", Rules(kkeut=True), {"text": "Gabo (9 kkeut)"}),
        ("QS 8D", Rules(kkeut=True), {"text": "Mangtong (0 kkeut)"}),
        ("KS 5D", Rules(kkeut=True), {"text": "{points} kkeut", "points": 8}),
        ("4S 9D", Rules(), {"text": "Regamer (4 and 9)"}),
        ("4H 9H", Rules(), {"text": "Flush regamer (4 and 9 of one suit)"}),
        ("4S 9S", Rules(original=True, spade_flush_regamer=True), {"text": "Spade flush regamer (4 and 9 of spades)"}),
        ("3H 7H", Rules(), {"text": "Pair hunter (3 and 7)"}),
        ("3H 7H", Rules(original=True, flush_pair_hunter=True), {"text": "Flush pair hunter (3 and 7 of one suit)"}),
        ("4C 7C", Rules(), {"text": "Black knight (4 and 7)"}),
        ("4C 7C", Rules(original=True, flush_black_knight=True), {"text": "Flush black knight (4 and 7 of one suit)"}),
    ],
)
def test_m_r8_to_m_r17_m_r24_each_shown_hand_is_named(cards: str, rules: Rules, phrase: dict) -> None:
    """M-R8..M-R12, M-D5 (categories with the cards that rank them), M-R14..M-R17, M-R24 (special hands by name)."""
    assert category_phrase(evaluate(tuple(cards.split()), rules), rules) == phrase
    assert phrase["text"].format(**phrase)  # every place of the phrase is filled


# --- the declared facts ----------------------------------------------------------------------------------------


def test_m_d12_secret_step_while_the_turn_up_or_show_choices_are_open() -> None:
    """M-D12: the turn-up and show choices are made at once and in secret; betting, regame calls and buy-backs are
    not."""
    state = ENGINE.new_game(players=2, seed="stud-1", options={"deal": "three_card", "hands": 1})
    seen = []
    while not ENGINE.is_over(state):
        seen.append((state["phase"], ENGINE.secret_step(state)))
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply_move(state, seat, ENGINE.timeout_move(state, seat))
    assert {phase: secret for phase, secret in seen} == {"turn_up": True, "bet": False, "show": True}
    assert not ENGINE.secret_step(state)


def test_m_d1_every_seat_plays_for_itself() -> None:
    """M-D1: no teams, at any table size."""
    assert all(ENGINE.teams(players) is None for players in range(2, 9))


@pytest.mark.parametrize(
    "move",
    [
        {"type": "check", "amount": 1},
        {"type": "bet", "amount": 2, "min": 1, "max": 99},
        {"type": "fold", "card": "AS"},
    ],
)
def test_m_r5_a_move_with_a_field_the_game_does_not_define_is_refused(move: dict) -> None:
    """M-R5 moves are strict: a key the move type does not define is refused as unknown_field."""
    state = ENGINE.new_game(players=2, seed="test")
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, ENGINE.to_act(state)[0], move)
    assert error.value.code == "unknown_field"


def test_m_d12_m_r19_choice_regame_and_buy_back_moves_are_strict_too() -> None:
    """M-D12, M-R19: turn_up takes a card, show a list of cards, buy_back at most its price; nothing else."""
    state = ENGINE.new_game(players=2, seed="stud-1", options={"deal": "three_card"})
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 0, {"type": "turn_up", "card": "KS", "cards": ["KS"]})
    assert error.value.code == "unknown_field"
    state = ENGINE.new_game(players=3, seed="bb212", options={"stack": 20})
    state = ENGINE.apply_move(state, 0, {"type": "bet", "amount": 19})
    state = ENGINE.apply_move(state, 1, CALL)
    state = ENGINE.apply_move(state, 2, FOLD)
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 0, {"type": "call_regame", "seat": 0})
    assert error.value.code == "unknown_field"
    state = ENGINE.apply_move(state, 0, {"type": "call_regame"})
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 2, {"type": "buy_back", "price": 1})
    assert (error.value.code, error.value.message) == ("bad_price", "Coming back in costs 19.")
    assert ENGINE.ledger(ENGINE.apply_move(state, 2, {"type": "buy_back"}))[0]["regames"] == 1


def test_refusals_are_sentences_with_their_values_as_params() -> None:
    """A refusal is an English template with {places} and its values apart, for the league to translate."""
    state = ENGINE.new_game(players=2, seed="test", options={"limit": "no_limit"})
    seat = ENGINE.to_act(state)[0]
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, seat, {"type": "bet", "amount": 500})
    assert error.value.code == "amount_out_of_range"
    assert error.value.template == "The amount must be between {low} and {high}."
    assert error.value.params == {"low": 1, "high": 99}
    assert error.value.message == "The amount must be between 1 and 99."
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 1 - seat, CHECK)
    assert (error.value.code, error.value.message) == ("not_your_turn", "It is not your turn.")


def test_every_event_type_has_a_sentence_and_every_list_of_dicts_its_item_sentence() -> None:
    """The sentences the league renders: betting's own, and one per Mini Poker event type."""
    types = ENGINE.event_types()
    for kind in (
        "hand_start",
        "cards_dealt",
        "showdown",
        "showdown.hands",
        "first_draw.draws",
        "pot_won",
        "hand_end",
        "match_end",
        "regame_called",
        "buy_back_offered",
        "bought_back",
        "check",
        "raise",
        "ante",
        "all_in",
    ):
        assert types[kind]


# --- options -----------------------------------------------------------------------------------------------------


def test_options_schema_keeps_every_name_and_default_and_gives_the_roles() -> None:
    """The options schema: the names and defaults stored tables replay with, and the roles the league reads."""
    schema = {option["name"]: option for option in ENGINE.options_schema()}
    assert list(schema) == [
        "deal",
        "ante",
        "limit",
        "bet_cap",
        "rules",
        "back_combos",
        "top_scoring",
        "top_kicker",
        "specials",
        "tie",
        "triple",
        "flush_pair_hunter",
        "flush_black_knight",
        "spade_flush_regamer",
        "stack",
        "hands",
        "seat_stacks",
        "button",
    ]
    assert {name: option.get("role") for name, option in schema.items() if option.get("role")} == {
        "ante": "forced_bet",
        "stack": "stack",
        "hands": "hand_limit",
        "seat_stacks": "seat_stacks",
        "button": "button",
    }
    assert (schema["seat_stacks"]["kind"], schema["seat_stacks"]["default"], schema["seat_stacks"]["min"]) == (
        "seat_ints",
        None,
        1,
    )
    assert (schema["button"]["kind"], schema["button"]["default"], schema["button"]["max"]) == ("int", 0, 7)
    assert all(option["label"] and option["help"] for option in schema.values())
    assert ENGINE.default_options() == {name: option["default"] for name, option in schema.items()}


@pytest.mark.parametrize(
    "options",
    [
        {"seat_stacks": [10, 0, 10]},
        {"seat_stacks": [10, 10]},
        {"seat_stacks": [10, 10, 10], "button": 3},
        {"button": 1},
    ],
)
def test_m_d2_seat_stacks_and_button_are_checked(options: dict) -> None:
    """M-D2: every seat has chips, one stack per seat; the first to act is a seat of the table, and is told only to a
    table started from seat stacks (a match from equal stacks draws it)."""
    with pytest.raises(IllegalMove) as error:
        ENGINE.check_options(options, 3)
    assert error.value.code == "bad_options"


def test_m_d2_a_table_from_seat_stacks_starts_with_its_button_and_no_draw() -> None:
    """M-D2: a tournament table plays from the players' stacks, 선 at `button`, no first draw; its ledger starts
    from those stacks."""
    # given
    options = {"seat_stacks": [7, 30, 12], "button": 2, "hands": 1}
    # when
    state = ENGINE.new_game(players=3, seed="tour", options=options)
    # then
    assert state["sun"] == 2 and state["hand"]["draw"] is None
    assert ENGINE.opening_events(state)[0] == {"type": "hand_start", "number": 1, "button": 2}
    assert "first_draw" not in [event["type"] for event in ENGINE.opening_events(state)]
    assert ENGINE.conserved(state) == {"chips": 49}
    state, _played = timeouts_to_the_end(state)
    row = ENGINE.ledger(state)[0]
    assert row["totals"] == [7 + row["deltas"][0], 30 + row["deltas"][1], 12 + row["deltas"][2]]


@pytest.mark.parametrize("players", range(2, 9))
def test_m_d2_the_kit_plays_one_hand_from_unequal_seat_stacks(players: int) -> None:
    """A tournament table (seat stacks, a button, one hand) through every check of the conformance kit, for each
    table size; conformance_variants cannot hold one stack per seat for every size."""
    for index, deal in enumerate(("two_card", "three_card", "holdem", "two_at_once")):
        stacks = [1 + (5 * seat + 3 * index) % 23 for seat in range(players)]
        options = {
            "seat_stacks": stacks,
            "button": (index + 1) % players,
            "hands": 1,
            "deal": deal,
            "ante": 2,
            "limit": "no_limit",
        }
        for round_no in range(3):
            playout = conformance.play(
                ENGINE, players=players, seed=f"tour-{players}-{index}-{round_no}", options=options
            )
            assert playout.final is not None and len(ENGINE.ledger(playout.final)) == 1


def test_bot_plays_a_legal_move_from_its_view() -> None:
    """The league's bot for Mini Poker: check or call when it can, never bet, raise or fold unless forced."""
    rng = random.Random(5)
    state = ENGINE.new_game(players=3, seed="bot", options={"deal": "three_card", "hands": 2})
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        legal = ENGINE.legal_moves(state, seat)
        move = ENGINE.bot_move(ENGINE.view(state, seat), legal, rng)
        assert move["type"] not in ("bet", "raise", "fold") or all(m["type"] in ("bet", "raise", "fold") for m in legal)
        state = ENGINE.apply_move(state, seat, move)
