"""The Coinche engine's protocol (games/coinche/engine.py): deal, turn order, views, ledger, options, timeouts."""

import copy
import json
import random

import pytest

from games import get_engine
from games.coinche.engine import DEFAULT_OPTIONS
from games.core import conformance
from games.core.cards import coinche_deck
from games.core.errors import IllegalMove
from games.core.rng import choice_index, shuffled

ENGINE = get_engine("coinche")
PASS = {"type": "pass"}
HEARTS = ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"]


def _game(seed="engine-test", **options):
    return ENGINE.new_game(players=4, seed=seed, options=options)


def _with_hands(state, first_hand):
    """The state with `first_hand` given to the first speaker and the other 24 cards dealt round to the others."""
    first = (state["dealer"] + 1) % 4
    rest = [card for card in coinche_deck() if card not in first_hand]
    hands = [[], [], [], []]
    hands[first] = list(first_hand)
    others = [(first + k) % 4 for k in (1, 2, 3)]
    for i, seat in enumerate(others):
        hands[seat] = rest[8 * i : 8 * i + 8]
    return {**state, "hands": hands}


def _play_out_by_timeouts(state):
    while ENGINE.to_act(state) and state["phase"] == "play":
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply_move(state, seat, ENGINE.timeout_move(state, seat))
    return state


def _slam_deal(seed="slam"):
    """The first speaker holds all eight hearts and bids slam hearts; the deal played out by timeout moves."""
    state = _with_hands(_game(seed), HEARTS)
    first = (state["dealer"] + 1) % 4
    state = ENGINE.apply_move(state, first, {"type": "slam", "suit": "H"})
    return first, state


def test_k_r1_four_seats_partners_opposite():
    assert (ENGINE.min_players, ENGINE.max_players) == (4, 4)
    assert ENGINE.view(_game(), None)["teams"] == [[0, 2], [1, 3]]
    with pytest.raises(IllegalMove) as error:
        ENGINE.new_game(players=3, seed="x", options={})
    assert error.value.code == "bad_options"


def test_k_r3_first_dealer_from_the_seed_k_r9_bidding_starts_on_the_dealers_right():
    state = _game("dealer-seed")
    assert state["dealer"] == choice_index(4, seed="dealer-seed", label="first-dealer")
    assert ENGINE.to_act(state) == [(state["dealer"] + 1) % 4]  # K-D1: the next player is seat + 1


def _expected_hands(seed, number, dealer):
    """K-R4/K-D2 worked by hand: the deal's seeded deck, cut, then 3, 3, 2 cards from the dealer's right."""
    deck = shuffled(coinche_deck(), seed=seed, label=f"deal-{number}")
    cut = 1 + choice_index(31, seed=seed, label=f"cut-{number}")
    deck = deck[cut:] + deck[:cut]
    hands = [[], [], [], []]
    for size in (3, 3, 2):
        for step in (1, 2, 3, 4):
            hands[(dealer + step) % 4] += deck[:size]
            deck = deck[size:]
    return cut, hands


def test_k_r4_k_d2_the_seeded_deck_cut_and_dealt_3_3_2_from_the_dealers_right():
    state = _game("deal-seed")
    dealer = state["dealer"]
    cut, hands = _expected_hands("deal-seed", 0, dealer)
    assert state["cut"] == cut and state["hands"] == hands
    assert sorted(card for hand in state["hands"] for card in hand) == sorted(coinche_deck())
    view = ENGINE.view(state, None)
    assert view["cut"] == {"by": (dealer + 3) % 4, "at": cut}  # K-R4: the dealer's left cuts


def test_k_r11_k_d4_four_passes_redeal_by_the_next_dealer_and_score_nothing():
    state = _game("throw-in")
    dealer = state["dealer"]
    for step in (1, 2, 3, 4):
        state = ENGINE.apply_move(state, (dealer + step) % 4, PASS)
    assert state["phase"] == "bidding"
    assert state["deal"] == 1 and state["dealer"] == (dealer + 1) % 4
    assert ENGINE.to_act(state) == [(dealer + 2) % 4]
    assert (state["cut"], state["hands"]) == _expected_hands("throw-in", 1, (dealer + 1) % 4)
    [row] = ENGINE.ledger(state)
    assert row["thrown_in"] is True and row["contract"] is None and row["dealer"] == dealer
    assert row["deltas"] == [0, 0, 0, 0] and row["totals"] == [0, 0, 0, 0]


def test_k_r14_k_d8_coinche_then_both_contractors_decline_play_starts_at_level_2():
    state = _game("coinche")
    first = (state["dealer"] + 1) % 4
    state = ENGINE.apply_move(state, first, {"type": "bid", "points": 100, "suit": "S"})
    coincher = (first + 3) % 4  # out of turn
    assert coincher in ENGINE.to_act(state)
    state = ENGINE.apply_move(state, coincher, {"type": "coinche"})
    assert state["phase"] == "surcoinche"
    assert ENGINE.to_act(state) == [(coincher + 1) % 4]
    assert ENGINE.legal_moves(state, (coincher + 1) % 4) == [{"type": "surcoinche"}, PASS]
    state = ENGINE.apply_move(state, (coincher + 1) % 4, PASS)
    assert ENGINE.to_act(state) == [(coincher + 3) % 4]
    state = ENGINE.apply_move(state, (coincher + 3) % 4, PASS)
    assert state["phase"] == "play"
    assert state["contract"]["level"] == 2 and state["contract"]["coinche_by"] == coincher


def test_k_r14_surcoinche_quadruples_and_starts_play():
    state = _game("surcoinche")
    first = (state["dealer"] + 1) % 4
    state = ENGINE.apply_move(state, first, {"type": "bid", "points": 100, "suit": "S"})
    state = ENGINE.apply_move(state, (first + 1) % 4, {"type": "coinche"})
    state = ENGINE.apply_move(state, (first + 2) % 4, PASS)
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, (first + 1) % 4, {"type": "surcoinche"})
    assert error.value.code == "not_your_turn"
    state = ENGINE.apply_move(state, first, {"type": "surcoinche"})
    assert state["phase"] == "play" and state["contract"]["level"] == 4
    assert state["contract"]["surcoinche_by"] == first


def test_k_r15_slam_cannot_be_coinched_and_play_starts_at_once():
    first, state = _slam_deal()
    assert state["phase"] == "play"
    assert state["contract"]["slam"] is True and state["contract"]["points"] is None
    assert ENGINE.to_act(state) == [first]  # K-R17: the dealer's right leads
    for seat in range(4):
        assert {"type": "coinche"} not in ENGINE.legal_moves(state, seat)


def test_k_r23_k_d3_a_slam_deal_played_out_scores_770_with_belote_announced_automatically():
    first, state = _slam_deal()
    state = _play_out_by_timeouts(state)
    row = ENGINE.ledger(state)[0]
    team = first % 2
    assert row["contract"] == {"seat": first, "team": team, "points": None, "suit": "H", "slam": True}
    assert row["tricks"][team] == 8
    assert row["card_points"][team] == 152 and row["last_trick_team"] == team
    assert row["belote_team"] == team
    assert row["made"] is True
    assert row["team_scores"][team] == 770 and row["team_scores"][1 - team] == 0
    assert row["deltas"] == [row["team_scores"][seat % 2] for seat in range(4)]


def test_k_d3_belote_and_rebelote_are_announced_as_the_holder_plays_the_pair():
    first, state = _slam_deal()
    # the timeout plays the lowest trump first: 7, 8, then the queen (belote), then the king (rebelote)
    calls = []
    while state["phase"] == "play" and len(calls) < 2:
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply_move(state, seat, ENGINE.timeout_move(state, seat))
        calls = ENGINE.view(state, None)["announcements"]
    assert calls == [{"seat": first, "call": "belote", "card": "QH"}, {"seat": first, "call": "rebelote", "card": "KH"}]


def test_k_d16_the_last_trick_stays_on_view_until_the_next_card():
    first, state = _slam_deal()
    for _ in range(4):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply_move(state, seat, ENGINE.timeout_move(state, seat))
    view = ENGINE.view(state, (first + 1) % 4)
    assert view["last_trick"]["winner"] == first and view["last_trick"]["leader"] == first
    assert [pair[0] for pair in view["last_trick"]["cards"]] == [
        first,
        (first + 1) % 4,
        (first + 2) % 4,
        (first + 3) % 4,
    ]
    assert view["trick"]["cards"] == [] and view["tricks"][first % 2] == 1
    state = ENGINE.apply_move(state, first, ENGINE.timeout_move(state, first))
    assert ENGINE.view(state, first)["last_trick"] is None
    assert ENGINE.view(state, first)["trick"]["cards"] == [[first, "8H"]]


def test_k_r3_the_deal_passes_to_the_dealers_right_after_a_played_deal():
    first, state = _slam_deal()
    dealer = state["dealer"]
    state = _play_out_by_timeouts(state)
    assert state["phase"] == "bidding" and state["deal"] == 1
    assert state["dealer"] == (dealer + 1) % 4 == first


def test_k_d13_ledger_rows_carry_the_deal_and_running_totals_are_sums_of_deal_scores():
    playout = conformance.play(ENGINE, players=4, seed="ledger", options={"target_score": 1000}, checks=False)
    rows = ENGINE.ledger(playout.final)
    assert rows and [row["index"] for row in rows] == list(range(len(rows)))
    totals = [0, 0]
    for row in rows:
        totals = [totals[t] + row["team_scores"][t] for t in (0, 1)]
        assert row["team_totals"] == totals
        assert row["totals"] == [totals[0], totals[1], totals[0], totals[1]]
        assert row["deltas"] == [row["team_scores"][s % 2] for s in range(4)]
        assert {"dealer", "contract", "thrown_in"} <= set(row)
        if not row["thrown_in"]:
            assert {"coinche", "card_points", "belote_team", "points_made", "made"} <= set(row)
            assert all(score % 10 == 0 for score in row["team_scores"])  # K-R26
    assert playout.final["totals"] == totals


def test_k_r7_every_random_deal_conserves_162_points():
    """K-R7 on every deal of many random matches: card points of both teams + the last trick = 162."""
    deals = 0
    for i in range(60):
        playout = conformance.play(ENGINE, players=4, seed=f"k-r7-{i}", options={"target_score": 1500}, checks=False)
        for row in ENGINE.ledger(playout.final):
            if row["thrown_in"]:
                continue
            deals += 1
            assert sum(row["card_points"]) + 10 == 162
            assert sum(row["tricks"]) == 8
            belote = [20 if row["belote_team"] == t else 0 for t in (0, 1)]
            assert row["points_made"] == [
                row["card_points"][t] + belote[t] + (10 if row["last_trick_team"] == t else 0) for t in (0, 1)
            ]
    assert deals >= 200


def test_k_r27_k_d12_the_match_ends_when_a_team_reaches_the_target():
    playout = conformance.play(ENGINE, players=4, seed="race", options={"target_score": 700}, checks=False)
    state = playout.final
    assert ENGINE.is_over(state) and ENGINE.to_act(state) == []
    winner = state["winner"]
    assert state["totals"][winner] >= 700 and state["totals"][winner] > state["totals"][1 - winner]
    before_last = ENGINE.ledger(state)[-2]["team_totals"] if len(ENGINE.ledger(state)) > 1 else [0, 0]
    assert max(before_last) < 700 or before_last[0] == before_last[1]
    outcome = ENGINE.outcome(state)
    assert outcome["placements"] == [1 if s % 2 == winner else 2 for s in range(4)]
    assert outcome["scores"] == [state["totals"][s % 2] for s in range(4)]
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, 0, PASS)
    assert error.value.code == "game_over"


def test_k_d12_equal_totals_past_the_target_play_another_deal():
    first, state = _slam_deal("tie")
    team = first % 2
    # both teams at 1230 before a slam of 770 for one side: 2000 against 1230, decided
    state = {**state, "totals": [1230, 1230]}
    decided = _play_out_by_timeouts(state)
    assert decided["phase"] == "over" and decided["winner"] == team
    # with the defenders at 2000 already: 2000 against 2000 after the deal, one more deal is played
    totals = [0, 0]
    totals[team], totals[1 - team] = 1230, 2000
    tied = _play_out_by_timeouts({**state, "totals": totals})
    assert tied["totals"] == [2000, 2000] and tied["phase"] == "bidding" and tied["winner"] is None


def test_k_d14_timeouts_pass_in_bidding_never_coinche_and_play_the_lowest_legal_card():
    state = _game("timeouts")
    first = (state["dealer"] + 1) % 4
    assert ENGINE.timeout_move(state, first) == PASS
    state = ENGINE.apply_move(state, first, {"type": "bid", "points": 80, "suit": "H"})
    for seat in ENGINE.to_act(state):
        assert ENGINE.timeout_move(state, seat) == PASS
    state = ENGINE.apply_move(state, (first + 1) % 4, {"type": "coinche"})
    assert ENGINE.timeout_move(state, (first + 2) % 4) == PASS
    _, slam = _slam_deal()
    first = ENGINE.to_act(slam)[0]
    assert ENGINE.timeout_move(slam, first) == {"type": "play", "card": "7H"}
    with pytest.raises(IllegalMove):
        ENGINE.timeout_move(slam, (first + 1) % 4)


def test_k_d15_every_variant_switch_has_its_documented_default():
    assert ENGINE.default_options() == {
        "target_score": 2000,
        "lowest_bid": 80,
        "bid_step": 10,
        "belote_counts_for_contract": True,
        "made_contract_scores": "points_and_bid",
        "all_tricks_bonus": 250,
        "must_undertrump": True,
    }
    assert ENGINE.check_options({}, 4) == DEFAULT_OPTIONS
    assert ENGINE.check_options({"target_score": 1000}, 4)["target_score"] == 1000


@pytest.mark.parametrize(
    "options",
    [
        {"no_such_option": 1},
        {"target_score": 0},
        {"target_score": "2000"},
        {"lowest_bid": 170},
        {"bid_step": 7},
        {"bid_step": True},
        {"belote_counts_for_contract": 1},
        {"made_contract_scores": "bid"},
        {"all_tricks_bonus": 300},
        {"must_undertrump": None},
    ],
)
def test_k_d15_bad_options_are_refused(options):
    with pytest.raises(IllegalMove) as error:
        ENGINE.check_options(options, 4)
    assert error.value.code == "bad_options"


def test_k_r18_undertrump_switch_reaches_the_legal_moves():
    # given: spades trump; the first speaker leads hearts, the next plays the 9 of spades, the partner has no heart
    # and only the 7 of spades below it
    state = _game("undertrump")
    first = (state["dealer"] + 1) % 4
    hands = [[], [], [], []]
    hands[first] = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H"]
    hands[(first + 1) % 4] = ["9S", "AD", "KD", "QD", "JD", "TD", "9D", "8D"]
    hands[(first + 2) % 4] = ["7S", "7D", "AC", "KC", "QC", "JC", "TC", "9C"]
    hands[(first + 3) % 4] = ["JS", "AS", "KS", "QS", "TS", "8S", "8C", "7C"]
    for must, expected in ((True, ["7S"]), (False, ["7S", "7D", "AC", "KC", "QC", "JC", "TC", "9C"])):
        game = {**state, "hands": hands, "options": {**state["options"], "must_undertrump": must}}
        game = ENGINE.apply_move(game, first, {"type": "slam", "suit": "S"})
        game = ENGINE.apply_move(game, first, {"type": "play", "card": "AH"})
        game = ENGINE.apply_move(game, (first + 1) % 4, {"type": "play", "card": "9S"})
        assert ENGINE.legal_moves(game, (first + 2) % 4) == [{"type": "play", "card": c} for c in expected]


def test_views_show_the_own_hand_only_and_a_spectator_no_hand():
    state = _game("seed-for-views-7f3a")
    for seat in range(4):
        view = ENGINE.view(state, seat)
        assert sorted(view["hand"]) == sorted(state["hands"][seat])
        text = json.dumps(view)
        for other in range(4):
            if other != seat:
                assert not any(f'"{card}"' in text for card in state["hands"][other])
        assert "seed-for-views-7f3a" not in text
        assert view["hand_sizes"] == [8, 8, 8, 8]
        assert view["legal_moves"] == ENGINE.legal_moves(state, seat)
    spectator = ENGINE.view(state, None)
    assert "hand" not in spectator and "legal_moves" not in spectator
    assert not any(f'"{card}"' in json.dumps(spectator) for card in coinche_deck())


def test_hidden_places_cover_every_other_hand():
    state = _game("hidden")
    [group] = ENGINE.hidden_places(state, 1)
    assert len(group) == 24 and all(path[1] != 1 for path in group)
    [group] = ENGINE.hidden_places(state, None)
    assert len(group) == 32


@pytest.mark.parametrize(
    ("who", "move", "code"),
    [
        (7, PASS, "bad_seat"),
        ("0", PASS, "bad_seat"),
        ("first", "not a dict", "bad_move"),
        ("first", {"type": 3}, "bad_move"),
        ("first", {"type": "fold"}, "unknown_move"),
        ("first", {"type": "play", "card": "7H"}, "wrong_phase"),
        ("first", {"type": "surcoinche"}, "wrong_phase"),
        ("first", {"type": "pass", "extra": 1}, "unknown_field"),
        ("first", {"type": "bid", "points": 100}, "bad_move"),
        ("first", {"type": "coinche"}, "illegal_coinche"),
        ("second", PASS, "not_your_turn"),
    ],
)
def test_illegal_moves_raise_a_stable_code_and_change_nothing(who, move, code):
    state = _game("illegal")
    first = (state["dealer"] + 1) % 4
    seat = {"first": first, "second": (first + 1) % 4}.get(who, who)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, seat, move)
    assert error.value.code == code
    assert state == before


def test_play_refuses_a_card_not_in_hand_and_a_card_the_rules_forbid():
    first, state = _slam_deal("cards")
    state = ENGINE.apply_move(state, first, {"type": "play", "card": "JH"})
    second = (first + 1) % 4
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, second, {"type": "play", "card": "JH"})
    assert error.value.code == "card_not_in_hand"
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, second, {"type": "play", "card": "XX"})
    assert error.value.code == "card_not_in_hand"
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, second, {"type": "play"})
    assert error.value.code == "bad_move"
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, first, {"type": "play", "card": "9H"})
    assert error.value.code == "not_your_turn"


def test_k_r18_an_illegal_card_is_refused():
    # given: spades trump by a bid; the first speaker leads a heart and the next seat holds hearts
    state = _with_hands(_game("illegal-card"), ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7S"])
    first = (state["dealer"] + 1) % 4
    state = ENGINE.apply_move(state, first, {"type": "slam", "suit": "S"})
    state = ENGINE.apply_move(state, first, {"type": "play", "card": "7S"})
    second = (first + 1) % 4
    hand = state["hands"][second]
    spade = next(card for card in hand if card[1] == "S")
    other = next(card for card in hand if card[1] != "S")
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, second, {"type": "play", "card": other})
    assert error.value.code == "illegal_card"
    assert ENGINE.apply_move(state, second, {"type": "play", "card": spade})["trick"] == ["7S", spade]


def test_the_same_seed_and_moves_give_the_same_state():
    rng = random.Random(5)
    moves = []
    state = _game("replay")
    for _ in range(60):
        seat = rng.choice(ENGINE.to_act(state))
        move = rng.choice(ENGINE.legal_moves(state, seat))
        moves.append((seat, move))
        state = ENGINE.apply_move(state, seat, move)
    replayed = conformance.replay(ENGINE, players=4, seed="replay", options={}, moves=moves)
    assert json.dumps(replayed, sort_keys=True) == json.dumps(state, sort_keys=True)


def test_k_r7_conserved_32_cards_and_162_points_through_a_deal():
    _, state = _slam_deal("conserved")
    expected = {"cards": 32, "deal_points": 162}
    assert ENGINE.conserved(_game("conserved")) == expected
    while state["phase"] == "play":
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply_move(state, seat, ENGINE.timeout_move(state, seat))
        assert ENGINE.conserved(state) == expected
    over = _play_out_by_timeouts({**_slam_deal("conserved")[1], "totals": [1990, 1990]})
    assert over["phase"] == "over" and ENGINE.conserved(over) == expected


def test_outcome_before_the_end_is_the_standing_so_far():
    state = {**_game("standing"), "totals": [300, 120]}
    outcome = ENGINE.outcome(state)
    assert outcome["final"] is False and outcome["winner_team"] is None
    assert outcome["placements"] == [1, 2, 1, 2] and outcome["scores"] == [300, 120, 300, 120]


def test_a_view_for_a_seat_that_does_not_exist_is_refused():
    with pytest.raises(IllegalMove) as error:
        ENGINE.view(_game(), 4)
    assert error.value.code == "bad_seat"
