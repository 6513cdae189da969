"""Two-stage tournaments through the services (league/services/tournaments.py): the divisions of a season's league
each feeding their own playoff (T-R11)."""

import pytest
from django.utils import timezone

from league.errors import BadOptions
from league.models import Entrant, Season, Standing, Tournament, TournamentEntrant
from league.services.tournaments import TournamentSpec, tournament_start, tournaments_create_per_division
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db


def _division(club, game, level, name, players):
    """A finished division of the league "Winter League", its players ranked in the order given."""
    season = Season.objects.create(
        club=club,
        name="Winter League",
        league="winter",
        edition=1,
        division_level=level,
        division_name=name,
        game=game,
        status=Season.Status.FINISHED,
    )
    for rank, player in enumerate(players, start=1):
        entrant = Entrant.objects.create(season=season, player=player)
        Standing.objects.create(
            season=season, entrant=entrant, rank=rank, points=10 - rank, lot=rank, computed_at=timezone.now()
        )
    return season


def test_t_r11_each_division_feeds_its_own_playoff(fake_game):
    # given: a league of two divisions of three, and another league's season
    club, organizer, m = club_with_members(6)
    top = _division(club, fake_game, 1, "Premier", m[:3])
    second = _division(club, fake_game, 2, "Second", m[3:])
    Season.objects.create(club=club, name="Other", league="other", game=fake_game, status=Season.Status.FINISHED)
    spec = TournamentSpec(
        name="Playoff", game=fake_game, format="two_stage", season=second, stage_top=2, options={"rounds": 1}
    )
    # when: one action creates the playoffs, whichever division was named
    created = tournaments_create_per_division(club=club, by=organizer, spec=spec)
    # then: one per division, top division first, each fed by its own division's top two
    assert [(t.name, t.season_id) for t in created] == [("Playoff · Premier", top.pk), ("Playoff · Second", second.pk)]
    for tournament, players in zip(created, (m[:2], m[3:5]), strict=True):
        tournament_start(tournament=tournament, by=organizer)
        seeded = TournamentEntrant.objects.filter(tournament=tournament).order_by("seed")
        assert [e.player_id for e in seeded] == [p.pk for p in players]
    assert Tournament.objects.count() == 2


def test_a_playoff_per_division_needs_two_stages(fake_game):
    club, organizer, m = club_with_members(2)
    season = _division(club, fake_game, 1, "Premier", m)
    spec = TournamentSpec(name="Cup", game=fake_game, format="single_elim", season=season, options={"rounds": 1})
    with pytest.raises(BadOptions) as refused:
        tournaments_create_per_division(club=club, by=organizer, spec=spec)
    assert refused.value.field == "season"
    assert not Tournament.objects.exists()
