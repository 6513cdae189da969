"""The tournament endpoints (league/api/views/tournaments.py): list, create, detail, entry (enter, leave), start."""

import pytest

from league.models import Entrant, Tournament
from tests.league.factories import ClubFactory, TournamentFactory
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db

CUP = {"name": "Spring Cup", "game": "palace-infighting", "format": "double_elim", "seeding": "lot"}


def test_an_organizer_creates_members_enter_and_the_organizer_starts(client_for, anon):
    club, organizer, members = club_with_members(4)
    created = client_for(organizer).post(f"/api/clubs/{club.pk}/tournaments/", CUP, format="json")
    assert created.status_code == 201, created.json()
    body = created.json()
    tid = body["id"]
    assert body["status"] == "registration" and body["draw_seed"] is None and len(body["draw_commitment"]) == 64
    for member in members:
        assert client_for(member).post(f"/api/tournaments/{tid}/entry/").status_code == 201
    again = client_for(members[0]).post(f"/api/tournaments/{tid}/entry/")
    assert again.status_code == 400 and again.json()["error"]["code"] == "already_entered"
    # a member may not start it
    refused = client_for(members[0]).post(f"/api/tournaments/{tid}/start/")
    assert refused.status_code == 403
    started = client_for(organizer).post(f"/api/tournaments/{tid}/start/")
    assert started.status_code == 200, started.json()
    detail = started.json()
    assert detail["status"] == "running" and detail["draw_seed"]
    assert sorted(e["seed"] for e in detail["entrants"]) == [1, 2, 3, 4]
    assert [t["match"] for t in detail["tables"]] == ["W1.1", "W1.2"]
    assert detail["bracket"]["format"] == "double_elimination"
    # anyone reads the list and the detail
    listed = anon.get(f"/api/clubs/{club.pk}/tournaments/")
    assert listed.status_code == 200 and [t["id"] for t in listed.json()] == [tid]
    assert anon.get(f"/api/tournaments/{tid}/").status_code == 200


def test_bad_settings_answer_400_naming_the_field(client_for):
    club, organizer, _ = club_with_members(1)
    bad = client_for(organizer).post(
        f"/api/clubs/{club.pk}/tournaments/", {**CUP, "format": "multi_elim"}, format="json"
    )
    assert bad.status_code == 400
    assert bad.json()["error"]["field"] == "format"
    even = client_for(organizer).post(f"/api/clubs/{club.pk}/tournaments/", {**CUP, "best_of": 2}, format="json")
    assert even.status_code == 400 and even.json()["error"]["field"] == "best_of"
    alien = client_for(organizer).post(f"/api/clubs/{club.pk}/tournaments/", {**CUP, "season_id": 999}, format="json")
    assert alien.status_code == 404 and alien.json()["error"]["field"] == "season_id"
    assert not Tournament.objects.exists()


def test_only_organizers_create_and_only_members_enter(client_for):
    club, organizer, members = club_with_members(1)
    outsider = club_with_members(1)[2][0]
    assert client_for(members[0]).post(f"/api/clubs/{club.pk}/tournaments/", CUP, format="json").status_code == 403
    tid = client_for(organizer).post(f"/api/clubs/{club.pk}/tournaments/", CUP, format="json").json()["id"]
    refused = client_for(outsider).post(f"/api/tournaments/{tid}/entry/")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "not_member"


def test_a_player_withdraws_before_the_start(client_for):
    club, organizer, members = club_with_members(2)
    tid = client_for(organizer).post(f"/api/clubs/{club.pk}/tournaments/", CUP, format="json").json()["id"]
    client_for(members[0]).post(f"/api/tournaments/{tid}/entry/")
    assert client_for(members[0]).delete(f"/api/tournaments/{tid}/entry/").status_code == 204
    assert not Entrant.objects.filter(competition_id=tid).exists()


def test_unknown_tournament_is_a_404_in_the_error_format(anon):
    response = anon.get("/api/tournaments/12345/")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_an_organizer_enters_a_coinche_team_and_the_entrant_names_both(client_for):
    club, organizer, members = club_with_members(3)
    members[0].display_name, members[1].display_name = "Alice", "Bob"
    for member in members[:2]:
        member.save()
    cup = {"name": "Coinche Cup", "game": "coinche", "format": "single_elim"}
    tid = client_for(organizer).post(f"/api/clubs/{club.pk}/tournaments/", cup, format="json").json()["id"]
    # a member alone is refused: an organizer enters each team
    alone = client_for(members[2]).post(f"/api/tournaments/{tid}/entry/")
    assert alone.status_code == 400 and alone.json()["error"]["code"] == "teams_by_organizer"
    team = {"player_id": members[0].pk, "partner_id": members[1].pk}
    entered = client_for(organizer).post(f"/api/tournaments/{tid}/entry/", team, format="json")
    assert entered.status_code == 201, entered.json()
    assert (entered.json()["partner_id"], entered.json()["name"]) == (members[1].pk, "Alice & Bob")
    detail = client_for(organizer).get(f"/api/tournaments/{tid}/").json()
    assert [(e["player_id"], e["partner_id"]) for e in detail["entrants"]] == [(members[0].pk, members[1].pk)]


def test_t_d4_an_organizer_rules_a_forfeit_and_a_decided_match_answers_409(client_for):
    club, organizer, members = club_with_members(2)
    tid = client_for(organizer).post(f"/api/clubs/{club.pk}/tournaments/", CUP, format="json").json()["id"]
    for member in members:
        client_for(member).post(f"/api/tournaments/{tid}/entry/")
    client_for(organizer).post(f"/api/tournaments/{tid}/start/")
    ruling = {"match": "W1.1", "player_id": members[0].pk, "reason": "absent"}
    assert client_for(members[1]).post(f"/api/tournaments/{tid}/forfeit/", ruling, format="json").status_code == 403
    ruled = client_for(organizer).post(f"/api/tournaments/{tid}/forfeit/", ruling, format="json")
    assert ruled.status_code == 200, ruled.json()
    match = next(m for m in ruled.json()["bracket"]["matches"] if m["id"] == "W1.1")
    loser = Entrant.objects.get(competition_id=tid, player=members[0])
    assert (match["decided"], match["loser"]) == ("forfeit", loser.pk)
    again = client_for(organizer).post(f"/api/tournaments/{tid}/forfeit/", ruling, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "match_decided"


def test_t_r11_a_two_stage_tournament_with_groups_takes_registration(client_for):
    club, organizer, members = club_with_members(4)
    cup = {**CUP, "format": "two_stage", "groups": 2, "stage_top": 1, "seeding": "entered"}
    created = client_for(organizer).post(f"/api/clubs/{club.pk}/tournaments/", cup, format="json")
    assert created.status_code == 201, created.json()
    assert (created.json()["groups"], created.json()["stage_top"]) == (2, 1)
    tid = created.json()["id"]
    for member in members:
        assert client_for(member).post(f"/api/tournaments/{tid}/entry/").status_code == 201
    started = client_for(organizer).post(f"/api/tournaments/{tid}/start/").json()
    assert started["bracket"]["stage"] == "groups" and [t["match"] for t in started["tables"]] == ["G1.1", "G2.1"]


def test_a_clubs_tournaments_come_newest_first_a_page_at_a_time(anon, monkeypatch):
    # given: a club with five tournaments, and pages of two
    monkeypatch.setattr("league.api.views.tournaments.TOURNAMENTS_PAGE", 2)
    club = ClubFactory()
    cups = TournamentFactory.create_batch(5, club=club)
    TournamentFactory()  # another club's
    # when: a client follows the Link header to the end
    seen, url = [], f"/api/clubs/{club.pk}/tournaments/"
    while url:
        response = anon.get(url)
        assert response.status_code == 200
        seen += [row["id"] for row in response.json()]
        url = response.headers.get("Link", "").partition("<")[2].partition(">")[0]
    # then: every one of the club's once, newest first, and a bad keyset is a 400 naming it
    assert seen == [c.pk for c in reversed(cups)]
    bad = anon.get(f"/api/clubs/{club.pk}/tournaments/", {"before": "x"})
    assert (bad.status_code, bad.json()["error"]["field"]) == (400, "before")
