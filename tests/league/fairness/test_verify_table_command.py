"""manage.py verify_table ID (league/management/commands/verify_table.py)."""

import io
import json
import random

import pytest
from django.core.management import CommandError, call_command

from league.models import LedgerEntry, Move, TableFairness
from tests.league.factories import table_for
from tests.league.playing import play_moves

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(fake_game: str):
    return play_moves(table_for(fake_game, options={"rounds": 2}, seed="cmd-seed"), random.Random(9))


def test_a_clean_table_verifies_and_its_record_is_written(played, tmp_path) -> None:
    out = io.StringIO()
    path = tmp_path / "record.json"

    call_command("verify_table", str(played.pk), "--export", str(path), stdout=out)

    assert out.getvalue() == f"table {played.pk} (test-duel, finished) verified.\n"
    assert json.loads(path.read_text())["server_seed"] == "cmd-seed"


@pytest.mark.parametrize(
    "tamper, expected",
    [
        ("move", "  - move 1 is refused on replay: bad_move\n"),
        ("seed", "  - the server seed does not match the published commitment\n"),
        ("ledger", "  - ledger row 1 differs from the replay\n"),
    ],
)
def test_a_tampered_move_seed_or_ledger_row_is_reported_and_the_command_fails(played, tamper, expected) -> None:
    if tamper == "move":
        Move.objects.filter(table=played, seq=1).update(payload={"type": "pick", "value": 7})
    elif tamper == "seed":
        TableFairness.objects.filter(table=played).update(server_seed="cmd-seed-2")
    else:
        LedgerEntry.objects.filter(table=played, index=1).update(row={"deltas": [0, 0], "totals": [0, 0]})
    out = io.StringIO()

    with pytest.raises(CommandError) as error:
        call_command("verify_table", str(played.pk), stdout=out)

    assert out.getvalue().startswith(f"table {played.pk} (test-duel, finished):\n")
    assert expected in out.getvalue()
    assert str(error.value).startswith(f"table {played.pk} differs from its record: ")


def test_an_unknown_table_is_an_error() -> None:
    with pytest.raises(CommandError, match="No table 999999"):
        call_command("verify_table", "999999", stdout=io.StringIO())
