"""P-R9: the seed's worked example (seeds/palace/worked_example.json), replayed through the engine."""

import json
import pathlib

from games.palace.duel import rows_settle
from games.palace.engine import ENGINE

EXAMPLE = json.loads(
    (pathlib.Path(__file__).resolve().parents[3] / "seeds" / "palace" / "worked_example.json").read_text()
)


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
