"""Pages of fair dealing (league/views/fairness.py): verify page, entropy form, replay, downloads."""

import csv
import hashlib
import io
import json
import random
from datetime import timedelta

import pytest
from django.test import Client

from league.models import Move, Table
from league.services.rounds import season_start
from tests.league.factories import PlayerFactory, table_for
from tests.league.fairness.helpers import seated
from tests.league.playing import play_moves, seat_count, short_options
from tests.league.seasons.factories import season_with_entrants

pytestmark = pytest.mark.django_db

SEED = "page-secret-seed"


def _client(player=None) -> Client:
    client = Client()
    if player is not None:
        client.force_login(player.user)
    return client


@pytest.fixture
def finished(fake_game) -> Table:
    return play_moves(table_for(fake_game, options={"rounds": 2}, seed=SEED), random.Random(2))


def test_the_verify_page_shows_the_commitment_but_not_the_seed_while_the_table_runs(fake_game) -> None:
    table = play_moves(table_for(fake_game, seed=SEED), random.Random(1), count=2)

    page = _client(seated(table)[0]).get(f"/tables/{table.pk}/verify/").content.decode()

    assert hashlib.sha256(SEED.encode()).hexdigest() in page
    assert SEED not in page
    assert "The seed is revealed when the table ends." in page


def test_the_verify_page_of_a_finished_table_reveals_the_seed_and_the_verdict(finished) -> None:
    page = _client().get(f"/tables/{finished.pk}/verify/").content.decode()

    assert f'<code id="server-seed">{SEED}</code>' in page
    assert 'id="verified"' in page


def test_the_verify_page_lists_the_differences_of_a_tampered_table(finished) -> None:
    finished.moves.filter(seq=1).update(payload={"type": "pick", "value": 7})

    page = _client().get(f"/tables/{finished.pk}/verify/").content.decode()

    assert "move 1 is refused on replay: bad_move" in page
    assert 'id="verified"' not in page


def test_a_seated_player_adds_entropy_through_the_form_and_the_last_one_deals(fake_game) -> None:
    table = table_for(fake_game, seed=SEED, entropy_window=timedelta(hours=1))
    first, second = seated(table)

    form_page = _client(first).get(f"/tables/{table.pk}/verify/").content.decode()
    added = _client(first).post(f"/tables/{table.pk}/entropy/", {"entropy": "my lucky words"})
    waived = _client(second).post(f"/tables/{table.pk}/entropy/", {"waive": "1"})
    again = _client(second).post(f"/tables/{table.pk}/entropy/", {"entropy": "late"})
    table.refresh_from_db()

    assert 'name="entropy"' in form_page
    assert (added.status_code, added["Location"]) == (302, f"/tables/{table.pk}/verify/")
    assert waived.status_code == 302
    assert again.status_code == 409 and "entropy is taken only before the first deal" in again.content.decode()
    assert table.status == Table.Status.ACTIVE


def test_the_replay_page_steps_through_a_finished_table(finished) -> None:
    client = _client()

    deal = client.get(f"/tables/{finished.pk}/replay/").content.decode()
    step = client.get(f"/tables/{finished.pk}/replay/?step=2", HTTP_HX_REQUEST="true").content.decode()

    assert 'data-step="0"' in deal and "<h1>" in deal
    assert 'data-step="2"' in step and "<h1>" not in step
    assert 'href="?step=3"' in step and 'href="?step=1"' in step


def test_replay_and_history_wait_for_the_end(fake_game) -> None:
    table = table_for(fake_game, seed=SEED)

    assert _client().get(f"/tables/{table.pk}/replay/").status_code == 403
    assert _client().get(f"/tables/{table.pk}/history.txt").status_code == 403


def test_the_record_and_the_history_download(finished) -> None:
    record = _client().get(f"/tables/{finished.pk}/record.json")
    history = _client().get(f"/tables/{finished.pk}/history.txt")

    assert record["Content-Disposition"] == f'attachment; filename="table-{finished.pk}.json"'
    assert json.loads(record.content)["server_seed"] == SEED
    assert history["Content-Type"] == "text/plain; charset=utf-8"
    assert f"server seed {SEED}" in history.content.decode()


def test_season_csv_downloads(fake_game) -> None:
    season, organizer, _ = season_with_entrants(fake_game, entrants=2, options={"rounds": 1})
    season_start(season=season, by=organizer)

    standings = _client(PlayerFactory()).get(f"/seasons/{season.pk}/export/standings.csv")
    other = _client().get(f"/seasons/{season.pk}/export/ratings.csv")

    assert standings["Content-Type"] == "text/csv; charset=utf-8"
    assert next(csv.reader(io.StringIO(standings.content.decode())))[:2] == ["rank", "entrant"]
    assert other.status_code == 404


@pytest.mark.parametrize("game", ["coinche", "the-court", "palace-infighting", "black-card", "mini-poker"])
def test_the_replay_draws_each_step_with_the_live_tables_board_and_tells_the_move_in_words(game: str) -> None:
    table = play_moves(
        table_for(game, players=seat_count(game), options=short_options(game), seed=f"replay-{game}"),
        random.Random(7),
    )
    first = Move.objects.get(table=table, seq=1)

    page = _client().get(f"/tables/{table.pk}/replay/?step=1").content.decode()

    assert 'class="felt-box' in page and "<code>" not in page and "{&quot;" not in page
    assert f'<li class="event ev-{first.events[0]["type"]}">' in page
