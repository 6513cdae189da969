"""An elimination bracket's matches as rows (league/services/bracket_rows.py): read around the match a table played,
the rest only when the pure code asks for it, and only the changed rows written back."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Tournament, TournamentMatch
from league.services.bracket_rows import BracketRows, bracket_rows_create, match_row_values
from league.tournaments import bracket
from league.tournaments.double_elimination import double_elimination_create
from league.tournaments.single_elimination import single_elimination_create
from tests.league.factories import ClubFactory

pytestmark = pytest.mark.django_db


def _stored(state):
    tournament = Tournament.objects.create(
        club=ClubFactory(), name="Cup", game="the-court", format="single_elim", state=bracket.header_of(state)
    )
    bracket_rows_create(tournament=tournament, matches=state["matches"])
    return tournament


def test_a_row_names_where_the_match_s_winner_and_loser_go():
    # given: a single elimination of four with a third-place match
    state, _ = single_elimination_create([1, 2, 3, 4], third_place=True)
    # when: its rows' values are made
    rows = {row["match"]: row for row in match_row_values(state["matches"])}
    # then: a semifinal's winner goes to the final and its loser to the third-place match; the final feeds nothing
    assert (rows["W1.1"]["winner_to"], rows["W1.1"]["loser_to"]) == ("W2.1", "P3.1")
    assert (rows["W2.1"]["winner_to"], rows["W2.1"]["loser_to"]) == ("", "")
    assert [row["position"] for row in rows.values()] == list(range(len(state["matches"])))


def test_the_matches_around_a_match_are_read_in_two_statements_whatever_the_bracket_s_size():
    for field in (8, 256):
        # given: a bracket of `field` entrants stored as rows
        tournament = _stored(single_elimination_create(list(range(1, field + 1)))[0])
        # when: the rows around a first-round match are read
        with CaptureQueriesContext(connection) as queries:
            rows = BracketRows(tournament.pk, around="W1.3")
        # then: two statements, for the match, where its winner goes, and the other match feeding that
        assert len(queries.captured_queries) == 2
        assert set(rows.rows) == {"W1.3", "W1.4", "W2.2"}


def test_a_result_on_the_rows_writes_back_only_the_matches_it_changed():
    # given: a double elimination of eight stored as rows
    state, _ = double_elimination_create(list(range(1, 9)))
    tournament = _stored(state)
    rows = BracketRows(tournament.pk, around="W1.1")
    # when: W1.1's table is recorded on the rows and the changes written
    changed, _ = bracket.part_results_record(bracket.header_of(state), rows, [("W1.1", 1)])
    rows.changes_write(changed)
    # then: the match, the winner's next match and the loser's first losers' match changed, and the rows hold what
    # the whole-state function makes of the same result
    whole, _ = bracket.table_record(state, "W1.1", winner=1)
    assert set(changed) == {"W1.1", "W2.1", "L1.1"}
    stored = TournamentMatch.objects.filter(tournament=tournament).order_by("position")
    assert [row.data for row in stored] == whole["matches"]
    assert stored.get(match="W1.1").decided == "played"
