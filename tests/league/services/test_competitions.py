"""The one service surface of the three formats (league/services/competitions.py): one registry by model, and the
actions each format carries out through it."""

import pytest

from league.errors import InvalidValue, NotFound, WrongStatus
from league.models import (
    Club,
    Entrant,
    Player,
    PokerEntrant,
    PokerTournament,
    Season,
    Table,
    Tournament,
)
from league.services.competitions import (
    FORMATS,
    competition_enter,
    competition_forfeit,
    competition_leave,
    competition_lock,
    competition_start,
)
from league.services.seasons import SeasonSpec, season_create, season_open_registration
from league.services.tournaments import TournamentSpec, tournament_create
from tests.league.factories import state_of
from tests.league.poker_playing import small_freezeout
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db


def _season(club: Club, organizer: Player) -> Season:
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="Spring"))
    return season_open_registration(season=season, by=organizer)


def _bracket(club: Club, organizer: Player) -> Tournament:
    spec = TournamentSpec(name="Cup", game="palace-infighting", format="single_elim", seeding="entered")
    return tournament_create(club=club, by=organizer, spec=spec)


def _poker(club: Club, organizer: Player) -> PokerTournament:
    return small_freezeout(club=club, by=organizer, table_size=6)


MAKERS = {"season": _season, "bracket": _bracket, "poker": _poker}


def _started(name: str, entrants: int = 4) -> tuple[Season | Tournament | PokerTournament, Player, list[Player]]:
    club, organizer, members = club_with_members(entrants)
    competition = MAKERS[name](club, organizer)
    for member in members:
        competition_enter(competition=competition, player=member)
    return competition_start(competition=competition, by=organizer), organizer, members


def test_the_registry_holds_the_three_formats_by_model():
    assert set(FORMATS) == {Season, Tournament, PokerTournament}


@pytest.mark.parametrize("name", MAKERS)
def test_the_lock_reads_the_competition_itself(name):
    club, organizer, _members = club_with_members(0)
    competition = MAKERS[name](club, organizer)

    locked = competition_lock(competition=competition)

    assert type(locked) is type(competition) and locked.pk == competition.pk


@pytest.mark.parametrize(("name", "entrant"), [("season", Entrant), ("bracket", Entrant), ("poker", PokerEntrant)])
def test_enter_and_leave_before_the_start_write_the_format_s_own_entrant(name, entrant):
    club, organizer, members = club_with_members(2)
    competition = MAKERS[name](club, organizer)

    entered = competition_enter(competition=competition, player=members[0])
    competition_enter(competition=competition, player=members[1], by=organizer)
    competition_leave(competition=competition, player=members[0])

    assert isinstance(entered, entrant) and entered.player_id == members[0].pk
    assert [e.player_id for e in entrant.objects.all()] == [members[1].pk]
    with pytest.raises(NotFound) as refused:
        competition_leave(competition=competition, player=members[0])
    assert refused.value.field == "player"


def test_a_season_entry_taken_back_moves_the_later_entries_up():
    club, organizer, members = club_with_members(3)
    season = _season(club, organizer)
    for member in members:
        competition_enter(competition=season, player=member)

    competition_leave(competition=season, player=members[0])
    competition_enter(competition=season, player=members[0])

    ranks = dict(Entrant.objects.filter(competition=season).values_list("player_id", "seed"))
    assert ranks == {members[1].pk: 1, members[2].pk: 2, members[0].pk: 3}


def test_a_poker_tournament_has_no_partners():
    club, organizer, members = club_with_members(2)
    with pytest.raises(InvalidValue) as refused:
        competition_enter(competition=_poker(club, organizer), player=members[0], partner=members[1], by=organizer)
    assert refused.value.code == "no_partners"


@pytest.mark.parametrize("name", ["season", "poker"])
def test_a_running_season_or_poker_tournament_is_left_by_an_organizer_s_ruling_only(name):
    competition, _organizer, members = _started(name)

    with pytest.raises(WrongStatus):
        competition_leave(competition=competition, player=members[0])


def test_t_d4_a_player_leaves_a_running_bracket_and_forfeits_their_match():
    tournament, _organizer, members = _started("bracket")

    competition_leave(competition=tournament, player=members[0])

    assert Entrant.objects.get(competition=tournament, player=members[0]).withdrawn


@pytest.mark.parametrize("name", MAKERS)
def test_a_forfeit_without_a_match_puts_the_player_out_in_every_format(name):
    # given: a running competition of four
    competition, organizer, members = _started(name)

    # when: the organizer rules the first player out
    competition_forfeit(competition=competition, player=members[0], by=organizer, reason="moved away")

    # then: each format records it its own way, and the player has no table in play any more
    if name in ("season", "bracket"):
        assert Entrant.objects.get(competition=competition, player=members[0]).withdrawn
    else:
        assert PokerEntrant.objects.get(competition=competition, player=members[0]).place == 4
    assert not Table.objects.filter(status=Table.Status.ACTIVE, seats__player=members[0]).exists()


def test_a_forfeit_of_a_match_names_a_bracket_s_match_or_a_season_s_table():
    tournament, organizer, members = _started("bracket")
    competition_forfeit(competition=tournament, player=members[0], by=organizer, reason="absent", match="W1.1")
    [w11] = [m for m in state_of(tournament)["matches"] if m["id"] == "W1.1"]
    assert w11["decided"] == "forfeit"

    season, organizer, members = _started("season")
    table = Table.objects.filter(round__season=season, seats__player=members[0]).get()
    competition_forfeit(competition=season, player=members[0], by=organizer, reason="absent", match=str(table.pk))
    assert table.ruling.kind == "forfeit"
    with pytest.raises(NotFound):
        competition_forfeit(competition=season, player=members[1], by=organizer, match="0")

    poker, organizer, members = _started("poker")
    with pytest.raises(InvalidValue):
        competition_forfeit(competition=poker, player=members[0], by=organizer, reason="x", match="1")
