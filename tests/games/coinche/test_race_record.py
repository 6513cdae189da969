"""The recorded race to 2000 (seeds/coinche/race_to_2000.json, written by seeds/coinche/make_race.py) replays to the
same ledger and outcome: seed + moves is the whole truth of a match."""

import json
import pathlib

from games import get_engine
from games.core import conformance

RECORD = json.loads(
    (pathlib.Path(__file__).resolve().parents[3] / "seeds" / "coinche" / "race_to_2000.json").read_text()
)
ENGINE = get_engine("coinche")


def _replayed():
    moves = [(seat, move) for seat, move in RECORD["moves"]]
    return conformance.replay(ENGINE, players=4, seed=RECORD["seed"], options=RECORD["options"], moves=moves)


def test_k_r27_the_recorded_race_replays_to_the_same_ledger_and_outcome():
    state = _replayed()
    assert ENGINE.is_over(state)
    assert ENGINE.ledger(state) == RECORD["ledger"]
    assert ENGINE.outcome(state) == RECORD["outcome"]


def test_k_r27_the_recorded_race_ends_on_the_deal_that_reaches_2000():
    rows = RECORD["ledger"]
    assert RECORD["options"]["target_score"] == 2000
    assert max(rows[-1]["team_totals"]) >= 2000 and max(rows[-2]["team_totals"]) < 2000
    assert RECORD["outcome"]["winner_team"] == 0 and RECORD["outcome"]["placements"] == [1, 2, 1, 2]


def test_k_d13_the_recorded_ledger_worked_by_hand():
    rows = RECORD["ledger"]
    # deal 0: 80 hearts by team 0, 77 card points + the last trick = 87 >= 82 (K-R13): 87 + 80 = 167 -> 170;
    # the defenders' 75 -> 80 (K-R26)
    assert (rows[0]["contract"]["points"], rows[0]["card_points"], rows[0]["team_scores"]) == (80, [77, 75], [170, 80])
    # deal 1: 80 by team 1 with 35 + belote 20 = 55: failed; team 1 keeps its belote, team 0 gets 160 + 80 (K-R24)
    assert (rows[1]["made"], rows[1]["belote_team"], rows[1]["team_scores"]) == (False, 1, [240, 20])
    # deal 3: 120 by team 1 with 110: failed; the defenders add their own belote: 160 + 120 + 20 (K-D17)
    assert (rows[3]["made"], rows[3]["belote_team"], rows[3]["team_scores"]) == (False, 0, [300, 0])
    # deal 4: 90 diamonds coinched (K-R25), team 1 made 91 + 10 = 101: 101 + 2 x 90 = 281 -> 280; 61 -> 60
    assert (rows[4]["coinche"], rows[4]["made"], rows[4]["team_scores"]) == (2, True, [60, 280])
    # deal 8: thrown in after four passes (K-R11), nothing scored, the next deal by the next dealer
    assert rows[8]["thrown_in"] is True and rows[8]["team_scores"] == [0, 0]
    assert rows[9]["dealer"] == (rows[8]["dealer"] + 1) % 4


def test_k_r7_every_recorded_deal_has_162_points():
    for row in RECORD["ledger"]:
        if not row["thrown_in"]:
            assert sum(row["card_points"]) + 10 == 162
