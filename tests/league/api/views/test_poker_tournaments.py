"""The API of poker tournaments: create (organizers), enter and leave, start, read the level, the seating chart
and the places; refusals in the API's one error format; the seed of the draws never shown."""

import hashlib

import pytest

from league.models import Membership, PokerEntrant, PokerTournament
from tests.league.api.helpers import error
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db

SPEC = {
    "game": "mini-poker",
    "name": "Sunday freezeout",
    "starting_stack": 500,
    "table_size": 4,
    "level_hands": 3,
    "levels": [{"ante": 5}, {"ante": 10}],
    "points_table": [50, 30, 20],
    "time_per_move": 7200,
}


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def organizer(club):
    return MembershipFactory(club=club, role=Membership.Role.ORGANIZER).player


def test_an_organizer_creates_a_tournament_and_anyone_reads_the_list(club, organizer, client_for, anon):
    response = client_for(organizer).post(f"/api/clubs/{club.pk}/poker-tournaments/", SPEC, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "registration" and body["levels"] == SPEC["levels"] and body["table_size"] == 4
    assert body["club"]["id"] == club.pk and body["time_per_move"] == 7200
    assert PokerTournament.objects.get(pk=body["id"]).created_by == organizer
    listed = client_for(organizer).get(f"/api/clubs/{club.pk}/poker-tournaments/").json()
    assert [t["id"] for t in listed] == [body["id"]]


def test_a_tournament_is_rated_unless_the_organizer_says_not(club, organizer, client_for):
    url = f"/api/clubs/{club.pk}/poker-tournaments/"
    rated = client_for(organizer).post(url, SPEC, format="json").json()
    friendly = client_for(organizer).post(url, SPEC | {"rated": False}, format="json").json()
    assert (rated["rated"], friendly["rated"]) == (True, False)
    assert PokerTournament.objects.get(pk=friendly["id"]).rated is False


def test_create_refusals_name_the_code_and_field(club, organizer, client_for):
    member = MembershipFactory(club=club).player
    url = f"/api/clubs/{club.pk}/poker-tournaments/"
    response = client_for(member).post(url, SPEC, format="json")
    assert response.status_code == 403
    response = client_for(organizer).post(url, SPEC | {"game": "coinche"}, format="json")
    assert response.status_code == 400 and response.json() == error("not_a_poker_game", "game")
    response = client_for(organizer).post(url, SPEC | {"levels": [{"blind": 5}]}, format="json")
    assert response.status_code == 400 and response.json() == error("bad_levels", "levels")
    response = client_for(organizer).post(url, SPEC | {"options": {"button": 2}}, format="json")
    assert response.status_code == 400 and response.json() == error("option_set_by_tournament", "options")
    assert not PokerTournament.objects.exists()


def test_members_enter_and_leave_then_the_organizer_starts_it(club, organizer, client_for, anon):
    tournament = client_for(organizer).post(f"/api/clubs/{club.pk}/poker-tournaments/", SPEC, format="json").json()
    players = [MembershipFactory(club=club).player for _ in range(7)]
    entry = f"/api/poker-tournaments/{tournament['id']}/entry/"
    for player in players:
        response = client_for(player).post(entry)
        assert response.status_code == 201 and response.json()["player_id"] == player.pk
        # not placed yet: no place, and no band of shared places
        assert (response.json()["place"], response.json()["shared"]) == (None, None)
    assert client_for(players[0]).delete(entry).status_code == 204
    assert client_for(PlayerFactory()).post(entry).json() == error("not_a_member", "player")
    assert client_for(players[1]).post(f"/api/poker-tournaments/{tournament['id']}/start/").status_code == 403
    response = client_for(organizer).post(f"/api/poker-tournaments/{tournament['id']}/start/")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "running"
    assert [t["players"] for t in body["seating"]] == [3, 3]
    assert body["level"]["forced"] == {"ante": 5} and body["level"]["hands_needed"] == 6
    assert all(t["in_hand"] and t["table_id"] for t in body["seating"])
    seated = sorted(s["player"] for t in body["seating"] for s in t["seats"] if s["player"] is not None)
    assert seated == sorted(p.pk for p in players[1:])
    assert all(s["stack"] == 500 for t in body["seating"] for s in t["seats"] if s["player"] is not None)
    assert {e["player_id"] for e in body["entrants"]} == {p.pk for p in players[1:]}
    # the seed of the draws is in the state, and never leaves the server
    seed = PokerTournament.objects.get(pk=tournament["id"]).state["seed"]
    detail = anon.get(f"/api/poker-tournaments/{tournament['id']}/")
    assert detail.status_code == 200 and seed not in detail.content.decode()
    # only its commitment, to be checked once the seed is shown at the end
    assert detail.json()["seed"] is None
    assert detail.json()["seed_commitment"] == hashlib.sha256(seed.encode()).hexdigest()
    assert client_for(players[1]).delete(entry).status_code == 409
    assert PokerEntrant.objects.filter(tournament_id=tournament["id"]).count() == 6


def test_an_unknown_tournament_is_404(client_for, organizer):
    response = client_for(organizer).get("/api/poker-tournaments/999999/")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
