"""Season services: creation checks, registration, start, withdrawal (league/services/seasons.py)."""

import pytest

from league.errors import InvalidValue, PermissionDenied, WrongStatus
from league.models import Entrant, Round, RoundRobinPairs, Season, Standing, Table, TableRuling
from league.services.rounds import entrant_withdraw, season_start
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from tests.league.factories import PlayerFactory
from tests.league.seasons.factories import season_with_entrants
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db


def test_only_an_organizer_creates_a_season(fake_game):
    club, _, members = club_with_members(1)
    with pytest.raises(PermissionDenied):
        season_create(club=club, by=members[0], spec=SeasonSpec(game=fake_game, name="L"))


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"game": "coinche"}, "partners"),
        ({"game": "coinche", "partners": "rotating"}, "format"),
        ({"game": "coinche", "partners": "fixed", "format": "multitable"}, "format"),
        ({"game": "the-court", "partners": "fixed"}, "partners"),
        ({"game": "palace-infighting", "format": "multitable"}, "table_max"),
        ({"game": "palace-infighting", "starting_stack": 100}, "starting_stack"),
        ({"game": "the-court", "format": "multitable", "table_max": 7}, "table_max"),
        ({"game": "the-court", "tiebreaks": ["coin_flip"]}, "tiebreaks"),
        ({"game": "the-court", "points_table": {"places": {"2": [3]}}}, "points_table"),
        ({"game": "the-court", "format": "knockout"}, "format"),
        ({"game": "no-such-game"}, "game"),
    ],
)
def test_season_create_refuses_bad_settings(kwargs, field):
    club, organizer, _ = club_with_members(0)
    with pytest.raises(InvalidValue) as error:
        season_create(club=club, by=organizer, spec=SeasonSpec(name="L", **kwargs))
    assert error.value.field == field


def test_match_format_fields_become_the_engines_options():
    club, organizer, _ = club_with_members(0)
    court = season_create(
        club=club, by=organizer, spec=SeasonSpec(game="the-court", name="C", starting_stack=500, hand_limit=12)
    )
    coinche = season_create(
        club=club, by=organizer, spec=SeasonSpec(game="coinche", name="K", partners="fixed", target_score=1000)
    )
    assert (court.options["starting_stack"], court.options["hand_limit"]) == (500, 12)
    assert coinche.options["target_score"] == 1000
    # defaults: 3/1/0 for duels, Swiss-free round robin tiebreaks, multi-table bounds from the engine
    assert court.points_table == {
        "places": {"2": [2, 0], "3": [3, 1, 0], "4": [4, 2, 1, 0], "5": [5, 3, 2, 1, 0], "6": [6, 4, 3, 2, 1, 0]},
        "bye": 2,
    }
    assert coinche.points_table == {"places": {"2": [3, 0]}, "draw": 1, "bye": 3}


def test_multitable_defaults_to_the_games_seat_limits():
    club, organizer, _ = club_with_members(0)
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="C", format="multitable"))
    assert (season.table_min, season.table_max, season.rounds_planned) == (2, 6, 5)


def test_registration_needs_members_and_no_double_entry(fake_game):
    season, organizer, members = season_with_entrants(fake_game, entrants=2)
    with pytest.raises(InvalidValue) as error:
        entrant_register(season=season, by=organizer, player=PlayerFactory())
    assert error.value.code == "not_member"
    with pytest.raises(InvalidValue) as error:
        entrant_register(season=season, by=organizer, player=members[0])
    assert error.value.code == "already_entered"
    assert list(Entrant.objects.filter(competition=season).values_list("seed", flat=True)) == [1, 2]


def test_fixed_teams_need_a_partner_who_is_not_entered_elsewhere():
    club, organizer, members = club_with_members(5)
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="coinche", name="K", partners="fixed"))
    with pytest.raises(InvalidValue):
        entrant_register(season=season, by=organizer, player=members[0])
    team = entrant_register(season=season, by=organizer, player=members[0], partner=members[1], name="Aces")
    assert team.label == "Aces"
    with pytest.raises(InvalidValue):
        entrant_register(season=season, by=organizer, player=members[2], partner=members[1])
    with pytest.raises(InvalidValue):
        entrant_register(season=season, by=organizer, player=members[3], partner=members[3])


def test_status_moves_draft_registration_running(fake_game, django_capture_on_commit_callbacks):
    season, organizer, _ = season_with_entrants(fake_game, entrants=4)
    assert season.status == Season.Status.REGISTRATION
    with pytest.raises(WrongStatus):
        season_open_registration(season=season, by=organizer)
    season = season_start(season=season, by=organizer)
    assert season.status == Season.Status.RUNNING
    assert RoundRobinPairs.objects.filter(season=season).count() == 3
    assert Round.objects.get(season=season).status == Round.Status.RUNNING
    assert Table.objects.filter(round__season=season).count() == 2
    assert Standing.objects.filter(season=season).count() == 4
    with pytest.raises(WrongStatus):
        season_start(season=season, by=organizer)


def test_a_season_needs_enough_entrants(fake_game):
    season, organizer, _ = season_with_entrants(fake_game, entrants=1)
    # refused as a bracket's and a poker tournament's start are: the competition's state (409), not bad input
    with pytest.raises(WrongStatus) as error:
        season_start(season=season, by=organizer)
    assert (error.value.code, error.value.field) == ("too_few_entrants", "entrants")


def test_withdrawal_forfeits_tables_in_play_and_standings_follow(fake_game):
    season, organizer, members = season_with_entrants(fake_game, entrants=4)
    season = season_start(season=season, by=organizer)
    leaver = Entrant.objects.get(competition=season, player=members[0])
    table = Table.objects.get(round__season=season, seats__player=members[0])
    entrant_withdraw(season=season, by=organizer, entrant=leaver)
    table.refresh_from_db()
    assert table.status == Table.Status.ANNULLED  # stopped
    ruling = TableRuling.objects.get(table=table)
    assert ruling.kind == TableRuling.Kind.FORFEIT and list(ruling.forfeiting.all()) == [leaver]
    opponent = Standing.objects.get(season=season, entrant__player=table.seats.exclude(player=members[0]).get().player)
    # the test game seats up to four, so its default points table gives a duel's winner 2
    assert (opponent.points, opponent.wins, opponent.played) == (2, 1, 1)
    assert Standing.objects.get(season=season, entrant=leaver).points == 0
    with pytest.raises(InvalidValue):
        entrant_withdraw(season=season, by=organizer, entrant=leaver)
