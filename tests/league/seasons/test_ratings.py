"""Ratings: openskill BradleyTerryFull per game, team aware, forfeits never rated (league/ratings.py and
league/services/ratings.py)."""

import random

import pytest
from django.test import override_settings
from django.utils import timezone

from league.models import Rating, RatingEvent
from league.ratings import MU, SIGMA, Skill, ratings_update
from league.selectors.seasons import leaderboard
from league.services.ratings import ratings_recompute, table_rate
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, table_for
from tests.league.playing import play_moves


def test_tied_players_move_together_and_above_the_worse_placed():
    new = ratings_update({}, sides=[[1], [2], [3]], places=[1, 1, 3])
    assert new[1].mu == new[2].mu > MU > new[3].mu


def test_partners_move_together_against_the_other_team():
    new = ratings_update({}, sides=[[1, 3], [2, 4]], places=[2, 1])
    assert new[1].mu == new[3].mu < MU < new[2].mu == new[4].mu
    assert all(skill.sigma < SIGMA and skill.games == 1 for skill in new.values())


def test_an_upset_moves_more_than_the_expected_result():
    strong, weak = Skill(mu=35, sigma=3, games=20), Skill(mu=15, sigma=3, games=20)
    expected = ratings_update({1: strong, 2: weak}, sides=[[1], [2]], places=[1, 2])
    upset = ratings_update({1: strong, 2: weak}, sides=[[1], [2]], places=[2, 1])
    assert strong.mu - upset[1].mu > expected[1].mu - strong.mu > 0


def test_bad_sides_are_refused():
    with pytest.raises(ValueError):
        ratings_update({}, sides=[[1]], places=[1])
    with pytest.raises(ValueError):
        ratings_update({}, sides=[[1], [1]], places=[1, 2])


def test_provisional_until_enough_games():
    assert Skill(games=9).provisional(10) and not Skill(games=10).provisional(10)


@pytest.mark.django_db
def test_a_finished_table_is_rated_once(fake_game):
    table = play_moves(table_for(fake_game, players=3), random.Random(2))
    first = table_rate(table=table)
    assert len(first) == 3
    assert table_rate(table=table) == []
    assert set(Rating.objects.filter(game=fake_game).values_list("games", flat=True)) == {1}


@pytest.mark.django_db
def test_recompute_rebuilds_the_same_ratings_in_finishing_order(fake_game):
    players = PlayerFactory.create_batch(3)
    for seed in range(3):
        table = play_moves(table_for(fake_game, players=players, seed=f"s{seed}"), random.Random(seed))
        table_rate(table=table)
    before = sorted(Rating.objects.filter(game=fake_game).values_list("player_id", "mu", "sigma", "games"))
    assert ratings_recompute(game=fake_game) == 3
    assert sorted(Rating.objects.filter(game=fake_game).values_list("player_id", "mu", "sigma", "games")) == before
    assert RatingEvent.objects.filter(game=fake_game).count() == 9


@pytest.mark.django_db
@override_settings(CARDLEAGUE_PROVISIONAL_GAMES=5)
def test_leaderboard_marks_provisional_ratings_and_filters_by_club():
    club = ClubFactory()
    now = timezone.now()
    rows = [("veteran", 30.0, 2.0, 40), ("newcomer", 40.0, 2.0, 4), ("steady", 28.0, 1.0, 12), ("outsider", 50, 1, 50)]
    for name, mu, sigma, games in rows:
        player = PlayerFactory(display_name=name)
        if name != "outsider":
            MembershipFactory(club=club, player=player)
        Rating.objects.create(
            player=player, game="coinche", mu=mu, sigma=sigma, ordinal=mu - 3 * sigma, games=games, updated_at=now
        )
    board = leaderboard(game="coinche", club=club)
    # established ratings first, by mu - 3 sigma; provisional ones after, marked
    assert [(r.name, r.provisional) for r in board] == [
        ("steady", False),
        ("veteran", False),
        ("newcomer", True),
    ]
    assert [r.name for r in leaderboard(game="coinche")] == ["outsider", "steady", "veteran", "newcomer"]
    assert leaderboard(game="the-court") == []
