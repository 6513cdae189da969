"""`manage.py runbot` (league/management/commands/runbot.py) against a live server over real HTTP."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from rest_framework.authtoken.models import Token

from league.models import Move, Table
from tests.league.factories import PlayerFactory, table_for

pytestmark = pytest.mark.django_db(transaction=True)


def _palace_table() -> tuple[Table, list]:
    players = PlayerFactory.create_batch(2)
    return table_for("palace-infighting", players=players), players


def _runbot(*args: str) -> str:
    out = StringIO()
    call_command("runbot", *args, stdout=out)
    return out.getvalue().strip()


def test_runbot_with_a_token_plays_its_seat_once(live_server) -> None:
    table, (first, _) = _palace_table()
    token = Token.objects.create(user=first.user)

    output = _runbot("--base-url", live_server.url, "--token", token.key, "--once", "--seed", "1")

    assert output == "moves=1 conflicts=0 refused=0 throttled=0"
    assert list(Move.objects.filter(table=table).values_list("seat", flat=True)) == [0]


def test_runbot_logs_in_and_plays_both_rows_of_a_round(live_server) -> None:
    table, players = _palace_table()
    for player in players:
        player.user.set_password("bot-pw")
        player.user.save()

    for player in players:
        _runbot(
            "--base-url",
            live_server.url,
            "--username",
            player.user.username,
            "--password",
            "bot-pw",
            "--strategy",
            "heuristic",
            "--max-moves",
            "1",
        )

    table.refresh_from_db()
    assert table.version == 2
    assert sorted(Move.objects.filter(table=table).values_list("seat", flat=True)) == [0, 1]


def test_runbot_needs_credentials() -> None:
    with pytest.raises(CommandError, match=r"Give --token, or --username and --password\."):
        call_command("runbot", "--once")


def test_runbot_reports_a_refused_token(live_server) -> None:
    with pytest.raises(CommandError, match=r"^The API refused the bot: HTTP 401: authentication_failed$"):
        call_command("runbot", "--base-url", live_server.url, "--token", "wrong", "--once")
