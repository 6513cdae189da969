"""Joining a club through the pages, always with the player's consent (finding 4): the invitation link's page with
Accept and Decline, a request to join from the club page, and the organizer's approve, decline and invite."""

import pytest
from django.test import Client

from league.models import Invitation, JoinRequest, Membership
from league.services.clubs import club_create, invitation_create
from tests.league.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def _signed_in(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


@pytest.fixture
def club_and_organizer():
    organizer = PlayerFactory(display_name="Olga")
    return club_create(name="Aces", organizer=organizer), organizer


def test_the_invitation_link_shows_the_club_and_accepting_joins(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    player = PlayerFactory()
    invitation = invitation_create(club=club, by=organizer, player=player)
    client = _signed_in(player)

    page = client.get(f"/invitations/{invitation.code}/")
    accepted = client.post(f"/invitations/{invitation.code}/accept/")

    assert page.status_code == 200
    assert "Aces" in page.content.decode() and "Olga invites you" in page.content.decode()
    assert accepted.status_code == 302 and accepted["Location"] == f"/clubs/{club.slug}/"
    assert Membership.objects.filter(club=club, player=player).exists()


def test_declining_adds_nobody_and_another_players_link_is_a_404(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    player, intruder = PlayerFactory(), PlayerFactory()
    invitation = invitation_create(club=club, by=organizer, player=player)

    stolen_page = _signed_in(intruder).get(f"/invitations/{invitation.code}/")
    stolen_accept = _signed_in(intruder).post(f"/invitations/{invitation.code}/accept/")
    declined = _signed_in(player).post(f"/invitations/{invitation.code}/decline/")

    assert stolen_page.status_code == 404
    assert stolen_accept.status_code == 302
    assert declined.status_code == 302
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.DECLINED
    assert not Membership.objects.filter(club=club, player__in=[player, intruder]).exists()


def test_a_visitor_asks_to_join_and_the_organizer_approves_from_the_club_page(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    player = PlayerFactory(display_name="Quinn")
    visitor = _signed_in(player)

    before = visitor.get(f"/clubs/{club.slug}/").content.decode()
    visitor.post(f"/clubs/{club.slug}/join/", {"message": "Tuesdays please"})
    after = visitor.get(f"/clubs/{club.slug}/").content.decode()
    organizer_page = _signed_in(organizer).get(f"/clubs/{club.slug}/").content.decode()
    request = JoinRequest.objects.get()
    refused = visitor.post(f"/join-requests/{request.pk}/approve/")
    approved = _signed_in(organizer).post(f"/join-requests/{request.pk}/approve/")

    assert "Ask to join" in before and "waiting for an organizer" in after
    assert "Quinn" in organizer_page and "Tuesdays please" in organizer_page
    assert refused.status_code == 302 and approved.status_code == 302
    assert Membership.objects.get(club=club, player=player).role == Membership.Role.MEMBER


def test_the_organizer_invites_by_username_and_sees_the_link(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    PlayerFactory(user=UserFactory(username="nia"), display_name="Nia")
    client = _signed_in(organizer)

    done = client.post(f"/clubs/{club.slug}/invite/", {"username": "nia", "role": "member"})
    unknown = client.post(f"/clubs/{club.slug}/invite/", {"username": "nobody", "role": "member"})
    page = client.get(f"/clubs/{club.slug}/").content.decode()

    invitation = Invitation.objects.get()
    assert done.status_code == 302
    assert unknown.status_code == 400 and "No player has this username." in unknown.content.decode()
    assert f"/invitations/{invitation.code}/" in page
    assert not Membership.objects.filter(club=club, player=invitation.player).exists()


def test_only_an_organizer_may_invite_from_the_page(club_and_organizer) -> None:
    club, _organizer = club_and_organizer
    PlayerFactory(user=UserFactory(username="nia"))

    response = _signed_in(PlayerFactory()).post(f"/clubs/{club.slug}/invite/", {"username": "nia", "role": "member"})

    assert response.status_code == 403
    assert not Invitation.objects.exists()
