"""A season page's standings and crosstable held in each process (league/selectors/season_boards.py): read once,
then served from memory while the standings stand; a result that reaches the standings is read on the next view, and
what changes without them (a name) is held a polling interval at most."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Player, Result, Season, Standing, Table
from league.selectors import season_boards
from league.selectors import seasons as season_selectors
from league.selectors.season_boards import (
    POLL_SECONDS,
    boards_forget,
    held_crosstable,
    held_standings_page,
    season_with_stamp,
)
from league.services.rounds import season_start
from tests.league.playing import play_moves
from tests.league.seasons.factories import season_with_entrants

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nothing_held():
    boards_forget()
    yield
    boards_forget()


@pytest.fixture
def clock(monkeypatch):
    """The holder's clock, moved by hand: [seconds]."""
    now = [1000.0]
    monkeypatch.setattr(season_boards, "_clock", lambda: now[0])
    return now


def _started(game: str, entrants: int = 4) -> Season:
    season, organizer, _ = season_with_entrants(game, entrants=entrants, format="swiss", rounds_planned=2)
    season_start(season=season, by=organizer)
    return season


def _board(season_id: int, after: int = 0):
    """The standings page and crosstable as the season page reads them, with the statements it took."""
    with CaptureQueriesContext(connection) as queries:
        season, stamp = season_with_stamp(season_id=season_id)
        page = held_standings_page(season=season, after=after, stamp=stamp)
        cross = held_crosstable(season=season, page=page, stamp=stamp)
    return page, cross, len(queries)


def test_the_board_is_read_once_then_held_while_the_standings_stand(fake_game, clock):
    # given: a running season whose page was viewed once
    season = _started(fake_game)
    page, cross, first = _board(season.pk)
    # when: it is viewed again within the polling interval
    clock[0] += POLL_SECONDS - 1
    again, cross_again, second = _board(season.pk)
    # then: only the season (with its stamp) was read, and the same rows were served
    assert first > 1 and second == 1
    assert again is page and cross_again is cross
    assert [row.entrant_id for row in cross.rows] == [row.entrant_id for row in page.rows]


def test_a_result_reaching_the_standings_is_read_on_the_next_view(fake_game, clock, django_capture_on_commit_callbacks):
    # given: a running season whose page was viewed before any table ended
    season = _started(fake_game)
    before, cross_before, _ = _board(season.pk)
    assert all(row.played == 0 for row in before.rows)
    # when: a table is played to its end, its follow-up (rating, standings) run as after a real commit, and the page
    # is viewed again at once
    table = Table.objects.filter(round__season=season).order_by("id").first()
    with django_capture_on_commit_callbacks(execute=True):
        play_moves(table, random.Random(3))
    after, cross_after, queries = _board(season.pk)
    # then: both were read anew, and show the table's result where they showed it in play
    assert queries > 1
    played = {row.entrant_id: row.played for row in after.rows}
    seated = {seat.player_id for seat in table.seats.all()}
    entrants = dict(season.entrants.values_list("player_id", "id"))
    assert {row.cells[0].outcome for row in cross_before.rows if row.entrant_id in {entrants[p] for p in seated}} == {
        "in_play"
    }
    assert {played[entrants[p]] for p in seated} == {1}
    places = dict(Result.objects.filter(table=table).values_list("player_id", "place"))
    cells = {row.entrant_id: row.cells[0] for row in cross_after.rows}
    for player_id, place in places.items():
        (other,) = [theirs for who, theirs in places.items() if who != player_id]
        expected = "drawn" if place == other else "won" if place < other else "lost"
        assert (cells[entrants[player_id]].outcome, cells[entrants[player_id]].table_id) == (expected, table.pk)


def test_what_changes_without_a_standings_write_is_held_a_polling_interval_at_most(fake_game, clock):
    # given: a running season whose page was viewed, then an entrant who changed their name
    season = _started(fake_game)
    page, _cross, _ = _board(season.pk)
    renamed = season.entrants.get(pk=page.rows[0].entrant_id).player
    Player.objects.filter(pk=renamed.pk).update(display_name="Renamed")
    # when: the page is viewed just before the polling interval has passed, then once it has
    clock[0] += POLL_SECONDS - 0.001
    held, held_cross, _ = _board(season.pk)
    clock[0] += 0.001
    read, read_cross, _ = _board(season.pk)
    # then: the old name until the interval is over, the new one from then on, in both the standings and crosstable
    assert held.rows[0].label == held_cross.rows[0].label == page.rows[0].label != "Renamed"
    assert read.rows[0].label == read_cross.rows[0].label == "Renamed"


def test_a_change_of_the_seasons_tiebreaks_is_read_on_the_next_view(fake_game, clock):
    # given: a running season whose page was viewed, then whose tiebreaks an administrator changed (the standings
    # rows keep their stored values, no standings write)
    season = _started(fake_game)
    page, _cross, _ = _board(season.pk)
    assert set(page.rows[0].tiebreaks) == set(season.tiebreaks) != {"wins"}
    Season.objects.filter(pk=season.pk).update(tiebreaks=["wins"])
    # when: the page is viewed again at once
    again, _cross, queries = _board(season.pk)
    # then: its rows were read anew, with the one tiebreak now shown
    assert queries > 1 and set(again.rows[0].tiebreaks) == {"wins"}


def test_a_season_without_standings_is_read_on_every_view(fake_game):
    # given: a season in registration (its entrants known, no standings yet)
    season, _organizer, _ = season_with_entrants(fake_game, entrants=3)
    assert not Standing.objects.filter(season=season).exists()
    # when: its page is viewed twice
    _page, first_cross, first = _board(season.pk)
    _page, second_cross, second = _board(season.pk)
    # then: nothing names its standings, so nothing is held: both views read
    assert second == first > 1
    assert first_cross is not second_cross and len(second_cross.rows) == 3


def test_a_process_keeps_the_last_pages_it_read(fake_game, clock, monkeypatch):
    # given: a process that keeps 2 boards (a standings page and its crosstable), pages of 2 entrants
    monkeypatch.setattr(season_boards, "KEPT", 2)
    monkeypatch.setattr(season_selectors, "STANDINGS_PAGE", 2)
    season = _started(fake_game, entrants=4)
    # when: the first page is viewed, then the second
    _board(season.pk, after=0)
    _board(season.pk, after=2)
    # then: the second is held, the first was let go and is read again
    assert _board(season.pk, after=2)[2] == 1
    assert _board(season.pk, after=0)[2] > 1
