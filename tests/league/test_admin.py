"""The admin (league/admin.py): every page renders, an organizer sees only their clubs, tables open through the
service, nothing shows the seed or a hidden move while the table is in play."""

import random

import pytest
from django.urls import reverse

from league.models import Membership, Move, Player, SeasonClock, Table
from league.services.moves import move_submit
from league.services.seasons import SeasonSpec, season_create
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory, table_for
from tests.league.playing import play_moves

pytestmark = pytest.mark.django_db

SEED = "admin-secret-seed-1234"


@pytest.fixture
def superuser_client(client):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def organizer(client):
    """A staff user with the league's permissions, organizer of one club."""
    from django.contrib.auth.models import Permission

    player = PlayerFactory(user=UserFactory(username="olivia", is_staff=True))
    player.user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
    club = ClubFactory(name="Olivia's club")
    Membership.objects.create(club=club, player=player, role=Membership.Role.ORGANIZER)
    client.force_login(player.user)
    return client, club


MODELS = [
    "player",
    "club",
    "membership",
    "table",
    "move",
    "ledgerentry",
    "result",
    "season",
    "entrant",
    "round",
    "bye",
    "tableruling",
    "standing",
    "rating",
    "ratingevent",
    "seasonclock",
    "vacation",
]


@pytest.mark.parametrize("model", MODELS)
def test_every_changelist_renders(superuser_client, fake_game: str, model: str) -> None:
    play_moves(table_for(fake_game, options={"rounds": 1}), random.Random(1))

    response = superuser_client.get(reverse(f"admin:league_{model}_changelist"))

    assert response.status_code == 200


@pytest.mark.parametrize("model", MODELS)
def test_every_changelist_renders_for_an_organizer(organizer, fake_game: str, model: str) -> None:
    client, club = organizer
    play_moves(table_for(fake_game, options={"rounds": 1}, club=club), random.Random(1))

    response = client.get(reverse(f"admin:league_{model}_changelist"))

    assert response.status_code == 200


def test_a_table_page_shows_the_spectator_view_and_hides_the_seed_and_hidden_moves(superuser_client, fake_game):
    table = table_for(fake_game, seed=SEED)
    players = {s.index: s.player for s in table.seats.all()}
    move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 3}, expected_version=0)

    page = superuser_client.get(reverse("admin:league_table_change", args=[table.pk])).content.decode()

    assert SEED not in page
    assert "{&quot;type&quot;: &quot;pick&quot;} (the rest while in play is private)" in page
    assert "&quot;value&quot;: 3" not in page and '"value": 3' not in page


def test_a_finished_table_page_shows_its_results_and_state_but_not_the_seed(superuser_client, fake_game: str):
    table = play_moves(table_for(fake_game, options={"rounds": 1}, seed=SEED), random.Random(2))

    response = superuser_client.get(reverse("admin:league_table_change", args=[table.pk]))

    assert response.status_code == 200
    assert SEED not in response.content.decode()
    assert "&quot;phase&quot;: &quot;over&quot;" in response.content.decode()


def test_an_organizer_sees_only_the_tables_of_their_clubs(organizer, fake_game: str) -> None:
    client, club = organizer
    mine = table_for(fake_game, club=club)
    other = table_for(fake_game, club=ClubFactory())

    response = client.get(reverse("admin:league_table_changelist"))

    assert list(response.context["cl"].result_list) == [mine]
    assert client.get(reverse("admin:league_table_change", args=[other.pk])).status_code == 302


def test_an_organizer_opens_a_table_through_the_service(organizer, fake_game: str) -> None:
    client, club = organizer
    PlayerFactory(user=UserFactory(username="ann")), PlayerFactory(user=UserFactory(username="ben"))

    response = client.post(
        reverse("admin:league_table_add"),
        {
            "club": club.pk,
            "game_name": fake_game,
            "seat_usernames": "ben, ann",
            "table_options": '{"rounds": 2}',
            "time_per_move": 3600,
        },
    )

    assert response.status_code == 302, response.context["adminform"].form.errors
    table = Table.objects.get()
    assert (table.club, table.options, table.time_per_move, table.version) == (club, {"rounds": 2}, 3600, 0)
    assert list(table.seats.order_by("index").values_list("player__user__username", flat=True)) == ["ben", "ann"]


def test_the_add_form_refuses_unknown_players_and_bad_options(organizer, fake_game: str) -> None:
    client, club = organizer
    PlayerFactory(user=UserFactory(username="ann"))

    unknown = client.post(
        reverse("admin:league_table_add"),
        {
            "club": club.pk,
            "game_name": fake_game,
            "seat_usernames": "ann, nobody",
            "table_options": "{}",
            "time_per_move": 3600,
        },
    )
    PlayerFactory(user=UserFactory(username="ben"))
    bad = client.post(
        reverse("admin:league_table_add"),
        {
            "club": club.pk,
            "game_name": fake_game,
            "seat_usernames": "ann, ben",
            "table_options": '{"rounds": 99}',
            "time_per_move": 3600,
        },
    )

    assert unknown.context["adminform"].form.errors["seat_usernames"] == ["No player with the username nobody."]
    assert bad.context["adminform"].form.errors["table_options"] == ["rounds is a whole number from 1 to 20"]
    assert not Table.objects.exists()


def test_the_verify_and_annul_actions(superuser_client, fake_game: str) -> None:
    clean, tampered = table_for(fake_game), table_for(fake_game)
    players = {s.index: s.player for s in tampered.seats.all()}
    move_submit(table_id=tampered.pk, player=players[0], move={"type": "pick", "value": 1}, expected_version=0)
    Move.objects.filter(table=tampered).update(payload={"type": "pick", "value": 9})
    url = reverse("admin:league_table_changelist")

    verify = superuser_client.post(
        url, {"action": "verify_selected", "_selected_action": [clean.pk, tampered.pk]}, follow=True
    )
    superuser_client.post(url, {"action": "annul_selected", "_selected_action": [clean.pk]})

    assert [str(m) for m in verify.context["messages"]] == [
        f"{tampered}: move 1 is refused on replay: bad_move: pick a value from 1 to 3"
    ]
    clean.refresh_from_db()
    assert clean.status == Table.Status.ANNULLED


# --- player profiles: an organizer edits only their clubs' members --------------------------------------------------


def _player_form(player, **changes) -> dict:
    data = {
        "user": player.user.pk,
        "display_name": player.display_name,
        "language": player.language,
        "settings": "{}",
    }
    return {**data, **changes}


def test_an_organizer_lists_only_the_players_of_the_clubs_they_organize(organizer) -> None:
    # given: a member of the organizer's club (in a second club of theirs too) and a player of another club only
    client, club = organizer
    member = MembershipFactory(club=club, player=PlayerFactory(display_name="Member")).player
    second = ClubFactory()
    Membership.objects.create(club=second, player=member)
    Membership.objects.create(club=second, player=Player.objects.get(user__username="olivia"), role="organizer")
    MembershipFactory(player=PlayerFactory(display_name="Outsider"))
    # when
    response = client.get(reverse("admin:league_player_changelist"))
    # then: the organizer and the member, once each; not the outsider
    assert [p.display_name for p in response.context["cl"].result_list] == ["Member", "Olivia"]


def test_an_organizer_edits_a_member_but_not_a_player_of_another_club(organizer) -> None:
    client, club = organizer
    member = MembershipFactory(club=club).player
    outsider = MembershipFactory(player=PlayerFactory(display_name="Outsider")).player

    edited = client.post(
        reverse("admin:league_player_change", args=[member.pk]), _player_form(member, display_name="Renamed")
    )
    refused = client.post(
        reverse("admin:league_player_change", args=[outsider.pk]), _player_form(outsider, display_name="Hijacked")
    )

    assert edited.status_code == 302
    member.refresh_from_db()
    assert member.display_name == "Renamed"
    # the admin's answer to an object outside the queryset: back to the index, nothing saved
    assert refused.status_code == 302
    outsider.refresh_from_db()
    assert outsider.display_name == "Outsider"


def test_an_organizer_cannot_move_a_members_profile_to_another_account(organizer) -> None:
    client, club = organizer
    member = MembershipFactory(club=club).player
    other_account = UserFactory(username="someone-else")

    answer = client.post(
        reverse("admin:league_player_change", args=[member.pk]),
        _player_form(member, user=other_account.pk, display_name="Renamed"),
    )

    assert answer.status_code == 302
    owner = member.user_id
    member.refresh_from_db()
    # the rest of the form is saved; the account field is not even offered
    assert (member.display_name, member.user_id) == ("Renamed", owner)


def test_an_organizer_has_no_change_permission_on_a_player_of_another_club(organizer, rf) -> None:
    from django.contrib import admin

    _client, club = organizer
    member = MembershipFactory(club=club).player
    outsider = PlayerFactory()
    request = rf.get("/admin/")
    request.user = Player.objects.get(user__username="olivia").user
    player_admin = admin.site._registry[Player]

    assert player_admin.has_change_permission(request, member) is True
    assert player_admin.has_change_permission(request, outsider) is False
    assert player_admin.has_change_permission(request) is True  # the changelist itself


def test_an_organizer_still_finds_any_player_to_add_as_a_member(organizer) -> None:
    # given: a player in no club of the organizer's
    client, _club = organizer
    newcomer = PlayerFactory(display_name="Newcomer")
    # when: the membership form's player search runs
    response = client.get(
        reverse("admin:autocomplete"),
        {"term": "Newc", "app_label": "league", "model_name": "membership", "field_name": "player"},
    )
    # then: the newcomer is offered
    assert response.status_code == 200
    assert [r["id"] for r in response.json()["results"]] == [str(newcomer.pk)]


def test_a_superuser_lists_every_player(superuser_client) -> None:
    players = {PlayerFactory().pk, MembershipFactory().player.pk}

    response = superuser_client.get(reverse("admin:league_player_changelist"))

    assert {p.pk for p in response.context["cl"].result_list} == players


# --- season clocks ---------------------------------------------------------------------------------------------------


def _draft_season(club, organizer_player):
    return season_create(club=club, by=organizer_player, spec=SeasonSpec(game="palace-infighting", name="Winter"))


CLOCK_FORM = {
    "bank_start": 7200,
    "bank_increment": 0,
    "bank_cap": "",
    "vacation_days": 3,
    "pause_weekday": 5,
    "pause_start": "00:00",
    "pause_hours": 48,
    "time_zone": "Asia/Seoul",
    "timeout_policy": "autoplay",
    "abandon_after": 3,
}


def test_an_organizer_switches_a_season_clock_on_through_the_service(organizer) -> None:
    client, club = organizer
    season = _draft_season(club, Player.objects.get(user__username="olivia"))

    response = client.post(reverse("admin:league_seasonclock_add"), {"season": season.pk, **CLOCK_FORM})

    assert response.status_code == 302, response.context["adminform"].form.errors
    clock = SeasonClock.objects.get(season=season)
    assert (clock.bank_start, clock.pause_hours, clock.time_zone) == (7200, 48, "Asia/Seoul")


def test_the_admin_refuses_a_clock_in_a_time_zone_that_does_not_exist(organizer) -> None:
    client, club = organizer
    season = _draft_season(club, Player.objects.get(user__username="olivia"))

    response = client.post(
        reverse("admin:league_seasonclock_add"), {"season": season.pk, **CLOCK_FORM, "time_zone": "Europe/Pariss"}
    )

    assert response.status_code == 200
    assert "time_zone" in response.context["adminform"].form.errors
    assert not SeasonClock.objects.exists()
