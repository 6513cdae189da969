"""league/sql/names.py: names quoted by psycopg.sql as the database quotes them, whichever database it is."""

import pytest
from django.apps import apps
from django.db import connection

from league.models import Seat, SeatClock
from league.sql.names import column, composed, quoted, select_list, table


def test_every_table_and_column_is_quoted_as_the_database_quotes_it() -> None:
    for model in apps.get_app_config("league").get_models():
        assert table(model) == connection.ops.quote_name(model._meta.db_table)
        for field in model._meta.concrete_fields:
            assert column(model, field.name) == (connection.ops.quote_name(field.column), field)


def test_a_name_that_holds_a_quote_cannot_end_the_identifier() -> None:
    assert quoted('a"; DROP TABLE x; --') == '"a""; DROP TABLE x; --"'


def test_composed_fills_the_names_and_leaves_the_placeholders() -> None:
    assert composed("SELECT 1 FROM {} WHERE {} = %s", "league_move_p0", "index") == (
        'SELECT 1 FROM "league_move_p0" WHERE "index" = %s'
    )


@pytest.mark.django_db
def test_a_select_list_names_each_column_with_its_prefix() -> None:
    listed, names = select_list([(Seat, "s", ""), (SeatClock, "c", "clock__")], without=())
    assert names == (
        *(f.column for f in Seat._meta.concrete_fields),
        *(f"clock__{f.column}" for f in SeatClock._meta.concrete_fields),
    )
    assert 's."index" AS "index"' in listed and 'c."seat_id" AS "clock__seat_id"' in listed
