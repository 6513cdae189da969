"""The admin (league/admin/): every page renders, an organizer sees only their clubs, tables open through the
service, nothing shows the seed or a hidden move while the table is in play."""

import random
import re

import pytest
from django.urls import reverse

from league.models import Membership, Move, Player, SeasonClock, Table
from league.services.moves import move_submit
from league.services.seasons import SeasonSpec, season_create
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory, table_for
from tests.league.playing import play_moves, seat_count, short_options
from tests.league.poker_playing import freezeout_played

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
    assert "[{&quot;seat&quot;: 0, &quot;type&quot;: &quot;pick&quot;}] (the rest while in play is private)" in page
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


def test_an_organizer_sees_the_rating_events_of_their_clubs_poker_tournaments(organizer) -> None:
    """A poker tournament's events have no table: they are the organizer's by the tournament's club."""
    client, club = organizer
    mine = freezeout_played(club=club, name="Ours")
    freezeout_played(name="Theirs")

    response = client.get(reverse("admin:league_ratingevent_changelist"))

    assert response.status_code == 200
    assert {e.competition_id for e in response.context["cl"].result_list} == {mine.pk}
    assert "Ours" in response.content.decode() and "Theirs" not in response.content.decode()


def test_an_organizer_opens_a_table_through_the_service(organizer, fake_game: str) -> None:
    client, club = organizer
    for name in ("ann", "ben"):
        MembershipFactory(club=club, player=PlayerFactory(user=UserFactory(username=name)))

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
    MembershipFactory(club=club, player=PlayerFactory(user=UserFactory(username="ann")))

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
    MembershipFactory(club=club, player=PlayerFactory(user=UserFactory(username="ben")))
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


def test_the_add_form_seats_only_members_and_refuses_a_time_under_the_floor(organizer, fake_game: str) -> None:
    # given: a player of no club of the organizer's (the report's enrolment without consent)
    client, club = organizer
    MembershipFactory(club=club, player=PlayerFactory(user=UserFactory(username="ann")))
    PlayerFactory(user=UserFactory(username="stranger"))
    form = {"club": club.pk, "game_name": fake_game, "table_options": "{}"}

    outsider = client.post(
        reverse("admin:league_table_add"), {**form, "seat_usernames": "ann, stranger", "time_per_move": 3600}
    )
    fast = client.post(reverse("admin:league_table_add"), {**form, "seat_usernames": "ann, olivia", "time_per_move": 1})

    assert outsider.context["adminform"].form.errors["seat_usernames"] == ["Not a member of the club: stranger."]
    assert "at least 3600 seconds" in fast.context["adminform"].form.errors["time_per_move"][0]
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

    assert [str(m) for m in verify.context["messages"]] == [f"{tampered}: move 1 is refused on replay: bad_move"]
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


def test_an_organizer_edits_no_profile_not_even_a_members(organizer) -> None:
    # given: a member of the organizer's club
    client, club = organizer
    member = MembershipFactory(club=club, player=PlayerFactory(display_name="Member")).player
    # when: the organizer posts the member's profile form
    answer = client.post(
        reverse("admin:league_player_change", args=[member.pk]), _player_form(member, display_name="Renamed")
    )
    # then: refused (the admin's read-only answer), nothing saved, and the page shows no settings
    assert answer.status_code == 403
    member.refresh_from_db()
    assert member.display_name == "Member"
    page = client.get(reverse("admin:league_player_change", args=[member.pk])).content.decode()
    assert "settings" not in page.lower().split("<form", 1)[-1].split("</form>", 1)[0].replace("csrfmiddleware", "")


def test_an_organizer_has_no_change_permission_on_any_player(organizer, rf) -> None:
    from django.contrib import admin

    _client, club = organizer
    member = MembershipFactory(club=club).player
    request = rf.get("/admin/")
    request.user = Player.objects.get(user__username="olivia").user
    player_admin = admin.site._registry[Player]

    assert player_admin.has_change_permission(request, member) is False
    assert player_admin.has_change_permission(request) is False
    assert player_admin.has_view_permission(request, member) is True


def test_an_organizer_changes_a_members_role_but_adds_no_member(organizer) -> None:
    client, club = organizer
    membership = MembershipFactory(club=club)

    changed = client.post(
        reverse("admin:league_membership_change", args=[membership.pk]), {"role": Membership.Role.ORGANIZER}
    )
    added = client.get(reverse("admin:league_membership_add"))

    assert changed.status_code == 302
    membership.refresh_from_db()
    assert membership.role == Membership.Role.ORGANIZER
    assert added.status_code == 403


def test_the_player_search_finds_only_the_organizers_members_and_never_by_email(organizer) -> None:
    # given: a member with an e-mail address, and a player of no club of the organizer's
    client, club = organizer
    member = MembershipFactory(
        club=club, player=PlayerFactory(display_name="Member", user=UserFactory(email="secret.person@example.org"))
    ).player
    PlayerFactory(display_name="Newcomer", user=UserFactory(email="secret.other@example.org"))

    def search(term: str) -> list[str]:
        response = client.get(
            reverse("admin:autocomplete"),
            {"term": term, "app_label": "league", "model_name": "membership", "field_name": "player"},
        )
        assert response.status_code == 200
        return [r["id"] for r in response.json()["results"]]

    # then: the e-mail is no search key, and an outsider is never offered
    assert search("secret.person@") == []
    assert search("secret") == []
    assert search("Newc") == []
    assert search("Memb") == [str(member.pk)]


def test_a_superuser_lists_every_player(superuser_client) -> None:
    players = {PlayerFactory().pk, MembershipFactory().player.pk}

    response = superuser_client.get(reverse("admin:league_player_changelist"))

    assert {p.pk for p in response.context["cl"].result_list} == players


# --- filters and searches: nothing a seat keeps to itself ------------------------------------------------------------


def _organizer_at(client, club, game: str, seed: str) -> tuple[Table, Player]:
    """A table of `game` in the organizer's club where the organizer holds seat 0, a few moves in."""
    olivia = Player.objects.get(user__username="olivia")
    engine_players = [olivia, *PlayerFactory.create_batch(seat_count(game) - 1)]
    for player in engine_players[1:]:
        MembershipFactory(club=club, player=player)
    table = table_for(game, players=engine_players, club=club, seed=seed, options=short_options(game))
    return play_moves(table, random.Random(3), count=4), olivia


@pytest.mark.parametrize(
    "url",
    [
        "/admin/league/table/?id={table}&seed__startswith={seed_prefix}",
        "/admin/league/table/?state__hands__1__contains=8D",
        "/admin/league/table/?state__seed__startswith={seed_prefix}",
        "/admin/league/move/?table__id={table}&seat=0&payload__card=K",
        "/admin/league/move/?payload__type=discard",
        "/admin/league/season/?seed__startswith={season_prefix}",
        "/admin/league/tablefairness/?server_seed__startswith={seed_prefix}",
        "/admin/league/table/?fairness__server_seed__startswith={seed_prefix}",
        "/admin/league/table/?moves__payload__card=K",
        "/admin/league/table/?seats__player__user__email__contains=secret",
        "/admin/league/player/?settings__has_key=notifications",
        "/admin/league/player/?user__email__startswith=s",
    ],
)
def test_the_reports_filter_urls_learn_nothing(organizer, url: str) -> None:
    # given: an organizer seated at a running table of their club (The Court: hands, discards)
    client, club = organizer
    seed = "f00dfeed" * 4
    table, _ = _organizer_at(client, club, "the-court", seed)
    olivia = Player.objects.get(user__username="olivia")
    season = season_create(club=club, by=olivia, spec=SeasonSpec(game="the-court", name="Seeded"))
    # when: the report's question is asked with the right answer and with a wrong one
    right = client.get(url.format(table=table.pk, seed_prefix=seed[:2], season_prefix=season.seed[:2]))
    wrong = client.get(url.format(table=table.pk, seed_prefix="zz", season_prefix="zz"))
    # then: refused alike, as a bad request (never a list that is longer or shorter for the right guess)
    assert (right.status_code, wrong.status_code) in {(400, 400), (404, 404)}
    assert _normalized(right.content) == _normalized(wrong.content)


def _normalized(content: bytes) -> bytes:
    """A page without its CSRF token (new with every answer) and the address it was asked at (the language
    switcher's way back), which echo the request rather than tell anything."""
    return re.sub(
        rb'(csrfmiddlewaretoken" value="|"X-CSRFToken": "|name="next" type="hidden" value=")[^"]+', rb"\1", content
    )


@pytest.mark.parametrize(
    ("url", "count"),
    [
        ("/admin/league/table/?status__exact=active", 1),
        ("/admin/league/table/?status__exact=finished", 0),
        ("/admin/league/table/?club__id__exact={club}", 1),
        ("/admin/league/table/?game__exact=the-court", 1),
        ("/admin/league/table/?created_at__year={year}", 1),
        ("/admin/league/move/?auto__exact=0&hidden__exact=1&table__game__exact=the-court", None),
        ("/admin/league/membership/?role__exact=organizer", 1),
    ],
)
def test_the_filters_an_admin_lists_still_work(organizer, url: str, count: int | None) -> None:
    client, club = organizer
    table, _ = _organizer_at(client, club, "the-court", "s" * 32)

    response = client.get(url.format(club=club.pk, year=table.created_at.year))

    assert response.status_code == 200
    if count is not None:
        assert response.context["cl"].result_count == count


def test_every_league_admin_guards_its_lookups_and_searches_no_secret() -> None:
    from django.contrib import admin

    from league.admin.base import SECRET_FIELDS, LeagueAdmin

    for model, model_admin in admin.site._registry.items():
        if model._meta.app_label != "league":
            continue
        assert isinstance(model_admin, LeagueAdmin), model
        for path in [*model_admin.search_fields, *[f if isinstance(f, str) else f[0] for f in model_admin.list_filter]]:
            parts = path.lstrip("=^@").split("__")
            assert not SECRET_FIELDS.intersection(parts), (model, path)


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
