"""The organizer's club pages through Django's test client (issue 34): the club page's buttons and forfeit links,
entrants added by pasting names or ticking members and removed before the start, vacations granted and cancelled
for anyone, a poker seat forfeited with its reason shown."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from league.models import Entrant, Membership, PokerEntrant, PokerHand, SeasonClock, Table, TournamentTable, Vacation
from league.services.clubs import club_create
from league.services.poker_tournaments import poker_entrants_add, poker_tournament_start
from league.services.rounds import season_start
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register, tournament_start
from tests.league.factories import MembershipFactory, PlayerFactory
from tests.league.poker_playing import small_freezeout

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_setup():
    organizer = PlayerFactory()
    club = club_create(name="Seoul Club", organizer=organizer)
    members = PlayerFactory.create_batch(5)
    for member in members:
        MembershipFactory(club=club, player=member, role=Membership.Role.MEMBER)
    return club, organizer, members


def _client(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def test_the_organizer_finds_every_task_as_a_button_on_the_club_page(club_setup):
    club, organizer, members = club_setup
    page = _client(organizer).get(f"/clubs/{club.slug}/").content.decode()
    for path in (
        f"/clubs/{club.slug}/seasons/new/",
        f"/clubs/{club.slug}/tournaments/#new-tournament",
        f"/clubs/{club.slug}/poker-tournaments/new/",
        f"/clubs/{club.slug}/members/",
        f"/clubs/{club.slug}/vacations/",
    ):
        assert f'href="{path}"' in page, path
    assert 'id="run-club"' not in _client(members[0]).get(f"/clubs/{club.slug}/").content.decode()
    assert _client(members[0]).get(f"/clubs/{club.slug}/vacations/").status_code == 403


def test_pasted_names_that_match_no_member_are_each_named_and_nobody_is_entered(club_setup):
    club, organizer, members = club_setup
    cup = tournament_create(
        club=club, by=organizer, spec=TournamentSpec(name="Cup", game="palace-infighting", format="single_elim")
    )
    outsider = PlayerFactory()
    names = f"{members[0].user.username}\n{members[1].display_name.upper()}, Zed; {outsider.user.username}"
    response = _client(organizer).post(f"/tournaments/{cup.pk}/entrants/add/", {"names": names})
    assert response.status_code == 400
    page = response.content.decode()
    assert "“Zed” is not a member of this club" in page
    assert f"“{outsider.user.username}” is not a member of this club" in page
    assert not Entrant.objects.filter(competition=cup).exists()


def test_the_organizer_enters_members_by_ticking_and_pasting_then_removes_one(club_setup):
    club, organizer, members = club_setup
    cup = tournament_create(
        club=club, by=organizer, spec=TournamentSpec(name="Cup", game="palace-infighting", format="single_elim")
    )
    client = _client(organizer)
    names = f"{members[1].user.username}\n{members[2].display_name}, {members[3].user.username}"
    response = client.post(f"/tournaments/{cup.pk}/entrants/add/", {"members": [members[0].pk], "names": names})
    assert response.status_code == 302
    entered = set(Entrant.objects.filter(competition=cup).values_list("player_id", flat=True))
    assert entered == {m.pk for m in members[:4]}
    page = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert f'action="/tournaments/{cup.pk}/entrants/{members[0].pk}/remove/"' in page
    client.post(f"/tournaments/{cup.pk}/entrants/{members[0].pk}/remove/")
    assert not Entrant.objects.filter(competition=cup, player=members[0]).exists()
    # a member may do neither
    assert _client(members[4]).post(f"/tournaments/{cup.pk}/entrants/add/", {"names": "x"}).status_code == 403


def test_poker_entrants_are_added_by_name_and_removed_by_the_organizer(club_setup):
    club, organizer, members = club_setup
    poker = small_freezeout(club=club, by=organizer)
    client = _client(organizer)
    names = "\n".join(m.user.username for m in members[:4])
    assert client.post(f"/poker-tournaments/{poker.pk}/entrants/add/", {"names": names}).status_code == 302
    assert PokerEntrant.objects.filter(competition=poker).count() == 4
    client.post(f"/poker-tournaments/{poker.pk}/entrants/{members[0].pk}/remove/")
    assert PokerEntrant.objects.filter(competition=poker).count() == 3


def test_a_poker_seat_forfeited_from_the_page_shows_its_reason_with_the_place(club_setup):
    club, organizer, members = club_setup
    poker = small_freezeout(club=club, by=organizer)
    poker_entrants_add(tournament=poker, by=organizer, players=members[:4])
    poker_tournament_start(tournament=poker, by=organizer, seed="page")
    client = _client(organizer)
    assert 'id="form-forfeit"' in client.get(f"/poker-tournaments/{poker.pk}/").content.decode()
    refused = client.post(f"/poker-tournaments/{poker.pk}/forfeit/", {"player": members[1].pk, "reason": "gone"})
    assert refused.status_code == 400  # the confirmation box unticked
    done = client.post(
        f"/poker-tournaments/{poker.pk}/forfeit/", {"player": members[1].pk, "reason": "gone abroad", "confirm": "on"}
    )
    assert done.status_code == 302
    page = Client().get(f"/poker-tournaments/{poker.pk}/").content.decode()
    assert "forfeit: “gone abroad”" in page
    assert PokerEntrant.objects.get(competition=poker, player=members[1]).place == 4


def _season_with_clock(club, organizer, members, *, days=5):
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="palace-infighting", name="Autumn"))
    SeasonClock.objects.create(season=season, vacation_days=days, time_zone="Asia/Seoul")
    season_open_registration(season=season, by=organizer)
    for member in members[:4]:
        entrant_register(season=season, by=organizer, player=member)
    return season_start(season=season, by=organizer)


def test_the_organizer_grants_and_cancels_vacations_under_the_rules_the_page_states(club_setup):
    club, organizer, members = club_setup
    season = _season_with_clock(club, organizer, members)
    client = _client(organizer)
    page = client.get(f"/clubs/{club.slug}/vacations/").content.decode()
    assert "The clock's rules" in page and "5 vacation days for each entrant." in page
    tomorrow = (timezone.now() + timedelta(days=2)).date().isoformat()
    prefix = f"season-{season.pk}"
    form = {f"{prefix}-player": members[2].pk, f"{prefix}-starts_on": tomorrow, f"{prefix}-days": "2"}
    assert client.post(f"/clubs/{club.slug}/vacations/{season.pk}/grant/", form).status_code == 302
    vacation = Vacation.objects.get(season=season, player=members[2])
    # more than the allowance: refused on the form, nothing written
    too_many = {**form, f"{prefix}-days": "4"}
    refused = client.post(f"/clubs/{club.slug}/vacations/{season.pk}/grant/", too_many)
    assert refused.status_code == 400 and "3 are left" in refused.content.decode()
    client.post(f"/clubs/{club.slug}/vacations/{season.pk}/{vacation.pk}/cancel/")
    assert not Vacation.objects.filter(season=season).exists()


def test_every_table_in_play_has_a_forfeit_link_for_the_organizer_and_the_season_shows_rulings(club_setup):
    club, organizer, members = club_setup
    season = _season_with_clock(club, organizer, members)
    table = season.rounds.get().tables.first()
    page = _client(organizer).get(f"/clubs/{club.slug}/").content.decode()
    assert f'href="/seasons/{season.pk}/manage/rulings/?table={table.pk}#form-forfeit"' in page
    rulings = _client(organizer).get(f"/seasons/{season.pk}/manage/rulings/?table={table.pk}").content.decode()
    assert f'<option value="{table.pk}" selected>' in rulings
    forfeiting = season.entrants.get(player=table.seats.get(index=0).player)
    response = _client(organizer).post(
        f"/seasons/{season.pk}/manage/forfeit/",
        {
            "forfeit-table": table.pk,
            "forfeit-forfeiting": [forfeiting.pk],
            "forfeit-reason": "no show",
            "forfeit-confirm": "on",
        },
    )
    assert response.status_code == 302
    assert "“no show”" in Client().get(f"/seasons/{season.pk}/").content.decode()


def test_a_tournaments_tables_in_play_name_it_and_link_its_forfeit_form_on_the_club_page(club_setup):
    club, organizer, members = club_setup
    poker = small_freezeout(club=club, by=organizer, name="Friday freezeout")
    poker_entrants_add(tournament=poker, by=organizer, players=members[:4])
    poker_tournament_start(tournament=poker, by=organizer, seed="club")
    spec = TournamentSpec(name="Winter Cup", game="palace-infighting", format="single_elim", seeding="entered")
    cup = tournament_create(club=club, by=organizer, spec=spec)
    for member in members[:2]:
        tournament_register(tournament=cup, player=member)
    tournament_start(tournament=cup, by=organizer)
    hand = PokerHand.objects.get(tournament=poker).table
    match = TournamentTable.objects.get(tournament=cup).table
    # each table knows its competition
    assert Table.objects.get(pk=hand.pk).competition_id == poker.pk
    assert Table.objects.get(pk=match.pk).competition_id == cup.pk
    client = _client(organizer)
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    for table, name, path in ((hand, "Friday freezeout", "poker-tournaments"), (match, "Winter Cup", "tournaments")):
        line = page.split(f'href="/tables/{table.pk}/"', 1)[1].split("</li>", 1)[0]
        competition = table.competition_id
        assert f" · {name} — " in line and f'href="/{path}/{competition}/#forfeit"' in line
        assert 'id="forfeit"' in client.get(f"/{path}/{competition}/").content.decode()
        # and the table's page leads back to it
        crumbs = client.get(f"/tables/{table.pk}/").content.decode().split('class="crumbs"', 1)[1].split("</p>", 1)[0]
        assert f'<a href="/{path}/{competition}/">{name}</a>' in crumbs
