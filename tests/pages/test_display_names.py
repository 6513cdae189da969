"""A display name is one line at every door (league.input.single_line_check): sign-up, the settings page, the API and
the admin each refuse CR, LF and the other control and bidi-override characters with a clear error, and store
nothing; the data migration cleaned the names stored before (league/migrations/0021_correspondence_loop.py)."""

import importlib

import pytest
from django.apps import apps
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from league.models import Player
from tests.league.api.helpers import error
from tests.league.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

BAD_NAMES = [
    "Mallory\r\nBcc: everyone@example.org",
    "Mallory\nSecond line",
    "Mallory\rReturn",
    "Tab\there",
    "Next\u0085line",
    "Line\u2028separator",
    "Bob\u202eevil",  # RIGHT-TO-LEFT OVERRIDE: shows as "Boblive"
    "Isolated\u2067name\u2069",
]


def _client(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


@pytest.mark.parametrize("name", BAD_NAMES)
def test_sign_up_refuses_it(name):
    response = Client().post(
        "/signup/",
        {
            "username": "mallory",
            "email": "mallory@example.org",
            "display_name": name,
            "language": "en",
            "password1": "correct horse 2027",
            "password2": "correct horse 2027",
        },
    )
    assert response.status_code == 400
    assert "A name is one line of text" in response.content.decode()
    assert not Player.objects.filter(user__username="mallory").exists()


@pytest.mark.parametrize("name", BAD_NAMES)
def test_the_settings_page_refuses_it(name):
    player = PlayerFactory(display_name="Mallory", user__email="m@example.org")
    response = _client(player).post(
        "/settings/", {"display_name": name, "email": player.user.email, "language": "en", "time_zone": "UTC"}
    )
    assert response.status_code == 400
    assert "A name is one line of text" in response.content.decode()
    player.refresh_from_db()
    assert player.display_name == "Mallory"


@pytest.mark.parametrize("name", BAD_NAMES)
def test_the_api_refuses_it(name):
    player = PlayerFactory(display_name="Mallory")
    client = APIClient()
    client.force_authenticate(player.user)
    response = client.patch("/api/me/", {"display_name": name}, format="json")
    assert response.status_code == 400
    assert response.json() == error("bad_characters", "display_name")
    player.refresh_from_db()
    assert player.display_name == "Mallory"


@pytest.mark.parametrize("name", BAD_NAMES)
def test_the_admin_refuses_it(client, name):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    player = PlayerFactory(display_name="Mallory")
    response = client.post(
        reverse("admin:league_player_change", args=[player.pk]),
        {"user": player.user_id, "display_name": name, "language": "en", "settings": "{}"},
    )
    assert response.status_code == 200  # the form again, with its error
    assert "A name is one line of text" in response.content.decode()
    player.refresh_from_db()
    assert player.display_name == "Mallory"


def test_every_door_takes_a_name_in_any_script_on_one_line():
    player = PlayerFactory(display_name="Mallory")
    client = APIClient()
    client.force_authenticate(player.user)
    assert client.patch("/api/me/", {"display_name": "민아 Ébène-O'Brien"}, format="json").status_code == 200


def test_the_migration_cleans_the_names_stored_before():
    cleaning = importlib.import_module("league.migrations.0021_correspondence_loop").display_names_clean
    kept = PlayerFactory(display_name="민아")
    broken = PlayerFactory(display_name="x")
    twin = PlayerFactory(display_name="Bob Smith")
    blank = PlayerFactory(display_name="y")
    Player.objects.filter(pk=broken.pk).update(display_name="Mallory\r\nBcc: all@example.org")
    Player.objects.filter(pk=twin.pk).update(display_name="Bob Smith")
    clash = PlayerFactory(display_name="z")
    Player.objects.filter(pk=clash.pk).update(display_name="bob\nsmith")
    Player.objects.filter(pk=blank.pk).update(display_name="\r\n\u202e")

    cleaning(apps, None)

    names = dict(Player.objects.values_list("pk", "display_name"))
    assert names[kept.pk] == "민아" and names[twin.pk] == "Bob Smith"
    assert names[broken.pk] == "Mallory Bcc: all@example.org"
    # a cleaned name that would equal another's (whatever the case) is told apart; an emptied one gets one
    assert names[clash.pk] == "bob smith (2)"
    assert names[blank.pk] == f"player {blank.pk}"
