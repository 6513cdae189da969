"""The bots' choices (league/bots/heuristics.py): random within the legal moves, and one heuristic per game."""

import random

import pytest

from league.bots.heuristics import HEURISTICS, choose_heuristic, choose_random


def test_random_fills_a_free_amount_within_its_range() -> None:
    rng = random.Random(3)
    for _ in range(50):
        move = choose_random({}, [{"type": "bet", "min": 2, "max": 5}], rng)
        assert move["type"] == "bet"
        assert set(move) == {"type", "amount"}
        assert 2 <= move["amount"] <= 5


def test_every_game_has_a_heuristic() -> None:
    assert set(HEURISTICS) == {"the-court", "black-card", "mini-poker", "palace-infighting", "coinche"}


@pytest.mark.parametrize("game", ["the-court", "black-card", "mini-poker"])
def test_poker_like_games_check_when_free(game: str) -> None:
    legal = [{"type": "check"}, {"type": "bet", "min": 1, "max": 10}]

    assert choose_heuristic(game, {}, legal, random.Random(0)) == {"type": "check"}


@pytest.mark.parametrize("game", ["the-court", "black-card", "mini-poker"])
def test_poker_like_games_call_rather_than_raise_or_fold(game: str) -> None:
    legal = [{"type": "call"}, {"type": "raise", "min": 1, "max": 10}, {"type": "fold"}]

    assert choose_heuristic(game, {}, legal, random.Random(0)) == {"type": "call"}


def test_poker_like_steps_other_than_betting_stay_legal() -> None:
    legal = [{"type": "discard", "card": "K"}, {"type": "discard", "card": "N"}]

    assert choose_heuristic("the-court", {}, legal, random.Random(0)) in legal


def test_palace_plays_the_row_that_beats_the_opponents_holding() -> None:
    # given: the opponent holds only Jesters; the Jester beats the King, the Citizen beats the Jester
    view = {"seat": 0, "holdings": [["K", "C", "J"], ["J", "J", "J"]]}
    legal = [{"type": "row", "cards": [card]} for card in ("K", "C", "J")]

    assert choose_heuristic("palace-infighting", view, legal, random.Random(0)) == {"type": "row", "cards": ["C"]}


def test_palace_counts_the_seat_it_plays() -> None:
    # seat 1 faces seat 0's Kings: the Jester wins
    view = {"seat": 1, "holdings": [["K", "K"], ["N", "J"]]}
    legal = [{"type": "row", "cards": ["N"]}, {"type": "row", "cards": ["J"]}]

    assert choose_heuristic("palace-infighting", view, legal, random.Random(0)) == {"type": "row", "cards": ["J"]}


def test_coinche_plays_the_card_worth_fewest_points() -> None:
    view = {"contract": {"suit": "H", "points": 80}}
    legal = [{"type": "play", "card": c} for c in ("AS", "JH", "7H", "TD")]

    assert choose_heuristic("coinche", view, legal, random.Random(0)) == {"type": "play", "card": "7H"}


def test_coinche_bids_lowest_in_a_suit_with_its_jack_and_three_more() -> None:
    view = {"hand": ["JS", "9S", "7S", "AS", "KH", "8D", "7C", "QC"]}
    legal = [
        {"type": "pass"},
        *({"type": "bid", "points": p, "suit": s} for p in (90, 100) for s in "SHDC"),
        {"type": "slam", "suit": "S"},
    ]

    assert choose_heuristic("coinche", view, legal, random.Random(0)) == {"type": "bid", "points": 90, "suit": "S"}


def test_coinche_passes_without_a_strong_suit_and_never_coinches() -> None:
    view = {"hand": ["JS", "9S", "AH", "KH", "8D", "7D", "7C", "QC"]}
    legal = [{"type": "pass"}, {"type": "coinche"}, {"type": "bid", "points": 90, "suit": "S"}]

    assert choose_heuristic("coinche", view, legal, random.Random(0)) == {"type": "pass"}
