"""games/palace/events.py: the log of a whole match, as each viewer sees it."""

from games.core.events import visible
from games.palace.engine import ENGINE


def _row(cards: str) -> dict:
    return {"type": "row", "cards": list(cards)}


def _played(moves: list[tuple[int, str]]) -> tuple[dict, list[dict]]:
    state = ENGINE.new_game(players=2, seed="events", options={})
    events = ENGINE.opening_events(state)
    for seat, cards in moves:
        state, told = ENGINE.play_move(state, seat, _row(cards))
        events += told
    return state, events


def test_p_r8_the_log_of_a_match_won_by_emptying_the_other_holding() -> None:
    # given: seat 1 lays first in both rounds; seat 0 loses every duel (5-15), then its last five cards (0-20)
    state, events = _played([(1, "KKNNS"), (0, "SSCCJ"), (1, "JJKKC"), (0, "KKNNJ")])
    assert ENGINE.is_over(state)
    # then: the whole story, exactly
    assert events == [
        {"type": "hand_start", "number": 1},
        {"type": "holding", "seat": 0, "cards": list("KKNNSSCCJJ")},
        {"type": "holding", "seat": 1, "cards": list("KKNNSSCCJJ")},
        {"type": "row_laid", "seat": 1, "secret": {"to": [1], "row": list("KKNNS")}},
        {"type": "row_laid", "seat": 0},
        {"type": "rows_revealed", "rows": [{"seat": 0, "row": list("SSCCJ")}, {"seat": 1, "row": list("KKNNS")}]},
        {"type": "duel_won", "position": 1, "winner": 1, "card": "K", "cards": ["K", "S"]},
        {"type": "duel_won", "position": 2, "winner": 1, "card": "K", "cards": ["K", "S"]},
        {"type": "duel_won", "position": 3, "winner": 1, "card": "N", "cards": ["N", "C"]},
        {"type": "duel_won", "position": 4, "winner": 1, "card": "N", "cards": ["N", "C"]},
        {"type": "duel_won", "position": 5, "winner": 1, "card": "S", "cards": ["S", "J"]},
        {
            "type": "hand_end",
            "number": 1,
            "deltas": [-5, 5],
            "ties": 0,
            "results": [{"seat": 0, "wins": 0, "held": 5}, {"seat": 1, "wins": 5, "held": 15}],
        },
        {"type": "hand_start", "number": 2},
        {"type": "row_laid", "seat": 1, "secret": {"to": [1], "row": list("JJKKC")}},
        {"type": "row_laid", "seat": 0},
        {"type": "rows_revealed", "rows": [{"seat": 0, "row": list("KKNNJ")}, {"seat": 1, "row": list("JJKKC")}]},
        # P-R5: the Jesters take the Kings
        {"type": "duel_won", "position": 1, "winner": 1, "card": "J", "cards": ["J", "K"]},
        {"type": "duel_won", "position": 2, "winner": 1, "card": "J", "cards": ["J", "K"]},
        {"type": "duel_won", "position": 3, "winner": 1, "card": "K", "cards": ["K", "N"]},
        {"type": "duel_won", "position": 4, "winner": 1, "card": "K", "cards": ["K", "N"]},
        {"type": "duel_won", "position": 5, "winner": 1, "card": "C", "cards": ["C", "J"]},
        {
            "type": "hand_end",
            "number": 2,
            "deltas": [-5, 5],
            "ties": 0,
            "results": [{"seat": 0, "wins": 0, "held": 0}, {"seat": 1, "wins": 5, "held": 20}],
        },
        # P-D6: the 0-card check after the round's last duel ends the match at once
        {
            "type": "match_end",
            "placements": [2, 1],
            "scores": [0, 20],
            "reason": {"text": "{seat} has no cards left", "seat": 0},
        },
    ]
    # and: seat 0 never learns seat 1's row before the reveal
    assert {"type": "row_laid", "seat": 1} in visible(events, 0)
    assert all("row" not in event for event in visible(events, 0) if event["type"] == "row_laid")
    assert visible(events, 0) == visible(events, None)


def test_p_d1_the_log_ends_a_ten_all_match_as_a_draw() -> None:
    state, events = _played([(0, "KNSCJ"), (1, "KNSCJ")] * 5)
    assert ENGINE.is_over(state)
    assert events[-2:] == [
        {
            "type": "hand_end",
            "number": 5,
            "deltas": [0, 0],
            "ties": 5,
            "results": [{"seat": 0, "wins": 0, "held": 10}, {"seat": 1, "wins": 0, "held": 10}],
        },
        {
            "type": "match_end",
            "placements": [1, 1],
            "scores": [10, 10],
            "reason": {"text": "after the last round both hold {held} cards, a draw", "held": 10},
        },
    ]
    assert [event["number"] for event in events if event["type"] == "hand_start"] == [1, 2, 3, 4, 5]


def test_p_r8_the_log_names_the_larger_holding_after_the_last_round() -> None:
    # round 1: seat 0 wins all five duels (15-5); rounds 2-5 tie throughout
    state, events = _played([(0, "NSCJJ"), (1, "SCJKK")] + [(1, "NNSCJ"), (0, "NNSCJ")] * 4)
    assert events[-1] == {
        "type": "match_end",
        "placements": [1, 2],
        "scores": [15, 5],
        "reason": {"text": "after the last round {winner} holds more cards", "winner": 0},
    }
    assert ENGINE.outcome(state)["placements"] == [1, 2]
