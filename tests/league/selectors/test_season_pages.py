"""Reads of the season pages: standings with shared ranks, the crosstable, the calendar of rounds, the tables in
play with whose clock runs, and the rule options with their labels."""

import random
from datetime import date, timedelta

import pytest

from league.models import Season, SeasonClock, Table
from league.selectors.crosstable import season_crosstable
from league.selectors.rounds import (
    clock_zone,
    round_dates,
    rounds_count,
    season_calendar,
    season_own_tables,
    season_tables_in_play,
    season_zone,
)
from league.selectors.seasons import season_options_shown, season_standings
from league.services.rounds import entrant_withdraw, forfeit_award, season_start, season_table_annul
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from tests.league.playing import play_moves
from tests.league.seasons.factories import season_with_entrants
from tests.league.seasons.support import club_with_members

pytestmark = pytest.mark.django_db


def test_before_any_result_every_entrant_shares_the_first_rank(fake_game):
    season, organizer, _ = season_with_entrants(fake_game, entrants=4)
    season_start(season=season, by=organizer)
    rows = season_standings(season=season)
    assert [row.rank for row in rows] == [1, 2, 3, 4]
    assert [(row.shared_rank, row.tied) for row in rows] == [(1, True)] * 4


def test_the_crosstable_shows_whom_each_met_round_by_round(fake_game):
    season, organizer, _ = season_with_entrants(fake_game, entrants=3)
    season_start(season=season, by=organizer)
    table = Table.objects.get(round__season=season)
    season_table_annul(table=table, by=organizer)
    cross = season_crosstable(season=season)
    assert cross.rounds == [1]
    cells = {row.label: row.cells[0] for row in cross.rows}
    seated = {seat.player.display_name for seat in table.seats.all()}
    (bye,) = set(cells) - seated
    assert cells[bye].outcome == "bye"
    for name in seated:
        (other,) = seated - {name}
        assert (cells[name].outcome, cells[name].opponents, cells[name].table_id) == ("annulled", [other], table.pk)


def test_the_calendar_lists_the_rounds_to_come_dated_from_the_first_day():
    club, organizer, _ = club_with_members(2)
    season = season_create(
        club=club,
        by=organizer,
        spec=SeasonSpec(
            game="palace-infighting",
            name="X",
            format="swiss",
            rounds_planned=3,
            round_interval_days=7,
            starts_on=date(2027, 3, 1),
        ),
    )
    calendar = season_calendar(season=season)
    assert [(r.number, r.status) for r in calendar] == [(1, "planned"), (2, "planned"), (3, "planned")]
    assert [r.starts_at.date() for r in calendar] == [date(2027, 3, 1), date(2027, 3, 8), date(2027, 3, 15)]


def test_a_started_round_counts_its_tables_in_play_finished_and_byes_and_the_readers_own(fake_game):
    season, organizer, _ = season_with_entrants(fake_game, entrants=7, rounds_planned=2)
    season_start(season=season, by=organizer)
    done, annulled, playing = Table.objects.filter(round__season=season).order_by("id")
    play_moves(done, random.Random(1))
    season_table_annul(table=annulled, by=organizer)
    statuses = {t.pk: t.status for t in Table.objects.filter(round__season=season)}
    assert statuses == {done.pk: "finished", annulled.pk: "annulled", playing.pk: "active"}

    started, *to_come = season_calendar(season=season)
    counts = (started.number, started.exists, started.tables, started.in_play, started.finished, started.byes)
    assert counts == (1, True, 3, 1, 1, 1)
    assert [(r.number, r.exists, r.tables, r.byes) for r in to_come[:1]] == [(2, False, 0, 0)]
    seated = playing.seats.first().player_id
    assert season_own_tables(season=season, player_id=seated) == {1: playing.pk}
    assert season_own_tables(season=season, player_id=None) == {}


def test_the_dates_are_in_the_clocks_zone_else_utc():
    club, organizer, _ = club_with_members(2)
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="palace-infighting", name="X"))
    assert season_zone(season) == "UTC"
    clock = SeasonClock.objects.create(season=season, time_zone="Asia/Seoul")
    assert season_zone(season) == "Asia/Seoul"
    # the same from the clock the page read with its season (none: UTC; a zone this server does not know: UTC)
    assert (clock_zone(clock), clock_zone(None), clock_zone(SeasonClock(time_zone="Nowhere/Atlantis"))) == (
        "Asia/Seoul",
        "UTC",
        "UTC",
    )


def test_a_round_robins_calendar_counts_its_rounds_from_its_entrants_then_from_its_schedule(fake_game):
    # given: a round robin of five entrants in registration: five rounds, a bye in each
    season, organizer, _ = season_with_entrants(fake_game, entrants=5, format="round_robin")
    assert len(season_calendar(season=season)) == 5
    # when: it starts and an entrant withdraws (the four left would play three rounds)
    season_start(season=season, by=organizer)
    entrant_withdraw(season=season, by=organizer, entrant=season.entrants.order_by("id").first())
    # then: the calendar follows the schedule made at the start
    assert [(r.number, r.exists) for r in season_calendar(season=season)] == [(n, n == 1) for n in range(1, 6)]


def test_rounds_count_and_round_dates():
    assert rounds_count(format="round_robin", rounds_planned=None, entrants=6) == 5
    assert rounds_count(format="round_robin", rounds_planned=None, entrants=5) == 5
    assert rounds_count(format="double_round_robin", rounds_planned=None, entrants=4) == 6
    assert rounds_count(format="swiss", rounds_planned=7, entrants=30) == 7
    assert round_dates(first=date(2027, 1, 1), interval_days=None, count=2) == [None, None]
    assert round_dates(first=date(2027, 1, 1), interval_days=2, count=2) == [date(2027, 1, 1), date(2027, 1, 3)]


def test_the_tables_in_play_say_whose_clock_runs_and_which_are_late(fake_game):
    season, organizer, _ = season_with_entrants(fake_game, entrants=2, time_per_move=timedelta(hours=1))
    season_start(season=season, by=organizer)
    table = Table.objects.get(round__season=season)
    (now_row,) = season_tables_in_play(season=season, now=table.deadline - timedelta(minutes=1))
    (late_row,) = season_tables_in_play(season=season, now=table.deadline)
    assert (now_row.late, len(now_row.to_act)) == (False, 2)  # the test game opens with a simultaneous pick
    assert late_row.late and all(seat.late for seat in late_row.to_act)


def test_the_options_are_shown_with_the_engines_labels_less_the_tournament_ones():
    club, organizer, _ = club_with_members(2)
    season = season_create(
        club=club, by=organizer, spec=SeasonSpec(game="the-court", name="X", options={"ante": 20, "kickers": True})
    )
    shown = {option.name: option for option in season_options_shown(season=season)}
    assert (shown["ante"].label, shown["ante"].value, shown["ante"].changed) == ("Ante", 20, True)
    assert shown["starting_stack"].changed is False
    assert "seat_stacks" not in shown and "button" not in shown


def test_a_fixed_teams_crosstable_names_each_team_by_its_two_players():
    # given: a Coinche season of fixed teams, two teams entered by the organizer
    club, organizer, members = club_with_members(4)
    members[0].display_name, members[1].display_name = "Ada", "Bo"
    for member in members[:2]:
        member.save(update_fields=["display_name"])
    season = season_create(
        club=club, by=organizer, spec=SeasonSpec(game="coinche", name="Pairs", partners=Season.Partners.FIXED)
    )
    season_open_registration(season=season, by=organizer)
    team = entrant_register(season=season, player=members[0], partner=members[1], by=organizer)
    entrant_register(season=season, player=members[2], partner=members[3], by=organizer)
    # when: the crosstable is read, whole and for one page
    whole = season_crosstable(season=season)
    page = season_crosstable(season=season, entrant_ids=[team.pk])
    # then: the team reads "Ada & Bo" in both
    assert "Ada & Bo" in [row.label for row in whole.rows]
    assert [row.label for row in page.rows] == ["Ada & Bo"]


def test_the_crosstable_marks_a_forfeit_won_by_one_side_and_lost_by_the_other(fake_game):
    # given: a running season of four (two tables), one table awarded against one of its entrants
    season, organizer, _ = season_with_entrants(fake_game, entrants=4)
    season_start(season=season, by=organizer)
    awarded, other = Table.objects.filter(round__season=season).order_by("id")
    loser_player, winner_player = [seat.player_id for seat in awarded.seats.order_by("index")]
    entrants = dict(season.entrants.values_list("player_id", "id"))
    forfeit_award(table=awarded, by=organizer, forfeiting=[season.entrants.get(player_id=loser_player)])
    # when: the crosstable is read, whole and for the page of the two who met there
    pair = [entrants[loser_player], entrants[winner_player]]
    for cross in (season_crosstable(season=season), season_crosstable(season=season, entrant_ids=pair)):
        cells = {row.entrant_id: row.cells[0] for row in cross.rows}
        # then: the loser's cell reads a forfeit lost, the winner's a forfeit won, both linked to the table
        assert (cells[entrants[loser_player]].outcome, cells[entrants[loser_player]].table_id) == (
            "forfeit_lost",
            awarded.pk,
        )
        assert (cells[entrants[winner_player]].outcome, cells[entrants[winner_player]].table_id) == (
            "forfeit_won",
            awarded.pk,
        )
    # and the other table, in play, reads so
    cells = {row.entrant_id: row.cells[0] for row in season_crosstable(season=season).rows}
    assert {cells[entrants[seat.player_id]].outcome for seat in other.seats.all()} == {"in_play"}
