"""Done-when of the API issue: a whole table of each game is played through the HTTP API alone — accounts log in for
tokens, the organizer founds the club, invites the members (who accept) and opens the table, and one bot per seat
plays it out through "your turn", the table view and move submission."""

import copy
import random

import pytest
from django.conf import settings
from django.test import override_settings

from games import available_games
from league.bots.client import ApiClient
from league.bots.runner import BotRunner
from league.models import Player, Table
from league.services.verification import table_verify
from tests.league.api.transport import APIClientTransport
from tests.league.factories import PlayerFactory
from tests.league.playing import seat_count, short_options

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# short matches; Coinche's first conformance variant is the full race to 2000
SHORT = {"coinche": {"target_score": 100}}
MAX_PASSES = 5_000


def _unthrottled() -> dict:
    framework = copy.deepcopy(settings.REST_FRAMEWORK)
    framework["DEFAULT_THROTTLE_RATES"]["move_submit"] = "100000/minute"
    return framework


def _with_password(player: Player, password: str = "pw-for-bots") -> Player:
    # set here: the factory's user comes with an unusable password
    player.user.set_password(password)
    player.user.save(update_fields=["password"])
    return player


def _logged_in(username: str) -> ApiClient:
    client = ApiClient(APIClientTransport())
    client.login(username, "pw-for-bots")
    return client


def _open_table(game: str, organizer: ApiClient, players: list) -> int:
    _, club = organizer._call("POST", "/api/clubs/", {"name": f"Club of {game}"})
    for player in players[1:]:
        # joining takes the player's consent: the organizer invites, the player accepts with their own token
        _, invitation = organizer._call("POST", f"/api/clubs/{club['id']}/invitations/", {"player_id": player.pk})
        _logged_in(player.user.username)._call("POST", f"/api/invitations/{invitation['code']}/accept/")
    _, table = organizer._call(
        "POST",
        f"/api/clubs/{club['id']}/tables/",
        {"game": game, "players": [p.pk for p in players], "options": SHORT.get(game, short_options(game))},
    )
    return table["id"]


@pytest.mark.parametrize("strategy", ["random", "heuristic"])
@pytest.mark.parametrize("game", available_games())
def test_whole_table_played_through_the_api(game: str, strategy: str) -> None:
    players = [_with_password(player) for player in PlayerFactory.create_batch(seat_count(game))]
    clients = [_logged_in(player.user.username) for player in players]
    with override_settings(REST_FRAMEWORK=_unthrottled()):
        table_id = _open_table(game, clients[0], players)
        bots = [BotRunner(c, strategy=strategy, rng=random.Random(f"{game}-{i}")) for i, c in enumerate(clients)]
        for _ in range(MAX_PASSES):
            if sum(bot.play_pass() for bot in bots) == 0:
                break
        final = clients[0].table(table_id)

    assert final["status"] == "finished"
    assert sorted(r["seat"] for r in final["results"]) == list(range(len(players)))
    assert final["version"] == sum(bot.stats.moves for bot in bots)
    assert sum(bot.stats.refused for bot in bots) == 0
    assert table_verify(table=Table.objects.get(pk=table_id)) == []
