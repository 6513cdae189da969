"""vacation_cancel (league/services/clocks.py): a vacation not begun is given back whole, one under way ends with
its current day, and the deadlines of the player's tables come back in at once."""

from datetime import timedelta

import pytest
import time_machine

from league.errors import InvalidValue
from league.models import Season, SeatClock, Vacation
from league.services.clocks import vacation_cancel, vacation_take
from tests.league.clocks.support import at, players_of, season_table

pytestmark = pytest.mark.django_db

HOUR = timedelta(hours=1)


def _deadline(table, seat: int):
    return SeatClock.objects.get(seat__table=table, seat__index=seat).deadline


def test_a_vacation_not_begun_is_removed_and_the_deadline_comes_back(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, vacation_days=3)
    season = Season.objects.get(rounds__tables=table)
    player = players_of(table)[0]
    with time_machine.travel(at(2, 10, 30), tick=False):
        vacation = vacation_take(player=player, season=season, starts_at=at(2, 10, 45), days=2)
        assert _deadline(table, 0) == at(4, 11)
        assert vacation_cancel(player=player, vacation=vacation) is None
    assert not Vacation.objects.exists()
    assert _deadline(table, 0) == at(2, 11)


def test_a_vacation_under_way_ends_with_its_current_day(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, vacation_days=3)
    season = Season.objects.get(rounds__tables=table)
    player = players_of(table)[0]
    with time_machine.travel(at(2, 10, 30), tick=False):
        vacation = vacation_take(player=player, season=season, starts_at=at(2, 10, 30), days=3)
    with time_machine.travel(at(3, 15), tick=False):
        kept = vacation_cancel(player=player, vacation=vacation)
    # the second day had begun: two days used, one given back, and the clock runs again from the 4th, 10:30
    assert kept is not None and kept.ends_at == at(4, 10, 30)
    assert _deadline(table, 0) == at(4, 11)


def test_only_its_player_cancels_a_vacation_and_never_one_over(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, vacation_days=3)
    season = Season.objects.get(rounds__tables=table)
    players = players_of(table)
    with time_machine.travel(at(2, 10, 30), tick=False):
        vacation = vacation_take(player=players[0], season=season, starts_at=at(2, 10, 30), days=1)
        with pytest.raises(InvalidValue):
            vacation_cancel(player=players[1], vacation=vacation)
    with time_machine.travel(at(4), tick=False), pytest.raises(InvalidValue) as over:
        vacation_cancel(player=players[0], vacation=vacation)
    assert over.value.code == "vacation_over"
