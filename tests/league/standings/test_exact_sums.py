"""The standings sum points and scores as integers over a common denominator (league/standings/points.py `unit`,
compute.py `records_gather`); these tests hold that path to the definitions in docs/standings.md, Fraction by
Fraction."""

import itertools
import random
from fractions import Fraction

import pytest

from league.standings import DUEL_DEFAULT, Entry, Outcome, PointsTable, standings_compute, table_points
from league.standings.tiebreaks import fraction_sum, sort_keys

FOUR = PointsTable.from_json({"places": {"2": [3, 0], "3": [3, 1, 0], "4": [4, 2, 1, 0]}, "bye": 2})
HALVES = PointsTable.from_json({"places": {"2": [1, 0], "3": [1.5, 0.5, 0]}, "draw": 0.5, "bye": "1/3"})


@pytest.mark.parametrize(("table", "unit"), [(PointsTable.from_json(DUEL_DEFAULT), 2), (FOUR, 12), (HALVES, 36)])
def test_unit_makes_every_possible_share_a_whole_number(table, unit):
    # given: a points table; when: every placing of every table size it has a row for is scored
    assert table.unit == unit
    for sides in table.places:
        for places in itertools.combinations_with_replacement(range(1, sides + 1), sides):
            for share, units in table.shares(places).values():
                # then: the integer award is the share exactly, in units of 1/unit
                assert Fraction(units, table.unit) == share


def test_a_shared_pattern_is_scored_once_and_the_table_is_unchanged():
    table = PointsTable.from_json({"places": {"4": [4, 2, 1, 0]}})
    first = table.shares((1, 2, 2, 4))
    # given: the pattern was scored; when: it is asked again; then: the same answer, and the table still equals a
    # fresh one (the cache is no part of its value)
    assert table.shares((1, 2, 2, 4)) is first
    assert first == {1: (Fraction(4), 48), 2: (Fraction(3, 2), 18), 4: (Fraction(0), 0)}
    assert table == PointsTable.from_json({"places": {"4": [4, 2, 1, 0]}})


def test_a_table_size_without_a_row_fails_every_time():
    outcome = Outcome(round=1, table=1, kind="played", entries=(Entry(1, 1), Entry(2, 2), Entry(3, 3)))
    for _ in range(2):
        with pytest.raises(ValueError):
            table_points(outcome, PointsTable.from_json(DUEL_DEFAULT))


@pytest.mark.parametrize("seed", range(5))
def test_season_points_are_the_exact_sum_of_the_tables_points(seed):
    # given: a season of 3- and 2-sided tables with shared places, draws and byes worth a third
    rng = random.Random(seed)
    outcomes = []
    for round_ in range(1, 7):
        pool = list(range(1, 12))
        rng.shuffle(pool)
        number = 0
        while len(pool) >= 2:
            size = 3 if len(pool) >= 3 and rng.random() < 0.6 else 2
            seated = [pool.pop() for _ in range(size)]
            number += 1
            entries = tuple(Entry(e, rng.randint(1, size), rng.randint(0, 9)) for e in seated)
            outcomes.append(Outcome(round=round_, table=number, kind="played", entries=entries))
        for e in pool:
            outcomes.append(Outcome(round=round_, table=-e, kind="bye", entries=(Entry(e, 1),)))
    # when: the standings are computed
    rows = standings_compute(outcomes, points_table=HALVES, tiebreaks=["buchholz"], seed=1)
    # then: each entrant's points are its tables' points added as Fractions, one by one
    expected: dict[int, Fraction] = {}
    for outcome in outcomes:
        for entrant, points in table_points(outcome, HALVES).items():
            expected[entrant] = expected.get(entrant, Fraction(0)) + points
    assert {r.entrant: r.points for r in rows} == expected
    assert all(type(r.points) is Fraction for r in rows)


def test_score_difference_mixes_table_sizes_exactly():
    # given: a duel won 10 to 4, and a table of four scored 9 against 1, 2 and 4 (their mean 7/3)
    duel = Outcome(round=1, table=1, kind="played", entries=(Entry(1, 1, 10), Entry(2, 2, 4)))
    four = Outcome(
        round=2, table=2, kind="played", entries=(Entry(1, 1, 9), Entry(3, 2, 1), Entry(4, 3, 2), Entry(5, 4, 4))
    )
    # when: ranked on score difference
    rows = standings_compute([duel, four], points_table=FOUR, tiebreaks=["score_difference", "score_for"], seed=1)
    by = {r.entrant: r for r in rows}
    # then: 6 + (9 - 7/3) = 38/3, as a Fraction
    assert by[1].tiebreaks["score_difference"] == Fraction(38, 3)
    assert type(by[1].tiebreaks["score_difference"]) is Fraction
    assert by[1].tiebreaks["score_for"] == 19 and type(by[1].tiebreaks["score_for"]) is Fraction


def test_fractional_scores_stay_exact():
    # given: a duel scored 7/2 to 1/3 (Entry.score may be a Fraction)
    duel = Outcome(round=1, table=1, kind="played", entries=(Entry(1, 1, Fraction(7, 2)), Entry(2, 2, Fraction(1, 3))))
    # when: ranked on score difference
    rows = standings_compute([duel], points_table=DUEL_DEFAULT, tiebreaks=["score_difference"], seed=1)
    # then: the differences are exact
    assert {r.entrant: r.tiebreaks["score_difference"] for r in rows} == {1: Fraction(19, 6), 2: Fraction(-19, 6)}


def test_fraction_sum_is_the_exact_sum():
    values = [Fraction(1, 3), Fraction(1, 2), Fraction(-5, 6), Fraction(7), Fraction(2, 9)]
    assert fraction_sum(values) == sum(values, Fraction(0))
    assert fraction_sum([]) == Fraction(0) and type(fraction_sum([])) is Fraction


def test_sort_keys_order_as_the_values_do():
    values = {1: Fraction(1, 3), 2: None, 3: Fraction(1, 2), 4: Fraction(2, 6), 5: Fraction(-1)}
    # higher is better: 1/2, then 1/3 twice (equal keys), then -1, then no value
    keys = sort_keys("buchholz", values)
    assert sorted(values, key=lambda e: (keys[e], e)) == [3, 1, 4, 5, 2]
    assert keys[1] == keys[4]
    # lower is better for the average place; no value still comes last
    keys = sort_keys("average_place", values)
    assert sorted(values, key=lambda e: (keys[e], e)) == [5, 1, 4, 3, 2]
