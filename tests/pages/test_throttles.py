"""Finding 3 of the security report: one throttle policy for every door (league/throttles.py). The log-in page and
the admin's log-in are limited as the token endpoint is, and count into the same counters; the page's move form
counts into the API's move limit; the counters hold across worker processes (the cache: Redis in production)."""

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client

from tests.league.factories import PlayerFactory, table_for
from tests.redis_cache import SKIP_WITHOUT_REDIS, redis_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_counts() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def alice():
    player = PlayerFactory(user__username="alice", user__is_staff=True)
    player.user.set_password("alice-secret")
    player.user.save()
    return player


@pytest.mark.parametrize("door", ["/login/", "/admin/login/"])
def test_35_wrong_passwords_then_the_right_one_is_refused_at_every_log_in_page(alice, door: str) -> None:
    # given: the report's attack, 35 wrong passwords in a row
    client = Client()
    answers = [client.post(door, {"username": "alice", "password": f"guess{i}"}).status_code for i in range(35)]
    # when: the right password comes next
    right = client.post(door, {"username": "alice", "password": "alice-secret"})
    # then: refused past the 10th attempt of the minute, the right password too, with the wait to respect
    assert answers[:10] == [200] * 10
    assert set(answers[10:]) == {429}
    assert right.status_code == 429
    assert 0 < int(right["Retry-After"]) <= 60
    assert "_auth_user_id" not in client.session


def test_the_log_in_pages_and_the_token_endpoint_share_their_counters(alice) -> None:
    # given: ten wrong guesses spread over the three doors
    for index in range(4):
        Client().post("/login/", {"username": "alice", "password": f"g{index}"})
    for index in range(3):
        Client().post("/admin/login/", {"username": "alice", "password": f"h{index}"})
    for index in range(3):
        Client().post(
            "/api/auth/token/", {"username": "alice", "password": f"i{index}"}, content_type="application/json"
        )
    # when: the eleventh comes at any door
    token = Client().post(
        "/api/auth/token/", {"username": "alice", "password": "alice-secret"}, content_type="application/json"
    )
    page = Client().post("/login/", {"username": "alice", "password": "alice-secret"})
    # then: refused at each
    assert (token.status_code, token.json()["error"]["code"]) == (429, "throttled")
    assert page.status_code == 429


def test_a_page_in_the_korean_catalogue_says_how_long_to_wait(alice) -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="ko")
    for index in range(11):
        response = client.post("/login/", {"username": "alice", "password": f"g{index}"})

    assert response.status_code == 429
    assert "다시 시도" in response.content.decode()


def test_the_page_move_form_counts_into_the_api_move_limit(settings) -> None:
    # given: two moves a minute per player, one of them made through the API
    framework = {**settings.REST_FRAMEWORK}
    framework["DEFAULT_THROTTLE_RATES"] = {**framework["DEFAULT_THROTTLE_RATES"], "move_submit": "2/minute"}
    settings.REST_FRAMEWORK = framework
    table = table_for("the-court")
    player = table.seats.get(index=0).player
    from rest_framework.authtoken.models import Token

    token, _ = Token.objects.get_or_create(user=player.user)
    api = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
    page = Client()
    page.force_login(player.user)
    move = '{"type": "nothing"}'
    api.post(
        f"/api/tables/{table.pk}/moves/",
        {"move": {"type": "x"}, "expected_version": 0},
        content_type="application/json",
    )
    # when: the page sends two more
    second = page.post(f"/tables/{table.pk}/move/", {"move": move, "version": 0, "key": "k1"})
    third = page.post(f"/tables/{table.pk}/move/", {"move": move, "version": 0, "key": "k2"})
    # then: the second of the minute goes through to the rules (refused there), the third is throttled
    assert second.status_code == 422
    assert third.status_code == 429
    assert (
        api.post(
            f"/api/tables/{table.pk}/moves/",
            {"move": {"type": "x"}, "expected_version": 0},
            content_type="application/json",
        ).status_code
        == 429
    )


@pytest.mark.slow
@pytest.mark.skipif(**SKIP_WITHOUT_REDIS)
def test_the_counters_hold_across_worker_processes() -> None:
    # given: the cache is Redis, as CACHE_URL makes it in production, and a rate of 3 attempts a minute
    ident = f"process-test-{uuid.uuid4().hex}"
    code = (
        "import django; django.setup(); from league.throttles import throttle_hit; "
        f"print(throttle_hit('login_ip', {ident!r}))"
    )
    env = {
        **os.environ,
        "CACHE_URL": redis_url(),
        "LOGIN_IP_RATE": "3/minute",
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
    }
    # when: four worker processes, one after the other, each count one attempt of the same client
    answers = [
        subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=settings.BASE_DIR
        ).stdout.split()[-1]
        for _ in range(4)
    ]
    # then: the fourth is refused, though no process saw more than one attempt itself
    assert answers[:3] == ["None", "None", "None"]
    assert 0 < float(answers[3]) <= 60
