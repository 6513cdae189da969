"""The recorded race to 2000 (seeds/coinche/race_to_2000.json, written by seeds/coinche/make_race.py) replays to the
same ledger and outcome: seed + moves is the whole truth of a match."""

import json
import pathlib

from games import get_engine
from games.core import conformance
from games.core.cards import coinche_deck
from games.core.events import visible

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


CALLS = ("pass", "bid", "slam", "coinche", "surcoinche")


def _race_log():
    """The race replayed with play_move: every event with its audience, and each auction as the views kept it when
    the contract was settled."""
    state = ENGINE.new_game(players=4, seed=RECORD["seed"], options=RECORD["options"])
    log = ENGINE.opening_events(state)
    auctions = []
    for seat, move in RECORD["moves"]:
        state, told = ENGINE.play_move(state, seat, move)
        log += told
        if any(event["type"] == "contract" for event in told):
            auctions.append(ENGINE.view(state, None)["auction"]["calls"])
    return state, log, auctions


def _deals(events):
    deals = []
    for event in events:
        if event["type"] == "hand_start":
            deals.append([])
        elif event["type"] != "match_end":
            deals[-1].append(event)
    return deals


def test_k_d13_a_spectator_reconstructs_every_deal_of_the_race_from_the_log_alone():
    # given: the recorded race, replayed with play_move
    state, log, auctions = _race_log()
    rows = ENGINE.ledger(state)
    spectator = _deals(visible(log, None))
    seats = [_deals(visible(log, seat)) for seat in range(4)]
    # then: one deal in the log per ledger row, and the match's end with its placements
    assert len(spectator) == len(rows) == len(RECORD["ledger"])
    assert visible(log, None)[-1] == {
        "type": "match_end",
        "placements": RECORD["outcome"]["placements"],
        "scores": RECORD["outcome"]["scores"],
        "winners": [0, 2],
    }
    played = iter(auctions)
    for number, (deal, row) in enumerate(zip(spectator, rows, strict=True)):
        calls = [
            {key: value for key, value in event.items() if key != "target"} for event in deal if event["type"] in CALLS
        ]
        assert deal[-1] == {"type": "hand_end", "number": number + 1, "deltas": row["deltas"], "totals": row["totals"]}
        assert not any(event["type"] == "cards_dealt" for event in deal)  # nobody's cards to a spectator
        if row["thrown_in"]:
            assert calls == [{"type": "pass", "seat": (row["dealer"] + step) % 4} for step in (1, 2, 3, 4)]
            continue
        # the whole auction, as the table saw it when the contract was settled (K-R9..K-R16)
        assert calls == [{"type": call.pop("type"), **call} for call in next(played)]
        [contract] = [event for event in deal if event["type"] == "contract"]
        assert {key: contract[key] for key in ("taker", "points", "suit", "slam", "level")} == {
            "taker": row["contract"]["seat"],
            "points": row["contract"]["points"],
            "suit": row["contract"]["suit"],
            "slam": row["contract"]["slam"],
            "level": row["coinche"],
        }
        # every card of the four hands, in play order, trick by trick (K-R17, K-R19)
        plays = [{"seat": event["seat"], "card": event["card"]} for event in deal if event["type"] == "play"]
        tricks = [event for event in deal if event["type"] == "trick"]
        assert [trick["number"] for trick in tricks] == list(range(1, 9))
        assert [card for trick in tricks for card in trick["plays"]] == plays
        assert sorted(play["card"] for play in plays) == sorted(coinche_deck())
        for seat in range(4):
            [dealt] = [event for event in seats[seat][number] if event["type"] == "cards_dealt"]
            assert sorted(dealt["cards"]) == sorted(play["card"] for play in plays if play["seat"] == seat)
        # the deal's score, as the ledger has it (K-R20..K-R26)
        [score] = [event for event in deal if event["type"] == "deal_score"]
        assert score["made"] == row["made"]
        assert [team["score"] for team in score["teams"]] == row["team_scores"]
        assert [team["points"] for team in score["teams"]] == row["points_made"]
        assert sum(trick["points"] for trick in tricks) == 162  # K-R7
