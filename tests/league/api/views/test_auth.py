"""Token creation for scripts and bots (league/api/views/auth.py)."""

import pytest
from rest_framework.authtoken.models import Token

from league.throttles import DEFAULT_RATES
from tests.league.api.helpers import error
from tests.league.factories import PlayerFactory

pytestmark = pytest.mark.django_db

TOKEN = "/api/auth/token/"


@pytest.fixture(autouse=True)
def _fast_hashing(settings) -> None:
    # the throttling tests log in a dozen times; the production hasher takes seconds for that
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _with_password(username: str):
    player = PlayerFactory(user__username=username)
    player.user.set_password(f"{username}-secret")
    player.user.save()
    return player


@pytest.fixture
def alice():
    return _with_password("alice")


def _rates(settings, *, username: str = "1000/minute", ip: str = "1000/minute") -> None:
    """Token-request rates for this test (read at request time, so a changed setting applies at once)."""
    framework = {**settings.REST_FRAMEWORK}
    framework["DEFAULT_THROTTLE_RATES"] = {
        **framework["DEFAULT_THROTTLE_RATES"],
        "login_username": username,
        "login_ip": ip,
    }
    settings.REST_FRAMEWORK = framework


def _log_in(client, username: str, password: str | None = None, **extra):
    password = f"{username}-secret" if password is None else password
    return client.post(TOKEN, {"username": username, "password": password}, format="json", **extra)


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


# --- throttling: a password-guessing guard ---------------------------------------------------------------------------


def test_the_attempt_past_the_default_rate_for_a_username_from_one_client_is_429_throttled(anon, alice) -> None:
    # given: the default rate per username from one client address (10 a minute), all used up by wrong passwords
    allowed = int(DEFAULT_RATES["login_user_client"].split("/")[0])
    answers = [_log_in(anon, "alice", "guess").status_code for _ in range(allowed)]
    # when: one more attempt, this time with the right password
    response = _log_in(anon, "alice")
    # then: refused before the password is checked, in the error format, with the wait in Retry-After
    assert answers == [401] * allowed
    assert response.status_code == 429
    assert response.json() == error("throttled", None)
    assert 0 < int(response["Retry-After"]) <= 60
    assert not Token.objects.exists()


def test_a_throttled_username_does_not_hold_back_another(settings, anon, alice) -> None:
    # given: alice's username is throttled
    bob = _with_password("bob")
    _rates(settings, username="2/minute")
    for _ in range(2):
        _log_in(anon, "alice", "guess")
    assert _log_in(anon, "alice").status_code == 429
    # when: bob logs in from the same address
    response = _log_in(anon, "bob")
    # then: bob gets his token
    assert response.status_code == 200
    assert response.json() == {"token": Token.objects.get(user=bob.user).key}


def test_successful_logins_count_towards_the_username_rate(settings, anon, alice) -> None:
    # given: a rate of 3 a minute; the token never changes, so a client has no need to ask for it again and again
    _rates(settings, username="3/minute")
    answers = [_log_in(anon, "alice").status_code for _ in range(3)]
    # when: a fourth request with the right password
    response = _log_in(anon, "alice")
    # then: throttled like any other attempt
    assert answers == [200, 200, 200]
    assert response.status_code == 429


def test_the_username_rate_holds_across_addresses(settings, anon, alice) -> None:
    # given: a rate of 2 a minute per username, used from two addresses
    _rates(settings, username="2/minute")
    _log_in(anon, "alice", "guess", REMOTE_ADDR="10.0.0.1")
    _log_in(anon, "alice", "guess", REMOTE_ADDR="10.0.0.2")
    # when: a third address tries
    response = _log_in(anon, "alice", "guess", REMOTE_ADDR="10.0.0.3")
    # then: the username is throttled wherever the guesses come from
    assert response.status_code == 429


def test_blanks_around_a_username_do_not_make_a_new_one(settings, anon, alice) -> None:
    # given: the serializer strips blanks, so " alice" is tried as alice
    _rates(settings, username="2/minute")
    _log_in(anon, " alice", "guess")
    _log_in(anon, "alice ", "guess")
    # when / then: the third variant is throttled as alice
    assert _log_in(anon, "\talice\n", "guess").status_code == 429


def test_the_address_rate_caps_guesses_spread_over_many_usernames(settings, anon) -> None:
    # given: a rate of 3 a minute per address, used on three usernames
    _rates(settings, ip="3/minute")
    answers = [_log_in(anon, name, "guess").status_code for name in ("ann", "ben", "cat")]
    # when: a fourth username from the same address, and one from another address
    same_address = _log_in(anon, "dan", "guess")
    other_address = _log_in(anon, "dan", "guess", REMOTE_ADDR="10.9.9.9")
    # then: only the first address is throttled
    assert answers == [401, 401, 401]
    assert same_address.status_code == 429
    assert same_address.json() == error("throttled", None)
    assert other_address.status_code == 401


def test_a_forged_forwarded_for_header_does_not_give_a_fresh_address(settings, anon) -> None:
    # given: no proxy configured (NUM_PROXIES unset) and a rate of 2 a minute per address
    _rates(settings, ip="2/minute")
    for index in range(2):
        _log_in(anon, f"user{index}", "guess", HTTP_X_FORWARDED_FOR=f"192.0.2.{index}")
    # when: a third call claims yet another address
    response = _log_in(anon, "user9", "guess", HTTP_X_FORWARDED_FOR="192.0.2.99")
    # then: it is counted against the address it really came from
    assert response.status_code == 429


def test_a_body_without_a_username_counts_against_the_address(settings, anon) -> None:
    # given: a rate of 1 a minute per address, used by a call with no username
    _rates(settings, ip="1/minute")
    assert anon.post(TOKEN, {"password": "guess"}, format="json").status_code == 400
    # when / then: the next call from that address is throttled
    assert _log_in(anon, "alice", "guess").status_code == 429


def test_the_schema_documents_429_on_the_token_operation(anon) -> None:
    schema = anon.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()

    assert "429" in schema["paths"]["/api/auth/token/"]["post"]["responses"]
