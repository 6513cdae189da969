"""The events of Black Card (games/core/events.py): the story of a hand, each part to the seats that may see it."""

from typing import Any

from games.core.events import visible
from tests.games.blackcard.helpers import ENGINE, deck_for, game_and_events_with_deck
from tests.games.blackcard.test_seeds import _seed, run_seed

PUB = [["2H", "JS", "5D", "9D"], ["3S", "KH", "QH", "7C"]]
PRIV = [["4C", "TC", "2C"], ["6C", "4S", "6S"]]

# one whole hand of the match (hand_limit 1): seat 1's order card (3S) beats seat 0's (2H)
MOVES = [
    (1, {"type": "bet", "amount": 2}),
    (0, {"type": "call"}),
    (1, {"type": "reveal", "card": "KH"}),
    (0, {"type": "reveal", "card": "JS"}),
    (0, {"type": "pay"}),
    (0, {"type": "reveal", "card": "5D"}),
    (1, {"type": "reveal", "card": "QH"}),
    (0, {"type": "pay"}),
    (0, {"type": "reveal", "card": "9D"}),
    (1, {"type": "reveal", "card": "7C"}),
    (0, {"type": "pay"}),
    (1, {"type": "pick", "card": "QH"}),
    (1, {"type": "check"}),
    (0, {"type": "check"}),
]

OPENING = [
    {"type": "hand_start", "number": 1, "button": 0},
    {"type": "ante", "seat": 0, "amount": 1},
    {"type": "ante", "seat": 1, "amount": 1},
    {"type": "order_card", "seat": 0, "card": "2H"},
    {"type": "order_card", "seat": 1, "card": "3S"},
    {"type": "betting_round", "order": [1, 0], "amount": 2},
]
PAIR = "One pair: {rank}, {card} highest"
BY_MOVE = [
    [{"type": "bet", "seat": 1, "amount": 2}],
    [
        {"type": "call", "seat": 0, "amount": 2},
        {"type": "round_start", "round": 1},
        {"type": "cards_dealt", "seat": 1, "cards": ["KH", "6C"], "to": [1]},
        {"type": "cards_dealt", "seat": 0, "cards": ["JS", "4C"], "to": [0]},
    ],
    [{"type": "reveal_chosen", "seat": 1, "secret": {"to": [1], "card": "KH"}}],
    [
        {"type": "reveal_chosen", "seat": 0, "secret": {"to": [0], "card": "JS"}},
        {"type": "card_revealed", "seat": 1, "card": "KH"},
        {"type": "card_revealed", "seat": 0, "card": "JS"},
        {"type": "forced_share", "seat": 1, "amount": 3, "order": [0]},
    ],
    [
        {"type": "share_paid", "seat": 0, "amount": 3},
        {"type": "round_start", "round": 2},
        {"type": "cards_dealt", "seat": 1, "cards": ["QH", "4S"], "to": [1]},
        {"type": "cards_dealt", "seat": 0, "cards": ["5D", "TC"], "to": [0]},
    ],
    [{"type": "reveal_chosen", "seat": 0, "secret": {"to": [0], "card": "5D"}}],
    [
        {"type": "reveal_chosen", "seat": 1, "secret": {"to": [1], "card": "QH"}},
        {"type": "card_revealed", "seat": 1, "card": "QH"},
        {"type": "card_revealed", "seat": 0, "card": "5D"},
        {"type": "forced_share", "seat": 1, "amount": 4, "order": [0]},
    ],
    [
        {"type": "share_paid", "seat": 0, "amount": 4},
        {"type": "round_start", "round": 3},
        {"type": "cards_dealt", "seat": 1, "cards": ["7C", "6S"], "to": [1]},
        {"type": "cards_dealt", "seat": 0, "cards": ["9D", "2C"], "to": [0]},
    ],
    [{"type": "reveal_chosen", "seat": 0, "secret": {"to": [0], "card": "9D"}}],
    [
        {"type": "reveal_chosen", "seat": 1, "secret": {"to": [1], "card": "7C"}},
        {"type": "card_revealed", "seat": 1, "card": "7C"},
        {"type": "card_revealed", "seat": 0, "card": "9D"},
        {"type": "forced_share", "seat": 1, "amount": 6, "order": [0]},
    ],
    # the last share paid, the passives and the special round: seat 0 (lowest) opens with its J, which can only
    # name seat 1, who must now give up a face card
    [
        {"type": "share_paid", "seat": 0, "amount": 6},
        {"type": "passive", "seat": 1, "passive": {"text": "Royalty"}},
        {"type": "special_round_start", "order": [0, 1]},
        {"type": "power_used", "seat": 0, "power": {"text": "the J"}},
        {"type": "player_named", "seat": 0, "target": 1, "power": {"text": "the J"}},
    ],
    [
        {"type": "discarded", "seat": 1, "card": "QH"},
        {"type": "power_used", "seat": 1, "power": {"text": "the K"}},
        {"type": "discarded", "seat": 0, "card": "JS"},
        {"type": "special_round_end", "passes": 1},
        {"type": "betting_round", "order": [1, 0], "amount": 19},
    ],
    [{"type": "check", "seat": 1}],
    [
        {"type": "check", "seat": 0},
        {
            "type": "showdown",
            "hands": [
                {
                    "seat": 1,
                    "cards": ["3S", "KH", "7C", "6C", "4S", "6S"],
                    "category": {"text": PAIR, "rank": "6", "card": "6S"},
                },
                {
                    "seat": 0,
                    "cards": ["2H", "5D", "9D", "4C", "TC", "2C"],
                    "category": {"text": PAIR, "rank": "2", "card": "2H"},
                },
            ],
        },
        {"type": "pot_won", "amount": 19, "winners": [1]},
        {"type": "hand_end", "number": 1, "deltas": [-16, 16]},
        {"type": "match_end", "placements": [2, 1], "scores": [84, 116]},
    ],
]


def _whole_hand() -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]:
    rounds = [[[PUB[s][r], PRIV[s][r - 1]] for s in range(2)] for r in (1, 2, 3)]
    state, opening = game_and_events_with_deck(2, deck_for([PUB[0][0], PUB[1][0]], rounds), {"hand_limit": 1})
    by_move = []
    for seat, move in MOVES:
        state, events = ENGINE.play_move(state, seat, move)
        by_move.append(events)
    assert ENGINE.is_over(state)
    return opening, by_move


def test_b_r5_to_b_r19_the_events_of_a_whole_hand():
    # given: a two-player hand laid out card by card, when: it is played move by move
    opening, by_move = _whole_hand()
    # then: every event, in order, with its audience
    assert opening == OPENING
    assert by_move == BY_MOVE


def test_b_r7_each_seat_sees_its_own_private_cards_and_its_own_reveal_only():
    _opening, by_move = _whole_hand()
    deal, first_reveal, second_reveal = by_move[1], by_move[2], by_move[3]
    assert visible(deal, 0) == [
        {"type": "call", "seat": 0, "amount": 2},
        {"type": "round_start", "round": 1},
        {"type": "cards_dealt", "seat": 0, "cards": ["JS", "4C"]},
    ]
    assert visible(deal, None) == [{"type": "call", "seat": 0, "amount": 2}, {"type": "round_start", "round": 1}]
    # seat 1's choice: the card to seat 1 alone, the others learn only that it has chosen
    assert visible(first_reveal, 1) == [{"type": "reveal_chosen", "seat": 1, "card": "KH"}]
    assert visible(first_reveal, 0) == visible(first_reveal, None) == [{"type": "reveal_chosen", "seat": 1}]
    # the last choice turns every chosen card up, for all
    assert visible(second_reveal, None)[1:] == second_reveal[1:]


def test_b_r19_the_showdown_and_the_end_of_the_hand_are_public():
    _opening, by_move = _whole_hand()
    last = by_move[-1]
    assert visible(last, None) == visible(last, 0) == visible(last, 1) == last


def test_opening_events_are_those_of_the_first_deal():
    state = ENGINE.new_game(players=3, seed="opening", options={})
    events = ENGINE.opening_events(state)
    assert events[0] == {"type": "hand_start", "number": 1, "button": 0}
    assert [e["type"] for e in events] == [
        "hand_start",
        "ante",
        "ante",
        "ante",
        "order_card",
        "order_card",
        "order_card",
        "betting_round",
    ]
    cards = [e["card"] for e in events if e["type"] == "order_card"]
    assert cards == [row[0]["card"] for row in ENGINE.view(state, None)["public"]]


def _special_round(stem: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    run_seed(_seed(stem), events)
    types = [event["type"] for event in events]
    return events[types.index("special_round_start") : types.index("special_round_end") + 1]


def test_b_r15_a_peek_is_seen_by_the_peeking_seat_only():
    events = _special_round("09_four_flush_peek")
    shown = {"type": "peek_shown", "seat": 2, "target": 0, "count": 2, "secret": {"to": [0, 2], "cards": ["KH", "7D"]}}
    assert shown in events
    assert {"type": "peek_shown", "seat": 2, "target": 0, "count": 2, "cards": ["KH", "7D"]} in visible(events, 0)
    assert {"type": "peek_shown", "seat": 2, "target": 0, "count": 2} in visible(events, 1)
    assert {"type": "peek_shown", "seat": 2, "target": 0, "count": 2} in visible(events, None)


def test_b_r15_b_d8_an_exchanged_private_card_is_told_to_its_two_holders_only():
    events = _special_round("08_heart_exchange")
    assert events[2:6] == [
        {"type": "player_named", "seat": 0, "target": 1, "power": {"text": "the heart flush, exchange"}},
        {"type": "exchange_take_blind", "seat": 0, "target": 1},
        {"type": "private_card_passed", "from_seat": 1, "to_seat": 0, "secret": {"to": [0, 1], "card": "AS"}},
        {"type": "card_passed", "from_seat": 0, "to_seat": 1, "card": "9H"},
    ]
    assert visible(events[4:5], None) == [{"type": "private_card_passed", "from_seat": 1, "to_seat": 0}]


def test_b_r15_luck_draws_face_up_and_its_club_brings_private_cards_to_the_drawer_alone():
    events = _special_round("07_diamond_and_club")
    assert events[1:] == [
        {"type": "power_used", "seat": 0, "power": {"text": "the diamond flush, wealth"}},
        {"type": "card_drawn", "seat": 0, "card": "7S"},
        {"type": "card_drawn", "seat": 0, "card": "8S"},
        {"type": "power_used", "seat": 1, "power": {"text": "the club flush, luck"}},
        {"type": "card_drawn", "seat": 1, "card": "QC"},
        {"type": "luck_bonus", "seat": 1, "count": 2},
        {"type": "cards_dealt", "seat": 1, "cards": ["JS", "AH"], "to": [1]},
        {"type": "special_round_end", "passes": 1},
    ]
    assert not any(event["type"] == "cards_dealt" for event in visible(events, 0))


def test_b_r14_a_four_straight_hands_the_cards_over_face_up():
    events = _special_round("05_four_straight")
    assert events[1:4] == [
        {"type": "power_used", "seat": 0, "power": {"text": "the 4-straight {run}", "run": "4-5-6-7"}},
        {"type": "card_passed", "from_seat": 1, "to_seat": 0, "card": "5S"},
        {"type": "card_passed", "from_seat": 1, "to_seat": 0, "card": "6C"},
    ]


def test_b_r17_a_spear_shows_both_discards_to_everyone():
    events = _special_round("06_spade_spear")
    assert visible(events, None)[3:5] == [
        {"type": "discarded", "seat": 1, "card": "TD"},
        {"type": "private_discarded", "seat": 1, "card": "6D"},
    ]


def test_b_r10_passives_the_a21_draw_and_a_power_disabled_by_four_suits():
    events: list[dict[str, Any]] = []
    run_seed(_seed("10_a21_and_four_suits"), events)
    types = [event["type"] for event in events]
    start = types.index("passive")
    assert events[start:] == [
        {"type": "passive", "seat": 0, "passive": {"text": "A+21"}},
        {"type": "passive", "seat": 0, "passive": {"text": "Four suits"}},
        {"type": "special_round_start", "order": [0, 1]},
        {"type": "ace21_draw", "seat": 0, "cards": ["2D", "7D", "QS"]},
        {"type": "ace21_keep", "seat": 0, "card": "7D", "cards": ["2D", "QS"]},
        {"type": "power_used", "seat": 0, "power": {"text": "the K"}},
        {"type": "discarded", "seat": 1, "card": "JS"},
        {
            "type": "power_disabled",
            "seat": 1,
            "power": {"text": "the heart flush, exchange"},
            "passive": {"text": "another player's Four suits"},
        },
        {"type": "special_round_end", "passes": 1},
        {"type": "betting_round", "order": [0, 1], "amount": events[-1]["amount"]},
    ]


def test_b_r16_a_pass_without_power_turns_a_community_card():
    events = _special_round("11_community_cards")
    assert events[1:] == [
        {"type": "community_card", "card": "6S"},
        {"type": "power_used", "seat": 1, "power": {"text": "the 3-straight {run}", "run": "5-6-7"}},
        {"type": "private_discarded", "seat": 0, "card": "5C"},
        {"type": "special_round_end", "passes": 2},
    ]


def test_b_r9_the_odd_bonus_and_its_double():
    events: list[dict[str, Any]] = []
    run_seed(_seed("12_odd_bonus_double"), events)
    types = [event["type"] for event in events]
    start = types.index("odd_bonus")
    assert events[start : start + 3] == [
        {"type": "odd_bonus", "seats": [0]},
        {"type": "share_doubled", "seat": 0, "amount": 2},
        {"type": "share_paid", "seat": 1, "amount": 2},
    ]


def test_b_d16_the_best_hand_pays_for_the_all_odd_player_and_the_q_picks_in_public():
    events: list[dict[str, Any]] = []
    run_seed(_seed("02_queen_picks_and_jokers"), events)
    assert {"type": "share_paid_for", "seat": 2, "target": 1, "amount": 1} in events
    assert {"type": "joker_declared", "seat": 1, "joker": "XR", "card": "9H"} in events
    types = [event["type"] for event in events]
    start = types.index("special_round_start")
    assert events[start + 1 : start + 4] == [
        {"type": "power_used", "seat": 0, "power": {"text": "the Q"}},
        {"type": "discarded", "seat": 1, "card": "XR"},
        {"type": "discarded", "seat": 2, "card": "KS"},
    ]


def test_every_event_type_has_a_sentence_naming_its_fields():
    sentences = ENGINE.event_types()
    _opening, by_move = _whole_hand()
    for event in [e for events in by_move for e in events]:
        sentence = sentences[event["type"]]
        for field, value in event.items():
            if field not in ("type", "to", "secret") and not isinstance(value, list | dict):
                assert "{" + field + "}" in sentence, (event["type"], field)


def test_b_r15_the_peek_is_recorded_in_the_view_of_the_two_seats_only():
    # the record outlives the hand's end, so a move that plays the hand out still shows what the peek showed
    state = run_seed(_seed("09_four_flush_peek"))
    record = [{"peeker": 0, "seat": 2, "cards": ["KH", "7D"]}]
    assert ENGINE.view(state, 0)["peeks"] == ENGINE.view(state, 2)["peeks"] == record
    assert ENGINE.view(state, 1)["peeks"] == ENGINE.view(state, None)["peeks"] == []


def test_b_d19_whom_a_power_named_is_public_in_the_view():
    state = run_seed(_seed("06_spade_spear"))
    assert ENGINE.view(state, None)["special"]["named"] == [{"seat": 0, "power": "spear", "target": 1}]


def test_b_r15_the_last_hand_keeps_the_peek_for_the_two_seats_only():
    seed = _seed("09_four_flush_peek")
    seed["script"].append({"auto_to": "done"})
    state = run_seed(seed)  # the next hand is dealt
    record = [{"peeker": 0, "seat": 2, "cards": ["KH", "7D"]}]
    assert state["hand"]["index"] == 1 and ENGINE.view(state, 0)["peeks"] == []
    assert ENGINE.view(state, 0)["last_hand"]["peeks"] == ENGINE.view(state, 2)["last_hand"]["peeks"] == record
    assert ENGINE.view(state, 1)["last_hand"]["peeks"] == ENGINE.view(state, None)["last_hand"]["peeks"] == []
