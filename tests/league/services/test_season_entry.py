"""A member enters a season from its page while registration is open (league/services/season_entry.py)."""

import pytest

from league.errors import BadOptions, PermissionDenied
from league.models import Entrant
from league.services.rounds import season_start
from league.services.season_entry import season_entry_register
from league.services.seasons import WrongStatus
from tests.league.factories import MembershipFactory, PlayerFactory
from tests.league.seasons.factories import season_with_entrants

pytestmark = pytest.mark.django_db


def test_a_member_enters_an_open_season_once():
    season, _, _ = season_with_entrants("palace-infighting", entrants=1)
    member = PlayerFactory()
    MembershipFactory(club=season.club, player=member)

    entrant = season_entry_register(season_id=season.pk, player=member)

    assert (entrant.player, entrant.seed_rank) == (member, 2)
    with pytest.raises(BadOptions) as again:
        season_entry_register(season_id=season.pk, player=member)
    assert again.value.code == "already_entered"


def test_someone_outside_the_club_cannot_enter():
    season, _, _ = season_with_entrants("palace-infighting", entrants=1)
    with pytest.raises(PermissionDenied):
        season_entry_register(season_id=season.pk, player=PlayerFactory())
    assert Entrant.objects.filter(season=season).count() == 1


def test_a_running_season_takes_no_more_entrants():
    season, organizer, _ = season_with_entrants("palace-infighting", entrants=2)
    season_start(season=season, by=organizer)
    member = PlayerFactory()
    MembershipFactory(club=season.club, player=member)
    with pytest.raises(WrongStatus):
        season_entry_register(season_id=season.pk, player=member)
