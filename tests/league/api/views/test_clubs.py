"""Clubs through the API (league/api/views/clubs.py): list, found, detail, members, friendly tables and annulment;
only organizers manage."""

import pytest

from league.models import Membership, Table
from tests.league.api.helpers import error, pages_followed
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, table_for

pytestmark = pytest.mark.django_db

NOT_ORGANIZER = error("not_organizer", None, "Only an organizer of this club may do this.")


@pytest.fixture
def club():
    return ClubFactory(name="Hearts", slug="hearts")


@pytest.fixture
def organizer(club):
    return MembershipFactory(club=club, role=Membership.Role.ORGANIZER, player__display_name="Olga").player


@pytest.fixture
def member(club):
    return MembershipFactory(club=club, player__display_name="Max").player


def test_anyone_may_list_clubs(anon, club) -> None:
    body = anon.get("/api/clubs/").json()

    assert [(c["id"], c["name"], c["slug"]) for c in body] == [(club.pk, "Hearts", "hearts")]


def test_founding_a_club_makes_the_caller_its_organizer(client_for) -> None:
    founder = PlayerFactory(display_name="Fay")

    response = client_for(founder).post("/api/clubs/", {"name": "Spades Society"}, format="json")

    assert response.status_code == 201
    body = response.json()
    assert (body["name"], body["slug"], body["your_role"]) == ("Spades Society", "spades-society", "organizer")
    assert body["members_count"] == 1
    members = client_for(founder).get(body["links"]["members"]).json()
    assert members == [{"player_id": founder.pk, "display_name": "Fay", "is_bot": False, "role": "organizer"}]


def test_a_taken_slug_is_400_on_the_slug(client_for, club) -> None:
    response = client_for(PlayerFactory()).post("/api/clubs/", {"name": "Hearts"}, format="json")

    assert response.status_code == 400
    assert response.json() == error("slug_taken", "slug", "The club address 'hearts' is taken.")


def test_anonymous_cannot_found_a_club(anon) -> None:
    assert anon.post("/api/clubs/", {"name": "X"}, format="json").status_code == 401


def test_detail_counts_the_members_links_their_list_and_shows_the_callers_role(
    client_for, club, organizer, member
) -> None:
    body = client_for(member).get(f"/api/clubs/{club.pk}/").json()

    assert (body["your_role"], body["members_count"]) == ("member", 2)
    assert "members" not in body
    assert body["links"] == {"members": f"http://testserver/api/clubs/{club.pk}/members/"}
    listed = client_for(member).get(body["links"]["members"]).json()
    assert [(m["player_id"], m["display_name"], m["role"]) for m in listed] == sorted(
        [(member.pk, "Max", "member"), (organizer.pk, "Olga", "organizer")]
    )


def test_the_members_list_pages_a_hundred_by_player_id_with_a_link_to_the_next(anon, club, organizer) -> None:
    # given: 250 members with the organizer
    for player in PlayerFactory.create_batch(249):
        MembershipFactory(club=club, player=player)
    expected = sorted(Membership.objects.filter(club=club).values_list("player_id", flat=True))
    # when: a client follows the Link header to the end
    pages = pages_followed(anon, f"/api/clubs/{club.pk}/members/")
    # then: three pages, every member once, in player id order; the last page has no Link
    assert (len(pages), [m["player_id"] for page in pages for m in page]) == (3, expected)


@pytest.mark.parametrize("after", ["x", "0", "-1", "9999999999999999999", "1.5"])
def test_a_bad_after_on_the_members_list_is_400_on_after(anon, club, organizer, after) -> None:
    response = anon.get(f"/api/clubs/{club.pk}/members/?after={after}")

    assert response.status_code == 400
    assert (response.json()["error"]["code"], response.json()["error"]["field"]) == ("invalid", "after")


def test_the_members_of_an_unknown_club_are_a_404(anon) -> None:
    response = anon.get("/api/clubs/987654/members/")

    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"


def test_the_report_add_by_id_is_gone_and_an_organizer_invites_instead(client_for, club, organizer) -> None:
    # given: the report's attack, adding any player by id
    newcomer = PlayerFactory(display_name="Nia")
    added = client_for(organizer).post(f"/api/clubs/{club.pk}/members/", {"player_id": newcomer.pk}, format="json")
    # when: the organizer invites instead
    invited = client_for(organizer).post(
        f"/api/clubs/{club.pk}/invitations/", {"player_id": newcomer.pk}, format="json"
    )
    # then: nobody was added without consent; the invitation waits for the player
    assert added.status_code in (404, 405)
    assert invited.status_code == 201
    body = invited.json()
    assert (body["player"]["id"], body["role"], body["status"]) == (newcomer.pk, "member", "pending")
    assert not Membership.objects.filter(club=club, player=newcomer).exists()
    # when: the player sees it and accepts
    mine = client_for(newcomer).get("/api/me/invitations/").json()
    accepted = client_for(newcomer).post(f"/api/invitations/{body['code']}/accept/")
    # then: a member
    assert [i["id"] for i in mine] == [body["id"]]
    assert accepted.status_code == 200
    assert accepted.json() == {"player_id": newcomer.pk, "display_name": "Nia", "is_bot": False, "role": "member"}


def test_an_invitation_can_be_declined_and_is_no_one_elses(client_for, club, organizer) -> None:
    newcomer, intruder = PlayerFactory(), PlayerFactory()
    code = (
        client_for(organizer)
        .post(f"/api/clubs/{club.pk}/invitations/", {"player_id": newcomer.pk}, format="json")
        .json()["code"]
    )

    stolen = client_for(intruder).post(f"/api/invitations/{code}/accept/")
    declined = client_for(newcomer).post(f"/api/invitations/{code}/decline/")

    assert stolen.status_code == 404
    assert (declined.status_code, declined.json()["status"]) == (200, "declined")
    assert not Membership.objects.filter(club=club, player__in=[newcomer, intruder]).exists()


def test_a_member_cannot_invite(client_for, club, member) -> None:
    response = client_for(member).post(
        f"/api/clubs/{club.pk}/invitations/", {"player_id": PlayerFactory().pk}, format="json"
    )

    assert response.status_code == 403
    assert response.json() == NOT_ORGANIZER


def test_inviting_an_unknown_player_is_404(client_for, club, organizer) -> None:
    response = client_for(organizer).post(f"/api/clubs/{club.pk}/invitations/", {"player_id": 99999}, format="json")

    assert response.status_code == 404
    assert response.json() == error("not_found", "player_id", "No such player.")


def test_a_player_asks_to_join_and_an_organizer_approves(client_for, club, organizer) -> None:
    player = PlayerFactory(display_name="Quinn")

    asked = client_for(player).post(f"/api/clubs/{club.pk}/join-requests/", {"message": "hi"}, format="json")
    listed = client_for(organizer).get(f"/api/clubs/{club.pk}/join-requests/").json()
    refused = client_for(player).post(f"/api/join-requests/{asked.json()['id']}/approve/")
    approved = client_for(organizer).post(f"/api/join-requests/{asked.json()['id']}/approve/")

    assert asked.status_code == 201
    assert [r["player"]["id"] for r in listed] == [player.pk]
    assert refused.status_code == 403
    assert (approved.status_code, approved.json()["role"]) == (200, "member")


def test_an_organizer_changes_a_role(client_for, club, organizer, member) -> None:
    response = client_for(organizer).patch(
        f"/api/clubs/{club.pk}/members/{member.pk}/", {"role": "organizer"}, format="json"
    )
    refused = client_for(member).patch(f"/api/clubs/{club.pk}/members/{member.pk}/", {"role": "x"}, format="json")

    assert (response.status_code, response.json()["role"]) == (200, "organizer")
    assert refused.status_code == 400


def test_a_member_may_leave_but_not_remove_others(client_for, club, organizer, member) -> None:
    refused = client_for(member).delete(f"/api/clubs/{club.pk}/members/{organizer.pk}/")
    left = client_for(member).delete(f"/api/clubs/{club.pk}/members/{member.pk}/")

    assert (refused.status_code, refused.json()) == (403, NOT_ORGANIZER)
    assert left.status_code == 204
    assert not Membership.objects.filter(club=club, player=member).exists()


def test_unknown_club_is_404(anon) -> None:
    assert anon.get("/api/clubs/424242/").json() == error("not_found", "club_id", "No such club.")


def test_organizer_opens_a_friendly_table(client_for, club, organizer, member) -> None:
    response = client_for(organizer).post(
        f"/api/clubs/{club.pk}/tables/",
        {"game": "palace-infighting", "players": [member.pk, organizer.pk], "time_per_move": 3600},
        format="json",
    )

    assert response.status_code == 201
    body = response.json()
    table = Table.objects.get(pk=body["id"])
    assert [s.player_id for s in table.seats.order_by("index")] == [member.pk, organizer.pk]
    assert (table.time_per_move, body["seat"], body["game"]) == (3600, 1, "palace-infighting")
    assert [t["id"] for t in client_for(member).get(f"/api/clubs/{club.pk}/tables/").json()] == [table.pk]


def test_a_table_seats_members_only(client_for, club, organizer) -> None:
    outsider = PlayerFactory()

    response = client_for(organizer).post(
        f"/api/clubs/{club.pk}/tables/",
        {"game": "palace-infighting", "players": [organizer.pk, outsider.pk]},
        format="json",
    )

    assert response.status_code == 400
    assert response.json() == error("not_a_member", "players.1", f"Player {outsider.pk} is not a member of this club.")


def test_bad_table_options_are_400_on_options(client_for, club, organizer, member) -> None:
    response = client_for(organizer).post(
        f"/api/clubs/{club.pk}/tables/",
        {"game": "palace-infighting", "players": [organizer.pk, member.pk], "options": {"no_such_option": 1}},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["error"]["field"] == "options"


def test_a_member_cannot_open_a_table(client_for, club, organizer, member) -> None:
    response = client_for(member).post(
        f"/api/clubs/{club.pk}/tables/",
        {"game": "palace-infighting", "players": [organizer.pk, member.pk]},
        format="json",
    )

    assert (response.status_code, response.json()) == (403, NOT_ORGANIZER)


def test_organizer_annuls_a_friendly_table(client_for, club, organizer, member) -> None:
    table = table_for("palace-infighting", players=[organizer, member], club=club)

    response = client_for(organizer).post(f"/api/tables/{table.pk}/annul/", {"reason": "misdeal"}, format="json")

    assert response.status_code == 200
    assert (response.json()["status"], response.json()["annul_reason"]) == ("annulled", "misdeal")


def test_a_seated_member_cannot_annul(client_for, club, organizer, member) -> None:
    table = table_for("palace-infighting", players=[organizer, member], club=club)

    response = client_for(member).post(f"/api/tables/{table.pk}/annul/", {}, format="json")

    assert (response.status_code, response.json()) == (403, NOT_ORGANIZER)
    table.refresh_from_db()
    assert table.status == "active"
