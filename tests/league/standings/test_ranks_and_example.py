"""The rank a person reads (entrants left level share it) and the example season the settings pages rank."""

from league.standings import DUEL_DEFAULT, multi_default
from league.standings.example import example_standings
from league.standings.ranks import shared_ranks


def test_equal_keys_share_the_rank_of_the_first_of_their_run():
    assert shared_ranks(["a", "b", "b", "c", "c", "c", "d"]) == [1, 2, 2, 4, 4, 4, 7]
    assert shared_ranks([]) == []


def test_the_example_ranks_by_the_tiebreaks_in_the_order_given():
    # Ana and Eun both end on 6 points: Buchholz puts Ana first, the score difference Eun
    by_buchholz = example_standings(points_table=DUEL_DEFAULT, tiebreaks=["buchholz"], multi=False)
    by_score = example_standings(points_table=DUEL_DEFAULT, tiebreaks=["score_difference"], multi=False)
    assert [row.name for row in by_buchholz[:2]] == ["Ana", "Eun"]
    assert [row.name for row in by_score[:2]] == ["Eun", "Ana"]


def test_without_tiebreaks_the_level_entrants_share_their_rank():
    rows = example_standings(points_table=DUEL_DEFAULT, tiebreaks=[], multi=False)
    assert [row.rank for row in rows] == [1, 1, 3, 3, 3, 6]


def test_the_multi_table_example_uses_the_points_of_tables_of_three():
    rows = example_standings(points_table=multi_default(4), tiebreaks=["average_place"], multi=True)
    assert {row.name: row.points for row in rows}["Ana"] == 6
