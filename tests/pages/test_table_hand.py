"""The hand on the table page against the engine, at random positions of every game: the cards a seat's page marks
legal are exactly those its legal moves take from the hand (as the engine declares the pick), in the engine's order,
the others refused or idle; and a spectator's page holds no face of a card hidden from spectators."""

import random
import re
from typing import Any

import pytest
from django.test import Client

from games import available_games, get_engine
from games.core.conformance import concrete
from league.models import Table
from league.services.moves import move_submit
from tests.league.factories import table_for
from tests.league.playing import seat_count, short_options

pytestmark = pytest.mark.django_db

# a card of the fan: its state and its face (the code is the face's file name)
FAN_CARD = re.compile(r'class="card (legal|illegal|idle)[^"]*"[^>]*><img src="/static/cards/(?:std|court)/(\w+)\.svg"')
FACE = re.compile(r"/static/cards/(?:std|std4|court)/(\w+)\.svg")
POSITIONS = 4  # random positions per game, each seen by every seat and a spectator


def _page(table: Table, player=None) -> str:
    client = Client()
    if player is not None:
        client.force_login(player.user)
    response = client.get(f"/tables/{table.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def _fan(page: str) -> list[tuple[str, str]]:
    hand = page.split('<div class="fan"', 1)
    if len(hand) == 1:
        return []
    return [(code, state) for state, code in FAN_CARD.findall(hand[1].split("</div>", 1)[0])]


def _taken(move: dict[str, Any], field: str) -> list[str]:
    value = move.get(field)
    return [value] if isinstance(value, str) else list(value) if isinstance(value, list) else []


def _positions(game: str) -> list[Table]:
    """Tables of the game at random points of play (a few moves to most of a match)."""
    engine = get_engine(game)
    tables = []
    for n in range(POSITIONS):
        rng = random.Random(f"{game}-{n}")
        table = table_for(game, players=seat_count(game), options=short_options(game), seed=f"hand-{game}-{n}")
        players = {seat.index: seat.player for seat in table.seats.select_related("player")}
        for _ in range(rng.randrange(0, 40)):
            if engine.is_over(table.state):
                break
            seat = rng.choice(engine.to_act(table.state))
            move = concrete(rng.choice(engine.legal_moves(table.state, seat)), rng)
            move_submit(table_id=table.pk, player=players[seat], move=move, expected_version=table.version)
            table.refresh_from_db()
        tables.append(table)
    return tables


@pytest.mark.parametrize("game", available_games())
def test_the_cards_marked_legal_are_the_engines_legal_moves_and_a_spectator_sees_no_hidden_face(game: str) -> None:
    engine = get_engine(game)
    for table in _positions(game):
        state = table.state
        for seat in table.seats.select_related("player__user"):
            declared = engine.choices(state, seat.index)
            legal = engine.legal_moves(state, seat.index)
            pick = declared["pick"]
            wanted = (
                {card for move in legal if move["type"] == pick["type"] for card in _taken(move, pick["field"])}
                if pick
                else set()
            )
            fan = _fan(_page(table, seat.player))
            # the hand as the engine orders it, each card legal exactly when a legal move takes it
            assert [code for code, _ in fan] == declared["hand"], (game, table.version, seat.index)
            assert {code for code, state_ in fan if state_ == "legal"} == wanted, (game, table.version, seat.index)
            if pick is None:
                assert {state_ for _, state_ in fan} <= {"idle"}
            else:
                assert {code for code, state_ in fan if state_ == "illegal"} == set(declared["hand"]) - wanted
        # a spectator: the felt holds no face of a card hidden from spectators (a 52-card deck's code is one card;
        # the story and the last hand's showdown may show a card of an earlier deal, dealt again since), and no
        # face anywhere on the page moves when the hidden cards are exchanged (a court deck's rank is many cards)
        spectator = _page(table)
        felt = _felt(spectator)
        hidden = [code for code in _hidden_cards(engine, state) if len(code) == 2]
        assert [code for code in hidden if code in FACE.findall(felt)] == [], (game, table.version)
        Table.objects.filter(pk=table.pk).update(state=_exchanged(engine, state))
        assert sorted(FACE.findall(_page(table))) == sorted(FACE.findall(spectator)), (game, table.version)
        Table.objects.filter(pk=table.pk).update(state=state)


def _felt(page: str) -> str:
    """The felt of a table page: the seats and what lies on the table now, less the last hand's showdown."""
    felt = page.split('<div class="felt-box', 1)[1]
    for end in ('<details class="showdown"', '<section class="dock"', '<div class="table-details"'):
        felt = felt.split(end, 1)[0]
    return felt


def _at(state: Any, path: tuple) -> Any:
    for key in path:
        state = state[key]
    return state


def _hidden_cards(engine: Any, state: dict) -> list[str]:
    return [
        card
        for group in engine.hidden_places(state, None)
        for path in group
        if isinstance(card := _at(state, path), str)
    ]


def _exchanged(engine: Any, state: dict) -> dict:
    """The state with the cards hidden from spectators moved among their places (they cannot tell)."""
    import copy

    out = copy.deepcopy(state)
    rng = random.Random(0)
    for group in engine.hidden_places(state, None):
        values = [_at(state, path) for path in group]
        rng.shuffle(values)
        for path, value in zip(group, values, strict=True):
            _at(out, path[:-1])[path[-1]] = value
    return out
