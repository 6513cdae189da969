"""A group stage's matches and a multiplayer elimination's tables as rows (league/services/stage_rows.py): the step
after one of their tables reads and writes the rows it reaches, not the stage, and the state read back is the state
the whole-state functions make."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Result, Table, Tournament, TournamentPart, TournamentTable
from league.services.stage_rows import StageRows, stage_rows_write
from league.services.tournaments import tournament_advance, tournament_start
from league.tournaments import multiplayer, stage_parts, two_stage
from tests.league.factories import ClubFactory, state_of
from tests.league.playing import play_moves
from tests.league.services.test_tournaments import _tournament

pytestmark = pytest.mark.django_db


def _step(table):
    """The step after `table` (played to its end first): its SQL statements, how many and how long."""
    play_moves(table, random.Random(table.pk))
    with CaptureQueriesContext(connection) as queries:
        tournament_advance(table_id=table.pk)
    return len(queries.captured_queries), sum(len(q["sql"]) for q in queries.captured_queries)


def _multiplayer_steps(game, field):
    """The steps after the first two tables of round 1 of a multiplayer elimination of `field` entrants (tables of
    up to four: neither closes the round)."""
    tournament, organizer, _ = _tournament(game, field, format="multi_elim")
    tournament = tournament_start(tournament=tournament, by=organizer)
    links = TournamentTable.objects.filter(tournament=tournament).order_by("match")
    return [_step(links.get(match=key).table) for key in ("R1.1", "R1.2")]


def test_a_multiplayer_table_s_step_takes_as_many_statements_at_48_entrants_as_at_12(fake_game):
    # given: multiplayer eliminations of 12 (3 tables) and of 48 entrants (12 tables), started
    # when: two tables of their first round end and the step after each runs
    small, large = _multiplayer_steps(fake_game, 12), _multiplayer_steps(fake_game, 48)
    # then: as many statements at either size, and no longer (but for a few more digits in ids): the step reads and
    # writes the table it played, and counts the round's tables still to play, not the whole state
    assert [count for count, _ in small] == [count for count, _ in large]
    for (_, short), (_, long) in zip(small, large, strict=True):
        assert long - short < 400


def _group_steps(game, field):
    """The steps after the tables of the first two matches of a group stage of `field` entrants in two groups."""
    tournament, organizer, _ = _tournament(game, field, format=Tournament.Format.TWO_STAGE, groups=2, stage_top=2)
    tournament = tournament_start(tournament=tournament, by=organizer)
    links = TournamentTable.objects.filter(tournament=tournament)
    return [_step(links.get(match=key).table) for key in ("G1.1", "G2.1")]


def test_a_group_match_s_step_takes_as_many_statements_at_24_entrants_as_at_8(fake_game):
    # given: group stages of 8 (12 matches) and of 24 entrants (132 matches) in two groups, started
    # when: a match of each group is played and the step after each runs
    small, large = _group_steps(fake_game, 8), _group_steps(fake_game, 24)
    # then: as many statements at either size, and no longer: the step reads and writes the match it played (a
    # whole stage written at 24 entrants would be ~10,000 characters)
    assert [count for count, _ in small] == [count for count, _ in large]
    for (_, short), (_, long) in zip(small, large, strict=True):
        assert long - short < 400


def _results(table):
    return {r.seat: r for r in Result.objects.filter(table=table)}


def test_a_multiplayer_elimination_on_rows_is_the_whole_state_step_by_step(fake_game):
    # given: a multiplayer elimination of 13 entrants, started (its tables are rows)
    tournament, organizer, _ = _tournament(fake_game, 13, format="multi_elim")
    tournament = tournament_start(tournament=tournament, by=organizer)
    whole = state_of(tournament)
    assert TournamentPart.objects.filter(tournament=tournament).count() == len(whole["rounds"][0]["tables"])
    assert "tables" not in Tournament.objects.get(pk=tournament.pk).state["rounds"][0]
    rng = random.Random(3)
    while tournament.status == Tournament.Status.RUNNING:
        link = TournamentTable.objects.filter(tournament=tournament, recorded=False).order_by("id").first()
        table = play_moves(link.table, rng)
        # when: the step after each table runs
        tournament = tournament_advance(table_id=table.pk)
        # then: the state read back from the rows is what the whole-state function makes of the same result
        results = _results(table)
        order = sorted(results)
        whole, _ = multiplayer.table_record(
            whole,
            table=int(link.match.split(".")[1]),
            places=[results[seat].place for seat in order],
            scores=[results[seat].score for seat in order],
            start_total=0,
        )
        assert state_of(tournament) == whole
    assert whole["over"]


def test_a_group_stage_on_rows_is_the_whole_state_step_by_step_into_its_playoff(fake_game):
    # given: a group stage of 6 entrants in two groups, started (its matches are rows)
    tournament, organizer, _ = _tournament(fake_game, 6, format=Tournament.Format.TWO_STAGE, groups=2, stage_top=1)
    tournament = tournament_start(tournament=tournament, by=organizer)
    whole = state_of(tournament)
    assert "group_matches" not in Tournament.objects.get(pk=tournament.pk).state
    rng = random.Random(5)
    while whole.get("stage") == "groups":
        link = TournamentTable.objects.filter(tournament=tournament, recorded=False).order_by("id").first()
        table = play_moves(link.table, rng)
        firsts = {s.player_id for s in table.seats.all() if _results(table)[s.index].place == 1}
        # when: the step after each group match runs
        tournament_advance(table_id=table.pk)
        tournament.refresh_from_db()
        # then: the stage read back is what the whole-state function makes of the same result, until the last
        # match, after which the playoff holds the whole stage
        winner = None
        if len(firsts) == 1:
            winner = tournament.entrants.get(player_id=firsts.pop()).pk
        whole = two_stage.group_match_record(whole, link.match, winner=winner)
        read = state_of(tournament)
        assert (read if "stage" in read else read["group_stage"]) == whole
        whole = read
    assert two_stage.groups_over(whole["group_stage"]) and whole["matches"]
    # and: the playoff's header keeps the stage without its matches, which stay rows
    header = Tournament.objects.get(pk=tournament.pk).state
    assert "group_matches" not in header["group_stage"]
    assert TournamentPart.objects.filter(tournament=tournament, kind="group").count() == 6


def test_a_round_s_count_of_tables_to_play_is_one_statement_and_new_tables_go_after_the_others():
    # given: a multiplayer elimination's first round stored as rows
    state, _ = multiplayer.multiplayer_create(list(range(1, 11)), min_seats=3, max_seats=4, seed="r")
    tournament = Tournament.objects.create(club=ClubFactory(), name="Cup", game="the-court", format="multi_elim")
    tournament.state = stage_rows_write(tournament=tournament, state=state, before=None)
    tournament.save()
    rows = StageRows(tournament.pk)
    with CaptureQueriesContext(connection) as queries:
        assert rows.pending(1) == 3
    assert len(queries.captured_queries) == 1
    # and: around a table, the table and its round's count come in one statement
    with CaptureQueriesContext(connection) as queries:
        around = StageRows(tournament.pk, around="R1.2")
        assert around.table(1, 2) == state["rounds"][0]["tables"][1] and around.pending(1) == 3
    assert len(queries.captured_queries) == 1
    # when: a table of a second round is written beside them
    rows.changes_write({"R2.1": {"number": 1, "seats": [1, 2, 3], "result": None}})
    # then: it goes after every table of round 1, in round 2
    added = TournamentPart.objects.get(tournament=tournament, key="R2.1")
    assert (added.position, added.round, added.kind, added.done) == (3, 2, "table", False)
    assert stage_parts.assembled(tournament.state, [])["rounds"][0]["tables"] == []
    with pytest.raises(KeyError):
        rows.table(1, 9)


def test_an_annulled_table_of_a_multiplayer_round_is_played_again_at_a_new_table(fake_game):
    # given: a multiplayer elimination of nine, started
    tournament, organizer, _ = _tournament(fake_game, 9, format="multi_elim")
    tournament = tournament_start(tournament=tournament, by=organizer)
    link = TournamentTable.objects.get(tournament=tournament, match="R1.2")
    # when: its table is annulled and the step after it runs
    Table.objects.filter(pk=link.table_id).update(status=Table.Status.ANNULLED)
    tournament_advance(table_id=link.table_id)
    # then: the table is played again at a second league table; nothing else opens
    again = TournamentTable.objects.get(tournament=tournament, match="R1.2", number=2)
    assert again.table.status == Table.Status.ACTIVE
    assert TournamentTable.objects.filter(tournament=tournament).count() == 4
