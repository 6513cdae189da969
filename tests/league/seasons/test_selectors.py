"""Season reads (league/selectors/seasons.py)."""

import pytest

from league.models import Entrant
from league.selectors.seasons import season_rounds, season_standings
from league.services.rounds import entrant_withdraw, season_start
from tests.league.seasons.factories import season_with_entrants

pytestmark = pytest.mark.django_db


def test_season_standings_lists_every_entrant_with_the_seasons_tiebreaks_and_withdrawals(fake_game):
    season, organizer, members = season_with_entrants(fake_game, entrants=4, tiebreaks=["wins", "buchholz"])
    season = season_start(season=season, by=organizer)
    leaver = Entrant.objects.get(competition=season, player=members[1])
    entrant_withdraw(season=season, by=organizer, entrant=leaver)
    rows = season_standings(season=season)
    assert [r.rank for r in rows] == [1, 2, 3, 4]
    assert all(list(r.tiebreaks) == ["wins", "buchholz"] for r in rows)
    assert [r.label for r in rows if r.withdrawn] == [str(members[1])]
    forfeit_winner = next(r for r in rows if r.wins == 1)
    assert (forfeit_winner.rank, forfeit_winner.tiebreaks["wins"]) == (1, "1")
    [round_] = season_rounds(season=season)
    assert round_.tables.count() == 2
