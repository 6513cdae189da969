"""API of fair dealing (league/api/views/fairness.py): commitment, entropy, record."""

import hashlib
import random
from datetime import timedelta

import pytest

from tests.league.api.helpers import error
from tests.league.factories import table_for
from tests.league.fairness.helpers import seated
from tests.league.playing import play_moves

pytestmark = pytest.mark.django_db

SEED = "api-secret-seed"


def test_anyone_reads_the_commitment_and_not_the_seed_while_the_table_runs(fake_game, anon) -> None:
    table = table_for(fake_game, seed=SEED)

    body = anon.get(f"/api/tables/{table.pk}/fairness/").json()

    assert body["commitment"] == hashlib.sha256(SEED.encode()).hexdigest()
    assert (body["server_seed"], body["engine_seed"], body["revealed"]) == (None, None, False)


def test_seated_players_add_or_waive_entropy(fake_game, anon, client_for) -> None:
    table = table_for(fake_game, seed=SEED, entropy_window=timedelta(hours=1))
    first, second = seated(table)
    url = f"/api/tables/{table.pk}/fairness/entropy/"

    refused = anon.post(url, {"entropy": "x"}, format="json")
    added = client_for(first).post(url, {"entropy": "alpha"}, format="json")
    empty = client_for(second).post(url, {}, format="json")
    waived = client_for(second).post(url, {"waive": True}, format="json")

    assert refused.status_code == 401
    assert added.status_code == 200 and added.json()["entropy"][0] == {
        "seat": 0,
        "answered": True,
        "waived": False,
        "entropy": "alpha",
    }
    assert (empty.status_code, empty.json()) == (400, error("invalid", "entropy"))
    assert waived.json()["status"] == "active"


def test_the_record_reveals_the_seed_once_the_table_is_finished(fake_game, anon) -> None:
    table = table_for(fake_game, seed=SEED, options={"rounds": 1})
    running = anon.get(f"/api/tables/{table.pk}/fairness/export/").json()
    play_moves(table, random.Random(6))

    done = anon.get(f"/api/tables/{table.pk}/fairness/export/").json()

    assert running["server_seed"] is None and all("payload" not in move for move in running["moves"])
    assert done["server_seed"] == SEED and all("payload" in move for move in done["moves"])
    assert anon.get("/api/tables/999999/fairness/").status_code == 404


@pytest.mark.parametrize("endpoint", ["fairness/", "fairness/export/"])
def test_an_id_past_a_bigint_is_no_such_endpoint_as_on_every_other_path(anon, endpoint: str) -> None:
    # given: an id of 20 digits, more than any bigint primary key holds
    too_big = "9" * 20
    # when: asked for that table's fairness
    response = anon.get(f"/api/tables/{too_big}/{endpoint}")
    # then: the path's id converter refuses it, as it does for /api/tables/<id>/ itself
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "no_such_endpoint"
    assert anon.get(f"/api/tables/{too_big}/").json()["error"]["code"] == "no_such_endpoint"
