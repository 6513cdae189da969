"""league.selectors.my_games: a player's tables with their opponents, season and round, in a number of queries that
does not grow with the tables; the club's live tables; the directory's search."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Table
from league.selectors.my_games import club_directory, club_live_tables, games_of, turns_of
from league.services.clubs import club_create
from league.services.tables import table_annul
from tests.league.factories import ClubFactory, PlayerFactory, table_for

pytestmark = pytest.mark.django_db


def _tables(me, count: int) -> list[Table]:
    return [table_for("mini-poker", players=[me, PlayerFactory()]) for _ in range(count)]


def test_turns_and_games_read_in_as_many_queries_for_one_table_as_for_six() -> None:
    one, six = PlayerFactory(), PlayerFactory()
    _tables(one, 2)
    table_annul(table_id=_tables(one, 1)[0].pk, reason="test")
    tables = _tables(six, 6)
    table_annul(table_id=tables[0].pk, reason="test")

    with CaptureQueriesContext(connection) as few:
        turns_of(player=one)
        games_of(player=one)
    with CaptureQueriesContext(connection) as many:
        rows = turns_of(player=six)
        current, finished = games_of(player=six)
        names = [p.display_name for row in current + finished for p in row.opponents]

    assert len(many.captured_queries) == len(few.captured_queries) <= 7
    assert len(names) == 6 and len(current) == 5 and len(finished) == 1
    assert all(row.your_turn == (row.table.seats.get(player=six).to_act) for row in current)
    assert {row.table.pk for row in rows} == {row.table.pk for row in current if row.your_turn}


def test_the_players_own_turns_come_first_among_the_current_tables() -> None:
    me = PlayerFactory()
    tables = _tables(me, 4)
    mine = {t.pk for t in tables if t.seats.get(player=me).to_act}

    current, _finished = games_of(player=me)

    flags = [row.your_turn for row in current]
    assert flags == sorted(flags, reverse=True)
    assert {row.table.pk for row in current if row.your_turn} == mine


def test_a_clubs_live_tables_leave_out_the_ended_ones() -> None:
    club = ClubFactory()
    live = table_for("the-court", players=2, club=club)
    ended = table_for("the-court", players=2, club=club)
    table_annul(table_id=ended.pk, reason="test")

    assert [t.pk for t in club_live_tables(club=club)] == [live.pk]


def test_the_directory_counts_members_and_finds_by_name_or_description() -> None:
    organizer = PlayerFactory()
    club_create(name="Seoul Aces", description="Friday evenings", organizer=organizer)
    club_create(name="Busan Kings", organizer=organizer)

    everything = {c.name: c.members_count for c in club_directory().clubs}
    found = [c.name for c in club_directory(query="FRIDAY").clubs]

    assert everything == {"Busan Kings": 1, "Seoul Aces": 1}
    assert found == ["Seoul Aces"]


def test_the_directory_comes_a_page_at_a_time_by_name_each_club_once() -> None:
    # given: five clubs, two of one name, in pages of two
    organizer = PlayerFactory()
    for name, slug in [("Cobra", "c1"), ("Aces", "a"), ("Cobra", "c2"), ("Bees", "b"), ("Dukes", "d")]:
        club_create(name=name, slug=slug, organizer=organizer)
    # when: the pages are followed
    seen, after, pages = [], 0, 0
    while True:
        page = club_directory(after=after, size=2)
        seen += [c.slug for c in page.clubs]
        pages += 1
        if page.next_after is None:
            break
        after = page.next_after
    # then: by name then id, each once, in three pages
    assert seen == ["a", "b", "c1", "c2", "d"]
    assert pages == 3
