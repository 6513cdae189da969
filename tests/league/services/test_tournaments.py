"""Bracket tournaments through the services (league/services/tournaments.py): create, register, start, tables played
to the end through the move pipeline and the task after each table, forfeits, withdrawals, places, points, ratings."""

import random
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.errors import InvalidValue, PermissionDenied, WrongStatus
from league.models import (
    Entrant,
    RatingEvent,
    Season,
    Standing,
    Table,
    Tournament,
    TournamentTable,
)
from league.services.tables import table_annul
from league.services.tournaments import (
    TournamentSpec,
    draw_commitment,
    tournament_advance,
    tournament_create,
    tournament_entrants_add,
    tournament_match_forfeit,
    tournament_register,
    tournament_start,
    tournament_withdraw,
    tournaments_catch_up,
)
from league.tournaments import bracket
from league.tournaments.seeding import seeds_by_lot
from tests.league.factories import state_of
from tests.league.playing import play_moves
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db


def _tournament(game, count, **spec):
    club, organizer, members = club_with_members(count)
    values = {"name": "Cup", "game": game, "format": Tournament.Format.SINGLE_ELIM, "seeding": "entered"}
    values.update(spec)
    if values["game"] == game and game.startswith("test") and "options" not in values:
        values["options"] = {"rounds": 1}
    tournament = tournament_create(club=club, by=organizer, spec=TournamentSpec(**values))
    for member in members:
        tournament_register(tournament=tournament, player=member)
    return tournament, organizer, members


def _tables_in_play(tournament):
    return list(Table.objects.filter(tournament_link__tournament=tournament, status=Table.Status.ACTIVE).order_by("id"))


def _play_out(tournament, capture, *, seed=0, limit=200):
    rng = random.Random(seed)
    for _ in range(limit):
        tables = _tables_in_play(tournament)
        if not tables:
            break
        for table in tables:
            with capture(execute=True):
                play_moves(table, rng)
    tournament.refresh_from_db()
    return tournament


def _places(tournament):
    return sorted(
        Entrant.objects.filter(competition=tournament).values_list("place", "shared"),
        key=lambda row: (row[0] is None, row[0]),
    )


def test_only_an_organizer_creates_a_tournament(fake_game):
    club, _organizer, members = club_with_members(2)
    with pytest.raises(PermissionDenied):
        tournament_create(
            club=club, by=members[0], spec=TournamentSpec(name="Cup", game=fake_game, format="single_elim")
        )


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"best_of": 2}, "best_of"),
        ({"best_of": 11}, "best_of"),
        ({"format": "knockout"}, "format"),
        ({"seeding": "standings"}, "season"),
        ({"format": "two_stage"}, "season"),
        ({"name": " "}, "name"),
        ({"points": [10, -1]}, "points"),
        ({"time_per_move": timedelta(seconds=1)}, "time_per_move"),
        ({"options": {"rounds": 99}}, "options"),
    ],
)
def test_bad_settings_are_refused_naming_the_field(fake_game, change, field):
    club, organizer, _ = club_with_members(1)
    spec = {"name": "Cup", "game": fake_game, "format": "single_elim", **change}
    with pytest.raises(InvalidValue) as error:
        tournament_create(club=club, by=organizer, spec=TournamentSpec(**spec))
    assert error.value.field == field
    assert not Tournament.objects.exists()


def test_a_duel_game_is_refused_for_multiplayer_elimination():
    club, organizer, _ = club_with_members(1)
    with pytest.raises(InvalidValue) as error:
        tournament_create(
            club=club, by=organizer, spec=TournamentSpec(name="Cup", game="palace-infighting", format="multi_elim")
        )
    assert error.value.field == "format"


def test_only_members_register_and_only_once(fake_game):
    tournament, _organizer, members = _tournament(fake_game, 2)
    stranger = club_with_members(1)[2][0]
    with pytest.raises(InvalidValue) as error:
        tournament_register(tournament=tournament, player=stranger)
    assert error.value.code == "not_member"
    with pytest.raises(InvalidValue) as error:
        tournament_register(tournament=tournament, player=members[0])
    assert error.value.code == "already_entered"


def test_t_r1_five_entrants_three_byes_to_the_best_seeds(fake_game):
    # given: five entrants seeded in the order entered
    tournament, organizer, members = _tournament(fake_game, 5)
    # when: the organizer starts it
    tournament = tournament_start(tournament=tournament, by=organizer)
    # then: a bracket of 8, seeds 1-3 through by byes; 4 v 5 has a table, and so has 2 v 3 of the next round
    assert tournament.status == Tournament.Status.RUNNING
    seeds = list(Entrant.objects.filter(competition=tournament).order_by("seed").values_list("player_id"))
    assert [p for (p,) in seeds] == [m.pk for m in members]
    byes = [m for m in state_of(tournament)["matches"] if m["decided"] == "bye"]
    assert len(byes) == 3
    tables = _tables_in_play(tournament)
    pairs = [{s.player_id for s in t.seats.all()} for t in tables]
    assert pairs == [{members[3].pk, members[4].pk}, {members[1].pk, members[2].pk}]
    with pytest.raises(WrongStatus):
        tournament_register(tournament=tournament, player=members[0])


def test_t_r3_t_r5_single_elimination_played_to_the_end_places_points_and_ratings(
    fake_game, django_capture_on_commit_callbacks
):
    # given: six entrants, points for places 1 to 4
    tournament, organizer, _ = _tournament(fake_game, 6, points=[10, 6, 3, 3])
    tournament = tournament_start(tournament=tournament, by=organizer)
    # when: every table is played to its end through the move pipeline
    tournament = _play_out(tournament, django_capture_on_commit_callbacks)
    # then: finished, a champion, the final's loser second, semifinal losers share 3rd, quarterfinal losers 5th
    assert tournament.status == Tournament.Status.FINISHED
    assert bracket.is_over(state_of(tournament))
    assert _places(tournament) == [(1, 1), (2, 1), (3, 2), (3, 2), (5, 2), (5, 2)]
    points = sorted(Entrant.objects.filter(competition=tournament).values_list("points", flat=True))
    assert [float(p) for p in points] == [0, 0, 3, 3, 6, 10]
    # every table counted for ratings (entering a rated tournament is the seats' agreement)
    tables = Table.objects.filter(tournament_link__tournament=tournament, status=Table.Status.FINISHED)
    assert RatingEvent.objects.filter(table__in=tables).values("table").distinct().count() == tables.count()


def test_t_r6_t_r9_double_elimination_of_eight_played_to_the_end(fake_game, django_capture_on_commit_callbacks):
    tournament, organizer, _ = _tournament(fake_game, 8, format="double_elim")
    tournament = tournament_start(tournament=tournament, by=organizer)
    tournament = _play_out(tournament, django_capture_on_commit_callbacks, seed=3)
    assert tournament.status == Tournament.Status.FINISHED
    # T-R9: 1, 2, 3, 4, 5-6, 7-8
    assert _places(tournament) == [(1, 1), (2, 1), (3, 1), (4, 1), (5, 2), (5, 2), (7, 2), (7, 2)]
    # a losers' bracket: every entrant but the champion lost two matches, or the champion's grand final opponent
    played = TournamentTable.objects.filter(tournament=tournament, table__status=Table.Status.FINISHED)
    assert played.filter(match__startswith="L").exists()
    assert played.filter(match="GF.1").exists()


def test_t_d2_a_best_of_three_plays_tables_in_turn_with_the_seats_alternating(
    fake_game, django_capture_on_commit_callbacks
):
    tournament, organizer, members = _tournament(fake_game, 2, best_of=3)
    tournament = tournament_start(tournament=tournament, by=organizer)
    rng = random.Random(5)
    firsts = []
    while tables := _tables_in_play(tournament):
        assert len(tables) == 1  # one table of the match at a time
        firsts.append(tables[0].seats.get(index=0).player_id)
        with django_capture_on_commit_callbacks(execute=True):
            play_moves(tables[0], rng)
    tournament.refresh_from_db()
    match = bracket.match_get(state_of(tournament), "W1.1")
    # decided by two tables won, or by T-D3 after three drawn tables in a row
    assert max(bracket.score(match)) == 2 or match["decided"] == "draw_limit"
    assert len(firsts) == len(match["tables"]) >= 2
    # seed 1 sits first at tables 1, 3, 5 ..., seed 2 at tables 2, 4 ...
    assert firsts == [members[i % 2].pk for i in range(len(firsts))]
    assert tournament.status == Tournament.Status.FINISHED


def test_t_d4_a_withdrawal_forfeits_the_match_in_play_and_annuls_its_table(fake_game):
    tournament, organizer, members = _tournament(fake_game, 4)
    tournament = tournament_start(tournament=tournament, by=organizer)
    table = next(t for t in _tables_in_play(tournament) if t.seats.filter(player=members[0]).exists())
    # when: seed 1 withdraws
    tournament_withdraw(tournament=tournament, player=members[0], by=members[0])
    tournament.refresh_from_db()
    # then: their table is annulled, the opponent (seed 4) goes through
    table.refresh_from_db()
    assert table.status == Table.Status.ANNULLED
    match = bracket.match_get(state_of(tournament), "W1.1")
    seed4 = Entrant.objects.get(competition=tournament, player=members[3])
    assert (match["decided"], match["winner"]) == ("forfeit", seed4.pk)
    assert Entrant.objects.get(competition=tournament, player=members[0]).withdrawn


def test_t_d4_an_organizer_rules_a_forfeit(fake_game):
    tournament, organizer, members = _tournament(fake_game, 2)
    tournament = tournament_start(tournament=tournament, by=organizer)
    with pytest.raises(PermissionDenied):
        tournament_match_forfeit(tournament=tournament, match="W1.1", player=members[1], by=members[0])
    tournament_match_forfeit(tournament=tournament, match="W1.1", player=members[1], by=organizer, reason="absent")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert _places(tournament) == [(1, 1), (2, 1)]
    assert not _tables_in_play(tournament)


def test_t_r10_multiplayer_elimination_played_to_a_final_table(fake_game, django_capture_on_commit_callbacks):
    # given: nine entrants of a game of 2-4 seats
    tournament, organizer, _ = _tournament(fake_game, 9, format="multi_elim")
    tournament = tournament_start(tournament=tournament, by=organizer)
    first = _tables_in_play(tournament)
    assert sorted(t.players for t in first) == [3, 3, 3]
    tournament = _play_out(tournament, django_capture_on_commit_callbacks, seed=2)
    assert tournament.status == Tournament.Status.FINISHED
    assert state_of(tournament)["rounds"][-1]["final"]
    assert all(place is not None for place, _ in _places(tournament))


def test_t_d1_a_draw_by_lot_is_the_committed_seeds_draw(fake_game):
    tournament, organizer, _ = _tournament(fake_game, 6, seeding="lot")
    commitment = draw_commitment(tournament)
    tournament = tournament_start(tournament=tournament, by=organizer)
    entrants = Entrant.objects.filter(competition=tournament)
    in_order = list(entrants.order_by("entered_at", "id").values_list("id", flat=True))
    drawn = list(entrants.order_by("seed").values_list("id", flat=True))
    assert drawn == seeds_by_lot(in_order, seed=tournament.draw_seed)
    assert draw_commitment(tournament) == commitment


def test_t_r11_a_two_stage_playoff_takes_the_top_k_of_its_finished_season(fake_game):
    club, organizer, members = club_with_members(5)
    season = Season.objects.create(club=club, name="League", game=fake_game, status=Season.Status.RUNNING)
    for rank, member in enumerate(reversed(members), start=1):
        entrant = Entrant.objects.create(competition=season, player=member)
        Standing.objects.create(
            season=season, entrant=entrant, rank=rank, points=10 - rank, lot=rank, computed_at=timezone.now()
        )
    spec = TournamentSpec(
        name="Playoff", game=fake_game, format="two_stage", season=season, stage_top=4, options={"rounds": 1}
    )
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    with pytest.raises(WrongStatus):
        tournament_start(tournament=tournament, by=organizer)
    Season.objects.filter(pk=season.pk).update(status=Season.Status.FINISHED)
    tournament = tournament_start(tournament=tournament, by=organizer)
    seeded = Entrant.objects.filter(competition=tournament).order_by("seed")
    assert [e.player_id for e in seeded] == [m.pk for m in list(reversed(members))[:4]]
    # T-R2: seed 1 meets seed 4 and seed 2 meets seed 3 in the semifinals
    tables = _tables_in_play(tournament)
    pairs = {frozenset(s.player_id for s in t.seats.all()) for t in tables}
    assert pairs == {frozenset({members[4].pk, members[1].pk}), frozenset({members[3].pk, members[2].pk})}


def test_a_table_annulled_outside_the_bracket_is_replayed_by_the_catch_up(fake_game):
    # given: a match whose table an organizer annuls through the tables' own ruling (no task follows)
    tournament, organizer, _ = _tournament(fake_game, 2)
    tournament = tournament_start(tournament=tournament, by=organizer)
    first = _tables_in_play(tournament)[0]
    table_annul(table_id=first.pk, reason="misdeal")
    # when: the nightly catch-up runs (twice: it is idempotent)
    assert tournaments_catch_up() == 1
    assert tournaments_catch_up() == 0
    # then: the match is played again at a new table, the annulled one counting for nothing
    again = _tables_in_play(tournament)
    assert len(again) == 1 and again[0].pk != first.pk
    links = TournamentTable.objects.filter(tournament=tournament, match="W1.1").order_by("number")
    assert [(link.number, link.recorded) for link in links] == [(1, True), (2, False)]
    tournament.refresh_from_db()
    assert bracket.match_get(state_of(tournament), "W1.1")["tables"] == []


# --- the organizer's entrants (issue 34) ------------------------------------------------------------------------------


def test_an_organizer_enters_several_members_at_once_all_or_none(fake_game):
    club, organizer, members = club_with_members(3)
    spec = TournamentSpec(name="Cup", game=fake_game, format=Tournament.Format.SINGLE_ELIM, options={"rounds": 1})
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    tournament_register(tournament=tournament, player=members[2])
    # one of them entered already: nobody more is entered, and the message names them
    with pytest.raises(InvalidValue) as error:
        tournament_entrants_add(tournament=tournament, by=organizer, players=members)
    assert error.value.code == "already_entered" and members[2].display_name in error.value.message
    assert Entrant.objects.filter(competition=tournament).count() == 1
    with pytest.raises(PermissionDenied):
        tournament_entrants_add(tournament=tournament, by=members[0], players=members[:2])
    added = tournament_entrants_add(tournament=tournament, by=organizer, players=members[:2])
    assert [e.player for e in added] == members[:2]


def test_t_d4_a_group_match_forfeit_keeps_its_reason_and_the_page_lists_it(
    fake_game, django_capture_on_commit_callbacks
):
    from league.selectors.tournaments import tournament_forfeits

    tournament, organizer, _members = _tournament(
        fake_game, 4, format=Tournament.Format.TWO_STAGE, groups=1, stage_top=2
    )
    tournament_start(tournament=tournament, by=organizer)
    tournament.refresh_from_db()
    match = state_of(tournament)["group_matches"][0]
    loser = Entrant.objects.get(pk=match["entrants"][0])
    tournament_match_forfeit(tournament=tournament, match=match["id"], player=loser.player, by=organizer, reason="ill")
    tournament.refresh_from_db()
    assert tournament_forfeits(tournament=tournament) == [
        {"match": match["id"], "name": loser.player.display_name, "reason": "ill"}
    ]


def _step_statements(game, field):
    """The SQL statements of the step after W1.1's table (nothing opens: W1.2 is in play) and after W1.2's (the
    next round's W2.1 opens), in a bracket of `field` entrants: how many, and how long (with their values)."""
    tournament, organizer, _ = _tournament(game, field)
    tournament = tournament_start(tournament=tournament, by=organizer)
    counts = []
    for match in ("W1.1", "W1.2"):
        table = TournamentTable.objects.get(tournament=tournament, match=match).table
        play_moves(table, random.Random(match))
        with CaptureQueriesContext(connection) as queries:
            tournament_advance(table_id=table.pk)
        counts.append((len(queries.captured_queries), sum(len(q["sql"]) for q in queries.captured_queries)))
    assert TournamentTable.objects.filter(tournament=tournament, match="W2.1").exists()
    return counts


def test_the_step_after_a_table_takes_as_many_statements_at_64_entrants_as_at_8(fake_game):
    # given: single eliminations of 8 and of 64 entrants, started
    # when: their first two matches' tables end and the step after each runs
    small, large = _step_statements(fake_game, 8), _step_statements(fake_game, 64)
    # then: as many statements at either size, and no longer (but for a few more digits in ids): the step reads and
    # writes the matches it reaches, not the bracket (whose 63 matches written whole would be ~20,000 characters)
    assert [count for count, _ in small] == [count for count, _ in large]
    for (_, short), (_, long) in zip(small, large, strict=True):
        assert long - short < 400
