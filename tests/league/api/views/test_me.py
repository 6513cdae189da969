"""The caller's player settings (league/api/views/me.py)."""

import pytest
from rest_framework.test import APIClient

from tests.league.api.helpers import error
from tests.league.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_me_shows_the_profile(client_for) -> None:
    player = PlayerFactory(user__username="bob", display_name="Bob", settings={"sound": True})

    body = client_for(player).get("/api/me/").json()

    assert body == {
        "id": player.pk,
        "username": "bob",
        "display_name": "Bob",
        "language": "en",
        "is_bot": False,
        "time_zone": "UTC",
        "settings": {"sound": True},
    }


def test_patch_changes_only_what_is_sent_and_merges_settings(client_for) -> None:
    player = PlayerFactory(display_name="Bob", settings={"notifications": {"your_move": False}, "theme": "dark"})

    response = client_for(player).patch(
        "/api/me/", {"language": "ko", "settings": {"theme": None, "sound": False}}, format="json"
    )

    assert response.status_code == 200
    player.refresh_from_db()
    assert (player.display_name, player.language) == ("Bob", "ko")
    assert player.settings == {"notifications": {"your_move": False}, "sound": False}
    assert response.json()["settings"] == {"notifications": {"your_move": False}, "sound": False}


def test_unknown_language_is_400(client_for) -> None:
    response = client_for(PlayerFactory()).patch("/api/me/", {"language": "xx"}, format="json")

    assert response.status_code == 400
    assert response.json() == error("invalid_choice", "language", '"xx" is not a valid choice.')


def test_blank_display_name_is_400(client_for) -> None:
    response = client_for(PlayerFactory()).patch("/api/me/", {"display_name": ""}, format="json")

    assert response.status_code == 400
    assert response.json() == error("blank", "display_name", "This field may not be blank.")


def test_me_needs_authentication(anon) -> None:
    assert anon.get("/api/me/").json() == error(
        "not_authenticated", None, "Authentication credentials were not provided."
    )


def test_an_account_without_player_profile_is_403() -> None:
    client = APIClient()
    client.force_authenticate(UserFactory())

    response = client.get("/api/me/")

    assert response.status_code == 403
    assert response.json() == error("no_player", None, "This account has no player profile.")


def test_a_display_name_taken_in_another_case_is_refused(client_for) -> None:
    PlayerFactory(display_name="Alice")
    impostor = PlayerFactory(display_name="Mallory")

    response = client_for(impostor).patch("/api/me/", {"display_name": "aLiCe"}, format="json")

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "display_name_taken"
    impostor.refresh_from_db()
    assert impostor.display_name == "Mallory"
