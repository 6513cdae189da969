"""table_create, tables_open and table_annul (league/services/tables.py)."""

from datetime import time, timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import available_games, get_engine
from league.errors import InvalidValue, TableClosed
from league.models import OutboxMessage, Round, Seat, SeatClock, Table, TableFairness, Vacation
from league.services.tables import TableSpec, table_annul, table_create, tables_open
from tests.league.clocks.support import at, season_table
from tests.league.factories import ClubFactory, PlayerFactory, table_for

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", available_games())
def test_a_new_table_holds_the_engines_first_state_and_full_options(game: str) -> None:
    engine = get_engine(game)
    players = PlayerFactory.create_batch(engine.min_players)

    table = table_create(club=ClubFactory(), game=game, players=players, seed="s1")

    assert table.options == engine.check_options({}, engine.min_players)
    assert table.state == engine.new_game(players=engine.min_players, seed="s1", options=table.options)
    assert (table.version, table.status, table.players) == (0, Table.Status.ACTIVE, engine.min_players)
    assert [s.player for s in Seat.objects.filter(table=table).order_by("index")] == players
    flagged = list(Seat.objects.filter(table=table, to_act=True).values_list("index", flat=True))
    assert flagged == engine.to_act(table.state)


def test_the_clock_starts_for_the_first_seats_to_act(fake_game: str) -> None:
    now = timezone.now()
    with time_machine.travel(now, tick=False):
        table = table_for(fake_game, time_per_move=timedelta(minutes=90))

    assert (table.deadline, table.time_per_move) == (now + timedelta(minutes=90), 5400)


def test_a_seed_is_drawn_when_none_is_given(fake_game: str) -> None:
    club, players = ClubFactory(), PlayerFactory.create_batch(2)

    first = table_create(club=club, game=fake_game, players=players)
    second = table_create(club=club, game=fake_game, players=players)

    assert len(first.seed) == 32
    assert first.seed != second.seed


def test_bad_options_are_refused_with_the_engines_code(fake_game: str) -> None:
    with pytest.raises(InvalidValue) as error:
        table_for(fake_game, options={"rounds": 0})

    assert (error.value.code, error.value.field, error.value.status) == ("bad_options", "options", 400)
    assert not Table.objects.exists()


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(InvalidValue) as error:
        table_for("snap")

    assert error.value.code == "unknown_game"


def test_a_player_count_outside_the_games_range_is_refused(fake_game: str) -> None:
    with pytest.raises(InvalidValue) as error:
        table_for(fake_game, players=5)

    assert error.value.code == "bad_player_count"


def test_a_player_may_take_only_one_seat(fake_game: str) -> None:
    player = PlayerFactory()

    with pytest.raises(InvalidValue) as error:
        table_for(fake_game, players=[player, player])

    assert error.value.code == "duplicate_player"


def test_annulling_stops_the_clock_and_keeps_the_log(fake_game: str) -> None:
    table = table_for(fake_game)

    table_annul(table_id=table.pk, reason="players left")

    table.refresh_from_db()
    assert (table.status, table.deadline, table.annul_reason) == (Table.Status.ANNULLED, None, "players left")
    assert not Seat.objects.filter(table=table, to_act=True).exists()


def test_only_a_table_in_play_can_be_annulled(fake_game: str) -> None:
    table = table_for(fake_game)
    table_annul(table_id=table.pk)

    with pytest.raises(TableClosed):
        table_annul(table_id=table.pk)


@pytest.mark.parametrize("seconds", [1, 60, 3599])
def test_a_friendly_table_faster_than_the_floor_is_refused(fake_game: str, seconds: int) -> None:
    # the report's one-second table, won on the clock against a player who never saw it
    from league.errors import InvalidValue

    with pytest.raises(InvalidValue) as refused:
        table_for(fake_game, time_per_move=timedelta(seconds=seconds))

    assert (refused.value.code, refused.value.field) == ("time_per_move_too_short", "time_per_move")


def test_the_floor_is_a_setting_and_seasons_are_held_to_it(fake_game: str, settings) -> None:
    from league.errors import InvalidValue
    from league.services.seasons import SeasonSpec, season_create
    from tests.league.factories import MembershipFactory

    settings.CARDLEAGUE_MIN_TIME_PER_MOVE = 600
    table = table_for(fake_game, time_per_move=timedelta(seconds=600))
    organizer = MembershipFactory(role="organizer").player

    with pytest.raises(InvalidValue):
        season_create(
            club=organizer.clubs.get(),
            by=organizer,
            spec=SeasonSpec(game="the-court", name="Blitz", time_per_move=timedelta(seconds=60)),
        )
    assert table.time_per_move == 600


# --- tables opened many at once (tables_open) ----------------------------------------------------------------------


def _opened(table: Table) -> tuple:
    """What opening a table wrote, but its ids and the seeds' own values."""
    seats = Seat.objects.filter(table=table).order_by("index")
    clocks = [
        (seat.index, clock.bank, clock.turn_started_at, clock.deadline)
        for seat in seats
        if (clock := SeatClock.objects.filter(seat=seat).first()) is not None
    ]
    notices = OutboxMessage.objects.filter(task="league.tasks.turn_notify", kwargs={"table_id": table.pk}).count()
    return (
        table.state,
        table.status,
        table.deadline,
        table.rated,
        [(seat.player_id, seat.to_act, seat.rated_agreed) for seat in seats],
        clocks,
        TableFairness.objects.get(table=table).commitment,
        notices,
    )


def _season_round(game: str, start) -> Round:
    table = season_table(
        game,
        start=start,
        per_move=timedelta(hours=20),
        bank_start=3600,
        pause_weekday=5,
        pause_start=time(0),
        pause_hours=48,
        vacation_days=5,
    )
    return table.round


def test_tables_opened_together_are_each_the_table_opened_alone(fake_game: str) -> None:
    start = at(4, 10)  # a Friday: the weekend pause falls inside the first turn
    round_ = _season_round(fake_game, start)
    players = PlayerFactory.create_batch(8)
    for player in players[:2]:  # both seats of the first table, whichever acts first
        Vacation.objects.create(
            season_id=round_.season_id, player=player, starts_at=start, ends_at=start + timedelta(days=4)
        )
    specs = [
        TableSpec(club=round_.season.club, game=fake_game, players=players[i : i + 2], seed=f"s{i}", round=round_)
        for i in (0, 2)
    ] + [
        TableSpec(
            club=ClubFactory(),
            game=fake_game,
            players=players[i : i + 2],
            seed=f"s{i}",
            time_per_move=timedelta(hours=3),
            rated=True,
            agreed=i == 6,
        )
        for i in (4, 6)
    ]

    with time_machine.travel(start, tick=False):
        together = tables_open(specs=specs)
        # the same specs opened one at a time, by other players (a player may sit at both copies)
        alone = [tables_open(specs=[spec])[0] for spec in specs]

    assert [_opened(t) for t in together] == [_opened(t) for t in alone]
    # and what each holds is the engine's deal under the season's clock: the vacation moved the first deadline
    first, second = (_opened(t) for t in together[:2])
    assert first[2] > second[2]
    assert {t.status for t in together} == {Table.Status.ACTIVE}


def test_opening_more_tables_costs_no_more_statements(fake_game: str) -> None:
    round_ = _season_round(fake_game, at(2, 10))
    counts = []
    for tables in (2, 12):
        players = PlayerFactory.create_batch(2 * tables)
        specs = [
            TableSpec(club=round_.season.club, game=fake_game, players=players[i : i + 2], round=round_)
            for i in range(0, 2 * tables, 2)
        ]
        with CaptureQueriesContext(connection) as queries:
            opened = tables_open(specs=specs)
        assert len(opened) == tables
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_refused_spec_opens_none_of_the_tables(fake_game: str) -> None:
    players = PlayerFactory.create_batch(4)
    good = TableSpec(club=ClubFactory(), game=fake_game, players=players[:2])
    alone = TableSpec(club=ClubFactory(), game=fake_game, players=players[2:3])
    before = Table.objects.count()

    with pytest.raises(InvalidValue) as error:
        tables_open(specs=[good, alone])

    assert error.value.code == "bad_player_count"
    assert Table.objects.count() == before
