"""A member enters a season themselves (league.services.seasons.entrant_register_self): only while registration is
open, only a member of the club, once, and never into a season of fixed teams (an organizer enters those)."""

import pytest

from league.errors import InvalidValue, WrongStatus
from league.models import Entrant, Season
from league.services.seasons import SeasonSpec, entrant_register_self, season_create, season_open_registration
from tests.league.factories import PlayerFactory
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db


def _season(**spec: object) -> tuple[Season, list]:
    club, organizer, members = club_with_members(2)
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="Spring", **spec))
    return season, [organizer, *members]


def test_a_member_enters_an_open_season_once() -> None:
    season, (organizer, member, _other) = _season()
    season_open_registration(season=season, by=organizer)

    entrant = entrant_register_self(season=season, player=member)
    with pytest.raises(InvalidValue) as again:
        entrant_register_self(season=season, player=member)

    assert (entrant.player_id, entrant.partner_id, entrant.seed) == (member.pk, None, 1)
    assert again.value.code == "already_entered"
    assert Entrant.objects.filter(competition=season).count() == 1


def test_a_draft_season_is_not_open_to_members() -> None:
    season, (_organizer, member, _other) = _season()

    with pytest.raises(WrongStatus):
        entrant_register_self(season=season, player=member)


def test_someone_outside_the_club_cannot_enter() -> None:
    season, (organizer, *_members) = _season()
    season_open_registration(season=season, by=organizer)

    with pytest.raises(InvalidValue) as refused:
        entrant_register_self(season=season, player=PlayerFactory())

    assert refused.value.code == "not_member"
    assert not Entrant.objects.filter(competition=season).exists()


def test_fixed_teams_are_entered_by_an_organizer() -> None:
    club, organizer, members = club_with_members(4)
    season = season_create(
        club=club, by=organizer, spec=SeasonSpec(game="coinche", name="Pairs", partners=Season.Partners.FIXED)
    )
    season_open_registration(season=season, by=organizer)

    with pytest.raises(InvalidValue) as refused:
        entrant_register_self(season=season, player=members[0])

    assert refused.value.code == "teams_by_organizer"
