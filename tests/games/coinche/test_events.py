"""The events of Coinche (games/coinche/events.py): a deal told in full, each part to its audience."""

import string

from games import get_engine
from games.coinche.cards import PLAIN_ORDER, PLAIN_POINTS, TRUMP_ORDER, TRUMP_POINTS
from games.core.cards import coinche_deck
from games.core.events import visible
from games.core.rng import choice_index, shuffled

ENGINE = get_engine("coinche")
PASS = {"type": "pass"}
SEED = "events-deal"


def _dealt(seed, number, dealer):
    """K-R4/K-D2 worked by hand: the cut and the four hands of deal `number` (0-based)."""
    deck = shuffled(coinche_deck(), seed=seed, label=f"deal-{number}")
    cut = 1 + choice_index(31, seed=seed, label=f"cut-{number}")
    deck = deck[cut:] + deck[:cut]
    hands = [[], [], [], []]
    for size in (3, 3, 2):
        for step in (1, 2, 3, 4):
            hands[(dealer + step) % 4] += deck[:size]
            deck = deck[size:]
    return cut, hands


def _deal_events(number, dealer, cut, hands):
    return [
        {"type": "hand_start", "number": number, "dealer": dealer},
        {"type": "cut", "seat": (dealer + 3) % 4, "at": cut},
        *[
            {
                "type": "cards_dealt",
                "seat": (dealer + step) % 4,
                "cards": hands[(dealer + step) % 4],
                "to": [(dealer + step) % 4],
            }
            for step in (1, 2, 3, 4)
        ],
    ]


def _one_suit_each(seed=SEED):
    """A new game whose first speaker holds every heart, the next every spade, then every diamond, every club."""
    state = ENGINE.new_game(players=4, seed=seed, options={})
    first = (state["dealer"] + 1) % 4
    hands = [[], [], [], []]
    for step, suit in enumerate("HSDC"):
        hands[(first + step) % 4] = [rank + suit for rank in "789TJQKA"]
    return {**state, "hands": hands}, first


def _played(state, moves):
    log = []
    for seat, move in moves:
        state, told = ENGINE.play_move(state, seat, move)
        log += told
    return state, log


def _played_by_timeouts(state):
    log = []
    while ENGINE.to_act(state) and state["phase"] == "play":
        seat = ENGINE.to_act(state)[0]
        state, told = ENGINE.play_move(state, seat, ENGINE.timeout_move(state, seat))
        log += told
    return state, log


def test_k_r4_the_opening_events_deal_each_hand_to_its_own_seat():
    # given: a new game from a fixed seed
    state = ENGINE.new_game(players=4, seed=SEED, options={})
    dealer = choice_index(4, seed=SEED, label="first-dealer")
    cut, hands = _dealt(SEED, 0, dealer)
    # when: the table opens
    opening = ENGINE.opening_events(state)
    # then: deal 1 by the first dealer, the cut by the dealer's left, 3-3-2 from the dealer's right
    assert opening == _deal_events(1, dealer, cut, hands)
    # each seat sees its own eight cards only; a spectator sees none
    for seat in range(4):
        dealt = [event for event in visible(opening, seat) if event["type"] == "cards_dealt"]
        assert dealt == [{"type": "cards_dealt", "seat": seat, "cards": hands[seat]}]
    assert [event["type"] for event in visible(opening, None)] == ["hand_start", "cut"]


def test_k_r14_k_r16_k_r8_k_r19_the_events_of_a_whole_deal_exactly():
    # given: each player holds one whole suit (hearts to the first speaker A, then spades, diamonds, clubs)
    state, a = _one_suit_each()
    b, c, d = (a + 1) % 4, (a + 2) % 4, (a + 3) % 4
    dealer = state["dealer"]
    # when: A bids 80 hearts, D declines its out-of-turn coinche, B passes, C (A's partner) bids 90 hearts, B
    # coinches out of turn, C passes, A surcoinches; then every card is played by the timeout rule (K-D14)
    state, auction = _played(
        state,
        [
            (a, {"type": "bid", "points": 80, "suit": "H"}),
            (d, PASS),
            (b, PASS),
            (c, {"type": "bid", "points": 90, "suit": "H"}),
            (b, {"type": "coinche"}),
            (c, PASS),
            (a, {"type": "surcoinche"}),
        ],
    )
    state, plays = _played_by_timeouts(state)
    # then: every call in the order made, and the contract when the auction closes (K-R16)
    assert auction == [
        {"type": "bid", "points": 80, "suit": "H", "seat": a},
        {"type": "coinche_declined", "seat": d},
        {"type": "pass", "seat": b},
        {"type": "bid", "points": 90, "suit": "H", "seat": c},
        {"type": "coinche", "seat": b, "target": c},
        {"type": "pass", "seat": c},
        {"type": "surcoinche", "seat": a},
        {
            "type": "contract",
            "taker": c,
            "points": 90,
            "suit": "H",
            "slam": False,
            "level": 4,
            "bid": {"text": "{points} in", "points": 90},
            "doubling": {"text": "coinched by {seat} and surcoinched by {caller}", "seat": b, "caller": a},
        },
    ]
    # A leads each trick with its lowest trump (K-R5 order), the others discard their lowest card (K-R6 order),
    # and A's trumps win them all (K-R19); the queen and king of hearts announce belote and rebelote (K-R8)
    trumps = list(TRUMP_ORDER)  # 7 8 Q K T A 9 J
    plains = list(PLAIN_ORDER)  # 7 8 9 J Q K T A
    expected = []
    for number in range(1, 9):
        cards = [trumps[number - 1] + "H", plains[number - 1] + "S", plains[number - 1] + "D", plains[number - 1] + "C"]
        for seat, card in zip((a, b, c, d), cards, strict=True):
            expected.append({"type": "play", "seat": seat, "card": card})
            if card in ("QH", "KH"):
                expected.append({"type": "belote" if card == "QH" else "rebelote", "seat": a, "card": card})
        points = TRUMP_POINTS[cards[0][0]] + 3 * PLAIN_POINTS[cards[1][0]] + (10 if number == 8 else 0)
        expected.append(
            {
                "type": "trick",
                "number": number,
                "leader": a,
                "winner": a,
                "plays": [{"seat": seat, "card": card} for seat, card in zip((a, b, c, d), cards, strict=True)],
                "points": points,
            }
        )
    # K-R22, K-R25: every trick, surcoinched: 4 x 90 + 250 + belote 20 = 630; the defenders score nothing
    score = [0, 0]
    score[a % 2] = 630
    tricks = [0, 0]
    tricks[a % 2] = 8
    made = [0, 0]
    made[a % 2] = 152 + 10 + 20
    expected += [
        {
            "type": "deal_score",
            "taker": c,
            "result": {"text": "is made, with every trick"},
            "made": True,
            "teams": [
                {"team": [0, 2], "tricks": tricks[0], "points": made[0], "score": score[0]},
                {"team": [1, 3], "tricks": tricks[1], "points": made[1], "score": score[1]},
            ],
        },
        {
            "type": "hand_end",
            "number": 1,
            "deltas": [score[seat % 2] for seat in range(4)],
            "totals": [score[seat % 2] for seat in range(4)],
        },
        *_deal_events(2, (dealer + 1) % 4, *_dealt(SEED, 1, (dealer + 1) % 4)),
    ]
    assert plays == expected
    assert [trick["points"] for trick in plays if trick["type"] == "trick"] == [0, 0, 3, 10, 19, 23, 44, 63]
    assert ENGINE.ledger(state)[0]["team_scores"] == score


def test_k_r11_a_thrown_in_deal_is_told_then_dealt_again():
    # given: a new game
    state = ENGINE.new_game(players=4, seed="thrown-in-events", options={})
    dealer = state["dealer"]
    # when: all four pass
    _, log = _played(state, [((dealer + step) % 4, PASS) for step in (1, 2, 3, 4)])
    # then: four passes, the throw-in with nothing scored (K-D4), and deal 2 by the next dealer
    assert log == [
        *[{"type": "pass", "seat": (dealer + step) % 4} for step in (1, 2, 3, 4)],
        {"type": "thrown_in", "dealer": dealer},
        {"type": "hand_end", "number": 1, "deltas": [0, 0, 0, 0], "totals": [0, 0, 0, 0]},
        *_deal_events(2, (dealer + 1) % 4, *_dealt("thrown-in-events", 1, (dealer + 1) % 4)),
    ]


def test_k_r15_k_r27_a_slam_that_ends_the_match_is_told_to_the_end():
    # given: the first speaker holds every heart, both teams at 1230
    state, a = _one_suit_each("slam-events")
    state = {**state, "totals": [1230, 1230]}
    # when: it bids a slam in hearts and the deal is played out
    state, log = _played(state, [(a, {"type": "slam", "suit": "H"})])
    assert log == [
        {"type": "slam", "suit": "H", "seat": a},
        {
            "type": "contract",
            "taker": a,
            "points": None,
            "suit": "H",
            "slam": True,
            "level": 1,
            "bid": {"text": "a slam in"},
            "doubling": {"text": "not coinched"},
        },
    ]
    state, log = _played_by_timeouts(state)
    # then: 500 + 250 + belote 20 = 770 (K-R23, K-D11) takes the team to 2000, and the match ends there
    winners = [a % 2, a % 2 + 2]
    assert log[-2]["type"] == "hand_end" and log[-2]["deltas"] == [770 if seat in winners else 0 for seat in range(4)]
    assert log[-1] == {
        "type": "match_end",
        "placements": [1 if seat in winners else 2 for seat in range(4)],
        "scores": [2000 if seat in winners else 1230 for seat in range(4)],
        "winners": winners,
    }
    assert ENGINE.is_over(state)


def test_k_r24_k_d17_a_failed_contract_is_told_as_failed():
    # given: the first speaker A holds every diamond and bids 160 spades; every spade is its left opponent's
    state, a = _one_suit_each("failed-events")
    c = (a + 2) % 4
    hands = list(state["hands"])
    hands[a], hands[c] = hands[c], hands[a]
    state = {**state, "hands": hands}
    state, _ = _played(
        state,
        [
            (a, {"type": "bid", "points": 160, "suit": "S"}),
            ((a + 1) % 4, PASS),
            ((a + 2) % 4, PASS),
            ((a + 3) % 4, PASS),
        ],
    )
    # when: the deal is played out
    _, log = _played_by_timeouts(state)
    # then: the defenders' trumps take every trick and the contract fails: 160 + 160 + their belote 20
    [score] = [event for event in log if event["type"] == "deal_score"]
    defence = (a + 1) % 2
    assert score["taker"] == a and score["made"] is False and score["result"] == {"text": "fails"}
    assert score["teams"][defence] == {"team": [defence, defence + 2], "tricks": 8, "points": 182, "score": 340}
    assert score["teams"][1 - defence] == {"team": [1 - defence, 3 - defence], "tricks": 0, "points": 0, "score": 0}


def _render(sentence, fields):
    """The sentence with its places filled in; a phrase (a dict with "text") is rendered with its own fields."""
    values = {
        key: _render(value["text"], value) if isinstance(value, dict) and "text" in value else value
        for key, value in fields.items()
    }
    return sentence.format_map(values)


def test_every_event_has_a_sentence_whose_places_its_fields_fill():
    # given: a whole deal with every kind of call, and a throw-in
    state, a = _one_suit_each("sentences")
    b, c, d = (a + 1) % 4, (a + 2) % 4, (a + 3) % 4
    state, log = _played(
        state,
        [
            (a, {"type": "bid", "points": 80, "suit": "H"}),
            (d, PASS),
            (b, PASS),
            (c, {"type": "bid", "points": 90, "suit": "H"}),
            (b, {"type": "coinche"}),
            (c, PASS),
            (a, {"type": "surcoinche"}),
        ],
    )
    state, more = _played_by_timeouts(state)
    dealer = state["dealer"]
    _, thrown = _played(state, [((dealer + step) % 4, PASS) for step in (1, 2, 3, 4)])
    types = ENGINE.event_types()
    # then: each event renders; each list of dicts renders item by item with its "<type>.<field>" sentence
    for event in ENGINE.opening_events(state) + log + more + thrown:
        fields = {key: value for key, value in event.items() if key not in ("type", "to", "secret")}
        assert _render(types[event["type"]], fields)
        for key, value in fields.items():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                for item in value:
                    assert _render(types[f"{event['type']}.{key}"], item)
    named = {name for _, name, _, _ in string.Formatter().parse(types["contract"]) if name}
    assert named == {"taker", "bid", "suit", "doubling"}
