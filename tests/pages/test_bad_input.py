"""Finding 2 and 5 of the security report, on the pages: the move form refuses what the API refuses (one validator,
league/input.py), hostile values never reach a 500, and every error is a styled page in the visitor's language."""

import json

import pytest
from django.test import Client

from league.models import Table
from tests.league.factories import PlayerFactory, table_for
from tests.league.playing import play_moves

pytestmark = pytest.mark.django_db


def _seated(game: str) -> tuple[Table, Client]:
    table = table_for(game)
    client = Client(raise_request_exception=False)
    client.force_login(table.seats.get(index=0).player.user)
    return table, client


@pytest.mark.parametrize(
    "move",
    [
        '{"type": "pick", "value": "\\u0000"}',
        '{"type": "pick", "value": "\\ud800"}',
        '{"type": "\\udfff"}',
        '{"type": "bet", "min": "a", "max": "b"}',
        '{"type": "bet", "min": [], "max": {}}',
        '{"type": "bet", "min": true, "max": 5}',
        '{"type": "pick", "value": ' + "[" * 5_000 + "]" * 5_000 + "}",
        '{"type": "pick", "value": ' + "[" * 900 + "]" * 900 + "}",
        '{"type": "pick", "value": NaN}',
        '{"type": "pick", "value": ' + "9" * 5_000 + "}",
        '{"type": "pick", "cards": "' + "x" * 20_000 + '"}',
        "\x00",
    ],
)
def test_the_page_move_form_refuses_what_the_api_refuses_without_a_500(fake_game: str, move: str) -> None:
    table, client = _seated("the-court")

    response = client.post(
        f"/tables/{table.pk}/move/", {"move": move, "version": 0, "key": "k-1", "amount": "1", "move.cards.²": "AS"}
    )

    assert response.status_code == 422
    assert (
        b'class="error"' in response.content or b"errorlist" in response.content or b'role="alert"' in response.content
    )
    table.refresh_from_db()
    assert table.version == 0


@pytest.mark.parametrize(
    "fields",
    [
        {"move.cards.²": "AS", "move.cards.1": "KD"},
        {"move.cards." + "9" * 5_000: "AS"},
        {"move.cards.-1": "AS", "move.cards.01": "QH"},
        {"amount": "²"},
        {"amount": "9" * 5_000},
        {"move.points": "1e9"},
        {"move.points": "9" * 5_000},
        {"move.value": "2", "move.note": "x<script>"},
        {"version": "²"},
        {"version": "9" * 5_000},
        {"key": "x" * 5_000},
    ],
)
def test_hostile_form_fields_beside_a_legal_move_are_refused_or_ignored_never_a_500(fake_game, fields) -> None:
    table, client = _seated("the-court")
    data = {"move": json.dumps({"type": "pick", "value": 1}), "version": 0, "key": "k-2", **fields}

    response = client.post(f"/tables/{table.pk}/move/", data)

    assert response.status_code in (302, 400, 422)


@pytest.mark.parametrize("step", ["²", "9" * 5_000, "-1", "1.5", "\u0663"])
def test_a_replay_step_that_is_not_a_number_is_a_400_page(fake_game: str, step: str) -> None:
    table = play_moves(table_for(fake_game, options={"rounds": 1}), __import__("random").Random(1))
    client = Client(raise_request_exception=False)

    response = client.get(f"/tables/{table.pk}/replay/", {"step": step})

    assert response.status_code == 400
    assert b'class="error-page"' in response.content


@pytest.mark.parametrize(
    ("language", "title"),
    [("en", "Page not found"), ("ko", "페이지를 찾을 수 없습니다")],
)
def test_a_missing_page_is_the_styled_404_in_the_visitors_language(language: str, title: str) -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get("/tables/999999999/")

    assert response.status_code == 404
    page = response.content.decode()
    assert title in page and 'class="error-page"' in page and "cardleague.css" in page


def test_a_forbidden_page_is_the_styled_403() -> None:
    season_page = Client()
    season_page.force_login(PlayerFactory().user)
    from league.services.seasons import SeasonSpec, season_create
    from tests.league.factories import ClubFactory, MembershipFactory

    club = ClubFactory()
    organizer = MembershipFactory(club=club, role="organizer").player
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="S"))

    response = season_page.get(f"/seasons/{season.pk}/manage/")

    assert response.status_code == 403
    assert b'class="error-page"' in response.content


def test_a_server_error_on_a_page_is_the_styled_500_without_its_details(monkeypatch) -> None:
    from league.views import home

    def fail(*args, **kwargs):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(home, "render", fail)

    response = Client(raise_request_exception=False).get("/")

    assert response.status_code == 500
    assert b"secret detail" not in response.content
    assert b"Something went wrong" in response.content
