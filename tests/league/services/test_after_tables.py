"""What a table's end sets going (league/services/after_tables.py): one call for the task after a table, one for the
nightly pass, each idempotent."""

import random

import pytest

from league.models import Rating, RatingEvent, Round, Season, Standing
from league.services.after_tables import league_recompute, table_follow_up
from league.services.rounds import season_start
from tests.league.playing import play_moves
from tests.league.seasons.factories import season_with_entrants
from tests.league.seasons.support import tables_in_play

pytestmark = pytest.mark.django_db


def _season_with_round_played(capture):
    season, organizer, _ = season_with_entrants("palace-infighting", entrants=4, format=Season.Format.SWISS)
    season = season_start(season=season, by=organizer)
    tables = tables_in_play(season)
    rng = random.Random(3)
    for table in tables:
        # the follow-ups the pipeline enqueues are held back: the test runs them itself
        with capture(execute=False):
            play_moves(table, rng)
    return season, tables


def test_a_finished_table_is_rated_ranked_and_closes_its_round_once_however_often_it_runs(
    django_capture_on_commit_callbacks,
):
    season, tables = _season_with_round_played(django_capture_on_commit_callbacks)
    assert not RatingEvent.objects.exists()

    for _ in range(2):
        for table in tables:
            table_follow_up(table_id=table.pk)

    assert RatingEvent.objects.filter(table__in=tables).count() == 4
    assert Standing.objects.filter(season=season, played=1).count() == 4
    assert Round.objects.get(season=season, number=1).status == Round.Status.FINISHED


def test_a_table_that_is_gone_is_nothing_to_follow_up():
    table_follow_up(table_id=10**9)

    assert not RatingEvent.objects.exists()


def test_the_nightly_pass_rebuilds_lost_ratings_and_standings_and_counts_what_it_did(
    django_capture_on_commit_callbacks,
):
    season, tables = _season_with_round_played(django_capture_on_commit_callbacks)
    for table in tables:
        table_follow_up(table_id=table.pk)
    ratings = dict(Rating.objects.values_list("player_id", "mu"))
    standings = list(Standing.objects.filter(season=season).order_by("rank").values_list("entrant_id", "points"))
    Rating.objects.all().delete()
    Standing.objects.filter(season=season).update(points=0, played=0)

    done = league_recompute()

    assert done["seasons"] == 1
    assert done["tables_rated"] == 2
    assert dict(Rating.objects.values_list("player_id", "mu")) == ratings
    assert (
        list(Standing.objects.filter(season=season).order_by("rank").values_list("entrant_id", "points")) == standings
    )
