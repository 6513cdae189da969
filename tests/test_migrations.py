"""The committed migrations describe the models exactly: a model change without its migration fails here."""

import io

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_model_change_is_missing_its_migration():
    out = io.StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_names_that_differ_only_in_case_are_settled_by_a_suffix_before_they_become_unique():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate([("league", "0002_hot_path")])
    old = executor.loader.project_state([("league", "0002_hot_path")]).apps
    user_model = old.get_model("auth", "User")
    player_model = old.get_model("league", "Player")
    for index, name in enumerate(["Ann", "ann", "ANN", "Bob"]):
        player_model.objects.create(user=user_model.objects.create(username=f"u{index}"), display_name=name)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from league.models import Player

    assert list(Player.objects.order_by("id").values_list("display_name", flat=True)) == [
        "Ann",
        "ann 2",
        "ANN 3",
        "Bob",
    ]


@pytest.mark.django_db
def test_0004_story_fills_the_events_of_existing_tables_by_replaying_them():
    """Tables played before moves stored their events get them from seed + moves, and the flags the old guess set
    (a forced Court discard called public, closing its step) are set from the engine's declarations."""
    import importlib
    import random

    from django.apps import apps

    from league.models import Move, Table
    from league.services.verification import table_verify
    from tests.league.factories import table_for
    from tests.league.playing import play_moves

    migration = importlib.import_module("league.migrations.0004_story")
    table = play_moves(table_for("the-court", players=2, seed="forced-2"), random.Random(4), count=12)
    Move.objects.filter(table=table).update(events=[], hidden=False, step_open=False)
    Table.objects.filter(pk=table.pk).update(opening_events=[])

    migration.replay_events(apps, None)

    table.refresh_from_db()
    assert table_verify(table=table) == []
    assert table.opening_events[0]["type"] == "hand_start"
    assert Move.objects.get(table=table, seq=1).hidden is True


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_0011_moves_each_round_robin_schedule_to_a_row_per_round():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = [("league", "0010_poker_tournaments")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    club = old.get_model("league", "Club").objects.create(name="Club", slug="club")
    seasons = old.get_model("league", "Season").objects
    schedule = [[[1, 2], [3, None]], [[1, 3], [2, None]]]
    scheduled = seasons.create(club=club, name="RR", game="palace-infighting", seed="s", schedule=schedule)
    seasons.create(club=club, name="Swiss", game="palace-infighting", seed="t", edition=2)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from league.models import RoundRobinPairs

    rows = RoundRobinPairs.objects.order_by("season_id", "number").values_list("season_id", "number", "pairs")
    assert list(rows) == [(scheduled.pk, 1, schedule[0]), (scheduled.pk, 2, schedule[1])]
