"""table_create and table_annul (league/services/tables.py)."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games import available_games, get_engine
from league.errors import BadOptions, TableClosed
from league.models import Seat, Table
from league.services.tables import table_annul, table_create
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
    with pytest.raises(BadOptions) as error:
        table_for(fake_game, options={"rounds": 0})

    assert (error.value.code, error.value.field, error.value.status) == ("bad_options", "options", 400)
    assert not Table.objects.exists()


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(BadOptions) as error:
        table_for("snap")

    assert error.value.code == "unknown_game"


def test_a_player_count_outside_the_games_range_is_refused(fake_game: str) -> None:
    with pytest.raises(BadOptions) as error:
        table_for(fake_game, players=5)

    assert error.value.code == "bad_player_count"


def test_a_player_may_take_only_one_seat(fake_game: str) -> None:
    player = PlayerFactory()

    with pytest.raises(BadOptions) as error:
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
    from league.errors import BadOptions

    with pytest.raises(BadOptions) as refused:
        table_for(fake_game, time_per_move=timedelta(seconds=seconds))

    assert (refused.value.code, refused.value.field) == ("time_per_move_too_short", "time_per_move")


def test_the_floor_is_a_setting_and_seasons_are_held_to_it(fake_game: str, settings) -> None:
    from league.errors import BadOptions
    from league.services.seasons import SeasonSpec, season_create
    from tests.league.factories import MembershipFactory

    settings.CARDLEAGUE_MIN_TIME_PER_MOVE = 600
    table = table_for(fake_game, time_per_move=timedelta(seconds=600))
    organizer = MembershipFactory(role="organizer").player

    with pytest.raises(BadOptions):
        season_create(
            club=organizer.clubs.get(),
            by=organizer,
            spec=SeasonSpec(game="the-court", name="Blitz", time_per_move=timedelta(seconds=60)),
        )
    assert table.time_per_move == 600
