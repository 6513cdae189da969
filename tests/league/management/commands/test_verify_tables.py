"""manage.py verify_tables (league/management/commands/verify_tables.py)."""

import io
import random

import pytest
from django.core.management import CommandError, call_command

from league.models import Move
from tests.league.factories import table_for
from tests.league.playing import play_moves

pytestmark = pytest.mark.django_db


def test_clean_tables_pass(fake_game: str) -> None:
    play_moves(table_for(fake_game), random.Random(1), count=5)
    play_moves(table_for(fake_game, options={"rounds": 1}), random.Random(2))
    out = io.StringIO()

    call_command("verify_tables", stdout=out)

    assert out.getvalue() == "2 tables verified: no difference.\n"


def test_a_table_with_an_altered_move_is_listed_and_the_command_fails(fake_game: str) -> None:
    clean = play_moves(table_for(fake_game), random.Random(3), count=5)
    tampered = play_moves(table_for(fake_game), random.Random(4), count=5)
    Move.objects.filter(table=tampered, seq=1).update(payload={"type": "pick", "value": 7})
    out = io.StringIO()

    with pytest.raises(CommandError) as error:
        call_command("verify_tables", stdout=out)

    assert str(error.value) == f"1 of 2 tables differ from their replay: {tampered.pk}"
    assert out.getvalue() == (f"table {tampered.pk} (test-duel, active):\n  - move 1 is refused on replay: bad_move\n")
    assert f"table {clean.pk} " not in out.getvalue()


def test_the_selection_options_limit_the_tables_checked(fake_game: str) -> None:
    first, second = table_for(fake_game), table_for(fake_game)
    Move.objects.create(
        table=second,
        seq=1,
        seat=0,
        player=second.seats.get(index=0).player,
        payload={"type": "pick", "value": 1},
        at=second.created_at,
    )
    out = io.StringIO()

    call_command("verify_tables", "--table", str(first.pk), stdout=out)

    assert out.getvalue() == "1 tables verified: no difference.\n"
