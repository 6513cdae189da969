"""Seat clocks in the move pipeline (league/services/clocks.py) and the sweep (league/services/timeouts.py), in
frozen time: the Fischer bank, the weekly pause, vacations, the deadline == now edge, consecutive timeouts,
abandonment and forfeit."""

from datetime import time, timedelta

import pytest
import time_machine

from games import get_engine
from league.errors import InvalidValue
from league.models import Entrant, Move, Season, SeasonClock, SeatClock, Standing, Table, TableRuling
from league.services.clocks import abandoned_seats, table_deadline_refresh, vacation_take
from league.services.moves import move_submit
from league.services.timeouts import TimeoutDone, timeouts_apply
from league.services.verification import table_verify
from tests.league.clocks.support import at, players_of, season_table
from tests.league.factories import PlayerFactory, table_for

pytestmark = pytest.mark.django_db

HOUR = timedelta(hours=1)
PICK = {"type": "pick", "value": 2}


def _clock(table: Table, seat: int) -> SeatClock:
    return SeatClock.objects.get(seat__table=table, seat__index=seat)


def _submit(table: Table, seat: int, move: dict, when) -> None:
    table.refresh_from_db()
    with time_machine.travel(when, tick=False):
        move_submit(table_id=table.pk, player=players_of(table)[seat], move=move, expected_version=table.version)
    table.refresh_from_db()


# --- the Fischer bank ------------------------------------------------------------------------------------------


def test_a_season_tables_opening_deadline_includes_the_bank(fake_game):
    # given a table opened by its round at 10:00 with 1 h a move and a 2 h bank: its deadline is the hour + the bank
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, bank_start=7200)
    assert table.deadline == at(2, 13)
    # when the sweep runs after the hour alone
    done = timeouts_apply(now=at(2, 11))
    # then nothing is played, and the table still waits for the seats' true deadline
    table.refresh_from_db()
    assert (done, table.deadline, Move.objects.filter(table=table).count()) == ([], at(2, 13), 0)


def test_a_move_draws_its_overflow_from_the_bank_and_adds_the_increment(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, bank_start=7200, bank_increment=1800)
    # when seat 0 takes 2 h over a 1 h move
    _submit(table, 0, PICK, at(2, 12))
    # then its bank lost the extra hour and gained half an hour; seat 1 still runs on its own 10:00 + 3 h
    assert _clock(table, 0).bank == 7200 - 3600 + 1800
    assert (_clock(table, 0).deadline, _clock(table, 1).deadline, table.deadline) == (None, at(2, 13), at(2, 13))


def test_the_next_turn_gets_the_move_time_plus_what_is_left_in_the_bank(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, bank_start=7200, bank_increment=1800)
    _submit(table, 0, PICK, at(2, 12))  # bank 0: 5400
    _submit(table, 1, PICK, at(2, 12, 30))  # bank 1: 7200 - 5400 + 1800 = 3600
    bettor = get_engine(fake_game).to_act(table.state)[0]
    bank = {0: 5400, 1: 3600}[bettor]
    assert _clock(table, bettor).bank == bank
    assert table.deadline == at(2, 12, 30) + HOUR + timedelta(seconds=bank)


def test_the_bank_never_grows_past_its_cap(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, bank_start=7200, bank_increment=1800, bank_cap=7200)
    _submit(table, 0, PICK, at(2, 10, 5))
    assert _clock(table, 0).bank == 7200


def test_a_timeout_empties_the_bank_and_leaves_the_increment(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, bank_start=600, bank_increment=300)
    timeouts_apply(now=at(2, 11, 10))
    assert (_clock(table, 0).bank, _clock(table, 1).bank) == (300, 300)


# --- the weekly pause and the deadline == now edge -------------------------------------------------------------


def test_the_weekly_pause_stops_the_clock_over_the_weekend(fake_game):
    # given 2 h a move from Friday 23:00 with the weekend paused (Saturday 00:00 for 48 h)
    table = season_table(
        fake_game, start=at(4, 23), per_move=2 * HOUR, pause_weekday=5, pause_start=time(0), pause_hours=48
    )
    # when the table's deadline is computed from its clocks
    table = table_deadline_refresh(table_id=table.pk)
    # then one hour runs on Friday and the other on Monday
    assert table.deadline == at(7, 1)


def test_a_move_made_after_the_weekend_used_only_the_running_time(fake_game):
    table = season_table(
        fake_game,
        start=at(4, 23),
        per_move=2 * HOUR,
        bank_start=3600,
        pause_weekday=5,
        pause_start=time(0),
        pause_hours=48,
    )
    # 1 h 30 of running time (Friday 23:00-24:00, Monday 00:00-00:30): nothing drawn from the bank
    _submit(table, 0, PICK, at(7, 0, 30))
    assert _clock(table, 0).bank == 3600


def test_the_sweep_plays_the_timeout_at_the_deadline_itself_and_not_a_moment_before(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR)

    assert timeouts_apply(now=at(2, 11) - timedelta(microseconds=1)) == []
    done = timeouts_apply(now=at(2, 11))

    moves = list(Move.objects.filter(table=table).values_list("seat", "auto", "payload", "at"))
    assert [(d.seat, d.seq) for d in done] == [(0, 1), (1, 2)]
    timeout_pick = {"type": "pick", "value": 1}
    assert moves == [(0, True, timeout_pick, at(2, 11)), (1, True, timeout_pick, at(2, 11))]


def test_a_second_sweep_at_the_same_instant_does_nothing(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR)
    timeouts_apply(now=at(2, 11))
    table.refresh_from_db()
    before = (table.version, table.deadline, list(SeatClock.objects.filter(seat__table=table).values()))

    assert timeouts_apply(now=at(2, 11)) == []
    table.refresh_from_db()
    assert (table.version, table.deadline, list(SeatClock.objects.filter(seat__table=table).values())) == before


def test_the_sweep_keeps_the_per_move_clock_of_a_table_without_a_season(fake_game):
    table = table_for(fake_game, time_per_move=HOUR)
    deadline = table.deadline

    done = timeouts_apply(now=deadline)

    table.refresh_from_db()
    assert [d.seat for d in done] == [0, 1]
    assert table.deadline == deadline + HOUR  # the bet's turn started when the picks were played


# --- consecutive timeouts, abandonment, forfeit ----------------------------------------------------------------


def test_a_move_by_hand_resets_the_run_of_timeouts(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, rounds=2, abandon_after=3)
    timeouts_apply(now=at(2, 11))
    assert _clock(table, 0).consecutive_timeouts == 1
    table.refresh_from_db()
    bettor = get_engine(fake_game).to_act(table.state)[0]
    _submit(table, bettor, {"type": "bet", "amount": 1}, at(2, 11, 10))
    assert _clock(table, bettor).consecutive_timeouts == 0


def test_an_abandoned_seat_plays_on_automatically_and_its_result_records_it(fake_game):
    # given a season that abandons a seat at its first timeout and plays it on to the end
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, abandon_after=1)
    _submit(table, 0, PICK, at(2, 10, 30))
    # when seat 1 runs out of time
    done = timeouts_apply(now=at(2, 11))
    # then its pick is played and the seat is abandoned
    assert done[0] == TimeoutDone(table.pk, 1, 2, abandoned=True)
    assert _clock(table, 1).abandoned
    # and every later turn of seat 1 is due the moment it starts, while seat 0 plays by hand
    now = at(2, 11)
    while table.status == Table.Status.ACTIVE:
        table.refresh_from_db()
        now += timedelta(minutes=10)
        if 0 in get_engine(fake_game).to_act(table.state):
            _submit(table, 0, {"type": "bet", "amount": 1}, now)
            if table.status == Table.Status.ACTIVE:
                assert table.deadline == now
        timeouts_apply(now=now)
        table.refresh_from_db()
    moves = list(Move.objects.filter(table=table).values_list("seat", "auto"))
    assert {auto for seat, auto in moves if seat == 1} == {True}
    assert {auto for seat, auto in moves if seat == 0} == {False}
    # and the finished table records the abandonment beside results that still replay clean
    assert (abandoned_seats(table=table), table_verify(table=table)) == ([1], [])


def test_a_season_with_the_forfeit_policy_forfeits_the_table_of_an_abandoned_seat(
    fake_game, django_capture_on_commit_callbacks
):
    table = season_table(
        fake_game, start=at(2, 10), per_move=HOUR, abandon_after=1, timeout_policy=SeasonClock.Policy.FORFEIT
    )
    _submit(table, 1, PICK, at(2, 10, 30))
    late = Entrant.objects.get(player=players_of(table)[0])

    with django_capture_on_commit_callbacks(execute=True):
        done = timeouts_apply(now=at(2, 11))

    table.refresh_from_db()
    ruling = TableRuling.objects.get(table=table)
    assert done == [TimeoutDone(table.pk, 0, 2, abandoned=True, forfeited=True)]
    assert (table.status, ruling.kind, list(ruling.forfeiting.all())) == (
        Table.Status.ANNULLED,
        TableRuling.Kind.FORFEIT,
        [late],
    )
    # the standings follow (by the task on commit) and the one-round season ends with its last table
    season = Season.objects.get(pk=late.competition_id)
    first = Standing.objects.get(season=season, rank=1)
    assert (season.status, first.entrant.player) == (Season.Status.FINISHED, players_of(table)[1])


# --- vacations -------------------------------------------------------------------------------------------------


def test_a_vacation_stops_the_players_clock_and_moves_the_table_deadline(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, vacation_days=3)
    season = Season.objects.get(rounds__tables=table)
    players = players_of(table)

    with time_machine.travel(at(2, 10, 30), tick=False):
        vacation_take(player=players[0], season=season, starts_at=at(2, 10, 30), days=1)
        vacation_take(player=players[1], season=season, starts_at=at(2, 10, 30), days=2)

    table.refresh_from_db()
    # half an hour ran before each vacation, the other half after it
    assert (_clock(table, 0).deadline, _clock(table, 1).deadline, table.deadline) == (at(3, 11), at(4, 11), at(3, 11))


def test_vacation_days_are_limited_to_the_seasons_allowance(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, vacation_days=3)
    season = Season.objects.get(rounds__tables=table)
    player = players_of(table)[0]
    with time_machine.travel(at(2, 10, 30), tick=False):
        vacation_take(player=player, season=season, starts_at=at(5), days=2)
        with pytest.raises(InvalidValue) as refused:
            vacation_take(player=player, season=season, starts_at=at(10), days=2)
    assert refused.value.code == "no_vacation_left"


def test_only_an_entrant_takes_a_vacation_and_never_in_the_past(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, vacation_days=3)
    season = Season.objects.get(rounds__tables=table)
    with time_machine.travel(at(2, 10, 30), tick=False):
        with pytest.raises(InvalidValue):
            vacation_take(player=PlayerFactory(), season=season, starts_at=at(3), days=1)
        with pytest.raises(InvalidValue):
            vacation_take(player=players_of(table)[0], season=season, starts_at=at(1), days=1)
