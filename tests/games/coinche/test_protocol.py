"""What the Coinche engine declares to the league (games/core/protocol.py): title, options schema and roles, teams,
secret steps, strict moves, refusals people understand, and the bot."""

import random

import pytest

from games import get_engine
from games.coinche.bot import bot_move
from games.coinche.options import OPTIONS
from games.core import conformance
from games.core.cards import coinche_deck
from games.core.errors import IllegalMove
from games.core.options import schema_json

ENGINE = get_engine("coinche")
PASS = {"type": "pass"}


def _game(seed="protocol"):
    state = ENGINE.new_game(players=4, seed=seed, options={})
    return state, (state["dealer"] + 1) % 4


def _refusal(state, seat, move):
    with pytest.raises(IllegalMove) as error:
        ENGINE.apply_move(state, seat, move)
    return error.value


def test_k_r1_partners_sit_opposite_as_teams():
    assert ENGINE.teams(4) == [[0, 2], [1, 3]]
    assert ENGINE.title == "Coinche"


def test_k_d15_the_options_schema_keeps_every_name_and_default():
    schema = ENGINE.options_schema()
    assert schema == schema_json(OPTIONS)
    assert (
        {option["name"]: option["default"] for option in schema}
        == ENGINE.default_options()
        == {
            "target_score": 2000,
            "lowest_bid": 80,
            "bid_step": 10,
            "belote_counts_for_contract": True,
            "made_contract_scores": "points_and_bid",
            "all_tricks_bonus": 250,
            "must_undertrump": True,
        }
    )
    by_name = {option["name"]: option for option in schema}
    # K-R27: the winning score is what a league reads as the match's target; no chips, no forced bets
    assert [option["name"] for option in schema if "role" in option] == ["target_score"]
    assert by_name["target_score"]["role"] == "target_score" and by_name["target_score"]["rule"] == "K-R27"
    assert not by_name["target_score"]["advanced"]
    assert all(option["advanced"] for option in schema if option["name"] != "target_score")
    assert by_name["made_contract_scores"]["choices"][1]["value"] == "bid_only"
    assert (by_name["bid_step"]["min"], by_name["bid_step"]["max"], by_name["bid_step"]["step"]) == (5, 50, 5)
    assert (by_name["all_tricks_bonus"]["min"], by_name["all_tricks_bonus"]["max"]) == (250, 252)
    assert all(option["label"] and option["help"] and option["rule"] for option in schema)


@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"bid_step": 12}, 4),
        ({"all_tricks_bonus": 251}, 4),
        ({}, 3),
    ],
)
def test_k_d15_rules_across_options_are_refused_with_a_sentence(options, players):
    with pytest.raises(IllegalMove) as error:
        ENGINE.check_options(options, players)
    assert error.value.code == "bad_options" and error.value.message.endswith(".")


def test_k_d15_a_bid_step_of_15_is_accepted_and_the_declarations_hold():
    assert ENGINE.check_options({"bid_step": 15}, 4)["bid_step"] == 15
    conformance.check_declarations(ENGINE)


def test_k_d7_secret_step_is_never_true_not_even_with_two_seats_to_act():
    # given: a bid, so that both opponents of the bidder may coinche out of turn
    state, first = _game()
    state = ENGINE.apply_move(state, first, {"type": "bid", "points": 80, "suit": "S"})
    assert len(ENGINE.to_act(state)) == 2
    assert ENGINE.secret_step(state) is False
    playout = conformance.play(ENGINE, players=4, seed="secret-step", options={"target_score": 300}, checks=False)
    state = ENGINE.new_game(players=4, seed="secret-step", options={"target_score": 300})
    for seat, move in playout.moves:
        assert ENGINE.secret_step(state) is False
        state = ENGINE.apply_move(state, seat, move)


def test_k_d7_an_out_of_turn_coinche_is_public_in_the_events():
    state, first = _game()
    state = ENGINE.apply_move(state, first, {"type": "bid", "points": 100, "suit": "D"})
    outsider = (first + 3) % 4
    _, told = ENGINE.play_move(state, outsider, {"type": "coinche"})
    assert told == [{"type": "coinche", "seat": outsider, "target": first}]


@pytest.mark.parametrize("extra", [{"extra": 1}, {"min": 80}, {"max": 160}, {"seat": 0}])
def test_a_move_with_a_field_the_game_does_not_define_is_refused(extra):
    # given: one legal move of each kind the auction offers the first speaker, and a bid to coinche
    state, first = _game()
    for move in (PASS, {"type": "bid", "points": 80, "suit": "H"}, {"type": "slam", "suit": "C"}):
        error = _refusal(state, first, {**move, **extra})
        assert error.code == "unknown_field"
        assert error.message == f"A {move['type']} move has no field {next(iter(extra))}."
    bid = ENGINE.apply_move(state, first, {"type": "bid", "points": 80, "suit": "H"})
    assert _refusal(bid, (first + 1) % 4, {"type": "coinche", **extra}).code == "unknown_field"
    coinched = ENGINE.apply_move(bid, (first + 1) % 4, {"type": "coinche"})
    assert _refusal(coinched, (first + 2) % 4, {"type": "surcoinche", **extra}).code == "unknown_field"
    slam = ENGINE.apply_move(state, first, {"type": "slam", "suit": "H"})
    card = ENGINE.legal_moves(slam, first)[0]
    assert _refusal(slam, first, {**card, **extra}).code == "unknown_field"


def test_refusals_are_sentences_a_player_understands():
    state, first = _game("refusals")
    assert _refusal(state, (first + 1) % 4, PASS).message == "It is not your turn."
    assert _refusal(state, first, {"type": "bid", "points": 85, "suit": "H"}).message == (
        "Bids run from 80 to 160 in steps of 10."
    )
    assert _refusal(state, first, {"type": "bid", "points": 80, "suit": "X"}).message == (
        "The suit is one of S, H, D, C."
    )
    error = _refusal(state, first, {"type": "play", "card": "7H"})
    assert (error.code, error.message) == ("wrong_phase", "The auction is on: pass, bid, bid a slam or coinche.")
    bid = ENGINE.apply_move(state, first, {"type": "bid", "points": 100, "suit": "H"})
    error = _refusal(bid, (first + 1) % 4, {"type": "bid", "points": 90, "suit": "S"})
    assert (error.code, error.message) == ("bid_too_low", "A bid must name more than the 100 points bid last.")
    assert error.template == "A bid must name more than the {points} points bid last."
    assert error.params == {"points": 100}
    partner_on_turn = ENGINE.apply_move(bid, (first + 1) % 4, PASS)
    error = _refusal(partner_on_turn, (first + 2) % 4, {"type": "coinche"})
    assert (error.code, error.message) == ("illegal_coinche", "Only an opponent of the last bidder may coinche.")


def _in_play(hands, trick_moves, trump="H"):
    """A deal whose hands are `hands` (from the first speaker round), a slam in `trump` by the first speaker, and
    the cards of `trick_moves` played."""
    state, first = _game("card-refusals")
    rigged = [[], [], [], []]
    for step, hand in enumerate(hands):
        rigged[(first + step) % 4] = hand
    state = ENGINE.apply_move({**state, "hands": rigged}, first, {"type": "slam", "suit": trump})
    for step, card in enumerate(trick_moves):
        state = ENGINE.apply_move(state, (first + step) % 4, {"type": "play", "card": card})
    return state, (first + len(trick_moves)) % 4


def _hands(*texts):
    return [text.split() for text in texts]


FOLLOW = _hands(
    "AS KS QS JS TS 9S 8S AC", "7S 7H 8H 9H TH JH QH KH", "AH AD KD QD JD TD 9D 8D", "7D KC QC JC TC 9C 8C 7C"
)


@pytest.mark.parametrize(
    ("hands", "played", "card", "message"),
    [
        # K-R18.1: a spade led, a spade held
        (FOLLOW, ["AS"], "7H", "You must follow suit: play a ♠."),
        # K-R18.2: no spade, the opponent holds the trick with a plain card
        (
            _hands(
                "AS KS QS JS TS 9S 8S 7S",
                "7H 8H 7D 8D 9D TD JD QD",
                "9H TH JH QH KH AH KD AD",
                "AC KC QC JC TC 9C 8C 7C",
            ),
            ["AS"],
            "7D",
            "Your opponents hold the trick: play a trump.",
        ),
        # K-R18.2: the opponent trumped with the 9, the jack can overtrump it
        (
            _hands(
                "AS KS QS JS TS 9S 8S 7S",
                "9H 7C 8C 9C TC JC QC KC",
                "JH 7H 7D 8D 9D TD JD QD",
                "8H TH QH KH AH KD AD AC",
            ),
            ["AS", "9H"],
            "7D",
            "Your opponents have trumped: play a trump higher than 9H.",
        ),
        # K-R18.2: unable to overtrump the 9, a trump is still forced
        (
            _hands(
                "AS KS QS JS TS 9S 8S 7S",
                "9H 7C 8C 9C TC JC QC KC",
                "7H 8H 7D 8D 9D TD JD QD",
                "JH TH QH KH AH KD AD AC",
            ),
            ["AS", "9H"],
            "7D",
            "You cannot beat 9H, but you must still play a trump.",
        ),
        # K-R18.5: trumps led, a higher trump held
        (
            _hands(
                "9H AS KS QS JS TS 9S 8S",
                "JH 8H 7S 7C 8C 9C TC JC",
                "7H TH QH KH AH AD KD QD",
                "QC KC AC JD TD 9D 8D 7D",
            ),
            ["9H"],
            "8H",
            "Trumps were led: play a trump higher than 9H.",
        ),
        # K-R18.5: trumps led, none higher held
        (
            _hands(
                "JH AS KS QS JS TS 9S 8S",
                "8H 7D 7S 7C 8C 9C TC JC",
                "7H 9H TH QH KH AH AD KD",
                "QD JD TD 9D 8D QC KC AC",
            ),
            ["JH"],
            "7D",
            "Trumps were led: play a trump.",
        ),
    ],
)
def test_k_r18_an_illegal_card_is_refused_with_the_reason(hands, played, card, message):
    assert sorted(card for hand in hands for card in hand) == sorted(coinche_deck())
    state, seat = _in_play(hands, played)
    error = _refusal(state, seat, {"type": "play", "card": card})
    assert (error.code, error.message) == ("illegal_card", message)


def test_a_card_not_held_is_refused_by_name():
    state, seat = _in_play(FOLLOW, ["AS"])
    error = _refusal(state, seat, {"type": "play", "card": "JD"})
    assert (error.code, error.message, error.params) == ("card_not_in_hand", "You do not hold JD.", {"card": "JD"})


def _view(hand, contract=None):
    return {"hand": hand, "contract": contract}


def test_k_r5_the_bot_bids_the_lowest_contract_in_a_suit_with_its_jack_and_three_more():
    state, first = _game("bot")
    legal = ENGINE.legal_moves(state, first)
    rng = random.Random(1)
    assert bot_move(_view(["JD", "9D", "7D", "AD", "AS"]), legal, rng) == {"type": "bid", "points": 80, "suit": "D"}
    assert bot_move(_view(["JD", "9D", "7D", "AS", "AH"]), legal, rng) == PASS


def test_the_bot_never_coinches_and_plays_its_cheapest_legal_card():
    rng = random.Random(2)
    assert bot_move(_view([]), [{"type": "coinche"}, PASS], rng) == PASS
    assert bot_move(_view([]), [{"type": "surcoinche"}, PASS], rng) == PASS
    plays = [{"type": "play", "card": card} for card in ("JH", "7S", "AS", "8H")]
    # 7S and 8H are worth nothing with hearts trump; the 7 of spades is the weaker of the two
    assert bot_move(_view([], {"suit": "H"}), plays, rng) == {"type": "play", "card": "7S"}


def test_the_bot_move_is_always_legal_over_whole_matches():
    rng = random.Random(3)
    state = ENGINE.new_game(players=4, seed="bot-match", options={"target_score": 500})
    while not ENGINE.is_over(state):
        seat = rng.choice(ENGINE.to_act(state))
        legal = ENGINE.legal_moves(state, seat)
        move = ENGINE.bot_move(ENGINE.view(state, seat), legal, rng)
        assert move in legal
        state = ENGINE.apply_move(state, seat, move)
