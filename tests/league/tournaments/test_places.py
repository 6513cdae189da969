"""Places into points or prizes (T-R18), the same for every format."""

from fractions import Fraction

import pytest

from league.tournaments import bracket
from league.tournaments.places import awards, points_table_check, ratings_sides
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
