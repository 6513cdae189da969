"""The API of poker tournaments: create (organizers), enter and leave, start, read the level, the seating chart
(a part at a time) and the places; refusals in the API's one error format; the seed of the draws never shown."""

import hashlib

import pytest

from league.api.views import poker_tournaments as poker_views
from league.models import PokerEntrant, PokerTournament
from league.tournaments import freezeout
from tests.league.api.helpers import error, pages_followed
from tests.league.factories import MembershipFactory, PlayerFactory
from tests.league.poker_playing import freezeout_started

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
    assert client_for(PlayerFactory()).post(entry).json() == error("not_member", "player")
    assert client_for(players[1]).post(f"/api/poker-tournaments/{tournament['id']}/start/").status_code == 403
    response = client_for(organizer).post(f"/api/poker-tournaments/{tournament['id']}/start/")
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "running"
    assert body["level"]["forced"] == {"ante": 5} and body["level"]["hands_needed"] == 6
    assert "seating" not in body
    seating = anon.get(f"/api/poker-tournaments/{tournament['id']}/seating/").json()
    assert [t["players"] for t in seating] == [3, 3]
    assert all(t["in_hand"] and t["table_id"] for t in seating)
    seated = sorted(s["player"] for t in seating for s in t["seats"] if s["player"] is not None)
    assert seated == sorted(p.pk for p in players[1:])
    assert all(s["stack"] == 500 for t in seating for s in t["seats"] if s["player"] is not None)
    assert {e["player_id"] for e in body["entrants"]} == {p.pk for p in players[1:]}
    # the seed of the draws is in the state, and never leaves the server
    seed = PokerTournament.objects.get(pk=tournament["id"]).state["seed"]
    detail = anon.get(f"/api/poker-tournaments/{tournament['id']}/")
    assert detail.status_code == 200 and seed not in detail.content.decode()
    # only its commitment, to be checked once the seed is shown at the end
    assert detail.json()["seed"] is None
    assert detail.json()["seed_commitment"] == hashlib.sha256(seed.encode()).hexdigest()
    assert client_for(players[1]).delete(entry).status_code == 409
    assert PokerEntrant.objects.filter(competition_id=tournament["id"]).count() == 6


def test_an_unknown_tournament_is_404(client_for, organizer):
    response = client_for(organizer).get("/api/poker-tournaments/999999/")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"


# --- the seating chart a part at a time ------------------------------------------------------------------------------


def test_the_seating_comes_a_part_at_a_time_and_its_parts_join_into_the_whole(anon, monkeypatch):
    # given: ten players at tables of three (four tables), parts of three tables
    monkeypatch.setattr(poker_views, "SEATING_API_PAGE", 3)
    tournament, players = freezeout_started(10)
    numbers = [table["id"] for table in freezeout.tables_live(tournament.state)]
    # when: the parts are followed by their Link headers
    parts = pages_followed(anon, f"/api/poker-tournaments/{tournament.pk}/seating/")
    # then: two parts, every table once in order, every player seated once, the last part linking nowhere
    assert [[t["table"] for t in part] for part in parts] == [numbers[:3], numbers[3:]]
    seated = [s["player"] for part in parts for t in part for s in t["seats"] if s["player"] is not None]
    assert sorted(seated) == sorted(p.pk for p in players)


def test_an_entrant_finds_their_own_table_at_the_part_after_the_one_below_it(client_for, monkeypatch):
    monkeypatch.setattr(poker_views, "SEATING_API_PAGE", 2)
    tournament, players = freezeout_started(10)
    me = players[-1]
    mine = next(e for e in _detail(client_for(me), tournament)["entrants"] if e["player_id"] == me.pk)
    part = client_for(me).get(f"/api/poker-tournaments/{tournament.pk}/seating/?after={mine['table'] - 1}").json()
    assert part[0]["table"] == mine["table"]
    assert part[0]["seats"][mine["seat"]]["player"] == me.pk


def _detail(client, tournament) -> dict:
    return client.get(f"/api/poker-tournaments/{tournament.pk}/").json()


@pytest.mark.parametrize("after", ["x", "-1", "1.5", "%EF%BC%93", "32768", "9" * 30])
def test_a_bad_after_of_the_seating_is_refused_with_its_code(anon, after):
    tournament, _players = freezeout_started(4)
    response = anon.get(f"/api/poker-tournaments/{tournament.pk}/seating/?after={after}")
    assert response.status_code == 400 and response.json() == error("invalid", "after")


def test_the_seating_of_a_tournament_not_started_is_empty_and_of_none_404(club, organizer, client_for, anon):
    created = client_for(organizer).post(f"/api/clubs/{club.pk}/poker-tournaments/", SPEC, format="json").json()
    assert anon.get(f"/api/poker-tournaments/{created['id']}/seating/").json() == []
    response = anon.get("/api/poker-tournaments/999999/seating/")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"
