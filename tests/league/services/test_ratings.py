"""Ratings fed by poker tournaments (league/services/ratings.py; issue 22 item 7, T-R17, T-R18): a finished rated
tournament moves its entrants' ratings once, by its final places, ties sharing their place; its hands' tables never
count on their own; the recompute replays tournaments and tables in the order they finished."""

import random
from datetime import timedelta
from itertools import pairwise

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.models import PokerEntrant, PokerHand, PokerTournament, Rating, RatingEvent, Seat, Table
from league.ratings import MU, SIGMA
from league.services.ratings import poker_tournament_rate, ratings_recompute, table_rate, table_rateable
from tests.league.factories import ClubFactory, MembershipFactory, rated_table_for
from tests.league.playing import play_moves, short_options
from tests.league.poker_playing import freezeout_played

pytestmark = pytest.mark.django_db

GAME = "mini-poker"  # the game freezeout_played plays


def _places(tournament: PokerTournament) -> dict[int, int]:
    return dict(PokerEntrant.objects.filter(competition=tournament).values_list("player_id", "place"))


def test_a_finished_poker_tournament_is_rated_once_by_its_final_places():
    # given: a freezeout played to its end
    tournament = freezeout_played(count=4)
    tournament.refresh_from_db()
    places = _places(tournament)
    # when: it finished, in the same step; then: one event per entrant, for the tournament and no table
    events = RatingEvent.objects.filter(game=GAME)
    assert sorted(events.values_list("player_id", flat=True)) == sorted(places)
    assert set(events.values_list("competition_id", "table_id")) == {(tournament.pk, None)}
    assert set(events.values_list("at", flat=True)) == {tournament.finished_at}
    mu = dict(Rating.objects.filter(game=GAME).values_list("player_id", "mu"))
    assert mu[tournament.winner_id] == max(mu.values()) > MU
    # T-R17: a better place never rates below a worse one
    by_place = sorted(places, key=places.__getitem__)
    assert all(mu[a] >= mu[b] for a, b in pairwise(by_place))
    assert set(Rating.objects.filter(game=GAME).values_list("games", flat=True)) == {1}
    # when: rated again (a step that runs twice, the nightly recompute's path); then: nothing changes
    assert poker_tournament_rate(tournament=tournament) == []
    assert RatingEvent.objects.filter(game=GAME).count() == 4
    assert set(Rating.objects.filter(game=GAME).values_list("games", flat=True)) == {1}


def test_players_busted_in_the_same_hand_with_equal_stacks_share_their_place_and_their_rating():
    # given: three players all in on the ante of the same hand with the same stack: one wins, two bust together
    tournament = freezeout_played(count=3, seed="tie")
    entrants = list(PokerEntrant.objects.filter(competition=tournament).order_by("place"))
    assert [(e.place, e.shared) for e in entrants] == [(1, 1), (2, 2), (2, 2)]
    # then: the two sharing place 2 move alike, below the winner
    ratings = {r.player_id: r for r in Rating.objects.filter(game=GAME)}
    second, third = ratings[entrants[1].player_id], ratings[entrants[2].player_id]
    assert (second.mu, second.sigma) == (third.mu, third.sigma)
    assert ratings[entrants[0].player_id].mu > second.mu
    assert second.sigma < SIGMA


def test_a_tournament_not_rated_moves_no_rating():
    tournament = freezeout_played(count=3, rated=False)
    assert poker_tournament_rate(tournament=tournament) == []
    assert not RatingEvent.objects.exists() and not Rating.objects.exists()


def test_a_tournament_still_running_is_not_rated():
    tournament = freezeout_played(count=3)
    RatingEvent.objects.all().delete()
    tournament.status = PokerTournament.Status.RUNNING
    assert poker_tournament_rate(tournament=tournament) == []
    assert not RatingEvent.objects.exists()


def test_a_poker_hands_table_is_never_rated_on_its_own():
    """A hand is not a game: only the tournament's final places count, once. Even a hand's table marked rated with
    every seat agreeing (as a friendly table would be) does not count."""
    tournament = freezeout_played(count=3)
    hands = list(PokerHand.objects.filter(tournament=tournament).select_related("table"))
    assert hands and all(hand.table.status == Table.Status.FINISHED for hand in hands)
    for hand in hands:
        Table.objects.filter(pk=hand.table_id).update(rated=True)
        Seat.objects.filter(table=hand.table).update(rated_agreed=True)
        hand.table.refresh_from_db()
        assert not table_rateable(hand.table)
        assert table_rate(table=hand.table) == []
    assert not RatingEvent.objects.filter(table__isnull=False).exists()
    assert RatingEvent.objects.filter(competition=tournament).count() == 3
    # and the recompute, which walks every finished table of the game, rates the tournament alone
    assert ratings_recompute(game=GAME) == 1
    assert set(RatingEvent.objects.values_list("competition_id", "table_id")) == {(tournament.pk, None)}


def test_recompute_replays_tables_and_tournaments_in_finishing_order_as_they_were_rated():
    """recompute == incremental: a table, a tournament, then another table of the same players, rated as each
    finished, rebuild to the same ratings and events."""
    club = ClubFactory()
    players = [MembershipFactory(club=club).player for _ in range(3)]
    options = short_options(GAME)
    now = timezone.now()
    first = play_moves(rated_table_for(GAME, players=players, options=options, seed="t1"), random.Random(1))
    Table.objects.filter(pk=first.pk).update(finished_at=now - timedelta(hours=2))
    first.refresh_from_db()
    assert table_rate(table=first)
    tournament = freezeout_played(players, seed="between")
    later = play_moves(rated_table_for(GAME, players=players[::-1], options=options, seed="t2"), random.Random(2))
    Table.objects.filter(pk=later.pk).update(finished_at=tournament.finished_at + timedelta(hours=1))
    later.refresh_from_db()
    assert table_rate(table=later)
    incremental = sorted(Rating.objects.filter(game=GAME).values_list("player_id", "mu", "sigma", "games"))
    events = list(_events())
    assert {games for *_rest, games in incremental} == {3}

    assert ratings_recompute(game=GAME) == 3

    assert sorted(Rating.objects.filter(game=GAME).values_list("player_id", "mu", "sigma", "games")) == incremental
    assert list(_events()) == events


def _events():
    return RatingEvent.objects.order_by("at", "player_id").values_list(
        "player_id", "table_id", "competition_id", "mu_after", "sigma_after"
    )


def test_a_rating_event_rates_a_table_or_a_tournament_never_both_nor_neither():
    tournament = freezeout_played(count=3)
    event = RatingEvent.objects.filter(competition=tournament).first()
    hand_table = PokerHand.objects.filter(tournament=tournament).first().table
    fields = {
        "player_id": event.player_id,
        "game": GAME,
        "mu_before": MU,
        "sigma_before": SIGMA,
        "mu_after": MU,
        "sigma_after": SIGMA,
        "at": timezone.now(),
    }
    for rated in ({}, {"table": hand_table, "competition": tournament}):
        with pytest.raises(IntegrityError), transaction.atomic():
            RatingEvent.objects.create(**fields, **rated)
