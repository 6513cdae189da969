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
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, rated_table_for, table_for
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
    table = play_moves(rated_table_for(fake_game, players=3), random.Random(2))
    first = table_rate(table=table)
    assert len(first) == 3
    assert table_rate(table=table) == []
    assert set(Rating.objects.filter(game=fake_game).values_list("games", flat=True)) == {1}


@pytest.mark.django_db
def test_recompute_rebuilds_the_same_ratings_in_finishing_order(fake_game):
    players = PlayerFactory.create_batch(3)
    for seed in range(3):
        table = play_moves(rated_table_for(fake_game, players=players, seed=f"s{seed}"), random.Random(seed))
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


# --- only tables that every seat chose count (finding 4) --------------------------------------------------------------


@pytest.mark.django_db
def test_a_finished_friendly_table_moves_no_rating_and_no_leaderboard(fake_game):
    # given: the report's friendly table, finished
    table = play_moves(table_for(fake_game, players=2), random.Random(4))
    # when: the follow-up rates it
    events = table_rate(table=table)
    # then: nothing counted
    assert events == [] and not Rating.objects.exists()
    assert leaderboard(game=fake_game) == []


@pytest.mark.django_db
def test_a_friendly_table_asked_to_be_rated_counts_only_when_every_seat_agreed(fake_game):
    from league.services.tables import seat_rated_agree

    table = table_for(fake_game, players=2, rated=True)
    seat_rated_agree(table_id=table.pk, player=table.seats.get(index=0).player)  # the other seat never agrees
    table = play_moves(table, random.Random(5))

    assert table_rate(table=table) == []


@pytest.mark.django_db
def test_a_seat_agrees_to_be_rated_only_before_the_first_move(fake_game):
    from league.errors import TableClosed
    from league.services.tables import seat_rated_agree

    table = play_moves(table_for(fake_game, players=2, rated=True), random.Random(6), count=1)

    with pytest.raises(TableClosed):
        seat_rated_agree(table_id=table.pk, player=table.seats.get(index=0).player)


@pytest.mark.django_db
def test_a_season_table_counts(fake_game):
    from league.services.rounds import season_start
    from tests.league.seasons.factories import season_with_entrants

    season, organizer, _ = season_with_entrants(fake_game, entrants=2, options={"rounds": 1})
    season_start(season=season, by=organizer)
    table = play_moves(season.rounds.get().tables.get(), random.Random(7))

    assert table.rated
    assert len(table_rate(table=table)) + RatingEvent.objects.filter(table=table).count() >= 2
