"""What a table's end sets going (league/services/after_tables.py): one call for the task after a table, the repair
of the follow-ups that did not complete, one for the nightly pass, each idempotent."""

import logging
import random
from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from league.models import PokerHand, Rating, RatingEvent, Round, Season, Standing, Table, TournamentTable
from league.services import after_tables
from league.services.after_tables import follow_ups_repair, league_recompute, table_follow_up
from league.services.poker_tournaments import poker_tournament_start
from league.services.rounds import season_start
from league.services.tables import table_annul
from league.services.tournaments import tournament_start
from tests.league.factories import table_for
from tests.league.playing import play_moves
from tests.league.seasons.factories import season_with_entrants
from tests.league.seasons.support import tables_in_play
from tests.league.services.test_poker_tournaments import _tournament as _freezeout
from tests.league.services.test_tournaments import _tables_in_play as _bracket_tables
from tests.league.services.test_tournaments import _tournament as _cup

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


# --- the repair of the follow-ups that did not complete (a task lost with a worker killed whole) -----------------


def _after_the_grace(settings) -> datetime:
    return timezone.now() + timedelta(seconds=settings.CARDLEAGUE_FOLLOW_UP_GRACE + 1)


def test_the_repair_runs_the_lost_follow_ups_of_a_round_once_their_grace_is_over(
    django_capture_on_commit_callbacks, settings
):
    # given a round whose tables ended and whose follow-ups were never run (their tasks lost)
    season, tables = _season_with_round_played(django_capture_on_commit_callbacks)
    # when the repair runs within the grace the follow-ups have to run by themselves, nothing is done
    assert follow_ups_repair(now=timezone.now()) == []
    # and after it, every table is followed up: rated, ranked, its round closed
    assert sorted(follow_ups_repair(now=_after_the_grace(settings))) == sorted(t.pk for t in tables)
    assert RatingEvent.objects.filter(table__in=tables).count() == 4
    assert Standing.objects.filter(season=season, played=1).count() == 4
    assert Round.objects.get(season=season, number=1).status == Round.Status.FINISHED
    # and a second repair finds nothing left
    assert follow_ups_repair(now=_after_the_grace(settings)) == []


def test_a_follow_up_that_completed_is_not_repaired(django_capture_on_commit_callbacks, settings):
    _season, tables = _season_with_round_played(django_capture_on_commit_callbacks)
    for table in tables:
        table_follow_up(table_id=table.pk)

    assert all(Table.objects.get(pk=t.pk).followed_up_at is not None for t in tables)
    assert follow_ups_repair(now=_after_the_grace(settings)) == []


def test_each_table_knows_what_it_is_played_for_and_its_end_runs_that_alone(fake_game, monkeypatch):
    # given a friendly table, a season's, a bracket's and a poker tournament's hand
    friendly = table_for(fake_game)
    season, organizer, _ = season_with_entrants(fake_game, entrants=2)
    season_table = tables_in_play(season_start(season=season, by=organizer))[0]
    cup, organizer, _ = _cup(fake_game, 2)
    match = _bracket_tables(tournament_start(tournament=cup, by=organizer))[0]
    freezeout, organizer, _ = _freezeout(4)
    poker_tournament_start(tournament=freezeout, by=organizer, seed="kinds")
    hand = PokerHand.objects.get(tournament=freezeout).table
    tables = {"friendly": friendly, "season": season_table, "bracket": match, "poker": hand}
    assert {kind: table.played_for for kind, table in tables.items()} == {kind: kind for kind in tables}
    # and the competition it is a match of, set when it opened
    owners = {"friendly": None, "season": season.pk, "bracket": cup.pk, "poker": freezeout.pk}
    assert {kind: Table.objects.get(pk=table.pk).competition_id for kind, table in tables.items()} == owners

    # when each one's end is followed up, then only what its competition sets going runs
    ran = []
    for name in ("season_table_refresh", "tournament_advance", "poker_hand_finished"):
        monkeypatch.setattr(after_tables, name, lambda *, table_id, name=name: ran.append((name, table_id)))
    for table in tables.values():
        table_follow_up(table_id=table.pk)
    assert ran == [
        ("season_table_refresh", friendly.pk),
        ("season_table_refresh", season_table.pk),
        ("season_table_refresh", match.pk),
        ("tournament_advance", match.pk),
        ("poker_hand_finished", hand.pk),
    ]


def test_the_repair_advances_a_bracket_and_a_poker_tournament_whose_tables_ended_unheard_of(fake_game, settings):
    # given a bracket's table and a poker tournament's hand annulled through the tables' own ruling (which enqueues
    # nothing)
    cup, organizer, _ = _cup(fake_game, 2)
    cup = tournament_start(tournament=cup, by=organizer)
    match = _bracket_tables(cup)[0]
    table_annul(table_id=match.pk, reason="misdeal")
    freezeout, organizer, _ = _freezeout(4)
    freezeout = poker_tournament_start(tournament=freezeout, by=organizer, seed="repair")
    hand = PokerHand.objects.get(tournament=freezeout)
    table_annul(table_id=hand.table_id, reason="misdeal")

    # when the repair runs
    assert sorted(follow_ups_repair(now=_after_the_grace(settings))) == sorted([match.pk, hand.table_id])

    # then the match is played again at a new table, and the hand is closed with its stacks given back
    assert TournamentTable.objects.get(table=match).recorded
    assert [t.pk for t in _bracket_tables(cup)] != [match.pk]
    hand.refresh_from_db()
    assert hand.stacks_end == hand.stacks_start


def test_a_follow_up_that_fails_is_tried_again_later_and_holds_back_no_other(
    django_capture_on_commit_callbacks, settings, monkeypatch, caplog
):
    _season, tables = _season_with_round_played(django_capture_on_commit_callbacks)
    broken = tables[0]
    real = after_tables.season_table_refresh

    def refresh(*, table_id: int) -> None:
        if table_id == broken.pk:
            raise ValueError("a bug")
        real(table_id=table_id)

    monkeypatch.setattr(after_tables, "season_table_refresh", refresh)
    now = _after_the_grace(settings)

    with caplog.at_level(logging.ERROR, logger="league.services.after_tables"):
        assert follow_ups_repair(now=now) == [t.pk for t in tables[1:]]

    broken.refresh_from_db()
    assert broken.followed_up_at is None
    assert now + 0.75 * after_tables.REPAIR_RETRY_FIRST <= broken.follow_up_retry_at
    assert broken.follow_up_retry_at <= now + 1.25 * after_tables.REPAIR_RETRY_FIRST
    assert any(record.exc_info and str(broken.pk) in record.getMessage() for record in caplog.records)
    # not before its time; at it, once the fault is gone
    assert follow_ups_repair(now=now + timedelta(seconds=1)) == []
    monkeypatch.setattr(after_tables, "season_table_refresh", real)
    assert follow_ups_repair(now=broken.follow_up_retry_at) == [broken.pk]
