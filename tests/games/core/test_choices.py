"""games/core/choices.py and the engines' `choices`: what a card table shows a seat to choose its move with."""

import random

from games import get_engine
from games.core import choices
from games.core.choices import amount_presets


def _first_state(game: str, players: int, wanted, *, seed: str = "choices") -> tuple[dict, int]:
    """A state of a random playout where `wanted(state, seat)` holds for a seat to act."""
    engine = get_engine(game)
    rng = random.Random(seed)
    for attempt in range(20):
        state = engine.new_game(players=players, seed=f"{seed}-{attempt}")
        for _ in range(400):
            seats = engine.to_act(state)
            if not seats:
                break
            for seat in seats:
                if wanted(state, seat):
                    return state, seat
            seat = rng.choice(seats)
            move = rng.choice(engine.legal_moves(state, seat))
            if "min" in move:
                move = {"type": move["type"], "amount": move["min"]}
            state = engine.apply_move(state, seat, move)
    raise AssertionError("no such state in 20 playouts")


def test_k_r18_a_card_that_does_not_follow_is_refused_with_the_suit_to_follow():
    engine = get_engine("coinche")

    def follows(state, seat):
        hand = state["hands"][seat]
        trick = state["trick"]
        return (
            state["phase"] == "play"
            and bool(trick)
            and any(card[1] == trick[0][1] for card in hand)
            and any(card[1] != trick[0][1] for card in hand)
        )

    # given: a trick led in a suit the seat holds, with other suits beside it
    state, seat = _first_state("coinche", 4, follows)
    led = state["trick"][0][1]
    # when: the table asks for the seat's choices
    found = engine.choices(state, seat)
    # then: the hand is the view's, the led suit's cards are the legal ones, every other card says to follow
    assert found["hand"] == engine.view(state, seat)["hand"]
    assert found["pick"] == choices.single("play")
    assert choices.legal_cards(engine.legal_moves(state, seat), found["pick"]) == {
        card for card in found["hand"] if card[1] == led
    }
    refused = {card for card in found["hand"] if card[1] != led}
    assert set(found["refused"]) == refused
    for reason in found["refused"].values():
        assert reason["code"] == "illegal_card"
        assert reason["text"] == "You must follow suit: play a {suit}."
        assert reason["params"] == {"suit": {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[led]}


def test_coinche_bidding_box_holds_every_bid_and_slam_of_the_table():
    engine = get_engine("coinche")
    state = engine.new_game(players=4, seed="box", options={"lowest_bid": 90, "bid_step": 20})
    seat = engine.to_act(state)[0]
    grid = engine.choices(state, seat)["grid"]
    assert [row.get("points") for row in grid["rows"]] == [90, 110, 130, 150, None]
    assert grid["rows"][-1] == {"type": "slam"}
    assert [column["suit"] for column in grid["columns"]] == ["S", "H", "D", "C"]
    # every legal bid and slam is a cell; pass and coinche are not
    cells = choices.grid_cells(grid)
    assert all(move in cells for move in engine.legal_moves(state, seat) if move["type"] in ("bid", "slam"))
    # a seat not on turn in the auction has no box
    other = (seat + 1) % 4
    assert engine.choices(state, other)["grid"] is None


def test_palace_rows_take_any_cards_of_the_hand_in_order():
    engine = get_engine("palace-infighting")
    state = engine.new_game(players=2, seed="rows")
    found = engine.choices(state, 0)
    assert found["pick"] == {"type": "row", "field": "cards", "sizes": [5], "ordered": True}
    assert found["refused"] == {}
    assert sorted(found["hand"]) == sorted(state["hands"][0])


def test_presets_are_offered_only_within_the_bounds():
    # a pot of 10, 2 to call, 50 in the stack: min 2, half the pot after the call 6, the pot 12, all-in 48
    assert amount_presets(low=2, high=48, pot=10, to_call=2, stack=50) == [
        {"name": "min", "amount": 2},
        {"name": "half_pot", "amount": 6},
        {"name": "pot", "amount": 12},
        {"name": "all_in", "amount": 48},
    ]
    # pot-limit: the all-in is above the cap and is not offered
    assert [p["name"] for p in amount_presets(low=2, high=12, pot=10, to_call=2, stack=50)] == [
        "min",
        "half_pot",
        "pot",
    ]
    # a short stack: half the pot is below the minimum raise
    assert [p["name"] for p in amount_presets(low=8, high=9, pot=10, to_call=1, stack=10)] == ["min", "all_in"]


def test_mini_poker_bet_presets_are_legal_amounts_of_the_move():
    engine = get_engine("mini-poker")
    state, seat = _first_state(
        "mini-poker", 3, lambda s, seat: any("min" in m for m in engine.legal_moves(s, seat)), seed="presets"
    )
    found = engine.choices(state, seat)
    (move,) = [m for m in engine.legal_moves(state, seat) if "min" in m]
    offered = found["presets"][move["type"]]
    assert offered[0] == {"name": "min", "amount": move["min"]}
    for preset in offered:
        engine.apply_move(state, seat, {"type": move["type"], "amount": preset["amount"]})
