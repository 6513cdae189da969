"""Two-stage tournaments through the services (league/services/tournaments.py): the divisions of a season's league
each feeding their own playoff, and groups played as the first stage (T-R11, T-R12)."""

import random

import pytest
from django.utils import timezone

from league.errors import InvalidValue, WrongStatus
from league.models import Entrant, Season, Standing, Table, Tournament
from league.services.tournaments import (
    TournamentSpec,
    tournament_create,
    tournament_match_forfeit,
    tournament_register,
    tournament_start,
    tournament_withdraw,
    tournaments_create_per_division,
)
from league.tournaments.two_stage import group_qualifiers, group_rankings
from tests.league.factories import state_of
from tests.league.playing import play_moves
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
        entrant = Entrant.objects.create(competition=season, player=player)
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
        seeded = Entrant.objects.filter(competition=tournament).order_by("seed")
        assert [e.player_id for e in seeded] == [p.pk for p in players]
    assert Tournament.objects.count() == 2


def test_a_playoff_per_division_needs_two_stages(fake_game):
    club, organizer, m = club_with_members(2)
    season = _division(club, fake_game, 1, "Premier", m)
    spec = TournamentSpec(name="Cup", game=fake_game, format="single_elim", season=season, options={"rounds": 1})
    with pytest.raises(InvalidValue) as refused:
        tournaments_create_per_division(club=club, by=organizer, spec=spec)
    assert refused.value.field == "season"
    assert not Tournament.objects.exists()


def _tables_in_play(tournament):
    return list(Table.objects.filter(tournament_link__tournament=tournament, status=Table.Status.ACTIVE).order_by("id"))


def _groups_cup(game, count, **spec):
    club, organizer, members = club_with_members(count)
    values = {"name": "Group Cup", "game": game, "format": "two_stage", "seeding": "entered", "groups": 2}
    values |= {"stage_top": 2, "options": {"rounds": 1}, **spec}
    tournament = tournament_create(club=club, by=organizer, spec=TournamentSpec(**values))
    for member in members:
        tournament_register(tournament=tournament, player=member)
    return tournament, organizer, members


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"groups": 0}, "groups"),
        ({"groups": 2, "format": "single_elim"}, "groups"),
        ({"stage_top": None}, "stage_top"),
        ({"groups": 1, "stage_top": 1}, "stage_top"),
    ],
)
def test_t_r11_group_settings_are_checked_naming_the_field(fake_game, change, field):
    club, organizer, _ = club_with_members(0)
    values = {"name": "Cup", "game": fake_game, "format": "two_stage", "groups": 2, "stage_top": 2}
    with pytest.raises(InvalidValue) as refused:
        tournament_create(club=club, by=organizer, spec=TournamentSpec(**{**values, **change}))
    assert refused.value.field == field


def test_t_r11_t_r12_groups_then_a_playoff_played_to_the_end(fake_game, django_capture_on_commit_callbacks):
    # given: eight entrants in two groups of four, the top two of each through to a single elimination
    tournament, organizer, _members = _groups_cup(fake_game, 8)
    tournament = tournament_start(tournament=tournament, by=organizer)
    # the group stage opens every group match at once: 6 in each group
    assert len(_tables_in_play(tournament)) == 12
    assert tournament.state["stage"] == "groups"
    # when: every table is played to its end
    rng = random.Random(3)
    while tables := _tables_in_play(tournament):
        for table in tables:
            with django_capture_on_commit_callbacks(execute=True):
                play_moves(table, rng)
    tournament.refresh_from_db()
    # then: the playoff took each group's top two, group winners against the other group's runners-up
    groups = state_of(tournament)["group_stage"]
    rankings = [[row["entrant"] for row in table] for table in group_rankings(groups)]
    assert tournament.state["entrants"] == group_qualifiers(groups)
    first_round = [set(m["entrants"]) for m in state_of(tournament)["matches"] if m["round"] == 1]
    assert {frozenset(pair) for pair in first_round} == {
        frozenset({rankings[0][0], rankings[1][1]}),
        frozenset({rankings[1][0], rankings[0][1]}),
    }
    # every entrant placed: 1, 2, 3-4 in the playoff, the groups' thirds 5-6, their fourths 7-8
    assert tournament.status == Tournament.Status.FINISHED
    placed = sorted(Entrant.objects.filter(competition=tournament).values_list("place", "shared"))
    assert placed == [(1, 1), (2, 1), (3, 2), (3, 2), (5, 2), (5, 2), (7, 2), (7, 2)]
    thirds = {rankings[0][2], rankings[1][2]}
    assert set(Entrant.objects.filter(competition=tournament, place=5).values_list("id", flat=True)) == thirds


def test_t_d4_a_group_match_is_forfeited_and_a_withdrawal_forfeits_the_rest(fake_game):
    tournament, organizer, _members = _groups_cup(fake_game, 4, groups=1, stage_top=2)
    tournament = tournament_start(tournament=tournament, by=organizer)
    match = state_of(tournament)["group_matches"][0]
    loser = Entrant.objects.get(pk=match["entrants"][0])
    tournament_match_forfeit(tournament=tournament, match=match["id"], player=loser.player, by=organizer)
    tournament.refresh_from_db()
    ruled = next(m for m in state_of(tournament)["group_matches"] if m["id"] == match["id"])
    assert (ruled["decided"], ruled["winner"]) == ("forfeit", match["entrants"][1])
    with pytest.raises(WrongStatus):
        tournament_match_forfeit(tournament=tournament, match=match["id"], player=loser.player, by=organizer)
    # when: the loser withdraws, every match of theirs not played is forfeited and its table annulled
    tournament_withdraw(tournament=tournament, player=loser.player, by=loser.player)
    tournament.refresh_from_db()
    theirs = [m for m in state_of(tournament)["group_matches"] if loser.pk in m["entrants"]]
    assert all(m["decided"] == "forfeit" for m in theirs)
    assert not any(loser.player in [s.player for s in t.seats.all()] for t in _tables_in_play(tournament))


def test_t_d4_an_entrant_out_in_the_groups_has_nothing_left_to_withdraw_from(fake_game):
    # given: one group of three, the top one through, every match ruled for the better seed
    tournament, organizer, members = _groups_cup(fake_game, 3, groups=1, stage_top=2)
    tournament = tournament_start(tournament=tournament, by=organizer)
    for match in list(state_of(tournament)["group_matches"]):
        worse = Entrant.objects.filter(pk__in=match["entrants"]).order_by("-seed").first()
        tournament_match_forfeit(tournament=tournament, match=match["id"], player=worse.player, by=organizer)
        tournament.refresh_from_db()
    assert "group_stage" in tournament.state
    # when: the third, out in the groups, withdraws
    with pytest.raises(WrongStatus):
        tournament_withdraw(tournament=tournament, player=members[2], by=members[2])
    # then: the group's third is placed third
    assert Entrant.objects.get(competition=tournament, player=members[2]).place == 3
