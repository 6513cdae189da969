"""The committed migrations describe the models exactly: a model change without its migration fails here."""

import io
import json

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


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_0012_keeps_the_entrants_timestamps_and_points_and_the_tables_rating_events():
    """One base for the two entrant models: the poker entrant's registered_at becomes entered_at with its values,
    the bracket entrant's points widen without change; a table's rating event stays that table's."""
    from datetime import UTC, datetime
    from decimal import Decimal

    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate([("league", "0010_poker_tournaments")])
    old = executor.loader.project_state([("league", "0010_poker_tournaments")]).apps
    user = old.get_model("auth", "User").objects.create(username="mina")
    player = old.get_model("league", "Player").objects.create(user=user, display_name="Mina")
    club = old.get_model("league", "Club").objects.create(name="Busan", slug="busan")
    poker = old.get_model("league", "PokerTournament").objects.create(
        club=club, game="mini-poker", name="Turbo", starting_stack=10, table_size=6, level_hands=1, levels=[]
    )
    entrant_model = old.get_model("league", "PokerEntrant")
    entrant = entrant_model.objects.create(tournament=poker, player=player, place=2, shared=2)
    registered = datetime(2026, 11, 1, 20, 30, tzinfo=UTC)
    entrant_model.objects.filter(pk=entrant.pk).update(registered_at=registered)
    bracket = old.get_model("league", "Tournament").objects.create(
        club=club, name="Cup", game="palace", format="single_elim"
    )
    old.get_model("league", "TournamentEntrant").objects.create(
        tournament=bracket, player=player, place=1, shared=1, points=Decimal("123456789.125")
    )
    table = old.get_model("league", "Table").objects.create(
        club=club, game="mini-poker", players=2, seed="s", state={}, status="finished"
    )
    old.get_model("league", "RatingEvent").objects.create(
        player=player, game="mini-poker", table=table, mu_before=25, sigma_before=8, mu_after=26, sigma_after=7,
        at=registered,
    )  # fmt: skip

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from league.models import Entrant, PokerEntrant, RatingEvent

    moved = PokerEntrant.objects.get()
    assert (moved.entered_at, moved.place, moved.shared) == (registered, 2, 2)
    # the bracket's entrant, an `Entrant` of its competition since 0029
    assert Entrant.objects.get(poker=None).points == Decimal("123456789.125")
    assert list(RatingEvent.objects.values_list("table_id", "competition_id")) == [(table.pk, None)]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_0023_and_0034_say_what_each_existing_table_is_played_for_and_its_competition():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate([("league", "0022_account_pending_email")])
    old = executor.loader.project_state([("league", "0022_account_pending_email")]).apps
    club = old.get_model("league", "Club").objects.create(name="Busan", slug="busan")
    old_table = old.get_model("league", "Table")

    def table():
        return old_table.objects.create(club=club, game="mini-poker", players=2, seed="s", state={})

    friendly, season_table, bracket_table, poker_table = table(), table(), table(), table()
    season = old.get_model("league", "Season").objects.create(club=club, game="mini-poker", name="Spring")
    round_ = old.get_model("league", "Round").objects.create(season=season, number=1)
    old_table.objects.filter(pk=season_table.pk).update(round=round_)
    cup = old.get_model("league", "Tournament").objects.create(
        club=club, name="Cup", game="mini-poker", format="single_elim"
    )
    old.get_model("league", "TournamentTable").objects.create(tournament=cup, table=bracket_table, match="W1.1")
    poker = old.get_model("league", "PokerTournament").objects.create(
        club=club, game="mini-poker", name="Turbo", starting_stack=10, table_size=6, level_hands=1, levels=[]
    )
    old.get_model("league", "PokerHand").objects.create(
        tournament=poker, number=1, table_number=1, level=1, table=poker_table, players=[], stacks_start=[]
    )

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from league.models import Table

    tables = {"friendly": friendly, "season": season_table, "bracket": bracket_table, "poker": poker_table}
    assert {kind: Table.objects.get(pk=t.pk).played_for for kind, t in tables.items()} == {k: k for k in tables}
    # 0034: the competition each is a match of, found through its match row (by name: 0029 gave new ids)
    owners = {kind: Table.objects.get(pk=t.pk).competition for kind, t in tables.items()}
    assert {kind: owner and owner.name for kind, owner in owners.items()} == {
        "friendly": None,
        "season": "Spring",
        "bracket": "Cup",
        "poker": "Turbo",
    }


def _history() -> dict[str, tuple[str, int, str]]:
    """Each of the moves' and ledger's tables: its kind (r plain, p partitioned), rows and a checksum of them."""
    from django.db import connection

    found = {}
    with connection.cursor() as cursor:
        for name in ("league_move", "league_ledgerentry"):
            cursor.execute("SELECT relkind FROM pg_class WHERE oid = to_regclass(%s)", [name])
            (kind,) = cursor.fetchone()
            cursor.execute(f"SELECT count(*), md5(string_agg(r::text, ',' ORDER BY id)) FROM {name} r")
            found[name] = (kind, *cursor.fetchone())
    return found


@pytest.mark.slow
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_0024_partitions_the_moves_and_ledger_of_a_filled_database_and_the_step_back_undoes_it():
    import random

    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from league.models import Move
    from league.services.verification import table_verify
    from league.sql import partitions
    from tests.league.factories import table_for
    from tests.league.playing import play_moves, short_options

    game, options = "mini-poker", short_options("mini-poker")
    before, leaves = [("league", "0023_table_competition")], MigrationExecutor(connection).loader.graph.leaf_nodes()
    # filled through the services on today's schema, then taken back to 0023's plain tables (today's models no
    # longer fit 0023's tables: a result keeps its table's end since 0028)
    tables = [play_moves(table_for(game, options=options, seed=f"m{i}"), random.Random(i)) for i in (1, 2)]
    MigrationExecutor(connection).migrate(before)
    try:
        plain = _history()
        assert {kind for kind, _, _ in plain.values()} == {"r"} and all(rows for _, rows, _ in plain.values())

        MigrationExecutor(connection).migrate(leaves)
        partitioned = _history()
        assert {name: (rows, digest) for name, (_, rows, digest) in partitioned.items()} == {
            name: (rows, digest) for name, (_, rows, digest) in plain.items()
        }
        assert {kind for kind, _, _ in partitioned.values()} == {"p"}
        assert [p.name for p in partitions.partitions_of(Move)][:1] == ["league_move_p0"]
        assert all(table_verify(table=table) == [] for table in tables)
        # the identity carries on from the old table's: a new move's id follows the last one
        last = Move.objects.order_by("-id").first()
        played = play_moves(table_for(game, options=options, seed="new"), random.Random(3), count=1)
        assert Move.objects.get(table=played).id > last.id

        MigrationExecutor(connection).migrate(before)
        back = _history()
        assert {kind for kind, _, _ in back.values()} == {"r"}
        assert back["league_ledgerentry"] == plain["league_ledgerentry"]
        assert back["league_move"][1] == plain["league_move"][1] + 1
    finally:
        MigrationExecutor(connection).migrate(leaves)


@pytest.mark.django_db
def test_0027_carries_each_bracket_s_matches_into_rows_and_back_with_nothing_lost():
    """An elimination bracket's matches leave `Tournament.state` for rows, in order, and the whole state read back
    is the state it was; a state without matches (a multiplayer elimination) stays as it is; and back again."""
    import importlib

    from django.apps import apps

    from league.models import Tournament, TournamentMatch
    from league.selectors.bracket_states import tournament_state_read
    from league.tournaments import bracket
    from league.tournaments.double_elimination import double_elimination_create
    from league.tournaments.multiplayer import multiplayer_create
    from league.tournaments.single_elimination import single_elimination_create
    from tests.league.factories import ClubFactory

    migration = importlib.import_module("league.migrations.0027_tournament_matches")
    club = ClubFactory()
    # given: states as they were stored before the migration: two brackets, one of them part played, and not one
    single, _ = single_elimination_create(list(range(1, 6)), third_place=True)
    single, _ = bracket.table_record(single, bracket.matches_ready(single)[0], winner=4)
    double, _ = double_elimination_create(list(range(10, 16)), best_of=3)
    several, _ = multiplayer_create(list(range(20, 29)), min_seats=3, max_seats=4, seed="m")
    states = [single, double, several]
    formats = ["single_elim", "double_elim", "multi_elim"]
    made = [
        Tournament.objects.create(club=club, name=f, game="the-court", format=f, state=s, status="running")
        for f, s in zip(formats, states, strict=True)
    ]
    # when: the migration runs forward
    migration.states_into_rows(apps, None)
    # then: the brackets' columns keep everything but their matches, which are rows; the whole state reads the same
    for tournament, state in zip(made, states, strict=True):
        tournament.refresh_from_db()
        assert tournament_state_read(tournament_id=tournament.pk)[0] == state
        assert "matches" not in tournament.state
        assert TournamentMatch.objects.filter(tournament=tournament).count() == len(state.get("matches", []))
    # when: it runs back
    migration.rows_into_states(apps, None)
    # then: each state is whole in its column again
    for tournament, state in zip(made, states, strict=True):
        tournament.refresh_from_db()
        assert tournament.state == state


@pytest.mark.django_db
def test_0028_gives_each_existing_result_its_tables_end():
    """Results written before 0028 had no `finished_at`: the migration copies their table's."""
    import importlib
    import random
    from types import SimpleNamespace

    from django.apps import apps
    from django.db import connection

    from league.models import Result
    from tests.league.factories import table_for
    from tests.league.playing import play_moves, short_options

    migration = importlib.import_module("league.migrations.0028_result_finished_at")
    # given: two finished tables whose results lost their end, as before the migration
    tables = [
        play_moves(table_for("mini-poker", options=short_options("mini-poker")), random.Random(n)) for n in range(2)
    ]
    Result.objects.update(finished_at=None)
    # when: the migration's copy runs
    migration.finished_at_copied(apps, SimpleNamespace(connection=connection))
    # then: every result has its table's end again
    for table in tables:
        table.refresh_from_db()
        ends = set(Result.objects.filter(table=table).values_list("finished_at", flat=True))
        assert ends == {table.finished_at} and table.finished_at is not None


# --- 0029: one competition, one entrant ------------------------------------------------------------------------------

# the rows that name a competition, by the column and the format it names (the other columns are compared as they are)
_NAMING = {"season_id": "season", "tournament_id": "bracket", "poker_tournament_id": "poker"}
_REFERRING = (
    "league_bye",
    "league_standing",
    "league_round",
    "league_roundrobinpairs",
    "league_tableruling_forfeiting",
    "league_tournamentmatch",
    "league_tournamenttable",
    "league_pokerhand",
    "league_ratingevent",
    "league_notification",
)


def _rows(sql: str) -> list[dict]:
    from django.db import connection

    with connection.cursor() as cursor:
        # as text: Django leaves JSON to its fields, so the connection hands jsonb over unparsed
        cursor.execute(f"SELECT to_jsonb(x)::text FROM ({sql}) x")
        return [json.loads(row[0]) for row in cursor.fetchall()]


def _renamed(row: dict, kind: str, **names: str) -> dict:
    """An entrant row of before 0029 with its columns named as after it, and the format that numbered it."""
    return {names.get(column, column): value for column, value in row.items()} | {"kind": kind}


def _competitions_described(merged: bool) -> dict:
    """Every season, tournament and poker tournament with its entrants and whatever names them, the same on either
    side of 0029 whatever ids they were given: a competition is named by (its format, club, name, creation) and an
    entrant by (its competition, player)."""
    if merged:
        formats = {
            "season": _rows("SELECT c.*, s.* FROM league_competition c JOIN league_season s USING (id)"),
            "bracket": _rows("SELECT c.*, t.* FROM league_competition c JOIN league_tournament t USING (id)"),
            "poker": _rows("SELECT c.*, p.* FROM league_competition c JOIN league_pokertournament p USING (id)"),
        }
        entrants = _rows(
            "SELECT e.*, p.stack, p.table_number, p.seat, p.bust_hand "
            "FROM league_entrant e LEFT JOIN league_pokerentrant p USING (id)"
        )
    else:
        formats = {
            "season": _rows("SELECT *, true AS rated, NULL::bigint AS created_by_id FROM league_season"),
            "bracket": _rows("SELECT *, '' AS league, 1 AS edition, 1 AS division_level FROM league_tournament"),
            "poker": _rows("SELECT *, '' AS league, 1 AS edition, 1 AS division_level FROM league_pokertournament"),
        }
        entrants = [
            _renamed(e, kind="season", season_id="competition_id", seed_rank="seed", created_at="entered_at")
            for e in _rows("SELECT *, NULL AS place, NULL AS shared, NULL::numeric AS points FROM league_entrant")
        ]
        entrants += [
            _renamed(e, kind="bracket", tournament_id="competition_id") | {"name": "", "withdrawn_at": None}
            for e in _rows("SELECT * FROM league_tournamententrant")
        ]
        entrants += [
            _renamed(e, kind="poker", tournament_id="competition_id")
            | {"name": "", "seed": None, "partner_id": None, "withdrawn": False, "withdrawn_at": None}
            for e in _rows("SELECT * FROM league_pokerentrant")
        ]
    competition_of, described = {}, {}
    for kind, rows in formats.items():
        for row in rows:
            key = (kind, row["club_id"], row["name"], row["created_at"])
            competition_of[(kind, row.pop("id"))] = key
            described[key] = row

    def competition(kind: str, pk: int | None) -> tuple | None:
        return None if pk is None else competition_of[(kind, pk)]

    # before 0029 each format numbered its entrants, and only a season's are named by other rows
    entrant_of, bracket_ids = {}, {}
    for entrant in entrants:
        pk, owner_id, kind = entrant.pop("id"), entrant.pop("competition_id"), entrant.pop("kind", None)
        if kind is None:
            (owner,) = (key for (_, pk_), key in competition_of.items() if pk_ == owner_id)
        else:
            owner = competition_of[(kind, owner_id)]
        entrant_of[pk if merged else (kind, pk)] = (owner, entrant["player_id"])
        if owner[0] == "bracket":
            # the bracket's state names its entrants by id: those ids stay
            bracket_ids.setdefault(owner, set()).add(pk)
        described[(owner, "entrant", entrant["player_id"])] = {k: v for k, v in entrant.items() if v is not None}
    season_entrant = {pk if merged else pk[1]: named for pk, named in entrant_of.items() if named[0][0] == "season"}
    for key in competition_of.values():
        row = described[key]
        if key[0] == "season":
            row["previous_id"] = competition("season", row["previous_id"])
        if key[0] == "bracket":
            row["season_id"] = competition("season", row["season_id"])
            row["entrant_ids"] = sorted(bracket_ids.get(key, ()))
    for table in _REFERRING:
        rows = []
        for row in _rows(f"SELECT * FROM {table}"):
            row.pop("id", None)
            for column in _NAMING.keys() & row.keys():
                kind = "poker" if table == "league_pokerhand" else _NAMING[column]  # a hand's tournament is poker's
                row[column] = competition(kind, row[column])
            if "entrant_id" in row:
                row["entrant_id"] = season_entrant[row["entrant_id"]]
            if table == "league_roundrobinpairs":
                players = {pk: player for pk, (owner, player) in season_entrant.items() if owner == row["season_id"]}
                row["pairs"] = [[players.get(e) for e in pair] for pair in row["pairs"]]
            if table == "league_notification" and row["key"].split(":")[0] in ("tournament", "poker_tournament"):
                row["key"] = row["key"].split(":")[0]  # and its id: the row's tournament, compared above
            rows.append(row)
        described[table] = sorted(rows, key=lambda r: json.dumps(r, sort_keys=True, default=str))
    return described


@pytest.mark.slow
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_0029_carries_the_demo_s_seasons_tournaments_and_entrants_back_and_forth_with_nothing_lost():
    """The demo's club, which has lived a season of every game (seasons, brackets, poker tournaments, their entrants,
    byes, standings, hands and notifications), described before and after 0029 by what things are, not by their ids:
    taken back to 0028's three models and forward again, nothing is lost or changed, seasons keep their ids and the
    bracket entrants theirs (the brackets' states name them)."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from league.management.commands.demo_load import DEFAULT_SEEDS
    from league.models import Bye, Entrant, PokerEntrant, Season, Standing, TournamentMatch

    call_command("demo_load", seeds=[DEFAULT_SEEDS], stdout=io.StringIO())
    seasons = set(Season.objects.values_list("id", flat=True))
    # given: every format, with entrants, and what names a season's entrants
    assert Entrant.objects.filter(competition__in=seasons).exists() and PokerEntrant.objects.exists()
    assert Bye.objects.exists() and Standing.objects.exists() and TournamentMatch.objects.exists()
    # described right after 0029 (the later rows of group stages would only change how a state is kept)
    merged, before = [("league", "0029_competitions")], [("league", "0028_result_finished_at")]
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        MigrationExecutor(connection).migrate(merged)
        today = _competitions_described(merged=True)
        MigrationExecutor(connection).migrate(before)
        assert _competitions_described(merged=False) == today
        MigrationExecutor(connection).migrate(merged)
        assert _competitions_described(merged=True) == today
    finally:
        MigrationExecutor(connection).migrate(leaves)
    assert set(Season.objects.values_list("id", flat=True)) == seasons


_SQLITE_BACK_AND_FORTH = """
import django
django.setup()
from django.core.management import call_command
for target in (["league", "0028_result_finished_at"], [], ["league", "0028_result_finished_at"], []):
    call_command("migrate", *target, verbosity=0, skip_checks=True)
print("migrated")
"""


@pytest.mark.slow
def test_0029_runs_forward_and_back_on_sqlite_the_newcomer_s_database(tmp_path):
    """A first run's database is SQLite (README's `make run`): 0029's steps there too, forward and back, where SQLite
    remakes a table for each change and would trip over an index name that PostgreSQL never sees."""
    import os
    import subprocess
    import sys

    from django.conf import settings

    database = f"sqlite:///{tmp_path / 'first-run.sqlite3'}"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": database, "DEBUG": "1"}
    done = subprocess.run(
        [sys.executable, "-c", _SQLITE_BACK_AND_FORTH],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "migrated"


@pytest.mark.django_db
def test_0030_carries_group_stages_and_multiplayer_tables_into_rows_and_back_with_nothing_lost():
    """A group stage's matches (running, or behind its playoff) and a multiplayer elimination's tables leave
    `Tournament.state` for rows, in order, and the whole state read back is the state it was; a bracket's state
    (its matches rows since 0027) stays as it is; and back again."""
    import importlib

    from django.apps import apps

    from league.models import Tournament, TournamentPart
    from league.selectors.bracket_states import tournament_state_read
    from league.services.bracket_rows import bracket_rows_create
    from league.tournaments import bracket, multiplayer, two_stage
    from league.tournaments.single_elimination import single_elimination_create
    from tests.league.factories import ClubFactory

    migration = importlib.import_module("league.migrations.0030_tournament_parts")
    club = ClubFactory()
    # given: states as they were stored before the migration: a group stage part played, a playoff behind its
    # groups, a multiplayer elimination in its second round, and a bracket
    groups = two_stage.groups_stage_create(list(range(1, 9)), groups=2, per_group=1)
    groups = two_stage.group_match_record(groups, "G1.1", winner=None)
    done = groups
    for match in done["group_matches"]:
        if match["decided"] is None:
            done = two_stage.group_match_record(done, match["id"], winner=match["entrants"][0])
    playoff, _ = single_elimination_create(two_stage.group_qualifiers(done))
    playoff = {**playoff, "group_stage": done}
    several, _ = multiplayer.multiplayer_create(list(range(20, 32)), min_seats=3, max_seats=4, seed="m")
    for entry in several["rounds"][0]["tables"]:
        size = len(entry["seats"])
        several, _ = multiplayer.table_record(
            several, table=entry["number"], places=list(range(1, size + 1)), scores=[0] * size, start_total=0
        )
    single, _ = single_elimination_create(list(range(40, 45)))
    states = [groups, playoff, several, single]
    formats = ["two_stage", "two_stage", "multi_elim", "single_elim"]
    made = []
    for fmt, state in zip(formats, states, strict=True):
        header = bracket.header_of(state) if "matches" in state else state
        made.append(Tournament.objects.create(club=club, name=fmt, game="the-court", format=fmt, state=header))
        if "matches" in state:
            bracket_rows_create(tournament=made[-1], matches=state["matches"])
    expected_rows = [12, 12, 3 + 2, 0]
    # when: the migration runs forward
    migration.states_into_rows(apps, None)
    # then: the columns keep everything but the group matches and the tables, which are rows; the whole state reads
    # the same
    for tournament, state, rows in zip(made, states, expected_rows, strict=True):
        tournament.refresh_from_db()
        assert tournament_state_read(tournament_id=tournament.pk)[0] == state
        assert "group_matches" not in {**tournament.state, **tournament.state.get("group_stage", {})}
        assert all("tables" not in round_ for round_ in tournament.state.get("rounds", []))
        assert TournamentPart.objects.filter(tournament=tournament).count() == rows
    # when: it runs back
    migration.rows_into_states(apps, None)
    TournamentPart.objects.all().delete()  # as the model's removal does
    # then: each state is whole again (a bracket's matches still its rows)
    for tournament, state in zip(made, states, strict=True):
        tournament.refresh_from_db()
        assert tournament.state == (bracket.header_of(state) if "matches" in state else state)
        assert tournament_state_read(tournament_id=tournament.pk)[0] == state


@pytest.mark.django_db
def test_0031_stores_a_freezeouts_state_with_lz4_and_back_with_pglz():
    """The migration sets the column's method where the server has LZ4 (this one: the state is rewritten after every
    hand, and pglz was half of that write), and its reverse sets pglz again; a value stored either way reads back."""
    import importlib

    from django.apps import apps
    from django.db import connection

    from league.models import PokerTournament
    from tests.league.factories import ClubFactory

    migration = importlib.import_module("league.migrations.0031_poker_state_lz4")

    class Editor:  # what the operation's function reads of its schema editor
        pass

    editor = Editor()
    editor.connection = connection

    def method() -> str:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT attcompression FROM pg_attribute WHERE attrelid = 'league_pokertournament'::regclass "
                "AND attname = 'state'"
            )
            return cursor.fetchone()[0]

    state = {
        "tables": [{"id": n, "seats": [{"player": n * 10 + s, "stack": 1000} for s in range(6)]} for n in range(99)]
    }
    assert method() == "l"
    tournament = PokerTournament.objects.create(
        club=ClubFactory(), game="mini-poker", name="lz4", starting_stack=1000, table_size=6, level_hands=1,
        levels=[{"ante": 10}], state=state,
    )  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # the insert's deferred checks, which ALTER TABLE refuses
    migration.compression_set("pglz")(apps, editor)
    assert method() == "p"
    tournament.refresh_from_db()
    assert tournament.state == state
    migration.compression_set("lz4")(apps, editor)
    assert method() == "l"


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_0032_names_each_notifications_competition_by_one_key_and_back():
    """A notification about a season, a bracket or a poker tournament keeps what it is about: taken back to 0031 the
    format's own key is set, and forward again the one competition key, for each format."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor
    from django.utils import timezone

    from league.models import Competition, Membership, Notification, Season
    from league.services.notifications import notification_add
    from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, TournamentFactory
    from tests.league.poker_playing import small_freezeout

    club, player = ClubFactory(), PlayerFactory()
    season = Season.objects.create(club=club, name="Spring", game="coinche")
    bracket = TournamentFactory(club=club)
    poker = small_freezeout(club=club, by=MembershipFactory(club=club, role=Membership.Role.ORGANIZER).player)
    about = {"season_id": season.pk, "tournament_id": bracket.pk, "poker_tournament_id": poker.pk}
    for key, pk in about.items():
        competition = Competition.objects.get(pk=pk)
        notification_add(player=player, kind="tournament_start", key=key, now=timezone.now(), competition=competition)
    notification_add(player=player, kind="your_move", key="turn", now=timezone.now())
    before, leaves = [("league", "0031_poker_state_lz4")], MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        MigrationExecutor(connection).migrate(before)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT key, season_id, tournament_id, poker_tournament_id FROM league_notification ORDER BY key"
            )
            rows = {key: ids for key, *ids in cursor.fetchall()}
        # then: each names its competition by its format's key, and only by it
        assert rows == {
            "poker_tournament_id": [None, None, poker.pk],
            "season_id": [season.pk, None, None],
            "tournament_id": [None, bracket.pk, None],
            "turn": [None, None, None],
        }
    finally:
        MigrationExecutor(connection).migrate(leaves)
    # and forward: one key again, the same competition
    named = dict(Notification.objects.values_list("key", "competition_id"))
    assert named == {**about, "turn": None}
