"""Token creation for scripts and bots (league/api/views/auth.py)."""

import pytest
from rest_framework.authtoken.models import Token

from tests.league.api.helpers import error
from tests.league.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    player = PlayerFactory(user__username="alice")
    player.user.set_password("alice-secret")
    player.user.save()
    return player


def test_username_and_password_give_the_users_token(anon, alice) -> None:
    first = anon.post("/api/auth/token/", {"username": "alice", "password": "alice-secret"}, format="json")
    second = anon.post("/api/auth/token/", {"username": "alice", "password": "alice-secret"}, format="json")

    assert first.status_code == 200
    assert first.json() == {"token": Token.objects.get(user=alice.user).key}
    assert second.json() == first.json()


def test_the_token_authenticates(anon, alice) -> None:
    token = anon.post("/api/auth/token/", {"username": "alice", "password": "alice-secret"}, format="json").json()
    anon.credentials(HTTP_AUTHORIZATION=f"Token {token['token']}")

    assert anon.get("/api/me/").json()["username"] == "alice"


def test_wrong_password_is_401(anon, alice) -> None:
    response = anon.post("/api/auth/token/", {"username": "alice", "password": "nope"}, format="json")

    assert response.status_code == 401
    assert response.json() == error("invalid_credentials", None, "Unable to log in with these credentials.")
    assert not Token.objects.exists()


def test_missing_password_is_400(anon) -> None:
    response = anon.post("/api/auth/token/", {"username": "alice"}, format="json")

    assert response.status_code == 400
    assert response.json() == error("required", "password", "This field is required.")
