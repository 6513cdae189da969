"""league/security_headers.py and the CSRF failure view: every kind of answer carries the Content-Security-Policy and
the Permissions-Policy; an answer to a signed-in caller, which may hold a seat's hidden cards, is never stored by a
cache; a refused CSRF check is a styled page in the reader's language, or the API's JSON error."""

import random
import re

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.authtoken.models import Token

from league.models import Table
from league.security_headers import policy_header
from tests.league.factories import PlayerFactory, UserFactory, table_for
from tests.league.playing import play_moves

pytestmark = pytest.mark.django_db

POLICY = policy_header(settings.SECURE_CSP)


@pytest.fixture
def table() -> Table:
    table = play_moves(table_for("mini-poker", players=3, options={"hands": 3}), random.Random(5), count=2)
    assert table.status == Table.Status.ACTIVE
    return table


def _kinds(table: Table) -> list[tuple[str, dict]]:
    """One URL of every kind of answer: pages, htmx fragments, downloads, the API, its docs, the admin, errors."""
    return [
        ("/", {}),
        ("/signup/", {}),
        ("/login/", {}),
        (f"/tables/{table.pk}/", {}),
        (f"/tables/{table.pk}/", {"HTTP_HX_REQUEST": "true"}),
        (f"/tables/{table.pk}/verify/", {}),
        (f"/tables/{table.pk}/record.json", {}),
        (f"/clubs/{table.club.slug}/", {}),
        ("/leaderboards/coinche/", {}),
        ("/api/", {}),
        (f"/api/tables/{table.pk}/", {}),
        ("/api/docs/", {}),
        ("/api/docs/?script=", {}),
        ("/api/schema/", {}),
        ("/admin/login/", {}),
        ("/no-such-page/", {}),
        ("/api/no-such-endpoint/", {}),
        ("/static/js/forms.js", {}),
    ]


def test_every_kind_of_answer_carries_the_policy(table: Table) -> None:
    seated = table.seats.get(index=0).player
    viewers = {"anonymous": Client(), "seat": Client()}
    viewers["seat"].force_login(seated.user)
    for name, client in viewers.items():
        for url, headers in _kinds(table):
            response = client.get(url, **headers)
            assert response.status_code < 500, (name, url, response.status_code)
            assert response["Content-Security-Policy"] == POLICY, (name, url)
            assert "camera=()" in response["Permissions-Policy"], (name, url)


def test_the_policy_allows_scripts_from_the_site_alone() -> None:
    directives = dict(item.split(" ", 1) for item in POLICY.split("; "))
    assert directives["script-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    # styles: the site's files and style="" attributes, nothing from elsewhere
    assert directives["style-src"] == "'self' 'unsafe-inline'"
    assert not re.search(r"https?:|\*", POLICY)


def test_an_answer_holding_a_seats_hidden_cards_is_never_cached(table: Table) -> None:
    player = table.seats.get(index=0).player
    page = Client()
    page.force_login(player.user)
    token, _ = Token.objects.get_or_create(user=player.user)
    api = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
    answers = [
        page.get(f"/tables/{table.pk}/"),
        page.get(f"/tables/{table.pk}/", HTTP_HX_REQUEST="true"),
        page.get(f"/tables/{table.pk}/version/?v=0", HTTP_HX_REQUEST="true"),
        page.get("/inbox/"),
        api.get(f"/api/tables/{table.pk}/"),
        api.get(f"/api/tables/{table.pk}/legal-moves/"),
        api.get(f"/api/tables/{table.pk}/moves/"),
        api.get("/api/me/turns/"),
    ]
    for response in answers:
        assert response.status_code < 400, response.status_code
        directives = {part.strip() for part in response["Cache-Control"].split(",")}
        assert {"private", "no-store"} <= directives, (response.request["PATH_INFO"], response["Cache-Control"])
    # a visitor's answer holds nothing private: a cache may keep it
    assert "no-store" not in Client().get(f"/tables/{table.pk}/").get("Cache-Control", "")


def test_a_refused_csrf_check_is_a_styled_page_in_the_readers_language() -> None:
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="ko")

    response = client.post("/login/", {"username": "x", "password": "y"})

    assert response.status_code == 403
    page = response.content.decode()
    assert '<html lang="ko">' in page and 'class="error-page"' in page
    assert "양식" in page  # "The form has expired", in Korean
    assert "Referer checking failed" not in page and "CSRF cookie not set" not in page  # Django's words for developers
    assert response["Content-Security-Policy"] == POLICY


def test_a_refused_csrf_check_of_the_api_is_its_json_error() -> None:
    # given: a signed-in browser's session, calling the API without the CSRF token (a forged cross-site request)
    player = PlayerFactory(user=UserFactory(username="cora"))
    client = Client(enforce_csrf_checks=True)
    client.force_login(player.user)

    response = client.post("/api/me/tokens/rotate/", {"password": "x"}, content_type="application/json")

    assert response.status_code == 403
    assert response.json()["error"]["code"] == "csrf_failed"


def test_an_ended_tables_doors_carry_the_policy_too() -> None:
    table = play_moves(table_for("mini-poker", players=2, options={"hands": 1}), random.Random(6))
    for url in (f"/tables/{table.pk}/replay/", f"/tables/{table.pk}/history.txt"):
        assert Client().get(url)["Content-Security-Policy"] == POLICY
