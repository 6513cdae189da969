"""Single elimination: T-R3…T-R5, T-D2…T-D4 (docs/formats.md, "Single elimination")."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.tournaments import bracket
from league.tournaments.single_elimination import single_elimination_create
from tests.league.tournaments.support import bracket_play, json_roundtrip, losses


def _win(state, match_id, winner):
    state, _ = bracket.table_record(state, match_id, winner=winner)
    return state


def _places(state):
    return {row["entrant"]: (row["place"], row["shared"]) for row in bracket.places(state)}


def test_t_r3_the_winner_takes_the_slot_of_the_next_round_and_the_loser_is_out():
    # given: four entrants, seeds 1-4
    state, _ = single_elimination_create([1, 2, 3, 4])
    assert bracket.matches_ready(state) == ["W1.1", "W1.2"]
    # when: 4 beats 1 in the first semifinal
    state, events = bracket.table_record(state, "W1.1", winner=4)
    # then: 4 waits in the final's first slot, 1 is out with a place
    final = bracket.match_get(state, "W2.1")
    assert final["entrants"] == [4, None]
    assert {"type": "placed", "entrant": 1, "place": 3, "shared": 2} in events


def test_t_r3_the_last_match_is_the_final():
    state, _ = single_elimination_create([1, 2, 3, 4])
    state = _win(_win(state, "W1.1", 1), "W1.2", 3)
    state, _ = bracket.table_record(state, "W2.1", winner=3)
    assert bracket.is_over(state)
    assert bracket.champion(state) == 3
    assert _places(state)[1] == (2, 1)


def test_t_r4_a_third_place_match_between_the_semifinal_losers():
    state, _ = single_elimination_create([1, 2, 3, 4], third_place=True)
    state = _win(_win(state, "W1.1", 1), "W1.2", 2)
    # the semifinal losers meet for third place
    assert bracket.match_get(state, "P3.1")["entrants"] == [4, 3]
    state = _win(_win(state, "W2.1", 1), "P3.1", 3)
    assert _places(state) == {1: (1, 1), 2: (2, 1), 3: (3, 1), 4: (4, 1)}


def test_t_r4_without_a_third_place_match_both_semifinal_losers_share_third():
    state, _ = single_elimination_create([1, 2, 3, 4])
    state = _win(_win(_win(state, "W1.1", 1), "W1.2", 2), "W2.1", 2)
    assert _places(state) == {2: (1, 1), 1: (2, 1), 3: (3, 2), 4: (3, 2)}


def test_t_r5_the_losers_of_a_round_share_its_band():
    # given: 16 entrants, the better seed always wins
    state, _ = single_elimination_create(list(range(1, 17)))
    while not bracket.is_over(state):
        for match_id in bracket.matches_ready(state):
            state = _win(state, match_id, min(bracket.match_get(state, match_id)["entrants"]))
    places = _places(state)
    # then: 1, 2, 3 (shared by the two semifinal losers), 5–8, 9–16
    assert places[1] == (1, 1) and places[2] == (2, 1)
    assert [places[s] for s in (3, 4)] == [(3, 2)] * 2
    assert [places[s] for s in range(5, 9)] == [(5, 4)] * 4
    assert [places[s] for s in range(9, 17)] == [(9, 8)] * 8


def test_t_r5_with_byes_a_round_band_holds_only_the_real_losers():
    # given: 5 entrants in a bracket of 8: only 4-5 is played in the first round
    state, _ = single_elimination_create([1, 2, 3, 4, 5])
    state = _win(state, "W1.2", 4)
    # then: its loser is fifth, alone
    assert _places(state)[5] == (5, 1)


def test_t_r1_a_bye_is_a_win_without_a_table_and_nobodys_loss():
    state, events = single_elimination_create([1, 2, 3])
    bye = bracket.match_get(state, "W1.1")
    assert bye["decided"] == "bye" and bye["winner"] == 1 and bye["loser"] is None and bye["tables"] == []
    assert bracket.match_get(state, "W2.1")["entrants"] == [1, None]
    assert not any(e["type"] == "placed" for e in events)


def test_t_d2_best_of_three_goes_to_the_first_to_win_two_tables():
    state, _ = single_elimination_create([1, 2], best_of=3)
    state = _win(state, "W1.1", 2)
    assert bracket.match_get(state, "W1.1")["decided"] is None
    state = _win(state, "W1.1", 1)
    state, events = bracket.table_record(state, "W1.1", winner=2)
    match = bracket.match_get(state, "W1.1")
    assert match["winner"] == 2 and bracket.score(match) == [1, 2]
    assert {"type": "match", "match": "W1.1", "winner": 2, "loser": 1, "decided": "played", "score": [1, 2]} in events


def test_t_d2_seats_alternate_between_the_tables_of_a_match():
    # given: a best of 5 between seeds 1 and 2
    state, _ = single_elimination_create([1, 2], best_of=5)
    seats = []
    for winner in (1, 2, 1, 2):
        state, table = bracket.match_start(state, "W1.1")
        seats.append(table["seats"])
        state = _win(state, "W1.1", winner)
    # then: the better seed has the first seat (the first dealer) at tables 1 and 3, the other at 2 and 4
    assert seats == [[1, 2], [2, 1], [1, 2], [2, 1]]
    assert [t["seats"] for t in bracket.match_get(state, "W1.1")["tables"]] == seats


def test_t_d2_a_match_is_best_of_an_odd_number():
    with pytest.raises(ValueError):
        single_elimination_create([1, 2], best_of=2)


def test_t_d3_a_drawn_table_is_followed_by_another():
    state, _ = single_elimination_create([1, 2])
    state = _win(state, "W1.1", None)
    assert bracket.matches_ready(state) == ["W1.1"]
    state = _win(state, "W1.1", 2)
    assert bracket.champion(state) == 2


def test_t_d3_after_three_drawn_tables_in_a_row_the_better_seed_goes_through_and_the_record_says_why():
    state, _ = single_elimination_create([7, 8])
    for _ in range(2):
        state = _win(state, "W1.1", None)
    state, events = bracket.table_record(state, "W1.1", winner=None)
    match = bracket.match_get(state, "W1.1")
    assert match["winner"] == 7 and match["decided"] == "draw_limit"
    assert "the better seed (1)" in match["note"]
    assert any(e.get("decided") == "draw_limit" and e.get("note") == match["note"] for e in events)


def test_t_d3_after_three_drawn_tables_the_entrant_ahead_on_tables_goes_through():
    # given: a best of 3 where the worse seed won the first table, then three drawn tables
    state, _ = single_elimination_create([7, 8], best_of=3)
    state = _win(state, "W1.1", 8)
    for _ in range(3):
        state = _win(state, "W1.1", None)
    assert bracket.champion(state) == 8


def test_t_d4_a_forfeit_loses_the_match_and_the_other_goes_through():
    state, _ = single_elimination_create([1, 2, 3, 4])
    state, _ = bracket.match_forfeit(state, "W1.1", entrant=1, reason="timeout")
    match = bracket.match_get(state, "W1.1")
    assert (match["winner"], match["loser"], match["decided"]) == (4, 1, "forfeit")
    assert match["note"] == "1: timeout"
    assert bracket.match_get(state, "W2.1")["entrants"] == [4, None]


def test_t_d4_a_withdrawn_entrants_later_matches_are_byes_for_their_opponents():
    # given: 1 won the first round, then withdrew before the final's other slot was known
    state, _ = single_elimination_create([1, 2, 3, 4])
    state = _win(state, "W1.1", 1)
    state, events = bracket.entrant_withdraw(state, 1)
    assert events == [{"type": "withdrawn", "entrant": 1}]
    # when: the other semifinal is played
    state = _win(state, "W1.2", 3)
    # then: the final goes to 3 without a table
    final = bracket.match_get(state, "W2.1")
    assert (final["winner"], final["decided"], final["tables"]) == (3, "forfeit", [])
    assert bracket.champion(state) == 3


def test_t_d4_a_withdrawal_forfeits_the_match_waiting_for_the_entrant():
    state, _ = single_elimination_create([1, 2, 3, 4])
    state, _ = bracket.entrant_withdraw(state, 2)
    match = bracket.match_get(state, "W1.2")
    assert (match["winner"], match["loser"], match["decided"]) == (3, 2, "forfeit")


def test_a_rounds_matches_started_together_are_each_started_as_alone():
    state, _ = single_elimination_create(list(range(1, 17)))
    ready = bracket.matches_ready(state)
    assert len(ready) == 8
    one_by_one, tables = state, []
    for match in ready:
        one_by_one, table = bracket.match_start(one_by_one, match)
        tables.append(table)

    together, together_tables = bracket.matches_start(state, ready)

    assert (together, together_tables) == (one_by_one, tables)
    assert all(bracket.match_get(together, match)["in_play"] for match in ready)
    assert not any(match["in_play"] for match in state["matches"])  # the input is left as it was
    with pytest.raises(ValueError):
        bracket.matches_start(state, [*ready[:2], "W2.1"])  # a match whose entrants are not known yet


def test_a_match_not_ready_cannot_be_recorded():
    state, _ = single_elimination_create([1, 2, 3, 4])
    with pytest.raises(ValueError):
        bracket.table_record(state, "W2.1", winner=1)
    with pytest.raises(ValueError):
        bracket.table_record(state, "W1.1", winner=2)  # 2 does not play W1.1


def test_functions_never_change_their_input():
    state, _ = single_elimination_create([1, 2, 3, 4])
    before = json_roundtrip(state)
    bracket.table_record(state, "W1.1", winner=1)
    bracket.entrant_withdraw(state, 2)
    bracket.match_forfeit(state, "W1.1", entrant=1)
    assert state == before


@settings(max_examples=150, deadline=None)
@given(
    field=st.integers(min_value=2, max_value=40),
    seed=st.integers(min_value=0, max_value=10**6),
    best_of=st.sampled_from([1, 3]),
    third_place=st.booleans(),
    draws=st.sampled_from([0.0, 0.3]),
    upsets=st.sampled_from([0.0, 0.1]),
)
def test_property_every_entrant_placed_once_byes_never_losses_seeds_1_and_2_only_in_the_final(
    field, seed, best_of, third_place, draws, upsets
):
    """T-R1, T-R2, T-R5: played to the end with random results, forfeits and withdrawals."""
    state, _ = single_elimination_create(list(range(1, field + 1)), best_of=best_of, third_place=third_place)
    state, _ = bracket_play(state, random.Random(seed), draws=draws, forfeits=upsets, withdrawals=upsets / 2)
    # every entrant placed exactly once, the places covering 1..field
    rows = bracket.places(state)
    assert sorted(r["entrant"] for r in rows) == list(range(1, field + 1))
    assert sum(1 for r in rows if r["place"] == 1) == 1
    for row in rows:
        assert sum(1 for r in rows if r["place"] == row["place"]) == row["shared"]
    # byes are nobody's loss: everyone lost at most one match (two with a third-place match), the champion none
    lost = losses(state)
    assert all(m["loser"] is None for m in state["matches"] if m["decided"] == "bye")
    assert lost[bracket.champion(state)] == 0
    assert all(count <= (2 if third_place else 1) for count in lost.values())
    # seeds 1 and 2 meet only in the final
    for match in state["matches"]:
        if set(match["entrants"]) == {1, 2}:
            assert match["final"] is True or match["bracket"] == "P3"
