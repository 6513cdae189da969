"""Tables through the API (league/api/views/tables.py): the caller's view, legal moves, the move log, move
submission with versions, idempotency and throttling, and "your turn"."""

import copy
import json
import zoneinfo
from datetime import UTC, datetime

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import timezone

from games import get_engine
from league.api.serializers.tables import MoveResultSerializer
from league.api.views.tables import move_answer
from league.models import Move, Table
from league.services.moves import MoveResult, move_submit
from league.services.tables import table_annul
from tests.league.api.helpers import error
from tests.league.factories import PlayerFactory, table_for

pytestmark = pytest.mark.django_db


def _seated(table: Table) -> list:
    return [seat.player for seat in table.seats.select_related("player").order_by("index")]


def _url(table: Table, suffix: str = "") -> str:
    return f"/api/tables/{table.pk}/{suffix}"


def _pick(value: int, version: int = 0) -> dict:
    return {"move": {"type": "pick", "value": value}, "expected_version": version}


# --- the caller's view -----------------------------------------------------------------------------------------------


def test_seated_player_sees_own_view_and_legal_moves(fake_game, client_for) -> None:
    table = table_for(fake_game, players=2, seed="secret-seed-1")
    first, _ = _seated(table)

    response = client_for(first).get(_url(table))

    assert response.status_code == 200
    body = response.json()
    engine = get_engine(fake_game)
    assert body["seat"] == 0
    assert body["version"] == 0
    assert body["your_turn"] is True
    assert body["legal_moves"] == engine.legal_moves(table.state, 0)
    assert body["state"] == json.loads(json.dumps(engine.view(table.state, 0)))
    assert [s["index"] for s in body["seats"]] == [0, 1]
    assert "secret-seed-1" not in response.content.decode()


def test_spectator_gets_no_hidden_pick(fake_game, client_for, anon) -> None:
    # given: seat 0 has picked in secret
    table = table_for(fake_game, players=2, seed="secret-seed-2")
    first, _ = _seated(table)
    move_submit(table_id=table.pk, player=first, move={"type": "pick", "value": 3}, expected_version=0)
    outsider = PlayerFactory()

    for client in (anon, client_for(outsider)):
        body = client.get(_url(table)).json()
        # then: the spectator's view has no pick of anyone, the log shows a hidden move without its content
        assert body["seat"] is None
        assert body["legal_moves"] == []
        assert "my_pick" not in body["state"]
        assert body["moves"] == [
            {
                "seq": 1,
                "seat": 0,
                "display_name": first.display_name,
                "type": "pick",
                "auto": False,
                "hidden": True,
                "at": body["moves"][0]["at"],
                "events": [{"type": "pick", "seat": 0}],
                "story": [{"type": "pick", "text": f"{first.display_name} picks ", "items": []}],
            }
        ]


def test_unknown_table_is_404_in_the_error_format(client_for) -> None:
    response = client_for(PlayerFactory()).get("/api/tables/999999/")

    assert response.status_code == 404
    assert response.json() == error("not_found", "table_id", "No such table.")


def test_log_limit_must_be_a_whole_number(fake_game, anon) -> None:
    table = table_for(fake_game)

    response = anon.get(_url(table), {"log_limit": "x"})

    assert response.status_code == 400
    assert response.json() == error("invalid", "log_limit", "A whole number from 0 to 10000.")


def test_log_limit_keeps_the_last_moves(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, second = _seated(table)
    move_submit(table_id=table.pk, player=first, move={"type": "pick", "value": 1}, expected_version=0)
    move_submit(table_id=table.pk, player=second, move={"type": "pick", "value": 2}, expected_version=1)

    body = client_for(first).get(_url(table), {"log_limit": "1"}).json()

    assert [m["seq"] for m in body["moves"]] == [2]
    assert body["moves_total"] == 2


def test_legal_moves_endpoint(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, _ = _seated(table)

    body = client_for(first).get(_url(table, "legal-moves/")).json()

    assert body == {
        "table_id": table.pk,
        "version": 0,
        "seat": 0,
        "your_turn": True,
        "legal_moves": [{"type": "pick", "value": v} for v in (1, 2, 3)],
    }


def test_legal_moves_empty_for_a_spectator(fake_game, anon) -> None:
    table = table_for(fake_game)

    body = anon.get(_url(table, "legal-moves/")).json()

    assert (body["seat"], body["your_turn"], body["legal_moves"]) == (None, False, [])


def test_move_log_shows_own_payload_only(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, second = _seated(table)
    move_submit(table_id=table.pk, player=first, move={"type": "pick", "value": 2}, expected_version=0)

    mine = client_for(first).get(_url(table, "moves/")).json()
    theirs = client_for(second).get(_url(table, "moves/")).json()

    assert mine["moves"][0]["payload"] == {"type": "pick", "value": 2}
    assert "payload" not in theirs["moves"][0]
    assert theirs["version"] == 1


# --- move submission -------------------------------------------------------------------------------------------------


def test_submit_applies_the_move_and_returns_the_new_version(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, _ = _seated(table)

    response = client_for(first).post(_url(table, "moves/"), _pick(2), format="json")

    assert response.status_code == 201
    body = response.json()
    assert (body["table_id"], body["seq"], body["version"], body["status"], body["replayed"]) == (
        table.pk,
        1,
        1,
        "active",
        False,
    )
    assert body["view"]["my_pick"] == 2
    assert Move.objects.filter(table=table).count() == 1


@pytest.mark.parametrize("deadline", [None, datetime(2026, 3, 29, 1, 30, 15, 123456, tzinfo=UTC)])
@pytest.mark.parametrize("replayed", [False, True])
def test_the_move_answer_is_what_its_serializer_renders(deadline, replayed) -> None:
    result = MoveResult(
        table_id=7,
        seq=12,
        version=12,
        status=Table.Status.ACTIVE,
        deadline=deadline,
        view={"phase": "play", "to_act": [1], "hand": ["7S", "AH"], "contract": None},
        replayed=replayed,
    )

    # in a caller's own time zone too (league.timezones activates it), where the deadline is written with its offset
    for zone in ["UTC", "Asia/Seoul"]:
        with timezone.override(zoneinfo.ZoneInfo(zone)):
            answer = move_answer(result)
            assert answer == MoveResultSerializer().to_representation(result)
            assert list(answer) == list(MoveResultSerializer().to_representation(result))
            assert json.dumps(answer) == json.dumps(MoveResultSerializer().to_representation(result))


def test_non_seated_player_cannot_move(fake_game, client_for) -> None:
    table = table_for(fake_game)

    response = client_for(PlayerFactory()).post(_url(table, "moves/"), _pick(2), format="json")

    assert response.status_code == 403
    assert response.json() == error("not_seated", None, "You have no seat at this table.")
    assert Move.objects.count() == 0


def test_anonymous_cannot_move_and_is_challenged(fake_game, anon) -> None:
    table = table_for(fake_game)

    response = anon.post(_url(table, "moves/"), _pick(2), format="json")

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json() == error("not_authenticated", None, "Authentication credentials were not provided.")


def test_wrong_token_is_401(fake_game, anon) -> None:
    table = table_for(fake_game)
    anon.credentials(HTTP_AUTHORIZATION="Token not-a-token")

    response = anon.post(_url(table, "moves/"), _pick(2), format="json")

    assert response.status_code == 401
    assert response.json() == error("authentication_failed", None, "Invalid token.")


def test_stale_version_is_409(fake_game, client_for) -> None:
    # given: the table moved on to the bets (version 2); seat 0 still acts on version 0's picks
    table = table_for(fake_game)
    first, second = _seated(table)
    move_submit(table_id=table.pk, player=first, move={"type": "pick", "value": 2}, expected_version=0)
    move_submit(table_id=table.pk, player=second, move={"type": "pick", "value": 1}, expected_version=1)
    bettor = _seated(table)[get_engine(fake_game).to_act(Table.objects.get(pk=table.pk).state)[0]]

    response = client_for(bettor).post(
        _url(table, "moves/"), {"move": {"type": "bet", "amount": 1}, "expected_version": 0}, format="json"
    )

    assert response.status_code == 409
    expected = error("stale_version", "expected_version", "The table has moved on to version 2; reload it.")
    expected["error"]["current_version"] = 2
    assert response.json() == expected
    assert Table.objects.get(pk=table.pk).version == 2


def test_illegal_move_is_422_with_the_engine_code_and_changes_nothing(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, _ = _seated(table)

    response = client_for(first).post(_url(table, "moves/"), _pick(7), format="json")

    assert response.status_code == 422
    assert response.json() == error("bad_move", "move", "pick a value from 1 to 3")
    table.refresh_from_db()
    assert (table.version, Move.objects.count()) == (0, 0)


def test_same_idempotency_key_applies_once_and_replays_the_answer(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, _ = _seated(table)
    client = client_for(first)

    one = client.post(_url(table, "moves/"), _pick(2), format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    two = client.post(_url(table, "moves/"), _pick(2), format="json", HTTP_IDEMPOTENCY_KEY="k-1")

    assert (one.status_code, two.status_code) == (201, 200)
    assert two.json() == {**one.json(), "replayed": True}
    assert Move.objects.filter(table=table).count() == 1


def test_same_idempotency_key_with_another_move_is_422(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, _ = _seated(table)
    client = client_for(first)
    client.post(_url(table, "moves/"), _pick(2), format="json", HTTP_IDEMPOTENCY_KEY="k-1")

    response = client.post(_url(table, "moves/"), _pick(3), format="json", HTTP_IDEMPOTENCY_KEY="k-1")

    assert response.status_code == 422
    assert response.json() == error(
        "idempotency_mismatch", None, "This idempotency key was already used for a different move."
    )


def test_idempotency_key_longer_than_100_is_400(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, _ = _seated(table)

    response = client_for(first).post(_url(table, "moves/"), _pick(2), format="json", HTTP_IDEMPOTENCY_KEY="k" * 101)

    assert response.status_code == 400
    assert response.json() == error("invalid", "Idempotency-Key", "An idempotency key has 1 to 100 characters.")


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"move": {"type": "pick", "value": 1}}, error("required", "expected_version", "This field is required.")),
        (
            {"move": "pick", "expected_version": 0},
            error("not_a_dict", "move", 'Expected a dictionary of items but got type "str".'),
        ),
        (
            {"move": {}, "expected_version": -1},
            error("min_value", "expected_version", "Ensure this value is greater than or equal to 0."),
        ),
        (
            {"move": {"type": "x\u0000"}, "expected_version": 0},
            error("null_characters_not_allowed", "move.type", "The NUL character is not allowed."),
        ),
    ],
)
def test_bad_submission_body_is_400_naming_the_field(fake_game, client_for, body, expected) -> None:
    table = table_for(fake_game)
    first, _ = _seated(table)

    response = client_for(first).post(_url(table, "moves/"), body, format="json")

    assert response.status_code == 400
    assert response.json() == expected


def test_malformed_json_is_400_parse_error(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, _ = _seated(table)

    response = client_for(first).post(_url(table, "moves/"), "{not json", content_type="application/json")

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "parse_error"
    assert response.json()["error"]["field"] is None


def test_form_data_is_415(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, _ = _seated(table)

    response = client_for(first).post(_url(table, "moves/"), {"expected_version": "0"})

    assert response.status_code == 415
    assert response.json()["error"]["code"] == "unsupported_media_type"


def test_method_not_allowed_is_405_in_the_error_format(fake_game, client_for) -> None:
    table = table_for(fake_game)

    response = client_for(PlayerFactory()).put(_url(table, "moves/"), {}, format="json")

    assert response.status_code == 405
    assert response.json() == error("method_not_allowed", None, 'Method "PUT" not allowed.')


def test_closed_table_is_409(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, _ = _seated(table)
    table_annul(table_id=table.pk, reason="test")

    response = client_for(first).post(_url(table, "moves/"), _pick(2), format="json")

    assert response.status_code == 409
    assert response.json() == error("table_closed", None, "The table is annulled.")


def _rates(rate: str) -> dict:
    framework = copy.deepcopy(settings.REST_FRAMEWORK)
    framework["DEFAULT_THROTTLE_RATES"]["move_submit"] = rate
    return framework


def test_move_submission_is_throttled_per_player(fake_game, client_for) -> None:
    # given: two submissions a minute per player
    table = table_for(fake_game, players=3)
    first, second, _ = _seated(table)
    with override_settings(REST_FRAMEWORK=_rates("2/minute")):
        client = client_for(first)
        # when: a player sends three (the second is a refused retry: it counts all the same)
        client.post(_url(table, "moves/"), _pick(2), format="json")
        client.post(_url(table, "moves/"), _pick(2, version=1), format="json")
        third = client.post(_url(table, "moves/"), _pick(2, version=1), format="json")
        # then: the third is refused with a wait, and another player is not held back
        other = client_for(second).post(_url(table, "moves/"), _pick(1, version=1), format="json")

    assert third.status_code == 429
    assert third.json() == error("throttled", None, "Request was throttled. Expected available in 60 seconds.")
    assert third["Retry-After"] == "60"
    assert other.status_code == 201


def test_reading_is_not_throttled(fake_game, client_for) -> None:
    table = table_for(fake_game)
    first, _ = _seated(table)
    with override_settings(REST_FRAMEWORK=_rates("1/minute")):
        statuses = {client_for(first).get(_url(table, "moves/")).status_code for _ in range(3)}

    assert statuses == {200}


# --- your turn -------------------------------------------------------------------------------------------------------


def test_turns_lists_tables_where_the_caller_is_to_act(fake_game, client_for) -> None:
    table = table_for(fake_game, players=2)
    first, second = _seated(table)
    other = table_for(fake_game, players=[PlayerFactory(), first])
    move_submit(table_id=table.pk, player=first, move={"type": "pick", "value": 1}, expected_version=0)

    body = client_for(first).get("/api/me/turns/").json()

    assert [(t["id"], t["your_seat"], t["game"]) for t in body] == [(other.pk, 1, fake_game)]
    assert [t["id"] for t in client_for(second).get("/api/me/turns/").json()] == [table.pk]


def test_turns_needs_authentication(anon) -> None:
    response = anon.get("/api/me/turns/")

    assert response.status_code == 401
    assert response.json() == error("not_authenticated", None, "Authentication credentials were not provided.")


def test_a_committed_palace_row_reaches_neither_the_opponent_nor_a_spectator(client_for, anon) -> None:
    # given: seat 0 commits a row in secret (P-R3)
    table = table_for("palace-infighting", players=2)
    first, second = _seated(table)
    row = get_engine("palace-infighting").legal_moves(table.state, 0)[0]
    client_for(first).post(_url(table, "moves/"), {"move": row, "expected_version": 0}, format="json")

    # then: the opponent and a spectator see that a row is in, never its cards: exactly their own engine view
    engine = get_engine("palace-infighting")
    state = _reload(table).state
    for client, seat in ((client_for(second), 1), (anon, None)):
        body = client.get(_url(table)).json()
        assert body["seat"] == seat
        assert body["moves"][0]["hidden"] is True
        assert "payload" not in body["moves"][0]
        assert body["state"] == json.loads(json.dumps(engine.view(state, seat)))
        assert body["state"] != json.loads(json.dumps(engine.view(state, 0)))
    # and: its author sees it
    assert client_for(first).get(_url(table)).json()["moves"][0]["payload"] == row


def _reload(table: Table) -> Table:
    table.refresh_from_db()
    return table


# --- what the engines declare (issue 17) ---------------------------------------------------------------------------


def test_an_invented_key_in_a_move_is_422_unknown_field_and_changes_nothing(client_for) -> None:
    table = table_for("the-court", players=2)
    first, _ = _seated(table)
    move = {**get_engine("the-court").legal_moves(table.state, 0)[0], "amount": "x<script>"}

    response = client_for(first).post(_url(table, "moves/"), {"move": move, "expected_version": 0}, format="json")

    assert response.status_code == 422
    assert response.json()["error"]["code"] == "unknown_field"
    assert (_reload(table).version, Move.objects.filter(table=table).count()) == (0, 0)


@pytest.mark.parametrize(
    ("payload", "events"),
    [
        ({"type": "call", "amount": "x<script>"}, [{"type": "call", "seat": 0, "amount": "x<script>"}]),
        ([1, 2], "not a list"),
        ({"type": 7}, [None, 3, {"type": ["x"], "seat": "nobody", "cards": "AS", "card": 9}]),
        ({}, [{"type": "showdown", "hands": [{"seat": 99, "cards": ["ZZ"], "category": {"text": "{oops"}}]}]),
    ],
)
def test_no_stored_move_makes_a_response_fail(client_for, anon, payload, events) -> None:
    """Whatever a move row holds (a hand-edited row, an older engine's events), every door answers."""
    table = table_for("the-court", players=2)
    first, _ = _seated(table)
    Move.objects.create(table=table, seq=1, seat=0, player=first, payload=payload, events=events, at=table.created_at)
    Table.objects.filter(pk=table.pk).update(version=1)

    for client in (anon, client_for(first)):
        for url in (_url(table), _url(table, "moves/")):
            assert client.get(url).status_code == 200
    page = anon.get(f"/tables/{table.pk}/")
    assert page.status_code == 200
    assert b"x<script>" not in page.content
    assert anon.get(f"/tables/{table.pk}/record.json").status_code == 200
