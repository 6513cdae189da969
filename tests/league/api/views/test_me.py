"""The caller's player settings (league/api/views/me.py)."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from league.models import Account, Notification
from league.services.notifications import notification_add, notification_turn
from tests.league.api.helpers import error
from tests.league.factories import PlayerFactory, UserFactory, table_for

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


def test_the_time_zone_and_language_are_read_and_set_and_then_no_browser_replaces_them(client_for) -> None:
    player = PlayerFactory()
    client = client_for(player)
    assert client.get("/api/me/locale/").json() == {
        "time_zone": "UTC",
        "language": "en",
        "time_zone_chosen": False,
        "language_chosen": False,
    }

    response = client.patch("/api/me/locale/", {"time_zone": "Asia/Seoul", "language": "ko"}, format="json")

    assert response.status_code == 200
    assert response.json() == {
        "time_zone": "Asia/Seoul",
        "language": "ko",
        "time_zone_chosen": True,
        "language_chosen": True,
    }
    assert client.get("/api/me/").json()["language"] == "ko"
    refused = client.patch("/api/me/locale/", {"time_zone": "Mars/Olympus"}, format="json")
    assert refused.status_code == 400 and refused.json() == error("bad_time_zone", "time_zone")
    assert Account.objects.get(player=player).time_zone == "Asia/Seoul"


def test_the_notifications_list_counts_and_are_marked_read(client_for, settings) -> None:
    settings.SITE_URL = "https://cards.example.org"
    player = PlayerFactory()
    table = table_for("palace-infighting", players=[player, PlayerFactory()])
    now = timezone.now()
    notification_turn(player=player, table=table, turn_started=now, now=now)
    notification_add(player=player, kind="deadline_near", key="near:1", table=table, now=now - timedelta(minutes=1))
    client = client_for(player)

    listed = client.get("/api/me/notifications/").json()
    assert [(n["kind"], n["text"], n["url"], n["read_at"]) for n in listed] == [
        (
            "your_move",
            f"Your move at Palace Infighting (table {table.pk})",
            f"https://cards.example.org/tables/{table.pk}/",
            None,
        ),
        (
            "deadline_near",
            f"Your time at Palace Infighting (table {table.pk}) is nearly up",
            f"https://cards.example.org/tables/{table.pk}/",
            None,
        ),
    ]
    assert client.get("/api/me/notifications/unread-count/").json() == {"unread": 2}

    first = listed[0]["id"]
    assert client.post("/api/me/notifications/read/", {"ids": [first]}, format="json").json() == {"marked": 1}
    assert [n["id"] for n in client.get("/api/me/notifications/?unread=1").json()] == [listed[1]["id"]]
    assert client.post("/api/me/notifications/read/", {}, format="json").json() == {"marked": 1}
    assert client.get("/api/me/notifications/unread-count/").json() == {"unread": 0}
    # another player's ids are not the caller's to mark
    other = PlayerFactory()
    notification_add(player=other, kind="season_news", key="round:9", now=now)
    theirs = Notification.objects.get(player=other).pk
    assert client.post("/api/me/notifications/read/", {"ids": [theirs]}, format="json").json() == {"marked": 0}


def test_the_notifications_need_authentication(anon) -> None:
    for path in ("/api/me/notifications/", "/api/me/notifications/unread-count/", "/api/me/locale/"):
        assert anon.get(path).status_code == 401
    assert anon.post("/api/me/notifications/read/", {}, format="json").status_code == 401
