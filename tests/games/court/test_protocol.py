"""games/court/engine.py through the declarations of the engine protocol: events and their audiences, the secret
step, strict moves, the options schema and its roles, the bot."""

import random

import pytest

from games import IllegalMove
from games.core import betting, conformance
from games.core.events import visible
from tests.games.court.test_engine import (
    CALL,
    CHECK,
    ENGINE,
    FOLD,
    bet,
    check_round,
    new,
    play,
    raise_,
    three_seats,
    with_cards,
)


def discard(card: str) -> dict:
    return {"type": "discard", "card": card}


def played(state: dict, *moves: tuple[int, dict]) -> tuple[dict, list[dict]]:
    """The state after `moves` and the events of all of them, in order."""
    events: list[dict] = []
    for seat, move in moves:
        state, more = ENGINE.play_move(state, seat, move)
        events += more
    return state, events


def types(events: list[dict]) -> list[str]:
    return [event["type"] for event in events]


# --- the events of a whole hand -----------------------------------------------------------------------------------

GOLDEN_MOVES = [
    (2, discard("C")),
    (0, discard("N")),
    (1, discard("J")),
    (1, bet(10)),
    (2, CALL),
    (0, raise_(5)),
    (1, CALL),
    (2, FOLD),
    (1, CHECK),
    (0, bet(20)),
    (1, CALL),
    (1, CHECK),
    (0, CHECK),
]

GOLDEN_EVENTS = [
    {"type": "hand_start", "number": 1, "button": 0},
    {"type": "ante", "seat": 1, "amount": 10},
    {"type": "ante", "seat": 2, "amount": 10},
    {"type": "ante", "seat": 0, "amount": 10},
    {"type": "cards_dealt", "seat": 1, "cards": ["K", "C", "J"], "to": [1]},
    {"type": "cards_dealt", "seat": 2, "cards": ["N", "S", "C"], "to": [2]},
    {"type": "cards_dealt", "seat": 0, "cards": ["N", "C", "C"], "to": [0]},
    {"type": "discard", "seat": 2, "secret": {"to": [2], "card": "C"}},
    {"type": "discard", "seat": 0, "secret": {"to": [0], "card": "N"}},
    {"type": "discard", "seat": 1, "secret": {"to": [1], "card": "J"}},
    {
        "type": "cards_turned",
        "round": 1,
        "dealt": [{"seat": 0, "card": "K"}, {"seat": 1, "card": "K"}, {"seat": 2, "card": "N"}],
    },
    {"type": "bet", "seat": 1, "amount": 10},
    {"type": "call", "seat": 2, "amount": 10},
    {"type": "raise", "seat": 0, "raise_by": 5, "total": 15},
    {"type": "call", "seat": 1, "amount": 5},
    {"type": "fold", "seat": 2},
    {"type": "cards_turned", "round": 2, "dealt": [{"seat": 0, "card": "S"}, {"seat": 1, "card": "K"}]},
    {"type": "check", "seat": 1},
    {"type": "bet", "seat": 0, "amount": 20},
    {"type": "call", "seat": 1, "amount": 20},
    {"type": "cards_turned", "round": 3, "dealt": [{"seat": 0, "card": "N"}, {"seat": 1, "card": "J"}]},
    {"type": "check", "seat": 1},
    {"type": "check", "seat": 0},
    {
        "type": "showdown",
        "hands": [
            {"seat": 0, "cards": ["C", "C"], "public": ["K", "S", "N"], "category": {"text": "Half, King to Citizen"}},
            {
                "seat": 1,
                "cards": ["K", "C"],
                "public": ["K", "K", "J"],
                "category": {"text": "Triple, {rank}", "rank": {"text": "Kings"}},
            },
        ],
    },
    {"type": "pot_won", "amount": 110, "winners": [0]},
    {"type": "hand_end", "number": 1, "deltas": [65, -45, -20]},
    {"type": "match_end", "placements": [1, 3, 2], "scores": [1065, 955, 980]},
]


def test_c_r4_to_c_r15_the_events_of_a_whole_hand_from_a_fixed_seed():
    """C-R4 antes, C-R5/C-D2 3 cards each and a face-down discard, C-R6/C-R7 three rounds of a public card each
    and their betting, C-R13/C-R14 the showdown (a Half, King to Citizen, beats a Triple of Kings), the pot, the
    hand's deltas and the end of a one-hand match: the whole story of the table, exactly."""
    # given: a one-hand match of 3 from the seed "golden-hand"
    state = new(3, seed="golden-hand", hand_limit=1)
    # when: the moves of the hand are played
    state, events = played(state, *GOLDEN_MOVES)
    # then: the opening events and the moves' events tell it all
    assert ENGINE.opening_events(new(3, seed="golden-hand", hand_limit=1)) + events == GOLDEN_EVENTS
    assert ENGINE.is_over(state)


def test_c_d2_who_sees_what_of_the_whole_hand():
    """C-R5/C-D2: a seat sees its own 3 cards and its own discard; nobody else sees either, spectators nothing."""
    by_seat = {viewer: visible(GOLDEN_EVENTS, viewer) for viewer in (0, 1, 2, None)}
    assert [event for event in by_seat[0] if event["type"] == "cards_dealt"] == [
        {"type": "cards_dealt", "seat": 0, "cards": ["N", "C", "C"]}
    ]
    assert [event for event in by_seat[0] if event["type"] == "discard"] == [
        {"type": "discard", "seat": 2},
        {"type": "discard", "seat": 0, "card": "N"},
        {"type": "discard", "seat": 1},
    ]
    assert [event for event in by_seat[None] if event["type"] in ("cards_dealt", "discard")] == [
        {"type": "discard", "seat": 2},
        {"type": "discard", "seat": 0},
        {"type": "discard", "seat": 1},
    ]
    # everything else is public: the same for every viewer
    public_part = [event for event in by_seat[None] if event["type"] != "discard"]
    assert all(
        [event for event in by_seat[viewer] if event["type"] not in ("cards_dealt", "discard")] == public_part
        for viewer in (0, 1, 2)
    )


def test_opening_events_are_the_first_hands_start():
    state = new(2, seed="opening")
    events = ENGINE.opening_events(state)
    assert types(events) == ["hand_start", "ante", "ante", "cards_dealt", "cards_dealt"]
    assert events[3] == {"type": "cards_dealt", "seat": 1, "cards": ENGINE.view(state, 1)["cards"], "to": [1]}


def test_c_r12_c_d14_a_fold_win_shows_no_cards():
    """C-R12/C-D14: the last player in takes the pot; no showdown, no card of anyone's hand in the record."""
    _state, events = played(three_seats(), (1, bet(15)), (2, FOLD), (0, FOLD))
    hand = events[: types(events).index("hand_start")]
    assert hand == [
        {"type": "bet", "seat": 1, "amount": 15},
        {"type": "fold", "seat": 2},
        {"type": "fold", "seat": 0},
        {"type": "pot_won", "amount": 45, "winners": [1]},
        {"type": "hand_end", "number": 1, "deltas": [-10, 20, -10]},
    ]
    # the next hand starts at once, with its button one seat left (C-D3)
    assert events[len(hand)] == {"type": "hand_start", "number": 2, "button": 1}


def test_c_r16_c_d8_the_jester_bonus_says_who_pays_whom_how_much():
    state = with_cards(new(2, hand_limit=1), [["J", "J", "K"], ["K", "K", "S"]], [["J", "J", "J"], ["K", "N", "S"]])
    # round 1: seat 1's King acts first; rounds 2 and 3: seat 0's Jesters (a pair, then a triple)
    state = play(state, (0, discard("K")), (1, discard("S")), (1, bet(10)), (0, CALL), (0, CHECK), (1, CHECK))
    state, events = played(state, (0, CHECK), (1, CHECK))
    end = events[types(events).index("showdown") :]
    assert end == [
        {
            "type": "showdown",
            "hands": [
                {"seat": 0, "cards": ["J", "J"], "public": ["J", "J", "J"], "category": {"text": "Jester's Crown"}},
                {
                    "seat": 1,
                    "cards": ["K", "K"],
                    "public": ["K", "N", "S"],
                    "category": {"text": "Triple, {rank}", "rank": {"text": "Kings"}},
                },
            ],
        },
        {"type": "pot_won", "amount": 40, "winners": [0]},
        {"type": "jester_bonus", "seat": 1, "winner": 0, "amount": 40},
        {"type": "hand_end", "number": 1, "deltas": [60, -60]},
        {"type": "match_end", "placements": [1, 2], "scores": [1060, 940]},
    ]


def test_c_d9_c_d10_side_pots_busts_and_the_end_of_the_match_are_recorded():
    """C-D9: the all-in call, the rounds nobody can bet in still turn their cards; C-D10: the bust and the end."""
    state = with_cards(
        new(2, ante=10, starting_stack=20), [["K", "K", "C"], ["N", "S", "J"]], [["K", "K", "J"], ["N", "S", "C"]]
    )
    state = play(state, (0, discard("C")), (1, discard("J")))
    state, events = played(state, (0, bet(10)), (1, CALL))
    assert types(events) == [
        "bet",
        "all_in",
        "call",
        "all_in",
        "cards_turned",
        "cards_turned",
        "showdown",
        "pot_won",
        "hand_end",
        "bust",
        "match_end",
    ]
    assert events[-2:] == [{"type": "bust", "seat": 1}, {"type": "match_end", "placements": [1, 2], "scores": [40, 0]}]


def test_several_pots_are_numbered_main_pot_first():
    """C-D9: seat 2 all-in for 15 wins the main pot with a Crown; the side pot goes to seat 0 (pot 1)."""
    state = new(3, ante=10, starting_stack=1000)
    state["chips"]["stacks"] = [990, 990, 5]
    state["start_stacks"] = [1000, 1000, 15]
    state = with_cards(
        state, [["K", "K", "J"], ["S", "S", "J"], ["C", "C", "J"]], [["K", "J", "S"], ["N", "N", "J"], ["C", "C", "C"]]
    )
    state = play(
        state,
        *[(seat, discard("J")) for seat in range(3)],
        (0, bet(15)),
        (1, CALL),
        (2, CALL),
        (1, CHECK),
        (0, CHECK),
        (0, CHECK),
    )
    state, events = played(state, (1, CHECK))
    assert [event for event in events if event["type"] == "pot_won"] == [
        {"type": "pot_won", "amount": 45, "winners": [2], "pot": 0},
        {"type": "pot_won", "amount": 20, "winners": [0], "pot": 1},
    ]


def test_event_types_declare_every_event_and_the_betting_sentences():
    declared = ENGINE.event_types()
    assert betting.EVENT_TYPES.items() <= declared.items()
    assert {"showdown.hands", "cards_turned.dealt"} <= set(declared)
    rng = random.Random(5)
    for seed in range(20):
        state = new(4, seed=f"types-{seed}", hand_limit=2, starting_stack=40, ante=5)
        events = ENGINE.opening_events(state)
        while not ENGINE.is_over(state):
            seat = rng.choice(ENGINE.to_act(state))
            state, more = ENGINE.play_move(
                state, seat, conformance.concrete(rng.choice(ENGINE.legal_moves(state, seat)), rng)
            )
            events += more
        assert set(types(events)) <= set(declared)


# --- the secret step ----------------------------------------------------------------------------------------------


def test_c_d2_the_discard_is_the_secret_step():
    """C-D2: simultaneous and face down: a secret step until the last discard is in, then the betting is open."""
    state = new(3)
    assert ENGINE.secret_step(state)
    state = play(state, (2, discard(state["private"][2][0])), (0, discard(state["private"][0][0])))
    assert ENGINE.secret_step(state)
    state = play(state, (1, discard(state["private"][1][0])))
    assert state["phase"] == "betting"
    assert not ENGINE.secret_step(state)


def test_c_d2_the_secret_step_ends_with_the_match():
    state = with_cards(new(2, hand_limit=1), [["K", "K", "C"], ["N", "S", "J"]], [["K", "K", "J"], ["N", "S", "C"]])
    state = check_round(check_round(check_round(play(state, (0, discard("C")), (1, discard("J"))))))
    assert ENGINE.is_over(state)
    assert not ENGINE.secret_step(state)


def test_c_d2_a_forced_discard_is_recorded_exactly_like_a_free_one():
    """C-D2 (a bug report): a seat dealt three Kings has a single legal discard; its record must not differ from
    a free choice's, or it would tell the table that the two cards kept are a pair."""
    # given: seat 0 holds K K K (one legal discard), seat 1 holds N S C (three)
    state = with_cards(new(2), [["K", "K", "K"], ["N", "S", "C"]], [["K", "K", "J"], ["N", "S", "C"]])
    assert ENGINE.legal_moves(state, 0) == [discard("K")]
    # when: both discard
    state, forced = ENGINE.play_move(state, 0, discard("K"))
    _, free = ENGINE.play_move(state, 1, discard("S"))
    # then: each is a discard with its card secret to its own seat, and the others see only that it discarded
    assert forced == [{"type": "discard", "seat": 0, "secret": {"to": [0], "card": "K"}}]
    assert free[0] == {"type": "discard", "seat": 1, "secret": {"to": [1], "card": "S"}}
    assert visible(forced, 1) == visible(forced, None) == [{"type": "discard", "seat": 0}]
    assert visible(free[:1], 0) == visible(free[:1], None) == [{"type": "discard", "seat": 1}]


# --- strict moves and refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [
        {"type": "discard", "card": "K", "face": "up"},
        {"type": "discard", "card": "K", "min": 1},
    ],
)
def test_a_discard_with_a_field_the_game_does_not_define_is_refused(move):
    state = with_cards(new(2), [["K", "K", "J"], ["N", "S", "C"]], [["K", "K", "J"], ["N", "S", "C"]])
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 0, move)
    assert error.value.code == "unknown_field"


@pytest.mark.parametrize(
    "move",
    [
        {"type": "bet", "min": 1, "max": 15},  # a legal-move entry copied as it is
        {"type": "bet", "amount": 5, "max": 15},
        {"type": "check", "amount": 0},
        {"type": "check", "card": "K"},
    ],
)
def test_a_betting_move_with_a_field_the_game_does_not_define_is_refused(move):
    state = three_seats()
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 1, move)
    assert error.value.code == "unknown_field"


def test_refusals_are_sentences_a_player_understands():
    state = with_cards(new(2), [["K", "K", "J"], ["N", "S", "C"]], [["K", "K", "J"], ["N", "S", "C"]])
    refusals = {}
    for seat, move in [(0, discard("S")), (0, CHECK), (0, {"type": "wave"}), (0, {"type": "discard", "x": 1})]:
        with pytest.raises(IllegalMove) as error:
            ENGINE.apply_move(state, seat, move)
        refusals[error.value.code] = error.value.message
    assert refusals == {
        "bad_card": "Discard one of the three cards you hold.",
        "wrong_phase": "Every player first discards one of their three cards.",
        "unknown_move": "The Court has no move 'wave'.",
        "unknown_field": "A discard move has no field x.",
    }
    state = play(state, (0, discard("J")), (1, discard("C")))
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 1, CHECK)
    assert (error.value.code, error.value.message) == ("not_your_turn", "It is not your turn.")


# --- options, roles, teams ----------------------------------------------------------------------------------------


def test_the_options_schema_names_each_options_role_and_rule():
    schema = {option["name"]: option for option in ENGINE.options_schema()}
    assert list(schema) == ["ante", "starting_stack", "hand_limit", "min_bet", "kickers", "seat_stacks", "button"]
    assert {name: option.get("role") for name, option in schema.items()} == {
        "ante": "forced_bet",
        "starting_stack": "stack",
        "hand_limit": "hand_limit",
        "min_bet": "forced_bet",
        "kickers": None,
        "seat_stacks": "seat_stacks",
        "button": "button",
    }
    assert {name: option["rule"] for name, option in schema.items()} == {
        "ante": "C-D1",
        "starting_stack": "C-D10",
        "hand_limit": "C-D10",
        "min_bet": "C-D5",
        "kickers": "C-R15",
        "seat_stacks": "C-D10",
        "button": "C-D3",
    }
    assert schema["seat_stacks"] | {"label": "", "help": ""} == {
        "name": "seat_stacks",
        "kind": "seat_ints",
        "default": None,
        "min": 1,
        "max": 1_000_000_000,
        "role": "seat_stacks",
        "rule": "C-D10",
        "advanced": True,
        "label": "",
        "help": "",
    }
    assert (schema["button"]["min"], schema["button"]["max"]) == (0, 5)
    assert all(option["label"] and option["help"] for option in schema.values())
    conformance.check_declarations(ENGINE)


def test_every_seat_plays_for_itself():
    assert ENGINE.title == "The Court"
    assert all(ENGINE.teams(players) is None for players in range(2, 7))


@pytest.mark.parametrize(
    "options",
    [
        {"seat_stacks": [100, 0, 50]},
        {"seat_stacks": [100, 50]},
        {"seat_stacks": [100, 50, -1]},
        {"button": 3},
        {"button": -1},
        {"button": "0"},
    ],
)
def test_seat_stacks_and_button_refuse_what_no_table_can_start_from(options):
    """A seat may not start with 0 chips; the button is one of the table's seats."""
    with pytest.raises(IllegalMove) as error:
        ENGINE.check_options(options, 3)
    assert error.value.code == "bad_options"


def test_c_d10_seat_stacks_override_the_starting_stack():
    """Issue 22: a tournament table starts from the players' carried stacks."""
    state = new(3, seat_stacks=[100, 250, 40], starting_stack=1000)
    assert state["chips"]["stacks"] == [90, 240, 30]
    assert ENGINE.conserved(state)["chips"] == 390
    state = check_round(
        check_round(check_round(play(state, *[(seat, discard(state["private"][seat][0])) for seat in range(3)])))
    )
    (row,) = ENGINE.ledger(state)
    assert row["stacks"] == [start + delta for start, delta in zip([100, 250, 40], row["deltas"], strict=True)]


def test_c_d9_a_seat_stack_below_the_ante_posts_it_all_in():
    events = ENGINE.opening_events(new(2, seat_stacks=[100, 4], ante=10))
    assert events[1:4] == [
        {"type": "ante", "seat": 1, "amount": 4},
        {"type": "all_in", "seat": 1},
        {"type": "ante", "seat": 0, "amount": 10},
    ]


def test_c_d3_the_button_option_holds_the_button_in_the_first_hand():
    """C-D3 with the `button` option: its seat first (the first card to the seat on its left), then one seat left
    every hand."""
    state = new(3, seed="button", button=2)
    assert state["button"] == 2
    assert ENGINE.opening_events(state)[0] == {"type": "hand_start", "number": 1, "button": 2}
    assert [event["seat"] for event in ENGINE.opening_events(state) if event["type"] == "ante"] == [0, 1, 2]
    state = check_round(
        check_round(check_round(play(state, *[(seat, discard(state["private"][seat][0])) for seat in range(3)])))
    )
    assert state["button"] == 0


@pytest.mark.parametrize("players", range(2, 7))
def test_a_tournament_table_keeps_every_invariant_of_the_conformance_kit(players):
    """Issue 22: one hand from unequal carried stacks with the button where the tournament says, through the kit
    (the kit's variants cannot carry `seat_stacks`: they serve every player count)."""
    for index in range(6):
        stacks = [7 + 31 * ((seat + index) % players) for seat in range(players)]
        options = {"hand_limit": 1, "seat_stacks": stacks, "button": (index + players - 1) % players, "ante": 5}
        playout = conformance.play(ENGINE, players=players, seed=f"tournament-{index}", options=options)
        assert playout.final is not None and ENGINE.ledger_count(playout.final) == 1


# --- the bot ------------------------------------------------------------------------------------------------------


def test_the_bot_calls_or_checks_and_discards_at_random():
    state = with_cards(new(2), [["K", "K", "J"], ["N", "S", "C"]], [["K", "K", "J"], ["N", "S", "C"]])
    rng = random.Random(1)
    chosen = {ENGINE.bot_move(ENGINE.view(state, 1), ENGINE.legal_moves(state, 1), rng)["card"] for _ in range(50)}
    assert chosen == {"N", "S", "C"}
    state = play(state, (0, discard("J")), (1, discard("C")))
    assert ENGINE.bot_move(ENGINE.view(state, 0), ENGINE.legal_moves(state, 0), rng) == CHECK
    state = play(state, (0, bet(10)))
    assert ENGINE.bot_move(ENGINE.view(state, 1), ENGINE.legal_moves(state, 1), rng) == CALL
