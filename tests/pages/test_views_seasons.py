"""The season page and the organizer pages, through Django's test client."""

import pytest
from django.test import Client

from league.models import Membership, Season, Table, TableRuling
from league.services.clubs import club_create
from league.services.rounds import season_start
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_finish, season_open_registration
from tests.league.factories import MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_setup():
    organizer = PlayerFactory()
    club = club_create(name="Busan Club", organizer=organizer)
    members = PlayerFactory.create_batch(2)
    for member in members:
        MembershipFactory(club=club, player=member, role=Membership.Role.MEMBER)
    return club, organizer, members


def _client(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def _season(club, organizer) -> Season:
    return season_create(club=club, by=organizer, spec=SeasonSpec(game="palace-infighting", name="Autumn"))


def test_only_organizers_see_the_organizer_pages(club_setup):
    club, organizer, members = club_setup
    season = _season(club, organizer)
    assert _client(organizer).get(f"/seasons/{season.pk}/manage/registration/").status_code == 200
    assert _client(members[0]).get(f"/seasons/{season.pk}/manage/").status_code == 403
    assert _client(members[0]).get(f"/clubs/{club.slug}/seasons/new/?game=coinche").status_code == 403
    assert _client(members[0]).post(f"/seasons/{season.pk}/manage/open/", {"open-confirm": "on"}).status_code == 403
    assert Client().get(f"/seasons/{season.pk}/manage/").status_code == 302


def test_an_action_without_confirmation_is_refused(club_setup):
    club, organizer, _ = club_setup
    season = _season(club, organizer)
    response = _client(organizer).post(f"/seasons/{season.pk}/manage/open/", {})
    season.refresh_from_db()
    assert response.status_code == 400
    assert "Tick the box to confirm." in response.content.decode()
    assert season.status == Season.Status.DRAFT


def test_starting_with_too_few_entrants_shows_the_error(club_setup):
    club, organizer, members = club_setup
    season = _season(club, organizer)
    season_open_registration(season=season, by=organizer)
    entrant_register(season=season, by=organizer, player=members[0])
    response = _client(organizer).post(f"/seasons/{season.pk}/manage/start/", {"start-confirm": "on"})
    assert response.status_code == 400
    assert "A season needs at least 2 entrants." in response.content.decode()


def test_registering_twice_is_refused(club_setup):
    club, organizer, members = club_setup
    season = _season(club, organizer)
    client = _client(organizer)
    first = client.post(f"/seasons/{season.pk}/manage/register_members/", {"members-players": [members[0].pk]})
    again = client.post(f"/seasons/{season.pk}/manage/register_members/", {"members-players": [members[0].pk]})
    assert first.status_code == 302
    # a member already entered is no longer offered
    assert again.status_code == 400
    assert "Select a valid choice." in again.content.decode()


def _running(club, organizer, members) -> Season:
    season = _season(club, organizer)
    season_open_registration(season=season, by=organizer)
    for member in members:
        entrant_register(season=season, by=organizer, player=member)
    return season_start(season=season, by=organizer)


def test_annul_a_table_through_the_organizer_page(club_setup):
    club, organizer, members = club_setup
    season = _running(club, organizer, members)
    table = Table.objects.get(round__season=season)
    response = _client(organizer).post(
        f"/seasons/{season.pk}/manage/annul/",
        {"annul-table": table.pk, "annul-reason": "misdeal", "annul-confirm": "on"},
    )
    table.refresh_from_db()
    assert response.status_code == 302
    assert table.status == Table.Status.ANNULLED
    assert table.ruling.kind == TableRuling.Kind.ANNULLED


def test_forfeit_against_everyone_shows_the_service_error(club_setup):
    club, organizer, members = club_setup
    season = _running(club, organizer, members)
    table = Table.objects.get(round__season=season)
    entrants = list(season.entrants.values_list("pk", flat=True))
    response = _client(organizer).post(
        f"/seasons/{season.pk}/manage/forfeit/",
        {"forfeit-table": table.pk, "forfeit-forfeiting": entrants, "forfeit-confirm": "on"},
    )
    assert response.status_code == 400
    assert "Someone at the table must win the forfeit; annul it instead." in response.content.decode()
    assert not TableRuling.objects.exists()


def test_withdraw_an_entrant_forfeits_their_table(club_setup):
    club, organizer, members = club_setup
    season = _running(club, organizer, members)
    entrant = season.entrants.get(player=members[0])
    response = _client(organizer).post(
        f"/seasons/{season.pk}/manage/withdraw/", {"withdraw-entrant": entrant.pk, "withdraw-confirm": "on"}
    )
    entrant.refresh_from_db()
    assert response.status_code == 302
    assert entrant.withdrawn is True
    assert TableRuling.objects.get().kind == TableRuling.Kind.FORFEIT


def test_season_page_polls_standings_while_running_and_not_after(club_setup):
    club, organizer, members = club_setup
    season = _season(club, organizer)
    season_open_registration(season=season, by=organizer)
    for member in members:
        entrant_register(season=season, by=organizer, player=member)
    client = _client(organizer)
    client.post(f"/seasons/{season.pk}/manage/start/", {"start-confirm": "on"})
    running = client.get(f"/seasons/{season.pk}/").content.decode()
    partial = client.get(f"/seasons/{season.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 10s"' in running
    assert partial.lstrip().startswith('<div id="standings"')
    season.rounds.update(status="finished")
    season_finish(season=season)
    finished = client.get(f"/seasons/{season.pk}/").content.decode()
    assert "hx-trigger" not in finished.split('id="standings"')[1].split(">")[0]
