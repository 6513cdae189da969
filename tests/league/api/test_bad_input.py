"""Finding 2 and 5 of the security report: no input reaches a 500, and every answer under /api/ is the API's JSON
error format with a 4xx: surrogates and NUL in a move, deep JSON to every endpoint (the unauthenticated token
endpoint too), strict integers in the query string, settings checked against their schema, bodies over the limit."""

import json

import pytest
from django.test import Client

from league.models import Player
from tests.league.api.helpers import error
from tests.league.factories import MembershipFactory, table_for

pytestmark = pytest.mark.django_db


def _token_client(player: Player) -> Client:
    from rest_framework.authtoken.models import Token

    token, _ = Token.objects.get_or_create(user=player.user)
    return Client(HTTP_AUTHORIZATION=f"Token {token.key}", raise_request_exception=False)


@pytest.fixture
def seated(fake_game: str):
    table = table_for(fake_game)
    player = table.seats.get(index=0).player
    MembershipFactory(club=table.club, player=player, role="organizer")
    return table, player, _token_client(player)


@pytest.mark.parametrize("raw", ['"\\ud800"', '"\\udc00x"', '"a\\u0000"'])
def test_a_move_with_a_surrogate_or_nul_is_a_json_400_even_when_html_is_asked_for(seated, raw: str) -> None:
    table, _player, client = seated
    body = '{"move": {"type": "pick", "value": ' + raw + '}, "expected_version": 0}'

    response = client.post(
        f"/api/tables/{table.pk}/moves/", body, content_type="application/json", HTTP_ACCEPT="text/html"
    )

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] in {"bad_text", "null_characters_not_allowed"}
    table.refresh_from_db()
    assert table.version == 0


DEEP = "[" * 5_000 + "]" * 5_000


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("post", "/api/auth/token/"),
        ("patch", "/api/me/"),
        ("post", "/api/clubs/"),
        ("post", "/api/tables/{table}/moves/"),
        ("post", "/api/clubs/{club}/tables/"),
        ("post", "/api/clubs/{club}/seasons/"),
    ],
)
@pytest.mark.parametrize("anonymous", [True, False])
def test_json_nested_5000_deep_is_a_json_400_at_every_endpoint(seated, method: str, path: str, anonymous) -> None:
    table, _player, client = seated
    if anonymous:
        client = Client(raise_request_exception=False)
    url = path.format(table=table.pk, club=table.club_id)

    response = getattr(client, method)(url, '{"x": ' + DEEP + "}", content_type="application/json")

    assert response["Content-Type"] == "application/json"
    if anonymous and path != "/api/auth/token/":
        assert response.status_code in (400, 401)
    else:
        assert response.status_code == 400
        assert response.json() == error("too_deep")


def test_a_body_over_the_limit_is_a_json_413_before_it_is_read(seated) -> None:
    table, _player, client = seated

    response = client.post(
        f"/api/tables/{table.pk}/moves/", b"{" + b" " * 3_000_000 + b"}", content_type="application/json"
    )

    assert response.status_code == 413
    assert response.json() == error("too_large")


def test_a_multipart_body_over_djangos_own_limit_is_a_json_413_too(seated) -> None:
    table, _player, client = seated
    payload = {"f": "x" * 2_700_000}
    response = client.post(f"/api/tables/{table.pk}/moves/", payload)

    assert response.status_code in (413, 415)
    assert response["Content-Type"] == "application/json"


@pytest.mark.parametrize("value", ["²", "1²", "9" * 5_000, "-1", "10001", "", "\u0663"])
@pytest.mark.parametrize("path", ["/api/tables/{table}/?log_limit=", "/api/tables/{table}/moves/?log_limit="])
def test_a_log_limit_that_is_not_ascii_digits_in_bounds_is_a_json_400(seated, path: str, value: str) -> None:
    table, _player, client = seated

    response = client.get(path.format(table=table.pk).split("?")[0], {"log_limit": value})

    assert response.status_code == 400
    assert response.json() == error("invalid", field="log_limit")


@pytest.mark.parametrize("name", ["limit", "club"])
@pytest.mark.parametrize("value", ["²", "9" * 5_000, "0"])
def test_leaderboard_integers_are_strict(seated, name: str, value: str) -> None:
    _table, _player, client = seated

    response = client.get("/api/leaderboards/the-court/", {name: value})

    assert response.status_code == 400
    assert response.json() == error("invalid", field=name)


def test_a_query_string_with_a_nul_is_a_400_in_the_format_of_its_door(seated) -> None:
    table, _player, client = seated

    api = client.get(f"/api/tables/{table.pk}/", {"log_limit": "1\x00"})
    page = client.get("/admin/league/table/", {"q": "a\x00b"})

    assert (api.status_code, api.json()["error"]["code"]) == (400, "null_characters_not_allowed")
    assert page.status_code == 400 and b'class="error-page"' in page.content


def test_settings_nested_900_deep_are_refused_and_nothing_is_written(seated) -> None:
    _table, player, client = seated
    deep = "[" * 900 + "]" * 900

    response = client.patch("/api/me/", '{"settings": {"theme": ' + deep + "}}", content_type="application/json")

    assert response.status_code == 400
    # refused by the parser (Python's recursion limit, no field) or by the depth check after it (the path to the
    # first level too deep), depending on how deep the request's stack already is: either way the same code
    refusal = response.json()["error"]
    assert refusal["code"] == "too_deep"
    assert refusal["field"] is None or refusal["field"].startswith("settings.theme.0")
    player.refresh_from_db()
    assert player.settings == {}


def test_settings_take_only_known_keys_with_bounded_values(seated) -> None:
    _table, player, client = seated

    unknown = client.patch("/api/me/", {"settings": {"k1": "x" * 9000}}, content_type="application/json")
    bad_value = client.patch("/api/me/", {"settings": {"theme": "x" * 100}}, content_type="application/json")
    ok = client.patch(
        "/api/me/",
        {"settings": {"theme": "dark", "notifications": {"your_move": False}}},
        content_type="application/json",
    )

    assert (unknown.status_code, unknown.json()["error"]["code"]) == (400, "unknown_setting")
    assert (bad_value.status_code, bad_value.json()["error"]["field"]) == (400, "settings.theme")
    assert ok.status_code == 200
    player.refresh_from_db()
    assert player.settings == {"theme": "dark", "notifications": {"your_move": False}}


def test_settings_cannot_grow_through_merges(seated) -> None:
    _table, player, client = seated

    for index in range(30):
        client.patch("/api/me/", {"settings": {f"key{index}": "v" * 5000}}, content_type="application/json")

    player.refresh_from_db()
    assert player.settings == {}


def test_a_server_error_under_the_api_answers_in_json_without_its_details(seated, monkeypatch) -> None:
    table, _player, client = seated
    from league.api.views import tables

    def fail(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(tables, "table_view_for", fail)

    broken = client.get(f"/api/tables/{table.pk}/", HTTP_ACCEPT="text/html")

    assert broken.status_code == 500
    assert broken.json() == error("server_error")
    assert b"boom" not in broken.content


def test_club_and_member_payloads_with_strings_of_any_kind_never_reach_a_500(seated) -> None:
    _table, _player, client = seated
    for value in ["\ud800", "a\x00", "x" * 100_000, 1e308, -(2**70), [], {}, True, None]:
        raw = json.dumps({"name": value, "description": value, "slug": value}, ensure_ascii=True)
        response = client.post("/api/clubs/", raw, content_type="application/json")
        assert 400 <= response.status_code < 500, (value, response.content[:200])
