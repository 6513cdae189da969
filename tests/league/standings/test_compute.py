import random
from fractions import Fraction

import pytest

from league.standings import DUEL_DEFAULT, Entry, Outcome, lots_draw, standings_compute


def _duel(round_, table, a, b, *, places=(1, 2), scores=(0, 0), kind="played"):
    entries = (Entry(a, places[0], scores[0]), Entry(b, places[1], scores[1]))
    return Outcome(round=round_, table=table, kind=kind, entries=entries)


# three rounds of four entrants (hand-computed in docs/standings.md terms):
# points 1: 4, 2: 6, 3: 2, 4: 4; entrants 1 and 4 are level on points, Buchholz (12), wins (1), average place (4/3)
# and score difference (1); Sonneborn-Berger 7 v 5, direct encounter 0 v 1, points for 20 v 15
SEASON = [
    _duel(1, 1, 1, 2, scores=(10, 4)),
    _duel(1, 2, 3, 4, places=(1, 1), scores=(5, 5)),
    _duel(2, 3, 1, 3, places=(1, 1), scores=(7, 7)),
    _duel(2, 4, 2, 4, scores=(6, 2)),
    _duel(3, 5, 4, 1, scores=(8, 3)),
    _duel(3, 6, 2, 3, scores=(9, 1)),
]
ALL = [
    "buchholz",
    "buchholz_cut1",
    "sonneborn_berger",
    "direct_encounter",
    "wins",
    "average_place",
    "score_difference",
    "score_for",
]


def _rows(results, tiebreaks, **kwargs):
    return standings_compute(results, points_table=DUEL_DEFAULT, tiebreaks=tiebreaks, seed="s", **kwargs)


def _by_entrant(rows):
    return {row.entrant: row for row in rows}


def test_every_tiebreak_value_as_defined():
    rows = _by_entrant(_rows(SEASON, [t for t in ALL if t != "direct_encounter"]))
    assert {e: r.points for e, r in rows.items()} == {1: 4, 2: 6, 3: 2, 4: 4}
    assert rows[1].tiebreaks == {
        "buchholz": 12,
        "buchholz_cut1": 10,
        "sonneborn_berger": 7,
        "wins": 1,
        "average_place": Fraction(4, 3),
        "score_difference": 1,
        "score_for": 20,
    }
    assert rows[4].tiebreaks == {
        "buchholz": 12,
        "buchholz_cut1": 10,
        "sonneborn_berger": 5,
        "wins": 1,
        "average_place": Fraction(4, 3),
        "score_difference": 1,
        "score_for": 15,
    }
    assert rows[3].tiebreaks["buchholz"] == 14
    assert rows[2].played == 3 and rows[2].wins == 2


def test_points_come_first():
    order = [r.entrant for r in _rows(SEASON, ALL)]
    assert (order[0], order[-1]) == (2, 3)


@pytest.mark.parametrize(
    ("tiebreaks", "order"),
    [
        (["buchholz", "sonneborn_berger"], [2, 1, 4, 3]),
        (["direct_encounter", "sonneborn_berger"], [2, 4, 1, 3]),
        (["wins", "average_place", "score_difference", "score_for"], [2, 1, 4, 3]),
    ],
)
def test_tiebreaks_apply_in_the_season_order(tiebreaks, order):
    assert [r.entrant for r in _rows(SEASON, tiebreaks)] == order


def test_direct_encounter_only_among_those_still_tied():
    rows = _by_entrant(_rows(SEASON, ["direct_encounter"]))
    assert rows[4].tiebreaks["direct_encounter"] == 1
    assert rows[1].tiebreaks["direct_encounter"] == 0
    assert rows[2].tiebreaks["direct_encounter"] is None


def test_the_draw_of_lots_breaks_what_is_left():
    rows = _rows(SEASON, ["buchholz"])
    lots = lots_draw([1, 2, 3, 4], seed="s")
    expected = [1, 4] if lots[1] < lots[4] else [4, 1]
    assert [r.entrant for r in rows] == [2, *expected, 3]
    assert [r.lot for r in rows] == [lots[r.entrant] for r in rows]
    assert [r.rank for r in rows] == [1, 2, 3, 4]


def test_lots_depend_on_the_seed_only():
    assert lots_draw([3, 1, 2], seed="x") == lots_draw([1, 2, 3], seed="x")
    assert any(lots_draw(range(20), seed="x") != lots_draw(range(20), seed=f"y{k}") for k in range(3))


@pytest.mark.parametrize("seed", range(10))
def test_a_recompute_from_the_same_results_in_any_order_gives_the_same_table(seed):
    shuffled = list(SEASON)
    random.Random(seed).shuffle(shuffled)
    assert _rows(shuffled, ALL) == _rows(SEASON, ALL)


def test_bye_gives_its_points_but_no_opponent_and_no_game():
    results = [_duel(1, 1, 1, 2), Outcome(round=1, table=-1, kind="bye", entries=(Entry(3, 1),))]
    rows = _by_entrant(_rows(results, ["buchholz", "wins", "average_place"]))
    assert rows[3].points == 3
    assert rows[3].byes == 1 and rows[3].played == 0 and rows[3].wins == 0
    assert rows[3].tiebreaks["buchholz"] == 0
    assert rows[3].tiebreaks["average_place"] is None
    # no average place ranks after any average place: 1 (place 1) first
    assert rows[1].rank == 1


def test_forfeit_counts_points_opponents_and_wins_but_no_scores():
    results = [_duel(1, 1, 1, 2, scores=(50, 0), kind="forfeit"), _duel(2, 2, 2, 3, scores=(10, 4))]
    rows = _by_entrant(_rows(results, ["buchholz", "wins", "score_for", "score_difference"]))
    assert rows[1].points == 3 and rows[1].wins == 1 and rows[1].played == 1
    assert rows[1].tiebreaks["buchholz"] == 3  # entrant 2 won its other game
    assert rows[1].tiebreaks["score_for"] == 0
    assert rows[2].tiebreaks["score_for"] == 10 and rows[2].tiebreaks["score_difference"] == 6


def test_annulled_table_counts_for_nothing_but_its_entrants_stay_listed():
    rows = _by_entrant(_rows([_duel(1, 1, 1, 2, kind="annulled")], ["buchholz"]))
    assert rows[1].points == 0 and rows[1].played == 0 and rows[2].played == 0


def test_entrants_without_results_are_listed():
    rows = _rows([_duel(1, 1, 1, 2)], [], entrants=[1, 2, 9])
    assert [r.entrant for r in rows][:1] == [1]
    assert {r.entrant for r in rows} == {1, 2, 9}


def test_partners_are_not_opponents():
    """K-R1 rotating partners: seats 0+2 against 1+3; each player's encounters are the two opponents only."""
    table = Outcome(
        round=1,
        table=1,
        kind="played",
        entries=(Entry(1, 1, 90, side=0), Entry(2, 2, 40, side=1), Entry(3, 1, 90, side=0), Entry(4, 2, 40, side=1)),
    )
    rows = _by_entrant(_rows([table], ["buchholz", "sonneborn_berger", "score_difference", "wins"]))
    assert rows[1].points == 3 and rows[3].points == 3 and rows[2].points == 0
    assert rows[2].tiebreaks["buchholz"] == 6  # both opponents' 3, not the partner's 0
    assert rows[1].tiebreaks["sonneborn_berger"] == 0
    assert rows[1].tiebreaks["score_difference"] == 50
    assert rows[1].wins == 1 and rows[3].wins == 1


def test_multi_seat_encounters_are_one_per_opponent():
    points = {"places": {"3": [3, 1, 0]}, "bye": 1}
    table = Outcome(round=1, table=1, kind="played", entries=(Entry(1, 1, 30), Entry(2, 2, 20), Entry(3, 3, 10)))
    rows = standings_compute([table], points_table=points, tiebreaks=["sonneborn_berger", "score_difference"], seed=1)
    by = _by_entrant(rows)
    assert by[1].tiebreaks["sonneborn_berger"] == 1 + 0  # beat 2 (1 point) and 3 (0 points)
    assert by[2].tiebreaks["sonneborn_berger"] == 0  # beat 3 (0 points), lost to 1
    assert by[1].tiebreaks["score_difference"] == 30 - 15


def test_unknown_or_repeated_tiebreaks_are_refused():
    with pytest.raises(ValueError):
        _rows(SEASON, ["coin_flip"])
    with pytest.raises(ValueError):
        _rows(SEASON, ["wins", "wins"])
