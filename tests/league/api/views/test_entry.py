"""One surface for the three formats (league/api/views/entry.py): a season, a bracket tournament and a poker
tournament walked through the same calls on `<kind>/<id>/entry/` and `<kind>/<id>/start/` answer the same."""

from collections.abc import Callable

import pytest

from league.models import Club, Entrant, Player, PokerEntrant, PokerTournament, Season, Tournament
from league.services.seasons import SeasonSpec, season_create, season_open_registration
from league.services.tournaments import TournamentSpec, tournament_create
from tests.league.api.helpers import error
from tests.league.factories import PlayerFactory
from tests.league.poker_playing import small_freezeout
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db


def _season(club: Club, organizer: Player) -> tuple[str, Season]:
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="Spring"))
    return "seasons", season_open_registration(season=season, by=organizer)


def _bracket(club: Club, organizer: Player) -> tuple[str, Tournament]:
    spec = TournamentSpec(name="Cup", game="palace-infighting", format="single_elim", seeding="lot")
    return "tournaments", tournament_create(club=club, by=organizer, spec=spec)


def _poker(club: Club, organizer: Player) -> tuple[str, PokerTournament]:
    return "poker-tournaments", small_freezeout(club=club, by=organizer)


FORMATS = {"season": (_season, Entrant), "bracket": (_bracket, Entrant), "poker": (_poker, PokerEntrant)}


def _entered(model: type, competition: object, player: Player) -> bool:
    return bool(model.objects.filter(competition=competition, player=player).exists())


@pytest.mark.parametrize("name", FORMATS)
def test_the_three_formats_answer_the_same_calls_the_same(name: str, client_for: Callable, anon) -> None:
    # given: a competition of the format open for entries, four members and someone outside the club
    make, model = FORMATS[name]
    club, organizer, members = club_with_members(5)
    kind, competition = make(club, organizer)
    entry = f"/api/{kind}/{competition.pk}/entry/"

    # when / then: a member enters (201, the entrant named), once
    entered = client_for(members[0]).post(entry)
    assert entered.status_code == 201, entered.json()
    assert entered.json()["player_id"] == members[0].pk
    again = client_for(members[0]).post(entry)
    assert (again.status_code, again.json()) == (400, error("already_entered", "player"))
    # someone outside the club is refused, and nobody without a log-in
    outsider = client_for(PlayerFactory()).post(entry)
    assert (outsider.status_code, outsider.json()) == (400, error("not_member", "player"))
    assert anon.post(entry).status_code == 401
    # leaving without an entry is a 404 on the player; with one, 204 and the entry is gone
    stranger = client_for(members[1]).delete(entry)
    assert (stranger.status_code, stranger.json()) == (404, error("not_found", "player"))
    assert client_for(members[0]).delete(entry).status_code == 204
    assert not _entered(model, competition, members[0])
    # an unknown competition is a 404 in the error format
    missing = client_for(members[0]).post(f"/api/{kind}/999999/entry/")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"

    # when: four enter and the organizer starts it (a member may not)
    for member in members[:4]:
        assert client_for(member).post(entry).status_code == 201
    assert client_for(members[0]).post(f"/api/{kind}/{competition.pk}/start/").status_code == 403
    started = client_for(organizer).post(f"/api/{kind}/{competition.pk}/start/")
    assert started.status_code == 200, started.json()
    assert started.json()["status"] == "running"

    # then: entering a started competition is a 409 on its status
    late = client_for(members[4]).post(entry)
    assert (late.status_code, late.json()) == (409, error("wrong_status", "status"))
    assert not _entered(model, competition, members[4])


def test_an_organizer_enters_a_member_by_naming_them_in_every_format(client_for: Callable) -> None:
    club, organizer, members = club_with_members(1)
    for make, model in FORMATS.values():
        kind, competition = make(club, organizer)
        entry = f"/api/{kind}/{competition.pk}/entry/"
        # a member may not enter another; the organizer may
        refused = client_for(members[0]).post(entry, {"player_id": organizer.pk}, format="json")
        assert (refused.status_code, refused.json()["error"]["code"]) == (403, "permission_denied"), kind
        named = client_for(organizer).post(entry, {"player_id": members[0].pk}, format="json")
        assert named.status_code == 201, (kind, named.json())
        assert _entered(model, competition, members[0]) and not _entered(model, competition, organizer)


def test_the_old_bracket_endpoints_are_gone(client_for: Callable) -> None:
    club, organizer, members = club_with_members(1)
    _kind, tournament = _bracket(club, organizer)
    for old in ("register", "withdraw"):
        gone = client_for(members[0]).post(f"/api/tournaments/{tournament.pk}/{old}/")
        assert gone.status_code == 404 and gone.json()["error"]["code"] == "no_such_endpoint"
    assert not Entrant.objects.filter(competition__as_tournament__isnull=False).exists()
