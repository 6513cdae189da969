"""A season's settings changed before it starts (league/services/season_settings.py), the clock checked where it
is stored, and the refusals people read (the game's title, not its key)."""

from dataclasses import replace
from datetime import time, timedelta

import pytest

from league.errors import InvalidValue, PermissionDenied, WrongStatus
from league.models import Entrant, Season, SeasonClock
from league.services.rounds import season_start
from league.services.season_settings import division_add, season_clock_set, season_settings_update, season_spec
from league.services.seasons import ClockSpec, SeasonSpec, entrant_register, entrants_register, season_create
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db

SEOUL = ClockSpec(bank_start=7200, pause_weekday=5, pause_start=time(0), pause_hours=48, time_zone="Asia/Seoul")


def _draft(game: str = "palace-infighting", **kwargs):
    club, organizer, members = club_with_members(4)
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game=game, name="Spring", **kwargs))
    return season, organizer, members


def test_every_setting_changes_before_the_start_and_the_clock_with_them():
    season, organizer, _ = _draft()
    spec = replace(
        season_spec(season),
        format=Season.Format.SWISS,
        rounds_planned=4,
        time_per_move=timedelta(hours=6),
        round_interval_days=2,
        tiebreaks=["wins"],
        clock=SEOUL,
    )
    season_settings_update(season=season, by=organizer, spec=spec)
    season.refresh_from_db()
    assert (season.format, season.rounds_planned, season.time_per_move, season.tiebreaks) == (
        "swiss",
        4,
        21600,
        ["wins"],
    )
    assert ClockSpec.of(SeasonClock.objects.get(season=season)) == SEOUL
    # and off again
    season_settings_update(season=season, by=organizer, spec=replace(spec, clock=None))
    assert not SeasonClock.objects.filter(season=season).exists()


def test_a_started_seasons_settings_are_fixed():
    season, organizer, members = _draft()
    entrants_register(season=season, by=organizer, players=members[:2])
    season.status = Season.Status.REGISTRATION
    season.save()
    season_start(season=season, by=organizer)
    with pytest.raises(WrongStatus):
        season_settings_update(season=season, by=organizer, spec=season_spec(season))
    with pytest.raises(WrongStatus):
        season_clock_set(season=season, by=organizer, clock=SEOUL)


def test_the_game_stays_and_so_does_the_partnership_once_entrants_are_in():
    season, organizer, members = _draft("coinche", partners=Season.Partners.FIXED)
    with pytest.raises(InvalidValue) as game:
        season_settings_update(season=season, by=organizer, spec=replace(season_spec(season), game="mini-poker"))
    entrant_register(season=season, by=organizer, player=members[0], partner=members[1])
    rotating = replace(season_spec(season), partners=Season.Partners.ROTATING, format=Season.Format.MULTITABLE)
    with pytest.raises(InvalidValue) as partners:
        season_settings_update(season=season, by=organizer, spec=rotating)
    assert (game.value.field, partners.value.field) == ("game", "partners")


def test_only_an_organizer_changes_settings():
    season, _, members = _draft()
    with pytest.raises(PermissionDenied):
        season_settings_update(season=season, by=members[0], spec=season_spec(season))


def test_a_clock_is_checked_where_it_is_stored_and_names_its_field():
    club, organizer, _ = club_with_members(2)
    bad = replace(SEOUL, time_zone="Europe/Pariss")
    with pytest.raises(InvalidValue) as refused:
        season_create(club=club, by=organizer, spec=SeasonSpec(game="palace-infighting", name="X", clock=bad))
    assert (refused.value.code, refused.value.field) == ("bad_clock", "clock.time_zone")
    season, organizer, _ = _draft()
    with pytest.raises(InvalidValue):
        season_clock_set(season=season, by=organizer, clock=replace(SEOUL, pause_hours=0))
    assert not SeasonClock.objects.filter(season=season).exists()


def test_a_division_below_carries_every_setting_and_the_clock():
    season, organizer, _ = _draft(round_interval_days=3, clock=SEOUL, promote_count=1, relegate_count=2)
    lower = division_add(season=season, by=organizer, name="Second")
    assert (lower.league, lower.edition, lower.division_level, lower.division_name) == (season.league, 1, 2, "Second")
    assert replace(SeasonSpec.of(lower), division_name="", division_level=1) == SeasonSpec.of(season)
    assert division_add(season=season, by=organizer, name="Third").division_level == 3


def test_members_registered_at_once_are_all_or_none():
    season, organizer, members = _draft()
    entrant_register(season=season, by=organizer, player=members[2])
    with pytest.raises(InvalidValue):
        entrants_register(season=season, by=organizer, players=[members[0], members[2]])
    assert list(Entrant.objects.filter(competition=season).values_list("player_id", flat=True)) == [members[2].pk]


def test_refusals_name_the_game_by_its_title():
    club, organizer, _ = club_with_members(2)
    with pytest.raises(InvalidValue) as stack:
        season_create(club=club, by=organizer, spec=SeasonSpec(game="palace-infighting", name="X", starting_stack=50))
    with pytest.raises(InvalidValue) as option:
        season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="X", options={"ante": 0}))
    assert stack.value.message == "Palace Infighting has no starting stack."
    # the engine's refusal names the option by its label, not its key
    assert option.value.message == "Ante is a whole number from 1 to 1000000."


def test_the_tournament_only_options_are_refused_for_a_season():
    club, organizer, _ = club_with_members(2)
    with pytest.raises(InvalidValue) as refused:
        season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="X", options={"button": 1}))
    assert refused.value.message == "First button is set by tournaments only."
