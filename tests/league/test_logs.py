"""The log (league/logs.py, league/request_log.py, the LOGGING of config/settings.py): one JSON line per event with
the request's id and the ids of its table and season, one line per request, and never a secret: a whole game played
through the API, log-ins, invitations and all, leaves no password, token, e-mail address, seed or card in it."""

import io
import json
import logging
import random
import re
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.test import Client, override_settings
from rest_framework.authtoken.models import Token

from league.bots.client import ApiClient
from league.bots.runner import BotRunner
from league.logs import ContextFilter, JsonFormatter, TextFormatter, log_context
from league.models import Invitation, Player, Table
from league.redact import CARD
from tests.league.api.test_whole_tables import _unthrottled
from tests.league.api.transport import APIClientTransport
from tests.league.factories import PlayerFactory, table_for
from tests.league.playing import short_options

GAME = "mini-poker"
PASSWORD = "pw-of-the-log-test-7"


class Captured:
    """What the console handler of config/settings.py would print, from the root logger at the production level."""

    def __init__(self) -> None:
        self.stream = io.StringIO()
        self.handler = logging.StreamHandler(self.stream)
        self.handler.setFormatter(JsonFormatter())
        self.handler.addFilter(ContextFilter())
        self.handler.setLevel(logging.INFO)

    def readouterr(self) -> str:
        text = self.stream.getvalue()
        self.stream.seek(0)
        self.stream.truncate()
        return text


@pytest.fixture
def logged() -> Iterator[Captured]:
    captured = Captured()
    root = logging.getLogger()
    level = root.level
    root.addHandler(captured.handler)
    root.setLevel(logging.INFO)
    yield captured
    root.removeHandler(captured.handler)
    root.setLevel(level)


def _lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def _record(message: str, *args: object, exc: BaseException | None = None) -> logging.LogRecord:
    record = logging.LogRecord("league.test", logging.ERROR, __file__, 1, message, args, None)
    if exc is not None:
        record.exc_info = (type(exc), exc, exc.__traceback__)
    return record


def test_a_json_line_carries_the_context_and_masks_what_the_message_holds() -> None:
    formatter, record = JsonFormatter(), _record("could not mail %s (%s)", "bob@example.org", "9f" * 20)
    try:
        raise KeyError("AS")
    except KeyError as error:
        record.exc_info = (KeyError, error, error.__traceback__)
    with log_context(request_id="req-42", table_id=7, season_id=3):
        ContextFilter().filter(record)  # as the console handler does (config/settings.py)

    line = json.loads(formatter.format(record))

    assert (line["level"], line["logger"], line["request_id"], line["table_id"], line["season_id"]) == (
        "ERROR",
        "league.test",
        "req-42",
        7,
        3,
    )
    assert line["message"] == "could not mail [email] ([token])"
    assert "KeyError: '[card]'" in line["exc_info"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line["time"])


def test_a_text_line_is_short_and_names_the_ids() -> None:
    record = _record("sent %s", "x")
    record.table_id, record.request_id = 5, "req-1"
    assert TextFormatter().format(record).endswith(" ERROR league.test: sent x table_id=5")


@pytest.mark.django_db
def test_a_request_is_one_line_with_its_id_route_status_and_table(logged: Captured) -> None:
    table = table_for(GAME, options=short_options(GAME))
    logged.readouterr()

    response = Client().get(f"/api/tables/{table.pk}/", HTTP_X_REQUEST_ID="lb-0123456789")
    response_404 = Client().get("/no/such/page/")

    lines = _lines(logged.readouterr())
    assert response["X-Request-ID"] == "lb-0123456789"
    assert [(line["route"], line["status"]) for line in lines] == [
        ("api/tables/<id:table_id>/", 200),
        ("(unmatched)", 404),
    ]
    assert (lines[0]["request_id"], lines[0]["table_id"], lines[0]["method"]) == ("lb-0123456789", table.pk, "GET")
    # (issue 38) the 404 is one line: Django's "Not Found" warning is not logged, and no logger on its way to the
    # root's handler has a handler of its own that would print it again
    assert lines[1]["request_id"] == response_404["X-Request-ID"] != lines[0]["request_id"]
    assert [logging.getLogger(name).handlers for name in ("django", "django.request")] == [[], []]
    # never the path: a path may hold a token (a password-reset link, a calendar feed)
    assert "/no/such/page/" not in json.dumps(lines)


@pytest.mark.django_db
def test_an_id_from_the_proxy_that_is_not_a_plain_token_is_replaced(logged: Captured) -> None:
    response = Client().get("/api/clubs/", HTTP_X_REQUEST_ID='x" \n {"admin": true}')
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}", response["X-Request-ID"])


def _with_account(player: Player) -> Player:
    player.user.set_password(PASSWORD)
    player.user.email = f"{player.user.username}@mail.example.org"
    player.user.save(update_fields=["password", "email"])
    return player


@pytest.mark.slow
@pytest.mark.django_db
def test_the_logs_of_a_whole_game_hold_no_secret(logged: Captured) -> None:
    # given players with passwords and addresses, who log in for tokens, found a club, invite and accept, and play a
    # whole table of a 52-card game through the API, every line logged at the production level captured
    players = [_with_account(player) for player in PlayerFactory.create_batch(3)]
    logged.readouterr()
    clients = [ApiClient(APIClientTransport()) for _ in players]
    with override_settings(REST_FRAMEWORK=_unthrottled()):
        for client, player in zip(clients, players, strict=True):
            client.login(player.user.username, PASSWORD)
        _, club = clients[0]._call("POST", "/api/clubs/", {"name": "The log's club"})
        for player, client in zip(players[1:], clients[1:], strict=True):
            _, invitation = clients[0]._call("POST", f"/api/clubs/{club['id']}/invitations/", {"player_id": player.pk})
            client._call("POST", f"/api/invitations/{invitation['code']}/accept/")
        _, opened = clients[0]._call(
            "POST",
            f"/api/clubs/{club['id']}/tables/",
            {"game": GAME, "players": [p.pk for p in players], "options": short_options(GAME)},
        )
        bots = [BotRunner(client, rng=random.Random(f"log-{i}")) for i, client in enumerate(clients)]
        for _ in range(2_000):
            if sum(bot.play_pass() for bot in bots) == 0:
                break
    # a wrong password, a refused token and a page that does not exist are logged too
    Client().post("/login/", {"username": players[0].user.username, "password": "wrong-" + PASSWORD})
    Client().get("/api/me/", HTTP_AUTHORIZATION=f"Token {'0' * 39}z")
    logged = logged.readouterr()

    table = Table.objects.get(pk=opened["id"])
    assert table.status == Table.Status.FINISHED
    lines = _lines(logged)
    moves = [line for line in lines if line.get("route") == "api/tables/<id:table_id>/moves/"]
    assert len(moves) == table.version and all(line["table_id"] == table.pk for line in moves)
    assert not [line for line in logged.splitlines() if line.strip() and not line.startswith("{")]
    # then nothing secret is in them
    secrets = {
        PASSWORD,
        table.seed,
        *(p.user.email for p in players),
        *Token.objects.values_list("key", flat=True),
        *Invitation.objects.values_list("code", flat=True),
    }
    assert [secret for secret in secrets if secret in logged] == []
    # and no card at all, hidden or not: nothing logs a state, a move or a view
    assert CARD.findall(logged) == []
    assert settings.LOG_FORMAT == "json"
