"""A tournament's state parsed once per version in each process (league/selectors/bracket_states.py): read once,
then served from memory while its version holds; a table that ends moves the version and the next read sees it."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Table, Tournament
from league.selectors.bracket_states import KEPT, states_forget, tournament_state, tournament_without_state
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register, tournament_start
from tests.league.factories import state_of
from tests.league.playing import play_moves
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nothing_held():
    states_forget()
    yield
    states_forget()


def _started(game, count=4):
    club, organizer, members = club_with_members(count)
    spec = TournamentSpec(name="Cup", game=game, format=Tournament.Format.SINGLE_ELIM, seeding="entered")
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    for member in members:
        tournament_register(tournament=tournament, player=member)
    return tournament_start(tournament=tournament, by=organizer)


def _state_read(tournament_id):
    """The state as a page reads it, with the statements it took."""
    with CaptureQueriesContext(connection) as queries:
        tournament = tournament_without_state(tournament_id=tournament_id)
        state = tournament_state(tournament=tournament)
    return state, [q["sql"] for q in queries.captured_queries]


def test_the_state_is_read_once_then_held_while_its_version_holds(fake_game):
    # given: a running bracket
    tournament = _started(fake_game)
    # when: a page reads it twice
    first, first_sql = _state_read(tournament.pk)
    second, second_sql = _state_read(tournament.pk)
    # then: the first read fetched the state, the second only the row without it, and both are the stored state
    assert any('"league_tournament"."state"' in sql for sql in first_sql)
    assert not any('"league_tournament"."state"' in sql for sql in second_sql)
    assert len(second_sql) == 1
    assert first == second == state_of(tournament)


def test_a_table_that_ends_moves_the_version_and_the_next_read_sees_the_result(
    fake_game, django_capture_on_commit_callbacks
):
    # given: a running bracket read once by a page (held at its version)
    tournament = _started(fake_game)
    held, _ = _state_read(tournament.pk)
    assert all(m["winner"] is None for m in held["matches"] if m["round"] == 1)
    version = Tournament.objects.get(pk=tournament.pk).state_version
    # when: a first-round table is played to its end (the task after it advances the bracket)
    table = Table.objects.filter(tournament_link__tournament=tournament, status=Table.Status.ACTIVE).first()
    with django_capture_on_commit_callbacks(execute=True):
        play_moves(table, random.Random(1))
    # then: the version moved, and the next read returns the state with the match decided
    stored = Tournament.objects.get(pk=tournament.pk)
    assert stored.state_version > version
    after, after_sql = _state_read(tournament.pk)
    assert any('"league_tournament"."state"' in sql for sql in after_sql)
    assert after == state_of(stored)
    assert any(m["winner"] is not None for m in after["matches"] if m["round"] == 1)


def test_a_process_holds_a_few_brackets_the_least_recently_read_let_go(fake_game):
    # given: one more running bracket than a process keeps
    tournaments = [_started(fake_game) for _ in range(KEPT + 1)]
    for tournament in tournaments:
        _state_read(tournament.pk)
    # when: the first and the last are read again
    _, first_sql = _state_read(tournaments[0].pk)
    _, last_sql = _state_read(tournaments[-1].pk)
    # then: the first had been let go (read again from the database), the last was still held
    assert any('"league_tournament"."state"' in sql for sql in first_sql)
    assert len(last_sql) == 1
