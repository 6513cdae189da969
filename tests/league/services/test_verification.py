"""table_verify (league/services/verification.py): replay seed + move log and report every difference."""

import random

import pytest

from games import available_games
from league.models import LedgerEntry, Move, Result
from league.services.verification import table_verify
from tests.league.factories import table_for
from tests.league.playing import play_moves, seat_count, short_options

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(fake_game: str):
    """A finished three-round test-duel."""
    return play_moves(table_for(fake_game, options={"rounds": 3}), random.Random(7))


def test_a_table_played_through_the_services_has_no_difference(played) -> None:
    assert table_verify(table=played) == []


def test_a_move_altered_into_another_legal_move_is_reported(played) -> None:
    move = Move.objects.get(table=played, seq=1)
    move.payload = {"type": "pick", "value": move.payload["value"] % 3 + 1}
    move.save()

    assert "stored state differs from the replay of seed + moves" in table_verify(table=played)


@pytest.mark.parametrize("game", available_games())
def test_a_move_altered_into_an_illegal_one_is_reported_for_each_game(game: str) -> None:
    table = play_moves(
        table_for(game, players=seat_count(game), options=short_options(game)), random.Random(8), count=6
    )
    Move.objects.filter(table=table, seq=2).update(payload={"type": "no-such-move"})

    differences = table_verify(table=table)

    assert len(differences) == 1
    assert differences[0].startswith("move 2 is refused on replay: ")


def test_an_altered_state_is_reported(played) -> None:
    played.state = {**played.state, "round": 99}
    played.save()

    assert table_verify(table=played) == ["stored state differs from the replay of seed + moves"]


def test_a_missing_or_altered_ledger_row_is_reported(played) -> None:
    LedgerEntry.objects.filter(table=played, index=0).delete()
    row = LedgerEntry.objects.get(table=played, index=1)
    row.row = {**row.row, "deltas": [row.row["deltas"][0] + 1, row.row["deltas"][1] - 1]}
    row.save()

    assert table_verify(table=played) == ["ledger row 0 is missing", "ledger row 1 differs from the replay"]


def test_an_altered_result_is_reported(played) -> None:
    Result.objects.filter(table=played, seat=0).update(score=999)

    assert table_verify(table=played) == ["results differ from the replay's outcome"]


def test_a_gap_in_the_move_log_is_reported(played) -> None:
    Move.objects.filter(table=played, seq=2).delete()

    assert table_verify(table=played)[0] == "move log has seq 3 where 2 was expected"


def test_a_wrong_seat_to_act_flag_is_reported(fake_game: str) -> None:
    table = table_for(fake_game)
    table.seats.filter(index=0).update(to_act=False)

    assert table_verify(table=table) == ["seats marked to act [1], the engine says [0, 1]"]


def test_a_wrong_open_step_mark_is_reported(fake_game: str) -> None:
    table = table_for(fake_game)
    table.step_open = True
    table.save(update_fields=["step_open"])

    assert table_verify(table=table) == ["the table says a simultaneous step is open, its last move says otherwise"]
