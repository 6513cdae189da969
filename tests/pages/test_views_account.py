"""Finding 10 of the security report: API tokens expire, and their owner lists, rotates and revokes them (API and a
page); players change their password, and reset a forgotten one, through Django's own views."""

from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from league.models import Account
from tests.league.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    player = PlayerFactory(user__username="alice", user__email="alice@example.org")
    player.user.set_password("alice-secret-1")
    player.user.save()
    Account.objects.create(player=player, verified_email="alice@example.org")
    return player


def _api(token: str) -> Client:
    return Client(HTTP_AUTHORIZATION=f"Token {token}")


def _token(username: str = "alice", password: str = "alice-secret-1") -> str:
    response = Client().post(
        "/api/auth/token/", {"username": username, "password": password}, content_type="application/json"
    )
    return response.json()["token"]


def test_a_token_expires_after_its_days_and_the_token_endpoint_then_gives_a_new_one(alice, settings) -> None:
    settings.API_TOKEN_TTL_DAYS = 30
    old = _token()
    with time_machine.travel(timezone.now() + timedelta(days=31)):
        refused = _api(old).get("/api/me/")
        new = _token()
        works = _api(new).get("/api/me/")

    assert (refused.status_code, refused.json()["error"]["code"]) == (401, "token_expired")
    assert new != old and works.status_code == 200


def test_the_owner_lists_rotates_and_revokes_their_token_through_the_api(alice) -> None:
    old = _token()

    listed = _api(old).get("/api/me/tokens/").json()
    session = Client()
    session.force_login(alice.user)
    rotated = session.post("/api/me/tokens/rotate/", {"password": "alice-secret-1"}, content_type="application/json")
    new = rotated.json()["token"]
    old_now = _api(old).get("/api/me/")
    revoked = _api(new).delete("/api/me/tokens/")

    assert [(t["ending"], t["expired"]) for t in listed] == [(old[-4:], False)]
    assert old not in str(listed)
    assert rotated.status_code == 201 and new != old
    assert old_now.status_code == 401
    assert revoked.status_code == 204 and not Token.objects.exists()


def test_the_token_page_rotates_and_revokes(alice) -> None:
    old = _token()
    client = Client()
    client.force_login(alice.user)

    page = client.get("/account/tokens/").content.decode()
    rotated = client.post("/account/tokens/", {"action": "rotate"}).content.decode()
    new = Token.objects.get().key
    client.post("/account/tokens/", {"action": "revoke"})

    assert f"…{old[-4:]}" in page and old not in page
    assert new in rotated and new != old
    assert not Token.objects.exists()


def test_a_player_changes_their_password(alice) -> None:
    client = Client()
    client.force_login(alice.user)

    wrong = client.post(
        "/account/password/",
        {"old_password": "nope", "new_password1": "a-new-secret-9", "new_password2": "a-new-secret-9"},
    )
    right = client.post(
        "/account/password/",
        {"old_password": "alice-secret-1", "new_password1": "a-new-secret-9", "new_password2": "a-new-secret-9"},
    )

    assert wrong.status_code == 200 and right.status_code == 302
    alice.user.refresh_from_db()
    assert alice.user.check_password("a-new-secret-9")


def test_a_forgotten_password_is_reset_through_a_mailed_link_to_site_url(alice, settings) -> None:
    settings.SITE_URL = "https://cards.example.org"
    client = Client(HTTP_HOST="evil.example")  # a forged Host header does not reach the mail
    client.defaults["HTTP_HOST"] = "testserver"

    sent = client.post("/account/password/reset/", {"email": "alice@example.org"})

    assert sent.status_code == 302 and len(mail.outbox) == 1
    link = next(line for line in mail.outbox[0].body.splitlines() if "/account/password/reset/" in line)
    assert link.startswith("https://cards.example.org/account/password/reset/")
    path = link.removeprefix("https://cards.example.org")
    form = client.get(path, follow=True)
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "brand-new-77x", "new_password2": "brand-new-77x"})
    assert done.status_code == 302
    alice.user.refresh_from_db()
    assert alice.user.check_password("brand-new-77x")
