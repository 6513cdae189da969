"""Vacations granted and cancelled by an organizer (league/services/vacations.py), under the clock's own rules."""

from datetime import timedelta

import pytest
import time_machine

from league.errors import InvalidValue, NotFound, PermissionDenied
from league.models import Season, SeatClock, Vacation
from league.services.vacations import vacation_grant, vacation_revoke
from tests.league.clocks.support import at, players_of, season_table

pytestmark = pytest.mark.django_db

HOUR = timedelta(hours=1)


def test_an_organizer_grants_an_entrant_days_off_and_the_deadline_moves_out(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, vacation_days=3)
    season = Season.objects.select_related("club").get(rounds__tables=table)
    organizer = season.club.memberships.get(role="organizer").player
    player = players_of(table)[0]
    with time_machine.travel(at(2, 10, 30), tick=False):
        vacation = vacation_grant(season=season, by=organizer, player=player, starts_at=at(2, 10, 45), days=2)
    assert vacation.player == player
    assert SeatClock.objects.get(seat__table=table, seat__index=0).deadline == at(4, 11)


def test_a_grant_keeps_to_the_allowance_and_only_an_organizer_grants(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, vacation_days=3)
    season = Season.objects.select_related("club").get(rounds__tables=table)
    organizer = season.club.memberships.get(role="organizer").player
    player, other = players_of(table)[0], players_of(table)[1]
    with time_machine.travel(at(2, 10, 30), tick=False):
        with pytest.raises(PermissionDenied):
            vacation_grant(season=season, by=other, player=player, starts_at=at(3), days=1)
        with pytest.raises(InvalidValue) as error:
            vacation_grant(season=season, by=organizer, player=player, starts_at=at(3), days=4)
        assert error.value.code == "no_vacation_left"
        with pytest.raises(InvalidValue):
            vacation_grant(season=season, by=organizer, player=player, starts_at=at(1), days=1)
    assert not Vacation.objects.exists()


def test_an_organizer_cancels_anyones_vacation_in_their_season_and_no_other(fake_game):
    table = season_table(fake_game, start=at(2, 10), per_move=HOUR, vacation_days=3)
    season = Season.objects.select_related("club").get(rounds__tables=table)
    organizer = season.club.memberships.get(role="organizer").player
    player, other = players_of(table)[0], players_of(table)[1]
    with time_machine.travel(at(2, 10, 30), tick=False):
        vacation = vacation_grant(season=season, by=organizer, player=player, starts_at=at(3), days=2)
        with pytest.raises(PermissionDenied):
            vacation_revoke(season=season, by=other, vacation_id=vacation.pk)
        elsewhere = Season.objects.create(club=season.club, game=season.game, name="Other", status=Season.Status.DRAFT)
        with pytest.raises(NotFound):
            vacation_revoke(season=elsewhere, by=organizer, vacation_id=vacation.pk)
        # not begun: removed, its days given back
        assert vacation_revoke(season=season, by=organizer, vacation_id=vacation.pk) is None
    assert not Vacation.objects.exists()
