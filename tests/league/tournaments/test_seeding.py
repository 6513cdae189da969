"""Seeding and byes of every bracket (docs/formats.md, "Seeding")."""

import pytest

from games.core import rng
from league.tournaments.seeding import (
    bracket_size,
    byes_count,
    first_round,
    seed_order,
    seeds_by_entry,
    seeds_by_lot,
    seeds_by_rating,
    seeds_by_standings,
    seeds_order,
)
from league.tournaments.two_stage import meeting_round


@pytest.mark.parametrize(("field", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (8, 8), (9, 16), (1000, 1024)])
def test_t_r1_a_bracket_is_the_smallest_power_of_two_not_below_the_field(field, size):
    assert bracket_size(field) == size
    assert byes_count(field) == size - field


def test_t_r1_byes_go_to_the_best_seeds_first():
    # given: 5 entrants in a bracket of 8 (3 byes)
    pairs = first_round([11, 12, 13, 14, 15])
    # then: seeds 1, 2 and 3 have the byes, and 4 meets 5
    byes = [a if b is None else b for a, b in pairs if a is None or b is None]
    assert sorted(byes) == [11, 12, 13]
    assert (14, 15) in pairs


def test_t_r1_no_pair_is_two_byes():
    for field in range(2, 70):
        assert all(a is not None or b is not None for a, b in first_round(list(range(field))))


def test_t_r2_the_standard_order_for_8():
    # the rules page: 1-8, 4-5, 2-7, 3-6 top to bottom
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


def test_t_r2_each_size_pairs_every_seed_of_the_size_below_with_size_plus_one_minus_it():
    for size in (4, 8, 16, 32, 64):
        smaller = seed_order(size // 2)
        assert seed_order(size) == [s for seed in smaller for s in (seed, size + 1 - seed)]


@pytest.mark.parametrize("size", [4, 8, 16, 32, 64, 128])
def test_t_r2_the_top_2_to_the_j_seeds_meet_no_earlier_than_the_round_of_2_to_the_j(size):
    # given: the slots of a bracket of 2^k in the standard order
    rounds = size.bit_length() - 1
    slot = {seed: i for i, seed in enumerate(seed_order(size))}
    for j in range(1, rounds + 1):
        top = range(1, 2**j + 1)
        # then: two of the top 2^j seeds can first meet only when 2^j entrants are left (1 and 2: the final)
        earliest = min(meeting_round(slot[a], slot[b]) for a in top for b in top if a < b)
        assert earliest == rounds - j + 1


def test_t_d1_seeding_by_rating_puts_the_highest_ordinal_first_and_keeps_the_order_entered_among_equals():
    ratings = {1: 10.0, 2: 25.5, 3: 10.0, 4: -3.0}
    assert seeds_by_rating([1, 2, 3, 4, 5], ratings) == [2, 1, 3, 4, 5]


def test_t_d1_seeding_by_standings_follows_the_previous_ranking_and_puts_newcomers_after():
    assert seeds_by_standings([5, 6, 7, 8], ranking=[7, 9, 5]) == [7, 5, 6, 8]


def test_t_d1_seeding_by_order_entered():
    assert seeds_by_entry([9, 3, 7]) == [9, 3, 7]


def test_t_d1_a_draw_by_lot_is_the_verifiable_shuffle_of_the_order_entered():
    # given: the entrants in the order entered and the revealed seed
    entrants = [101, 102, 103, 104, 105, 106]
    drawn = seeds_by_lot(entrants, seed="season-7-draw")
    # then: anyone re-derives it with the dealing shuffle (games.core.rng, label "draw")
    assert drawn == [int(e) for e in rng.shuffled([str(e) for e in entrants], seed="season-7-draw", label="draw")]
    assert sorted(drawn) == entrants
    # and: the same seed gives the same draw, another seed another one
    assert seeds_by_lot(entrants, seed="season-7-draw") == drawn
    assert seeds_by_lot(entrants, seed="another seed") != drawn


def test_t_d1_the_organizer_picks_the_method():
    entrants = [1, 2, 3]
    assert seeds_order("rating", entrants, ratings={3: 1.0}) == [3, 1, 2]
    assert seeds_order("standings", entrants, ranking=[2]) == [2, 1, 3]
    assert seeds_order("entered", entrants) == [1, 2, 3]
    assert seeds_order("lot", entrants, seed="s") == seeds_by_lot(entrants, seed="s")
    with pytest.raises(ValueError):
        seeds_order("lot", entrants)  # a draw without a seed cannot be verified
    with pytest.raises(ValueError):
        seeds_order("coin", entrants)  # type: ignore[arg-type]


def test_entrants_must_be_distinct():
    with pytest.raises(ValueError):
        seeds_by_entry([1, 2, 2])
