"""The front door's reads (league/selectors/front_door.py): the tournaments listed, sorted and cut in the database,
of some clubs only when asked; a player's clubs' news."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.models import Entrant, Tournament
from league.selectors.front_door import club_news, tournaments_listed
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, TournamentFactory

pytestmark = pytest.mark.django_db

RUNNING, FINISHED = Tournament.Status.RUNNING, Tournament.Status.FINISHED


def _finished(count, *, club=None, start=None):
    """`count` finished tournaments, one a day, the last the newest."""
    start = start or timezone.now() - timedelta(days=365)
    club = club or ClubFactory()
    return [
        TournamentFactory(club=club, status=FINISHED, started_at=start, finished_at=start + timedelta(days=i))
        for i in range(count)
    ]


def test_running_ones_come_first_then_the_latest_finished_cut_at_the_limit():
    # given: five finished tournaments and an old running one
    finished = _finished(5)
    running = TournamentFactory(status=RUNNING, started_at=timezone.now() - timedelta(days=900))
    # when: three are listed
    rows = tournaments_listed(statuses=(RUNNING, FINISHED), limit=3)
    # then: the running one first, then the two latest finished, newest first
    assert [row.url for row in rows] == [f"/tournaments/{t.pk}/" for t in (running, finished[4], finished[3])]


def test_the_list_costs_the_same_statements_for_ten_tournaments_and_for_forty():
    def statements(count):
        _finished(count)
        with CaptureQueriesContext(connection) as queries:
            rows = tournaments_listed(statuses=(FINISHED,), limit=6)
        assert len(rows) == 6
        return len(queries.captured_queries)

    assert statements(10) == statements(30)


def test_entrants_are_counted_and_some_clubs_only_when_asked():
    # given: a finished tournament with two entrants in one club, and one in another club
    mine, other = ClubFactory(), ClubFactory()
    [counted] = _finished(1, club=mine)
    for player in PlayerFactory.create_batch(2):
        Entrant.objects.create(competition=counted, player=player)
    _finished(1, club=other)
    # when: the tournaments of one club are listed
    rows = tournaments_listed(statuses=(FINISHED,), limit=10, clubs=[mine])
    # then: that club's alone, with its entrants counted
    assert [(row.url, row.entrants) for row in rows] == [(f"/tournaments/{counted.pk}/", 2)]


def test_a_page_after_a_moment_lists_the_ones_finished_before_it():
    finished = _finished(4)
    rows = tournaments_listed(statuses=(FINISHED,), limit=2, before=finished[2].finished_at)
    assert [row.url for row in rows] == [f"/tournaments/{t.pk}/" for t in (finished[1], finished[0])]


def test_news_keep_a_newer_finished_tournament_behind_many_older_running_ones():
    # given: a player's club with ten tournaments running since long ago and one finished today
    club = ClubFactory()
    player = PlayerFactory()
    MembershipFactory(club=club, player=player)
    long_ago = timezone.now() - timedelta(days=400)
    for _ in range(10):
        TournamentFactory(club=club, status=RUNNING, started_at=long_ago)
    [today] = _finished(1, club=club, start=timezone.now() - timedelta(hours=1))
    # when: the player's news are read
    news = club_news(player=player)
    # then: the finished one leads them
    assert news[0].kind == "tournament_finished" and news[0].url == f"/tournaments/{today.pk}/"
