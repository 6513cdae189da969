"""Issue 35, finding 2: an account cannot be taken over from a session. Played as the attacker would, with a session
of the victim's (a browser left open) and without its password, then with it: the address does not move without the
password nor before the new address proves itself, the old address is told and can undo, a reset goes only to a
verified address, a password change or reset ends the other sessions and the API token, and a token cannot renew
itself."""

import re

import pytest
from django.core import mail
from django.test import Client
from rest_framework.authtoken.models import Token

from league.models import Account
from league.services.tokens import token_issue
from tests.league.factories import PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)  # the mails go on commit

PASSWORD = "victim-secret-1"


@pytest.fixture
def victim():
    player = PlayerFactory(user__username="vera", user__email="vera@example.org")
    player.user.set_password(PASSWORD)
    player.user.save()
    Account.objects.create(player=player, verified_email="vera@example.org")
    return player


def _session(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def _settings(**overrides) -> dict:
    return {"display_name": "Vera", "email": "vera@example.org", "language": "en", "time_zone": "UTC", **overrides}


def _link(body: str, path: str) -> str:
    found = re.search(rf"https?://[^/\s]+({re.escape(path)}\S+)", body)
    assert found, body
    return found.group(1)


def _reset(address: str) -> int:
    before = len(mail.outbox)
    Client().post("/account/password/reset/", {"email": address})
    return len(mail.outbox) - before


def test_a_session_without_the_password_cannot_move_the_address_and_a_reset_still_goes_to_the_victim(victim) -> None:
    # given: the attacker holds the victim's session, not the password
    attacker = _session(victim)

    # when: the attacker puts in an address of theirs, then asks for a password reset there
    changed = attacker.post("/settings/", _settings(email="thief@example.net"))
    reset_to_thief = _reset("thief@example.net")

    # then: the change is refused on the password field, nothing is pending, nothing is mailed to the thief
    assert changed.status_code == 400
    assert "Enter your password to change your e-mail address." in changed.content.decode()
    assert Account.objects.get(player=victim).pending_email == ""
    victim.user.refresh_from_db()
    assert victim.user.email == "vera@example.org"
    assert reset_to_thief == 0
    assert mail.outbox == []


def test_with_the_password_the_change_waits_for_the_new_address_and_a_reset_meanwhile_goes_to_the_old(victim) -> None:
    # given: an attacker who has the session and the password too asks for their address
    attacker = _session(victim)
    asked = attacker.post("/settings/", _settings(email="thief@example.net", password=PASSWORD))

    # when: before confirming, they ask for a reset at their address, and at the victim's
    to_thief = _reset("thief@example.net")
    to_victim = _reset("vera@example.org")

    # then: the account's address is still the victim's: the thief gets the confirmation link only, the victim the
    # notice with its undo link and the reset
    assert asked.status_code == 302
    victim.user.refresh_from_db()
    assert victim.user.email == "vera@example.org"
    assert (to_thief, to_victim) == (0, 1)
    recipients = [message.to for message in mail.outbox]
    assert recipients == [["thief@example.net"], ["vera@example.org"], ["vera@example.org"]]
    page = attacker.get("/settings/").content.decode()
    assert 'id="pending-email"' in page and "thief@example.net" in page
    assert "/account/email/confirm/" in mail.outbox[0].body
    assert "/account/email/undo/" in mail.outbox[1].body
    assert "thief@example.net" in mail.outbox[1].body


def test_the_old_address_undoes_a_confirmed_change_and_ends_the_token(victim) -> None:
    # given: the attacker confirmed their address and made an API token
    attacker = _session(victim)
    attacker.post("/settings/", _settings(email="thief@example.net", password=PASSWORD))
    confirm, notice = mail.outbox[0].body, mail.outbox[1].body
    attacker.get(_link(confirm, "/account/email/confirm/"))
    token_issue(user_id=victim.user_id)
    victim.user.refresh_from_db()
    assert victim.user.email == "thief@example.net"
    assert _reset("vera@example.org") == 0  # the old address no longer gets resets

    # when: the victim opens the undo link of the notice (a GET only asks), and confirms
    undo = _link(notice, "/account/email/undo/")
    reader = Client()
    asked = reader.get(undo)
    undone = reader.post(undo)

    # then: the address is the victim's again, verified, the token ended, and the victim is sent to reset
    assert asked.status_code == 200 and "Undo the change" in asked.content.decode()
    assert undone.status_code == 302 and undone["Location"] == "/account/password/reset/"
    victim.user.refresh_from_db()
    account = Account.objects.get(player=victim)
    assert (victim.user.email, account.verified_email, account.pending_email) == (
        "vera@example.org",
        "vera@example.org",
        "",
    )
    assert not Token.objects.filter(user=victim.user).exists()
    assert _reset("vera@example.org") == 1
    assert _reset("thief@example.net") == 0


def test_a_reset_goes_only_to_a_verified_address() -> None:
    # given: an account whose address was never verified
    player = PlayerFactory(user__username="uma", user__email="uma@example.org")
    player.user.set_password(PASSWORD)
    player.user.save()

    # then: a reset asked for it mails nothing (and answers as for any address, telling nothing)
    response = Client().post("/account/password/reset/", {"email": "uma@example.org"})
    assert response.status_code == 302 and mail.outbox == []


@pytest.mark.parametrize("how", ["change", "reset"])
def test_a_new_password_ends_the_other_sessions_and_the_api_token(victim, how: str) -> None:
    # given: the attacker's browser and token, and the victim's own browser
    attacker = _session(victim)
    token = token_issue(user_id=victim.user_id).key
    owner = Client()
    assert owner.post("/login/", {"username": "vera", "password": PASSWORD}).status_code == 302

    # when: the victim changes the password in their browser, or resets it by mail
    if how == "change":
        done = owner.post(
            "/account/password/",
            {"old_password": PASSWORD, "new_password1": "fresh-pass-77x", "new_password2": "fresh-pass-77x"},
        )
    else:
        Client().post("/account/password/reset/", {"email": "vera@example.org"})
        link = _link(mail.outbox[-1].body, "/account/password/reset/")
        form = owner.get(link, follow=True)
        done = owner.post(
            form.redirect_chain[-1][0], {"new_password1": "fresh-pass-77x", "new_password2": "fresh-pass-77x"}
        )

    # then: the attacker's session and token no longer work
    assert done.status_code == 302
    assert attacker.get("/settings/").status_code == 302  # sent to log in
    assert Client(HTTP_AUTHORIZATION=f"Token {token}").get("/api/me/").status_code == 401
    assert not Token.objects.filter(user=victim.user).exists()
    if how == "change":
        assert owner.get("/settings/").status_code == 200  # the browser that changed it stays signed in


def test_a_token_cannot_renew_itself_and_a_session_needs_the_password(victim) -> None:
    # given: a leaked token, and the victim's session
    token = token_issue(user_id=victim.user_id).key
    with_token = Client(HTTP_AUTHORIZATION=f"Token {token}")
    session = _session(victim)

    # when: the token asks for its own successor; the session asks without and with the password
    by_token = with_token.post("/api/me/tokens/rotate/", {"password": PASSWORD}, content_type="application/json")
    wrong = session.post("/api/me/tokens/rotate/", {"password": "guess"}, content_type="application/json")
    right = session.post("/api/me/tokens/rotate/", {"password": PASSWORD}, content_type="application/json")

    # then: the token alone is refused and stays the same; the session with the password gets a new one
    assert (by_token.status_code, by_token.json()["error"]["code"]) == (403, "session_required")
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (403, "wrong_password")
    assert right.status_code == 201 and right.json()["token"] != token
    assert with_token.get("/api/me/").status_code == 401
