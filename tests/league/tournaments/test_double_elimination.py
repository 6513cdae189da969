"""Double elimination: T-R6…T-R9 (docs/formats.md, "Double elimination")."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.tournaments import bracket
from league.tournaments import double_elimination as de
from league.tournaments.double_elimination import double_elimination_create, double_elimination_matches
from tests.league.tournaments.support import bracket_play, losses


def _win(state, match_id, winner):
    state, _ = bracket.table_record(state, match_id, winner=winner)
    return state


def _play_better_seed_wins(state, *, except_in=()):
    """Every match to the better seed, except the matches named, which go to the worse seed."""
    while not bracket.is_over(state):
        match_id = bracket.matches_ready(state)[0]
        entrants = bracket.match_get(state, match_id)["entrants"]
        seeds = sorted(entrants, key=lambda e: bracket.seed_of(state, e))
        state = _win(state, match_id, seeds[1] if match_id in except_in else seeds[0])
    return state


def test_t_r6_the_loser_of_a_winners_bracket_match_drops_into_the_losers_bracket():
    state, _ = double_elimination_create([1, 2, 3, 4])
    state = _win(state, "W1.1", 4)
    assert bracket.match_get(state, "L1.1")["entrants"] == [1, None]
    assert not any(r["entrant"] == 1 for r in bracket.places(state))


def test_t_r6_an_entrant_is_out_after_two_lost_matches():
    state, _ = double_elimination_create(list(range(1, 9)))
    state, _ = bracket_play(state, random.Random(5))
    lost = losses(state)
    champion = bracket.champion(state)
    for row in bracket.places(state):
        if row["entrant"] != champion:
            assert lost[row["entrant"]] == 2
    assert lost[champion] <= 1


def test_t_r7_the_losers_bracket_alternates_inner_and_drop_rounds():
    # given: a bracket of 16: W has 4 rounds, L has 2 × (4 − 1) = 6
    matches = {m["id"]: m for m in double_elimination_matches(16)}
    rounds = {r: [m for m in matches.values() if m["bracket"] == "L" and m["round"] == r] for r in range(1, 7)}
    assert [len(rounds[r]) for r in range(1, 7)] == [4, 4, 2, 2, 1, 1]
    # L1: the losers of W1 two by two
    assert rounds[1][0]["sources"] == [{"loser": "W1.1"}, {"loser": "W1.2"}]
    # the drop rounds: an L survivor against a loser of W2, W3, W4 (the winners' final)
    for r, w in ((2, 2), (4, 3), (6, 4)):
        for match in rounds[r]:
            assert "winner" in match["sources"][0] and match["sources"][1]["loser"].startswith(f"W{w}.")
    # the inner rounds: survivors against each other
    for r in (3, 5):
        assert all("winner" in s for m in rounds[r] for s in m["sources"])


def test_t_r7_the_drop_downs_of_w2_come_in_reversed_order_then_shifted_by_half():
    matches = {m["id"]: m for m in double_elimination_matches(16)}
    assert [matches[f"L2.{i}"]["sources"][1]["loser"] for i in range(1, 5)] == ["W2.4", "W2.3", "W2.2", "W2.1"]
    assert [matches[f"L4.{i}"]["sources"][1]["loser"] for i in range(1, 3)] == ["W3.2", "W3.1"]
    matches = {m["id"]: m for m in double_elimination_matches(64)}
    assert [matches[f"L4.{i}"]["sources"][1]["loser"] for i in range(1, 9)] == [
        "W3.5", "W3.6", "W3.7", "W3.8", "W3.1", "W3.2", "W3.3", "W3.4",
    ]  # fmt: skip


def _rematch_rounds(matches):
    """Losers' rounds in which a match could be a rematch of a winners' bracket match, whatever the results.

    An entrant is known by its winners' bracket slot p and the round l it lost there; two met there exactly when
    the round in which slots p and q meet is the earlier of their two losses."""
    sides = {}

    def arrivals(source):
        if "winner" in source:
            a, b = sides[source["winner"]]
            return a | b
        round_, number = map(int, source["loser"][1:].split("."))
        return {(p, round_) for p in range((number - 1) << round_, number << round_)}

    out = set()
    for match in matches:
        if match["bracket"] != "L":
            continue
        a, b = sides[match["id"]] = tuple(arrivals(s) for s in match["sources"])
        if any((p ^ q).bit_length() == min(l1, l2) != max(l1, l2) for p, l1 in a for q, l2 in b):
            out.add(match["round"])
    return out


@pytest.mark.parametrize(("size", "first"), [(8, 3), (16, 4), (32, 5), (64, 7)])
def test_t_r7_the_drop_orders_put_the_first_possible_rematch_as_late_as_any_order_can(size, first):
    # given: the default drop orders
    assert min(_rematch_rounds(double_elimination_matches(size))) == first
    # then: no choice among the four orders for each drop round does better (every combination, up to 32)
    if size <= 32:
        orders = (de.natural, de.reverse, de.half_shift, de.reverse_half_shift)
        drops = size.bit_length() - 2
        for combo in itertools.product(orders, repeat=drops):
            rounds = _rematch_rounds(double_elimination_matches(size, orders=combo))
            assert min(rounds) <= first


def test_t_r8_the_grand_final_sets_the_winners_champion_against_the_losers_champion():
    state = _play_better_seed_wins(double_elimination_create(list(range(1, 9)))[0])
    final = bracket.match_get(state, "GF.1")
    assert final["entrants"] == [1, 2] and final["winner"] == 1
    assert bracket.match_get(state, "GF.2")["decided"] == "unneeded"
    assert bracket.champion(state) == 1


def test_t_r8_a_losers_champion_who_wins_the_grand_final_forces_the_reset():
    state, _ = double_elimination_create([1, 2, 3, 4])
    state = _play_better_seed_wins(state, except_in={"GF.1"})
    reset = bracket.match_get(state, "GF.2")
    assert reset["entrants"] == [2, 1] and reset["decided"] == "played"
    assert bracket.champion(state) == 1
    assert losses(state)[1] == 1 and losses(state)[2] == 2


def test_t_r8_without_the_reset_one_grand_final_decides():
    state, _ = double_elimination_create([1, 2, 3, 4], grand_final_reset=False)
    state = _play_better_seed_wins(state, except_in={"GF.1"})
    assert "GF.2" not in [m["id"] for m in state["matches"]]
    assert bracket.champion(state) == 2
    assert {r["entrant"]: r["place"] for r in bracket.places(state)}[1] == 2


def test_t_r9_places_by_the_losers_round_of_elimination():
    # given: 16 entrants, the better seed always wins
    state = _play_better_seed_wins(double_elimination_create(list(range(1, 17)))[0])
    bands = {}
    for row in bracket.places(state):
        bands.setdefault((row["place"], row["shared"]), []).append(row["entrant"])
    # then: 1, 2, 3, 4, 5–6, 7–8, 9–12, 13–16
    assert sorted(bands) == [(1, 1), (2, 1), (3, 1), (4, 1), (5, 2), (7, 2), (9, 4), (13, 4)]
    assert bands[(13, 4)] == [13, 14, 15, 16] and bands[(3, 1)] == [3]


def test_t_r9_a_field_of_two_plays_the_final_and_the_grand_final():
    state, _ = double_elimination_create([1, 2])
    state = _win(state, "W1.1", 2)
    assert bracket.match_get(state, "GF.1")["entrants"] == [2, 1]
    state = _win(_win(state, "GF.1", 1), "GF.2", 1)
    assert [(r["entrant"], r["place"]) for r in bracket.places(state)] == [(1, 1), (2, 2)]


def test_t_r1_a_bye_in_the_winners_bracket_leaves_an_empty_slot_in_the_losers_bracket():
    # given: 3 entrants in a bracket of 4: seed 1 has a bye
    state, _ = double_elimination_create([1, 2, 3])
    # when: 2 beats 3
    state = _win(state, "W1.2", 2)
    # then: 3 goes through L1 by a bye (its opponent would have been the loser of 1's bye: nobody)
    l1 = bracket.match_get(state, "L1.1")
    assert (l1["decided"], l1["winner"], l1["empty"]) == ("bye", 3, [True, False])


def test_t_d4_a_withdrawal_in_the_winners_bracket_forfeits_there_and_its_losers_match_is_a_bye_for_the_other():
    state, _ = double_elimination_create([1, 2, 3, 4])
    state, _ = bracket.entrant_withdraw(state, 4)
    assert bracket.match_get(state, "W1.1")["winner"] == 1
    state = _win(state, "W1.2", 2)
    l1 = bracket.match_get(state, "L1.1")
    assert (l1["winner"], l1["loser"], l1["decided"], l1["tables"]) == (3, 4, "forfeit", [])


@settings(max_examples=120, deadline=None)
@given(
    field=st.integers(min_value=2, max_value=40),
    seed=st.integers(min_value=0, max_value=10**6),
    reset=st.booleans(),
    upsets=st.sampled_from([0.0, 0.08]),
)
def test_property_double_every_entrant_placed_once_out_after_two_losses_seeds_1_and_2_apart_in_the_winners_bracket(
    field, seed, reset, upsets
):
    """T-R1, T-R2, T-R6, T-R9 with random results, draws, forfeits and withdrawals."""
    state, _ = double_elimination_create(list(range(1, field + 1)), grand_final_reset=reset)
    state, _ = bracket_play(state, random.Random(seed), draws=0.2, forfeits=upsets, withdrawals=upsets / 2)
    rows = bracket.places(state)
    assert sorted(r["entrant"] for r in rows) == list(range(1, field + 1))
    for row in rows:
        assert sum(1 for r in rows if r["place"] == row["place"]) == row["shared"]
    lost = losses(state)
    champion = bracket.champion(state)
    assert all(lost[r["entrant"]] == 2 for r in rows if r["entrant"] != champion and reset)
    assert lost[champion] <= 1
    assert all(m["loser"] is None for m in state["matches"] if m["decided"] == "bye")
    rounds = max(m["round"] for m in state["matches"] if m["bracket"] == "W")
    for match in state["matches"]:
        if match["bracket"] == "W" and set(match["entrants"]) == {1, 2}:
            assert match["round"] == rounds
