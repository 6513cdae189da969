from fractions import Fraction

import pytest

from league.standings import DUEL_DEFAULT, Entry, Outcome, PointsTable, multi_default, table_points

DUEL = PointsTable.from_json(DUEL_DEFAULT)
FOUR = PointsTable.from_json({"places": {"2": [3, 0], "3": [3, 1, 0], "4": [4, 2, 1, 0]}, "bye": 2})


def _table(*places, kind="played", sides=None):
    entries = tuple(
        Entry(entrant=i + 1, place=p, side=None if sides is None else sides[i]) for i, p in enumerate(places)
    )
    return Outcome(round=1, table=1, kind=kind, entries=entries)


def test_duel_win_and_loss_are_three_and_zero():
    assert table_points(_table(1, 2), DUEL) == {1: 3, 2: 0}


def test_duel_draw_is_the_draw_award_not_the_shared_places():
    assert table_points(_table(1, 1), DUEL) == {1: 1, 2: 1}


def test_shared_places_split_their_points():
    # two tied for 2nd at four sides split 2 and 1
    assert table_points(_table(1, 2, 2, 4), FOUR) == {1: 4, 2: Fraction(3, 2), 3: Fraction(3, 2), 4: 0}


def test_shared_places_may_be_numbered_densely():
    # engines may number a tie 1, 2, 2, 3 rather than 1, 2, 2, 4: the same points
    assert table_points(_table(1, 2, 2, 3), FOUR) == table_points(_table(1, 2, 2, 4), FOUR)


def test_all_share_first_without_a_draw_award_split_everything():
    assert table_points(_table(1, 1, 1), FOUR) == {1: Fraction(4, 3), 2: Fraction(4, 3), 3: Fraction(4, 3)}


def test_partners_are_one_side_and_share_its_points():
    outcome = _table(2, 1, 2, 1, sides=[0, 1, 0, 1])
    assert table_points(outcome, DUEL) == {1: 0, 2: 3, 3: 0, 4: 3}


def test_partners_must_share_their_place():
    with pytest.raises(ValueError):
        table_points(_table(1, 2, 2, 1, sides=[0, 1, 0, 1]), DUEL)


def test_bye_and_annulled():
    assert table_points(Outcome(round=1, table=-1, kind="bye", entries=(Entry(7, 1),)), DUEL) == {7: 3}
    assert table_points(_table(1, 2, kind="annulled"), DUEL) == {}


def test_a_table_size_without_a_row_is_an_error():
    with pytest.raises(ValueError):
        table_points(_table(1, 2, 3), DUEL)


def test_points_table_json_round_trip_and_checks():
    assert PointsTable.from_json(DUEL_DEFAULT).to_json() == {"places": {"2": [3, 0]}, "draw": 1, "bye": 3}
    with pytest.raises(ValueError):
        PointsTable.from_json({"places": {"3": [3, 0]}})


def test_multi_default_gives_the_winner_one_more():
    assert multi_default(4) == {"places": {"2": [2, 0], "3": [3, 1, 0], "4": [4, 2, 1, 0]}, "bye": 2}
