"""The admin (league/admin.py): every page renders, an organizer sees only their clubs, tables open through the
service, nothing shows the seed or a hidden move while the table is in play."""

import random

import pytest
from django.urls import reverse

from league.models import Membership, Move, Table
from league.services.moves import move_submit
from tests.league.factories import ClubFactory, PlayerFactory, UserFactory, table_for
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
    "player", "club", "membership", "table", "move", "ledgerentry", "result",
    "season", "entrant", "round", "bye", "tableruling", "standing", "rating", "ratingevent",
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

    response = client.post(reverse("admin:league_table_add"), {
        "club": club.pk, "game_name": fake_game, "seat_usernames": "ben, ann", "table_options": '{"rounds": 2}',
        "time_per_move": 3600,
    })

    assert response.status_code == 302, response.context["adminform"].form.errors
    table = Table.objects.get()
    assert (table.club, table.options, table.time_per_move, table.version) == (club, {"rounds": 2}, 3600, 0)
    assert list(table.seats.order_by("index").values_list("player__user__username", flat=True)) == ["ben", "ann"]


def test_the_add_form_refuses_unknown_players_and_bad_options(organizer, fake_game: str) -> None:
    client, club = organizer
    PlayerFactory(user=UserFactory(username="ann"))

    unknown = client.post(reverse("admin:league_table_add"), {
        "club": club.pk, "game_name": fake_game, "seat_usernames": "ann, nobody", "table_options": "{}",
        "time_per_move": 3600,
    })
    PlayerFactory(user=UserFactory(username="ben"))
    bad = client.post(reverse("admin:league_table_add"), {
        "club": club.pk, "game_name": fake_game, "seat_usernames": "ann, ben", "table_options": '{"rounds": 99}',
        "time_per_move": 3600,
    })

    assert unknown.context["adminform"].form.errors["seat_usernames"] == ["No player with the username nobody."]
    assert bad.context["adminform"].form.errors["table_options"] == ["rounds is a whole number from 1 to 20"]
    assert not Table.objects.exists()


def test_the_verify_and_annul_actions(superuser_client, fake_game: str) -> None:
    clean, tampered = table_for(fake_game), table_for(fake_game)
    players = {s.index: s.player for s in tampered.seats.all()}
    move_submit(table_id=tampered.pk, player=players[0], move={"type": "pick", "value": 1}, expected_version=0)
    Move.objects.filter(table=tampered).update(payload={"type": "pick", "value": 9})
    url = reverse("admin:league_table_changelist")

    verify = superuser_client.post(url, {"action": "verify_selected", "_selected_action": [clean.pk, tampered.pk]},
                                   follow=True)
    superuser_client.post(url, {"action": "annul_selected", "_selected_action": [clean.pk]})

    assert [str(m) for m in verify.context["messages"]] == [
        f"{tampered}: move 1 is refused on replay: bad_move: pick a value from 1 to 3"
    ]
    clean.refresh_from_db()
    assert clean.status == Table.Status.ANNULLED
