"""Places into points or prizes (T-R18), the same for every format."""

from decimal import Decimal
from fractions import Fraction

import pytest

from league.tournaments import bracket
from league.tournaments.places import awards, points_decimal, points_table_check, ratings_sides
from league.tournaments.single_elimination import single_elimination_create


def test_t_r18_a_band_of_shared_places_splits_the_points_of_the_band():
    # given: an 8-entrant bracket won by the better seed every time
    state, _ = single_elimination_create(list(range(1, 9)))
    while not bracket.is_over(state):
        match_id = bracket.matches_ready(state)[0]
        state, _ = bracket.table_record(state, match_id, winner=min(bracket.match_get(state, match_id)["entrants"]))
    # when: the organizer's table pays 8 places
    won = awards(bracket.places(state), [10, 7, 5, 5, 3, 2, 1, 1])
    # then: the two semifinal losers share (5 + 5) / 2, the four quarterfinal losers (3 + 2 + 1 + 1) / 4
    assert [won[e] for e in range(1, 9)] == [10, 7, 5, 5] + [Fraction(7, 4)] * 4


def test_t_r18_places_past_the_end_of_the_table_get_nothing():
    rows = [{"entrant": 1, "place": 1, "shared": 1}, {"entrant": 2, "place": 2, "shared": 2},
            {"entrant": 3, "place": 2, "shared": 2}]  # fmt: skip
    assert awards(rows, [100, 40]) == {1: 100, 2: 20, 3: 20}
    with pytest.raises(ValueError):
        points_table_check([10, -1])


def test_t_r18_places_feed_the_ratings_as_sides_and_places():
    rows = [{"entrant": 4, "place": 1, "shared": 1}, {"entrant": 9, "place": 2, "shared": 1}]
    assert ratings_sides(rows) == ([[4], [9]], [1, 2])


def test_t_r18_a_place_s_points_are_kept_to_three_places_exactly_half_to_even():
    # given: shares whose fourth decimal is a tie (1/80 = 0.0125, 3/80 = 0.0375) or not (2/3, 7/4)
    # when / then: the tie goes to the even thousandth, which a float's nearest binary value misses for 1/80
    assert points_decimal(Fraction(1, 80)) == Decimal("0.012") and f"{float(Fraction(1, 80)):.3f}" == "0.013"
    assert points_decimal(Fraction(3, 80)) == Decimal("0.038")
    assert [str(points_decimal(v)) for v in (Fraction(2, 3), Fraction(7, 4), Fraction(60))] == [
        "0.667",
        "1.750",
        "60.000",
    ]
