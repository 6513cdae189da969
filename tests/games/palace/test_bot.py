"""games/palace/bot.py: the league bots' row, from the seat's view and legal rows alone."""

import random
from collections import Counter

from games.palace.duel import duel_winner
from games.palace.engine import ENGINE


def _row(cards: str) -> dict:
    return {"type": "row", "cards": list(cards)}


def test_the_bot_lays_the_row_that_beats_most_of_the_opponents_holding() -> None:
    # given: the start, both holding two of each rank (P-R2); a King or a Noble beats 6 of the 10 cards, a Scholar
    # 4, a Citizen or a Jester 2
    state = ENGINE.new_game(players=2, seed="bot", options={})
    # when / then: the best five are K K N N S, and of the rows laying them the first listed
    move = ENGINE.bot_move(ENGINE.view(state, 0), ENGINE.legal_moves(state, 0), random.Random(1))
    assert move == _row("KKNNS")


def test_the_bot_weighs_jesters_against_a_holding_of_kings() -> None:
    # given: seat 0 lost all five duels of round 1 and holds K K N N J; seat 1 holds the other fifteen cards
    state = ENGINE.apply_move(ENGINE.new_game(players=2, seed="bot", options={}), 0, _row("SSCCJ"))
    state = ENGINE.apply_move(state, 1, _row("KKNNS"))
    assert state["hands"] == [list("KKNNJ"), list("KKNNSSSSCCCCJJJ")]
    # when: seat 1's bot chooses; a King beats the two Nobles (2 of 5), a Jester the two Kings (2 of 5), a Noble,
    # Scholar or Citizen only the Jester (1 of 5)
    move = ENGINE.bot_move(ENGINE.view(state, 1), ENGINE.legal_moves(state, 1), random.Random(1))
    # then: both Kings and three Jesters, in the first order listed
    assert move == _row("KKJJJ")


def test_the_bot_move_is_a_fresh_legal_row() -> None:
    state = ENGINE.new_game(players=2, seed="bot", options={})
    legal = ENGINE.legal_moves(state, 1)
    move = ENGINE.bot_move(ENGINE.view(state, 1), legal, random.Random(2))
    move["cards"].append("X")
    assert ENGINE.legal_moves(state, 1) == legal


def test_the_bot_row_is_the_first_best_row_of_an_exhaustive_search() -> None:
    # given: random matches; when: the bot chooses at every step; then: it agrees with scoring every legal row
    rng = random.Random(3)
    for game in range(20):
        state = ENGINE.new_game(players=2, seed=f"g{game}", options={})
        while not ENGINE.is_over(state):
            seat = rng.choice(ENGINE.to_act(state))
            legal, view = ENGINE.legal_moves(state, seat), ENGINE.view(state, seat)
            theirs = Counter(view["holdings"][1 - seat])
            beaten = {card: sum(n for other, n in theirs.items() if duel_winner(card, other) == 0) for card in "KNSCJ"}
            expected = max(legal, key=lambda move: sum(beaten[card] for card in move["cards"]))
            assert ENGINE.bot_move(view, legal, rng) == expected
            state = ENGINE.apply_move(state, seat, rng.choice(legal))
