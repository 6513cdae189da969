"""Team brackets (issue 22: "Coinche team against team") through the services: in a game whose engine declares two
teams, an entrant is a team of two entered by an organizer; each team sits at its side's seats, the team's place is
read from its seats, and withdrawals and forfeits act on the whole team."""

import random

import pytest
from django.utils import timezone

from league.errors import InvalidValue, PermissionDenied, WrongStatus
from league.models import Entrant, Rating, RatingEvent, Result, Season, Standing, Table, Tournament
from league.services.tournaments import (
    TournamentSpec,
    tournament_create,
    tournament_match_forfeit,
    tournament_register,
    tournament_start,
    tournament_withdraw,
)
from league.tournaments import bracket
from tests.league.factories import state_of
from tests.league.playing import play_moves
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db


def _team_cup(game, teams, **spec):
    """A tournament of `teams` teams of two, entered by the organizer: members (0, 1), (2, 3) …"""
    club, organizer, members = club_with_members(2 * teams)
    values = {"name": "Team Cup", "game": game, "format": Tournament.Format.SINGLE_ELIM, "seeding": "entered"}
    values.update(spec)
    if game.startswith("test") and "options" not in values:
        values["options"] = {"rounds": 1}
    tournament = tournament_create(club=club, by=organizer, spec=TournamentSpec(**values))
    for i in range(teams):
        tournament_register(tournament=tournament, player=members[2 * i], partner=members[2 * i + 1], by=organizer)
    return tournament, organizer, members


def _tables_in_play(tournament):
    return list(Table.objects.filter(tournament_link__tournament=tournament, status=Table.Status.ACTIVE).order_by("id"))


def _seats(table):
    return list(table.seats.order_by("index").values_list("player_id", flat=True))


def test_a_team_game_takes_a_bracket_and_refuses_multiplayer_elimination():
    club, organizer, _ = club_with_members(0)
    spec = TournamentSpec(name="Coinche Cup", game="coinche", format="double_elim")
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    # the tables seat both teams in full: the options were checked for the engine's four seats
    assert tournament.options["target_score"] > 0
    with pytest.raises(InvalidValue) as refused:
        tournament_create(club=club, by=organizer, spec=TournamentSpec(name="Cup", game="coinche", format="multi_elim"))
    assert refused.value.field == "format"


def test_an_organizer_enters_each_team_of_two_members_and_a_player_plays_in_one_team(fake_team_game):
    club, organizer, members = club_with_members(5)
    outsider = club_with_members(1)[2][0]
    spec = TournamentSpec(name="Team Cup", game=fake_team_game, format="single_elim", options={"rounds": 1})
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    team = tournament_register(tournament=tournament, player=members[0], partner=members[1], by=organizer)
    assert (team.player_id, team.partner_id) == (members[0].pk, members[1].pk)
    refusals = [
        # a member enters alone: a team's two are named by an organizer, as a fixed-partnership season's teams are
        ({"player": members[2]}, "teams_by_organizer"),
        # a player already in a team, as its player or as its partner
        ({"player": members[2], "partner": members[1], "by": organizer}, "already_entered"),
        ({"player": members[0], "partner": members[2], "by": organizer}, "already_entered"),
        ({"player": members[2], "partner": members[2], "by": organizer}, "own_partner"),
        ({"player": members[2], "partner": outsider, "by": organizer}, "not_member"),
    ]
    for kwargs, code in refusals:
        with pytest.raises(InvalidValue) as refused:
            tournament_register(tournament=tournament, **kwargs)
        assert refused.value.code == code
    # a member cannot enter a team, even their own
    with pytest.raises(PermissionDenied):
        tournament_register(tournament=tournament, player=members[2], partner=members[3], by=members[2])
    assert Entrant.objects.filter(competition=tournament).count() == 1


def test_a_game_without_teams_takes_no_partner(fake_game):
    club, organizer, members = club_with_members(2)
    spec = TournamentSpec(name="Cup", game=fake_game, format="single_elim", options={"rounds": 1})
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    with pytest.raises(InvalidValue) as refused:
        tournament_register(tournament=tournament, player=members[0], partner=members[1], by=organizer)
    assert refused.value.code == "no_partners"


def test_t_d2_each_team_sits_at_its_sides_seats_and_the_first_seat_alternates(
    fake_team_game, django_capture_on_commit_callbacks
):
    # given: two teams, a best of three
    tournament, organizer, m = _team_cup(fake_team_game, 2, best_of=3)
    tournament = tournament_start(tournament=tournament, by=organizer)
    rng = random.Random(4)
    seatings = []
    while tables := _tables_in_play(tournament):
        assert len(tables) == 1
        seatings.append(_seats(tables[0]))
        with django_capture_on_commit_callbacks(execute=True):
            play_moves(tables[0], rng)
    # then: the engine's first team's seats (0 and 2) hold seed 1's team at tables 1, 3 …, seed 2's at tables 2 …
    first, second = [m[0].pk, m[2].pk, m[1].pk, m[3].pk], [m[2].pk, m[0].pk, m[3].pk, m[1].pk]
    assert len(seatings) >= 2
    assert seatings == [first if n % 2 == 0 else second for n in range(len(seatings))]


def test_t_r3_t_r5_a_team_single_elimination_is_played_to_the_end_by_team_places(
    fake_team_game, django_capture_on_commit_callbacks
):
    # given: four teams of two, points for the places
    tournament, organizer, _members = _team_cup(fake_team_game, 4, points=[10, 6, 3, 3])
    tournament = tournament_start(tournament=tournament, by=organizer)
    assert all(table.players == 4 for table in _tables_in_play(tournament))
    # when: every table is played to its end
    rng = random.Random(7)
    while tables := _tables_in_play(tournament):
        for table in tables:
            with django_capture_on_commit_callbacks(execute=True):
                play_moves(table, rng)
    tournament.refresh_from_db()
    # then: the teams are placed 1, 2, 3–4 (T-R5), and every table's winner is the team whose two seats came first
    assert tournament.status == Tournament.Status.FINISHED
    placed = sorted(Entrant.objects.filter(competition=tournament).values_list("place", "shared"))
    assert placed == [(1, 1), (2, 1), (3, 2), (3, 2)]
    points = sorted(Entrant.objects.filter(competition=tournament).values_list("points", flat=True))
    assert [float(p) for p in points] == [3, 3, 6, 10]
    teams = {e.pk: {e.player_id, e.partner_id} for e in Entrant.objects.filter(competition=tournament)}
    for match in state_of(tournament)["matches"]:
        for played in match["tables"]:
            if played["winner"] is None:
                continue
            link = tournament.tables.get(match=match["id"], number=played["number"])
            firsts = set(Result.objects.filter(table=link.table, place=1).values_list("player_id", flat=True))
            assert firsts == teams[played["winner"]]
    # every finished table was rated, partners as one side
    finished = Table.objects.filter(tournament_link__tournament=tournament, status=Table.Status.FINISHED)
    assert RatingEvent.objects.filter(table__in=finished).values("table").distinct().count() == finished.count()


def test_t_d4_a_partner_who_withdraws_withdraws_the_team(fake_team_game):
    tournament, organizer, members = _team_cup(fake_team_game, 2)
    tournament = tournament_start(tournament=tournament, by=organizer)
    table = _tables_in_play(tournament)[0]
    # when: the partner of seed 1's team withdraws
    tournament_withdraw(tournament=tournament, player=members[1], by=members[1])
    # then: the team is withdrawn, its table annulled, the other team through
    tournament.refresh_from_db()
    team = Entrant.objects.get(competition=tournament, player=members[0])
    other = Entrant.objects.get(competition=tournament, player=members[2])
    assert team.withdrawn
    table.refresh_from_db()
    assert table.status == Table.Status.ANNULLED
    match = bracket.match_get(state_of(tournament), "W1.1")
    assert (match["decided"], match["winner"]) == ("forfeit", other.pk)


def test_t_d4_an_organizers_forfeit_names_either_partner_and_a_decided_match_is_refused(fake_team_game):
    tournament, organizer, members = _team_cup(fake_team_game, 4)
    tournament = tournament_start(tournament=tournament, by=organizer)
    teams = {e.player_id: e.pk for e in Entrant.objects.filter(competition=tournament)}
    match_id = next(m["id"] for m in state_of(tournament)["matches"] if teams[members[0].pk] in m["entrants"])
    match = bracket.match_get(state_of(tournament), match_id)
    # when: the organizer rules that the partner of seed 1's team forfeits
    tournament_match_forfeit(tournament=tournament, match=match_id, player=members[1], by=organizer, reason="absent")
    tournament.refresh_from_db()
    decided = bracket.match_get(state_of(tournament), match_id)
    other = next(e for e in match["entrants"] if e != teams[members[0].pk])
    assert (decided["decided"], decided["winner"]) == ("forfeit", other)
    # then: the same ruling again is refused by its code, the match being decided
    with pytest.raises(WrongStatus) as refused:
        tournament_match_forfeit(tournament=tournament, match=match_id, player=members[1], by=organizer)
    assert refused.value.code == "match_decided"


def test_t_r11_a_fixed_partnership_season_sends_its_teams_to_the_playoff(fake_team_game):
    # given: a finished season of four fixed teams, ranked
    club, organizer, m = club_with_members(8)
    season = Season.objects.create(
        club=club,
        name="League",
        game=fake_team_game,
        partners=Season.Partners.FIXED,
        status=Season.Status.FINISHED,
    )
    for rank, i in enumerate((6, 4, 2, 0), start=1):
        entrant = Entrant.objects.create(competition=season, player=m[i], partner=m[i + 1])
        Standing.objects.create(
            season=season, entrant=entrant, rank=rank, points=10 - rank, lot=rank, computed_at=timezone.now()
        )
    spec = TournamentSpec(
        name="Playoff", game=fake_team_game, format="two_stage", season=season, stage_top=2, options={"rounds": 1}
    )
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    # when: the playoff starts
    tournament = tournament_start(tournament=tournament, by=organizer)
    # then: the top two teams enter as teams, in the season's order, and meet at one table of four
    seeded = Entrant.objects.filter(competition=tournament).order_by("seed")
    assert [(e.player_id, e.partner_id) for e in seeded] == [(m[6].pk, m[7].pk), (m[4].pk, m[5].pk)]
    (table,) = _tables_in_play(tournament)
    assert _seats(table) == [m[6].pk, m[4].pk, m[7].pk, m[5].pk]


def test_t_d2_a_coinche_team_final_is_played_by_its_four_seats_to_the_end(django_capture_on_commit_callbacks):
    # given: two Coinche teams in a short race (the engine's short variant)
    tournament, organizer, m = _team_cup("coinche", 2, options={"target_score": 300})
    tournament = tournament_start(tournament=tournament, by=organizer)
    (table,) = _tables_in_play(tournament)
    # K-R1: partners sit opposite, seed 1's team at seats 0 and 2
    assert _seats(table) == [m[0].pk, m[2].pk, m[1].pk, m[3].pk]
    # when: the table is played to its end
    with django_capture_on_commit_callbacks(execute=True):
        play_moves(table, random.Random(2))
    tournament.refresh_from_db()
    # then: the team whose seats the engine placed first is the champion
    winners = set(Result.objects.filter(table=table, place=1).values_list("player_id", flat=True))
    champion = Entrant.objects.get(competition=tournament, place=1)
    assert tournament.status == Tournament.Status.FINISHED
    assert winners == {champion.player_id, champion.partner_id}


def test_t_d1_teams_are_seeded_by_their_players_mean_rating(fake_team_game):
    # given: three teams; the second's players are rated 30 and 10 (mean 20), the third's one rated player 25
    tournament, organizer, m = _team_cup(fake_team_game, 3, seeding="rating")
    now = timezone.now()
    for player, ordinal in ((m[2], 30.0), (m[3], 10.0), (m[4], 25.0), (m[0], 5.0)):
        Rating.objects.create(player=player, game=fake_team_game, mu=ordinal, sigma=0, ordinal=ordinal, updated_at=now)
    # when: the tournament starts
    tournament_start(tournament=tournament, by=organizer)
    # then: the third team (25) first, the second (20) next, the first (its one rated player: 5) last
    seeded = Entrant.objects.filter(competition=tournament).order_by("seed")
    assert [e.player_id for e in seeded] == [m[4].pk, m[2].pk, m[0].pk]
