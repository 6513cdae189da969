"""Issue 37's budget for the API's lists and details that grew with the league (league/api/views): as many queries
for a large club, season or tournament as for a small one, so that what they show stays a bounded part of it."""

import pytest
from django.test import Client

from league.api.views import tournaments as tournament_views
from league.models import Tournament
from league.selectors import seasons as season_selectors
from league.selectors import tournament_pages
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register, tournament_start
from tests.league.api.helpers import next_page
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory
from tests.league.seasons.support import club_with_members
from tests.query_budget import queries_of, same_at_two_sizes

pytestmark = pytest.mark.django_db

GAME = "palace-infighting"


@pytest.mark.parametrize("path", ["/api/clubs/{club}/", "/api/clubs/{club}/members/"])
def test_a_club_and_its_members_make_as_many_queries_for_many_members_as_for_a_few(path):
    def cost(size: int) -> int:
        club = ClubFactory()
        for player in PlayerFactory.create_batch(size):
            MembershipFactory(club=club, player=player)
        return len(queries_of(Client(), path.format(club=club.pk)))

    same_at_two_sizes((3, 120), cost)


def test_the_entrants_of_a_season_make_as_many_queries_for_many_as_for_a_few(monkeypatch):
    monkeypatch.setattr(season_selectors, "ENTRANTS_PAGE", 3)

    def cost(size: int) -> tuple[int, int]:
        club, organizer, members = club_with_members(size)
        season = season_create(club=club, by=organizer, spec=SeasonSpec(game=GAME, name="Open"))
        season_open_registration(season=season, by=organizer)
        for member in members:
            entrant_register(season=season, by=organizer, player=member)
        following = next_page(Client().get(f"/api/seasons/{season.pk}/entrants/"))
        assert following
        return (
            len(queries_of(Client(), f"/api/seasons/{season.pk}/entrants/")),
            len(queries_of(Client(), following)),
        )

    same_at_two_sizes((4, 12), cost)


@pytest.mark.parametrize(
    "path", ["/api/tournaments/{t}/", "/api/tournaments/{t}/matches/?round=1", "/api/tournaments/{t}/entrants/"]
)
@pytest.mark.parametrize("signed_in", [False, True])
def test_a_tournament_and_its_lists_make_as_many_queries_for_a_large_bracket_as_for_a_small_one(
    monkeypatch, path, signed_in
):
    # pages of 3 and a detail without its bracket above 4 entrants: both sizes show a part of the tournament
    monkeypatch.setattr(tournament_views, "BRACKET_INLINE", 4)
    monkeypatch.setattr(tournament_pages, "MATCHES_PAGE", 3)
    monkeypatch.setattr(tournament_pages, "ENTRANTS_PAGE", 3)

    def cost(size: int) -> int:
        club, organizer, members = club_with_members(size)
        spec = TournamentSpec(name=f"Cup of {size}", game=GAME, format=Tournament.Format.SINGLE_ELIM)
        tournament = tournament_create(club=club, by=organizer, spec=spec)
        for member in members:
            tournament_register(tournament=tournament, player=member)
        tournament_start(tournament=tournament, by=organizer)
        client = Client()
        if signed_in:
            client.force_login(members[0].user)
        return len(queries_of(client, path.format(t=tournament.pk)))

    same_at_two_sizes((8, 32), cost)
