"""A player's own pages (issue 20): the first-run page after sign-up, landing on "Your turn" after log-in, the inbox
with opponents, season and a count in the title, "my games", the club directory, a club's live tables, the
organizers' members page, and entering a season from its page."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from league.models import Entrant, Invitation, JoinRequest, Membership, Season, Table
from league.services.clubs import club_create, invitation_create, join_request_create
from league.services.rounds import season_start
from league.services.seasons import SeasonSpec, season_create, season_open_registration
from league.services.tables import table_annul
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, table_for
from tests.league.seasons.factories import season_with_entrants

pytestmark = pytest.mark.django_db


def _signed_in(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def _title(page) -> str:
    return re.search(r"<title>(.*?)</title>", page.content.decode(), re.S).group(1).strip()


def test_sign_up_lands_on_the_first_run_page_that_says_what_to_do() -> None:
    client = Client()

    signed_up = client.post(
        "/signup/",
        {
            "username": "newbie",
            "display_name": "Newbie",
            "email": "newbie@example.org",
            "password1": "a long enough passphrase 42",
            "password2": "a long enough passphrase 42",
            "language": "en",
        },
    )
    welcome = client.get(signed_up["Location"])

    assert signed_up.status_code == 302 and signed_up["Location"] == "/welcome/"
    text = welcome.content.decode()
    assert "Answer an invitation" in text and "Find a club" in text and "Enter a season" in text
    assert 'href="/clubs/"' in text


def test_the_first_run_page_lists_the_players_invitations_and_the_seasons_open_to_them() -> None:
    organizer, player = PlayerFactory(), PlayerFactory()
    club = club_create(name="Aces", organizer=organizer)
    other = club_create(name="Kings", organizer=organizer)
    invitation = invitation_create(club=other, by=organizer, player=player)
    MembershipFactory(club=club, player=player)
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="Spring"))
    season_open_registration(season=season, by=organizer)

    text = _signed_in(player).get("/welcome/").content.decode()

    assert f"/invitations/{invitation.code}/" in text and "Invitation to Kings" in text
    assert f'href="/seasons/{season.pk}/"' in text and "Spring" in text


def test_logging_in_lands_on_your_turn() -> None:
    user = get_user_model().objects.create_user("lander", password="a long enough passphrase 42")
    PlayerFactory(user=user)

    answer = Client().post("/login/", {"username": "lander", "password": "a long enough passphrase 42"})

    assert answer.status_code == 302 and answer["Location"] == "/inbox/"


def test_your_turn_names_the_opponents_the_season_and_the_game_and_counts_in_the_title() -> None:
    season, organizer, players = season_with_entrants("mini-poker", entrants=2)
    season_start(season=season, by=organizer)
    table = Table.objects.get(round__season=season)
    to_act = table.seats.get(to_act=True).player
    opponent = next(p for p in players if p.pk != to_act.pk)

    page = _signed_in(to_act).get("/inbox/")
    text = page.content.decode()

    assert _title(page).startswith("(1) Your turn")
    assert f'href="/tables/{table.pk}/"' in text
    assert opponent.display_name in text and "Mini Poker" in text
    assert season.name in text and "round 1" in text
    assert "1 table is waiting for your move." in text


def test_your_turn_is_empty_for_a_player_who_waits() -> None:
    table = table_for("mini-poker", players=2)
    waiting = table.seats.get(to_act=False).player

    page = _signed_in(waiting).get("/inbox/")

    assert _title(page).startswith("Your turn")
    assert "No table is waiting for you." in page.content.decode()


def test_my_games_lists_current_and_finished_tables_with_opponents() -> None:
    me, rival = PlayerFactory(display_name="Mina"), PlayerFactory(display_name="Rhee")
    current = table_for("the-court", players=[me, rival])
    ended = table_for("mini-poker", players=[me, rival])
    table_annul(table_id=ended.pk, reason="test")
    elsewhere = table_for("the-court", players=2)

    text = _signed_in(me).get("/me/games/").content.decode()

    in_play, finished = text.split("<h2>Finished</h2>")
    assert f'href="/tables/{current.pk}/"' in in_play and "Rhee" in in_play
    assert f'href="/tables/{ended.pk}/"' in finished and "annulled" in finished
    assert f'href="/tables/{elsewhere.pk}/"' not in text


def test_the_club_directory_lists_clubs_with_their_members_and_finds_by_name() -> None:
    organizer = PlayerFactory()
    club_create(name="Seoul Aces", description="Friday evenings", organizer=organizer)
    club_create(name="Busan Kings", organizer=organizer)

    everything = Client().get("/clubs/").content.decode()
    found = Client().get("/clubs/?q=friday").content.decode()

    assert "Seoul Aces" in everything and "Busan Kings" in everything and "1 member" in everything
    assert "Seoul Aces" in found and "Busan Kings" not in found


def test_the_club_page_shows_its_live_tables_to_spectators() -> None:
    club = ClubFactory()
    live = table_for("the-court", players=2, club=club)
    ended = table_for("the-court", players=2, club=club)
    table_annul(table_id=ended.pk, reason="test")

    text = Client().get(f"/clubs/{club.slug}/").content.decode()

    section = text.split('id="live"')[1].split("</ul>")[0]
    assert f'href="/tables/{live.pk}/"' in section and f'href="/tables/{ended.pk}/"' not in section


@pytest.fixture
def club_and_organizer():
    organizer = PlayerFactory(display_name="Olga")
    return club_create(name="Aces", organizer=organizer), organizer


def test_the_members_page_is_for_organizers_only(club_and_organizer) -> None:
    club, _organizer = club_and_organizer
    member = PlayerFactory()
    MembershipFactory(club=club, player=member)

    assert _signed_in(member).get(f"/clubs/{club.slug}/members/").status_code == 403
    assert Client().get(f"/clubs/{club.slug}/members/").status_code == 302  # to the log-in


def test_the_members_page_lists_members_requests_and_invitations(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    member, asking, invited = PlayerFactory(display_name="Mo"), PlayerFactory(display_name="Ask"), PlayerFactory()
    MembershipFactory(club=club, player=member)
    join_request_create(club=club, player=asking, message="hello")
    invitation = invitation_create(club=club, by=organizer, player=invited)

    text = _signed_in(organizer).get(f"/clubs/{club.slug}/members/").content.decode()

    assert "Mo" in text and "Olga" in text and "organizer" in text
    assert "Ask" in text and "hello" in text
    assert f"/invitations/{invitation.code}/" in text


def test_an_organizer_approves_a_request_from_the_members_page_and_returns_there(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    asking = PlayerFactory()
    request = join_request_create(club=club, player=asking)

    answer = _signed_in(organizer).post(f"/join-requests/{request.pk}/approve/", {"back": "members"})

    assert answer.status_code == 302 and answer["Location"] == f"/clubs/{club.slug}/members/"
    assert Membership.objects.filter(club=club, player=asking).exists()
    request.refresh_from_db()
    assert request.status == JoinRequest.Status.APPROVED


def test_an_organizer_invites_from_the_members_page_and_a_bad_name_is_a_form_error(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    invited = PlayerFactory()
    client = _signed_in(organizer)

    made = client.post(
        f"/clubs/{club.slug}/invite/", {"username": invited.user.username, "role": "member", "back": "members"}
    )
    refused = client.post(
        f"/clubs/{club.slug}/invite/", {"username": "nobody-here", "role": "member", "back": "members"}
    )

    assert made.status_code == 302 and made["Location"] == f"/clubs/{club.slug}/members/"
    assert Invitation.objects.filter(club=club, player=invited, status=Invitation.Status.PENDING).exists()
    assert refused.status_code == 400 and 'class="errorlist' in refused.content.decode()
    assert "<h1>Members</h1>" in refused.content.decode()


def test_an_organizer_revokes_an_invitation_and_its_link_stops_working(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    invited = PlayerFactory()
    invitation = invitation_create(club=club, by=organizer, player=invited)

    revoked = _signed_in(organizer).post(f"/clubs/{club.slug}/invitations/{invitation.pk}/revoke/")
    link = _signed_in(invited).get(f"/invitations/{invitation.code}/")
    accept = _signed_in(invited).post(f"/invitations/{invitation.code}/accept/")

    assert revoked.status_code == 302 and revoked["Location"] == f"/clubs/{club.slug}/members/"
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.REVOKED
    assert link.status_code == 200 and "withdrawn this invitation" in link.content.decode()
    assert accept.status_code == 302
    assert not Membership.objects.filter(club=club, player=invited).exists()


def test_a_member_cannot_revoke_an_invitation(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    member = PlayerFactory()
    MembershipFactory(club=club, player=member)
    invitation = invitation_create(club=club, by=organizer, player=PlayerFactory())

    _signed_in(member).post(f"/clubs/{club.slug}/invitations/{invitation.pk}/revoke/")

    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.PENDING


def _season_open_to_a_member(club, organizer):
    """A season open for registration, a member of its club, and that member's signed-in client."""
    member = PlayerFactory()
    MembershipFactory(club=club, player=member)
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="Spring"))
    season_open_registration(season=season, by=organizer)
    return season, member, _signed_in(member)


def test_a_member_enters_a_season_open_for_registration_from_its_page(club_and_organizer) -> None:
    season, member, client = _season_open_to_a_member(*club_and_organizer)

    before = client.get(f"/seasons/{season.pk}/").content.decode()
    entered = client.post(f"/seasons/{season.pk}/enter/")
    after = client.get(f"/seasons/{season.pk}/").content.decode()

    assert f'action="/seasons/{season.pk}/enter/"' in before
    assert entered.status_code == 302 and entered["Location"] == f"/seasons/{season.pk}/"
    assert Entrant.objects.filter(competition=season, player=member).exists()
    assert f'action="/seasons/{season.pk}/enter/"' not in after and "You are entered." in after


def test_an_entered_member_leaves_the_season_from_its_page_before_it_starts(club_and_organizer) -> None:
    # given: a member entered in a season open for registration
    season, member, client = _season_open_to_a_member(*club_and_organizer)
    client.post(f"/seasons/{season.pk}/enter/")
    entered = client.get(f"/seasons/{season.pk}/").content.decode()
    # when: they press the page's leave button
    left = client.post(f"/seasons/{season.pk}/leave/")
    after = client.get(f"/seasons/{season.pk}/").content.decode()
    # then: the page offered it, the entry is gone, and the page offers entering again
    assert f'action="/seasons/{season.pk}/leave/"' in entered
    assert left.status_code == 302 and left["Location"] == f"/seasons/{season.pk}/"
    assert not Entrant.objects.filter(competition=season, player=member).exists()
    assert f'action="/seasons/{season.pk}/enter/"' in after and f'action="/seasons/{season.pk}/leave/"' not in after
    # and an action that is not a season's (start is the console's) is no page
    assert client.post(f"/seasons/{season.pk}/start/").status_code == 404


def test_someone_outside_the_club_is_not_offered_the_season_and_cannot_enter(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    outsider = PlayerFactory()
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="Spring"))
    season_open_registration(season=season, by=organizer)
    client = _signed_in(outsider)

    page = client.get(f"/seasons/{season.pk}/").content.decode()
    client.post(f"/seasons/{season.pk}/enter/")

    assert f'action="/seasons/{season.pk}/enter/"' not in page
    assert not Entrant.objects.filter(competition=season).exists()
    assert Season.objects.get(pk=season.pk).status == Season.Status.REGISTRATION
