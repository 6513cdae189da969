"""An engine's refusal on the table page (issue 20): shown by its code in the player's language, its parameters
filled in, and, under htmx, as the message alone, so that the board and the choice being made on it stay."""

import json

import pytest
from django.conf import settings
from django.test import Client

from league.models import Table
from tests.league.factories import table_for

pytestmark = pytest.mark.django_db

# the-court opens with every seat discarding: a fold is refused with this sentence
REFUSAL_EN = "Every player first discards one of their three cards."
REFUSAL_KO = "모든 플레이어가 먼저 세 장 중 한 장을 버립니다."


def _korean_client(table: Table) -> Client:
    player = table.seats.get(index=0).player
    player.language = "ko"
    player.save(update_fields=["language"])
    client = Client()
    client.force_login(player.user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ko"
    return client


def _fold(table: Table) -> dict:
    return {"move": json.dumps({"type": "fold"}), "version": table.version, "key": "k-1"}


def test_an_htmx_refusal_answers_the_message_alone_in_the_players_language() -> None:
    table = table_for("the-court", players=2)

    answer = _korean_client(table).post(f"/tables/{table.pk}/move/", _fold(table), HTTP_HX_REQUEST="true")

    body = answer.content.decode()
    assert answer.status_code == 200  # htmx swaps only 2xx answers
    assert answer["HX-Retarget"] == "#move-error" and answer["HX-Reswap"] == "outerHTML"
    assert body.startswith('<p class="error" role="alert" id="move-error">') and REFUSAL_KO in body
    assert 'id="board"' not in body and REFUSAL_EN not in body
    table.refresh_from_db()
    assert table.version == 0


def test_a_plain_post_refused_shows_the_page_with_the_message_in_the_players_language() -> None:
    table = table_for("the-court", players=2)

    answer = _korean_client(table).post(f"/tables/{table.pk}/move/", _fold(table))

    assert answer.status_code == 422
    assert REFUSAL_KO in answer.content.decode() and 'id="board"' in answer.content.decode()


def test_the_page_holds_an_empty_place_for_the_message() -> None:
    table = table_for("the-court", players=2)

    page = _korean_client(table).get(f"/tables/{table.pk}/").content.decode()

    assert '<p class="error" role="alert" id="move-error" hidden></p>' in page
