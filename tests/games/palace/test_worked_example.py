"""P-R9: the seed's worked example (seeds/palace/worked_example.json), replayed through the engine."""

import json
import pathlib

from games.core.events import visible
from games.palace.duel import rows_settle
from games.palace.engine import ENGINE

EXAMPLE = json.loads(
    (pathlib.Path(__file__).resolve().parents[3] / "seeds" / "palace" / "worked_example.json").read_text()
)
START = ["K", "K", "N", "N", "S", "S", "C", "C", "J", "J"]


def _played() -> dict:
    state = ENGINE.new_game(players=2, seed="worked-example", options={})
    for seat, row in enumerate(EXAMPLE["rows"]):
        state = ENGINE.apply_move(state, seat, {"type": "row", "cards": row})
    return state


def test_p_r9_worked_example_duels() -> None:
    """P-R9: Scholar–King, Citizen–Jester, Noble–Noble, Jester–King, Citizen–Scholar."""
    played = _played()["played"][0]
    assert played["duels"] == [{k: duel[k] for k in ("position", "cards", "winner")} for duel in EXAMPLE["duels"]]
    assert played["wins"] == EXAMPLE["wins"] == [2, 2]
    assert played["ties"] == EXAMPLE["ties"] == 1


def test_p_r9_round_ends_four_all() -> None:
    """P-R9: each player wins two duels and takes 4 cards."""
    settlement = rows_settle(rows=EXAMPLE["rows"])
    taken = [2 * wins for wins in settlement.wins]
    assert taken == EXAMPLE["cards_taken"] == [4, 4]


def test_p_d5_each_holds_ten_not_the_seeds_nine() -> None:
    """P-D5: 5 kept + 4 won + 1 Noble back from the tie = 10 each (the seed says 9)."""
    state = _played()
    assert [len(hand) for hand in state["hands"]] == EXAMPLE["holdings_after"] == [10, 10]
    assert EXAMPLE["seed_says_holdings_after"] != EXAMPLE["holdings_after"]
    assert state["hands"] == EXAMPLE["hands_after"]
    assert ENGINE.ledger(state) == [
        {"index": 0, "round": 1, "deltas": [0, 0], "totals": [10, 10], "wins": [2, 2], "ties": 1}
    ]


def test_p_r9_worked_example_events_of_the_first_round() -> None:
    """P-R9 as the table's log tells it: the opening, seat 0's row face down, then seat 1's row, the reveal, the five
    duels left to right (P-R4), the round's score and round 2."""
    rows = EXAMPLE["rows"]
    state = ENGINE.new_game(players=2, seed="worked-example", options={})
    opening = ENGINE.opening_events(state)
    state, first = ENGINE.play_move(state, 0, {"type": "row", "cards": rows[0]})
    state, second = ENGINE.play_move(state, 1, {"type": "row", "cards": rows[1]})
    assert opening == [
        {"type": "hand_start", "number": 1},
        {"type": "holding", "seat": 0, "cards": START},
        {"type": "holding", "seat": 1, "cards": START},
    ]
    assert first == [{"type": "row_laid", "seat": 0, "secret": {"to": [0], "row": ["S", "C", "N", "J", "C"]}}]
    assert second == [
        {"type": "row_laid", "seat": 1},
        {
            "type": "rows_revealed",
            "rows": [{"seat": 0, "row": ["S", "C", "N", "J", "C"]}, {"seat": 1, "row": ["K", "J", "N", "K", "S"]}],
        },
        {"type": "duel_won", "position": 1, "winner": 1, "card": "K", "cards": ["K", "S"]},
        {"type": "duel_won", "position": 2, "winner": 0, "card": "C", "cards": ["C", "J"]},
        {"type": "duel_tied", "position": 3, "card": "N"},
        {"type": "duel_won", "position": 4, "winner": 0, "card": "J", "cards": ["J", "K"]},
        {"type": "duel_won", "position": 5, "winner": 1, "card": "S", "cards": ["S", "C"]},
        # P-D5: 10 each, not the seed's 9
        {
            "type": "hand_end",
            "number": 1,
            "deltas": [0, 0],
            "ties": 1,
            "results": [{"seat": 0, "wins": 2, "held": 10}, {"seat": 1, "wins": 2, "held": 10}],
        },
        {"type": "hand_start", "number": 2},
    ]


def test_p_r3_worked_example_who_sees_the_first_row() -> None:
    """P-R3: until the second row is in, only seat 0 sees its row; the opponent and spectators see that it is in."""
    state = ENGINE.new_game(players=2, seed="worked-example", options={})
    _state, first = ENGINE.play_move(state, 0, {"type": "row", "cards": EXAMPLE["rows"][0]})
    assert visible(first, 0) == [{"type": "row_laid", "seat": 0, "row": ["S", "C", "N", "J", "C"]}]
    assert visible(first, 1) == visible(first, None) == [{"type": "row_laid", "seat": 0}]
