"""Multiplayer elimination: T-R10, T-D5 (docs/formats.md, "Multiplayer elimination")."""

import random
from fractions import Fraction

import pytest

from league.tournaments import multiplayer
from league.tournaments.multiplayer import advance_count, multiplayer_create, standings, table_record
from tests.league.tournaments.support import json_roundtrip


def _record_all(state, results):
    """Record every table of the current round: results[i] = (places, scores) of table i + 1."""
    events = []
    for number, (places, scores) in enumerate(results, start=1):
        size = len(state["rounds"][-1]["tables"][number - 1]["seats"])
        state, more = table_record(state, table=number, places=places, scores=scores, start_total=100 * size)
        events += more
    return state, events


def test_t_r10_a_round_seats_the_field_at_balanced_tables_within_the_limits():
    state, events = multiplayer_create(list(range(1, 15)), min_seats=3, max_seats=6, seed="s")
    tables = state["rounds"][0]["tables"]
    assert sorted(len(t["seats"]) for t in tables) == [4, 5, 5]
    assert sorted(e for t in tables for e in t["seats"]) == list(range(1, 15))
    assert events[0]["type"] == "round" and events[0]["final"] is False


def test_t_r10_the_top_half_of_each_table_go_through_at_least_one():
    assert [advance_count(n) for n in (2, 3, 4, 5, 6)] == [1, 1, 2, 2, 3]
    assert advance_count(4, advance=1) == 1 and advance_count(4, advance=9) == 3


def test_t_r10_the_field_that_fits_one_table_plays_the_final():
    # given: 12 entrants at two tables of 6 (min 3, max 6)
    state, _ = multiplayer_create(list(range(1, 13)), min_seats=3, max_seats=6, seed="s")
    first = [t["seats"] for t in state["rounds"][0]["tables"]]
    assert [len(t) for t in first] == [6, 6]
    # when: each table places its seats in seat order
    state, events = _record_all(state, [(list(range(1, 7)), [300, 200, 100, 0, 0, 0])] * 2)
    # then: the top three of each table (6 entrants) fit one table: the final
    final = state["rounds"][1]
    assert final["final"] and len(final["tables"]) == 1
    assert sorted(final["tables"][0]["seats"]) == sorted(first[0][:3] + first[1][:3])
    out = next(e for e in events if e["type"] == "out")
    assert sorted(out["entrants"]) == sorted(first[0][3:] + first[1][3:])


def test_t_r10_a_later_round_keeps_table_mates_of_the_round_before_apart_where_it_can():
    # given: 32 entrants at tables of 4 (8 tables); the top 2 of each go through: 16 at 4 tables of 4
    state, _ = multiplayer_create(list(range(1, 33)), min_seats=3, max_seats=4, seed="x")
    state, _ = _record_all(state, [([1, 2, 3, 4], [200, 150, 50, 0])] * 8)
    # then: nobody meets a table mate of round 1 again
    before = {frozenset((a, b)) for t in state["rounds"][0]["tables"] for a in t["seats"] for b in t["seats"] if a != b}
    for table in state["rounds"][1]["tables"]:
        pairs = {frozenset((a, b)) for a in table["seats"] for b in table["seats"] if a != b}
        assert not pairs & before


def test_t_d5_places_in_the_final_are_the_engines_outcome_ties_shared():
    state, _ = multiplayer_create([1, 2, 3, 4], min_seats=3, max_seats=6, seed="s")
    seats = state["rounds"][0]["tables"][0]["seats"]
    state, events = table_record(state, table=1, places=[1, 2, 2, 4], scores=[250, 75, 75, 0], start_total=400)
    assert state["over"] and events[-1]["type"] == "finished"
    rows = {r["entrant"]: (r["place"], r["shared"]) for r in standings(state)}
    assert rows == {seats[0]: (1, 1), seats[1]: (2, 2), seats[2]: (2, 2), seats[3]: (4, 1)}


def test_t_d5_those_out_in_one_round_rank_by_place_at_their_table_then_by_score_relative_to_its_start():
    # given: two tables of 4 (advance 2 each); both third places are out, at tables of different totals
    state, _ = multiplayer_create(list(range(1, 9)), min_seats=3, max_seats=4, seed="s")
    t1, t2 = (t["seats"] for t in state["rounds"][0]["tables"])
    state, _ = table_record(state, table=1, places=[1, 2, 3, 4], scores=[200, 100, 60, 40], start_total=400)
    # table 2 had bigger stacks: its third kept 90 of 800 (0.1125) against 60 of 400 (0.15)
    state, _ = table_record(state, table=2, places=[1, 2, 3, 4], scores=[400, 300, 90, 10], start_total=800)
    out = {r["entrant"]: (r["place"], r["shared"]) for r in standings(state)}
    assert out[t1[2]] == (5, 1) and out[t2[2]] == (6, 1)
    # the two fourth places: 40 of 400 (0.1) before 10 of 800 (0.0125)
    assert out[t1[3]] == (7, 1) and out[t2[3]] == (8, 1)


def test_t_d5_equal_place_and_relative_score_share():
    state, _ = multiplayer_create(list(range(1, 9)), min_seats=3, max_seats=4, seed="s")
    t1, t2 = (t["seats"] for t in state["rounds"][0]["tables"])
    state, _ = table_record(state, table=1, places=[1, 2, 3, 4], scores=[200, 100, 100, 0], start_total=400)
    state, _ = table_record(state, table=2, places=[1, 2, 3, 4], scores=[200, 100, 100, 0], start_total=400)
    out = {r["entrant"]: (r["place"], r["shared"]) for r in standings(state)}
    assert out[t1[3]] == out[t2[3]] == (7, 2)
    assert out[t1[2]] == out[t2[2]] == (5, 2)


def test_t_d5_at_the_cut_equal_places_go_by_score_then_by_the_better_seed():
    state, _ = multiplayer_create([1, 2, 3, 4, 5, 6, 7, 8], min_seats=4, max_seats=4, seed="s")
    t1, t2 = (t["seats"] for t in state["rounds"][0]["tables"])
    # table 1: three share second place, one of them fits: the one with more chips
    state, _ = table_record(state, table=1, places=[1, 2, 2, 2], scores=[100, 110, 100, 90], start_total=400)
    # table 2: three share second place with equal chips: the better seed
    state, _ = table_record(state, table=2, places=[1, 2, 2, 2], scores=[100, 100, 100, 100], start_total=400)
    through = set(state["rounds"][1]["tables"][0]["seats"])
    assert through == {t1[0], t1[1], t2[0], min(t2[1:])}


def test_a_whole_multiplayer_tournament_places_everyone_once():
    rnd = random.Random(4)
    state, _ = multiplayer_create(list(range(1, 41)), min_seats=3, max_seats=5, seed="whole")
    while not state["over"]:
        for number, table in enumerate(state["rounds"][-1]["tables"], start=1):
            n = len(table["seats"])
            places = rnd.sample(range(1, n + 1), n)
            scores = [Fraction(rnd.randint(0, 300)) for _ in range(n)]
            state, _ = table_record(state, table=number, places=places, scores=scores, start_total=100 * n)
            assert json_roundtrip(state) == state
    rows = standings(state)
    assert sorted(r["entrant"] for r in rows) == list(range(1, 41))
    assert rows[0]["place"] == 1
    for row in rows:
        assert sum(1 for r in rows if r["place"] == row["place"]) == row["shared"]


def test_a_table_is_recorded_once_with_a_place_per_seat():
    state, _ = multiplayer_create(list(range(1, 9)), min_seats=3, max_seats=4, seed="s")
    with pytest.raises(ValueError):
        table_record(state, table=1, places=[1, 2, 3], scores=[1, 2, 3], start_total=4)
    state, _ = table_record(state, table=1, places=[1, 2, 3, 4], scores=[4, 3, 2, 1], start_total=10)
    with pytest.raises(ValueError):
        table_record(state, table=1, places=[1, 2, 3, 4], scores=[4, 3, 2, 1], start_total=10)
    assert state["format"] == multiplayer.FORMAT
