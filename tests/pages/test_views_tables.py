"""The table page, its version endpoint and the move form, through Django's test client."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import get_engine
from league.models import Table
from tests.league.factories import PlayerFactory, table_for

pytestmark = pytest.mark.django_db


def _client(player=None) -> Client:
    client = Client()
    if player is not None:
        client.force_login(player.user)
    return client


def _form(table: Table, move: dict, **extra) -> dict:
    return {"move": json.dumps(move), "version": table.version, "key": "k-1", **extra}


def test_seated_player_sees_own_cards_and_a_spectator_does_not():
    table = table_for("coinche", players=4, seed="views")
    seat0 = table.seats.get(index=0).player
    engine = get_engine("coinche")
    hand = engine.view(table.state, 0)["hand"]

    mine = _client(seat0).get(f"/tables/{table.pk}/").content.decode()
    spectator = _client().get(f"/tables/{table.pk}/").content.decode()
    stranger = _client(PlayerFactory()).get(f"/tables/{table.pk}/").content.decode()
    assert 'id="hand"' in mine
    assert all(f"/static/cards/std/{c}.svg" in mine for c in hand)
    every_card = {c for seat in range(4) for c in engine.view(table.state, seat)["hand"]}
    for page in (spectator, stranger):
        assert 'id="hand"' not in page
        assert 'class="actions"' not in page
        # no card of any hand is on the page: a spectator sees the auction and the backs, not the deal
        assert [c for c in every_card if f"/static/cards/std/{c}.svg" in page] == []


def test_htmx_request_gets_the_board_partial_only():
    table = table_for("the-court", players=2)
    response = _client().get(f"/tables/{table.pk}/", HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="board"')
    assert "<html" not in body


def test_version_endpoint_is_empty_until_the_table_moves():
    table = table_for("the-court", players=2)
    client = _client()
    unchanged = client.get(f"/tables/{table.pk}/version/?v={table.version}-active", HTTP_HX_REQUEST="true")
    changed = client.get(f"/tables/{table.pk}/version/?v={table.version - 1}-active", HTTP_HX_REQUEST="true")
    assert unchanged.status_code == 204
    assert changed.status_code == 200
    assert f'data-version="{table.version}"' in changed.content.decode()


def test_a_legal_move_is_applied_and_the_board_comes_back():
    table = table_for("the-court", players=2)
    engine = get_engine("the-court")
    seat = engine.to_act(table.state)[0]
    player = table.seats.get(index=seat).player
    move = engine.legal_moves(table.state, seat)[0]
    response = _client(player).post(f"/tables/{table.pk}/move/", _form(table, move), HTTP_HX_REQUEST="true")
    table.refresh_from_db()
    assert response.status_code == 200
    assert table.version == 1
    assert 'data-version="1"' in response.content.decode()


def test_an_illegal_move_shows_the_engine_message_and_changes_nothing():
    table = table_for("the-court", players=2)
    player = table.seats.get(index=0).player
    response = _client(player).post(f"/tables/{table.pk}/move/", _form(table, {"type": "fold"}))
    table.refresh_from_db()
    assert response.status_code == 422
    assert 'id="move-error"' in response.content.decode()
    assert table.version == 0


def test_an_amount_outside_the_limits_is_a_form_error():
    table = table_for("the-court", players=2)
    response = _client(table.seats.get(index=0).player).post(
        f"/tables/{table.pk}/move/", _form(table, {"type": "bet", "min": 1, "max": 10}, amount=11)
    )
    assert response.status_code == 422
    assert "The amount must be from 1 to 10." in response.content.decode()


def test_a_stale_version_is_refused():
    table = table_for("the-court", players=2)
    engine = get_engine("the-court")
    player = table.seats.get(index=0).player
    move = engine.legal_moves(table.state, 0)[0]
    response = _client(player).post(f"/tables/{table.pk}/move/", {**_form(table, move), "version": 5})
    assert response.status_code == 422
    assert "reload it" in response.content.decode()


def test_a_spectator_cannot_move():
    table = table_for("the-court", players=2)
    move = get_engine("the-court").legal_moves(table.state, 0)[0]
    response = _client(PlayerFactory()).post(f"/tables/{table.pk}/move/", _form(table, move))
    table.refresh_from_db()
    assert response.status_code == 422
    assert "You have no seat at this table." in response.content.decode()
    assert table.version == 0


def test_an_account_without_a_player_profile_posting_the_move_form_gets_403():
    # given: a signed-in account without a player profile (an admin's)
    table = table_for("coinche", players=4, seed="views")
    client = Client()
    client.force_login(get_user_model().objects.create_user(username="admin-only", password="pw-admin-only"))
    # when: it posts a move
    response = client.post(f"/tables/{table.pk}/move/", _form(table, {"type": "pass"}))
    # then: refused as forbidden, nothing applied
    assert response.status_code == 403
    assert Table.objects.get(pk=table.pk).version == 0


def test_palace_row_builder_builds_the_row_from_the_selects():
    table = table_for("palace-infighting", players=2)
    player = table.seats.get(index=0).player
    row = get_engine("palace-infighting").legal_moves(table.state, 0)[0]["cards"]
    selects = {f"move.cards.{i}": card for i, card in enumerate(row, start=1)}
    response = _client(player).post(f"/tables/{table.pk}/move/", _form(table, {"type": "row"}, **selects))
    table.refresh_from_db()
    assert response.status_code == 302
    assert table.moves.get().payload == {"type": "row", "cards": row}


def test_inbox_lists_tables_waiting_for_the_player():
    player = PlayerFactory()
    table = table_for("the-court", players=[player, PlayerFactory()])
    response = _client(player).get("/inbox/")
    assert f'href="/tables/{table.pk}/"' in response.content.decode()
    assert _client().get("/inbox/").status_code == 302


def test_coinche_ledger_is_the_race_by_deal_per_team():
    import random

    from league.models import LedgerEntry
    from tests.league.playing import play_moves

    table = play_moves(table_for("coinche", players=4, options={"target_score": 300}), random.Random(5))
    rows = [entry.row for entry in LedgerEntry.objects.filter(table=table).order_by("index")]
    page = _client().get(f"/tables/{table.pk}/").content.decode()
    ledger = page.split('class="team-ledger"', 1)[1].split("</table>", 1)[0]
    assert ledger.count("<tr>") == len(rows) + 1
    last = rows[-1]["team_totals"]
    assert f"<strong>{last[0]}</strong>" in ledger
    assert f"<strong>{last[1]}</strong>" in ledger
    # the match is over: the board is not polled any more
    assert "hx-trigger" not in page.split('id="board"', 1)[1].split(">", 1)[0]


def test_a_table_waiting_for_entropy_shows_no_board_and_polls_for_the_deal():
    from datetime import timedelta

    from league.services.tables import table_create
    from tests.league.factories import ClubFactory

    players = PlayerFactory.create_batch(2)
    table = table_create(club=ClubFactory(), game="the-court", players=players, entropy_window=timedelta(minutes=10))
    client = _client(players[0])
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert table.status == Table.Status.SEEDING
    assert "Not dealt yet" in page
    assert 'class="board' not in page
    assert f"?v={table.version}-seeding" in page
    assert client.get(f"/tables/{table.pk}/version/?v={table.version}-seeding").status_code == 204
    assert client.get(f"/tables/{table.pk}/version/?v={table.version}-active").status_code == 200
