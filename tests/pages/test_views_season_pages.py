"""The season page at any size (issue 37): standings and crosstable a page of entrants at a time (a keyset on the
rank), the rounds as summaries with the reader's own table, each round's tables on a page of its own (a keyset on
the table id), and a number of queries that does not grow with the season."""

import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from league.models import Round, Season, Standing, Table
from league.selectors import seasons as season_selectors
from league.selectors.crosstable import season_crosstable
from league.selectors.season_boards import boards_forget
from league.selectors.seasons import round_tables_page, season_standings, season_standings_page
from league.services.rounds import season_start
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from tests.league.playing import play_moves
from tests.league.seasons.support import club_with_members, play_out

pytestmark = pytest.mark.django_db


def _season(game: str, entrants: int, capture, *, rounds: int = 3, played: bool = True) -> Season:
    club, organizer, members = club_with_members(entrants)
    spec = SeasonSpec(game=game, name="Paged", format="swiss", rounds_planned=rounds, auto_advance=True)
    season = season_create(club=club, by=organizer, spec=spec)
    season_open_registration(season=season, by=organizer)
    for member in members:
        entrant_register(season=season, by=organizer, player=member)
    with capture(execute=True):
        season_start(season=season, by=organizer)
    if played:
        season = play_out(season, random.Random(f"paged-{entrants}"), capture)
    return season


def test_the_standings_pages_join_into_the_whole_table_with_ties_across_their_edges(
    fake_game, django_capture_on_commit_callbacks, monkeypatch
):
    season = _season(fake_game, 9, django_capture_on_commit_callbacks)
    # the deals are random: the tie that runs across the edge of the first two pages (ranks 2 and 3) is made here
    rows = {row.rank: row for row in Standing.objects.filter(season=season)}
    for rank, points in ((1, 100), (2, 50), (3, 50), (4, 10)):
        rows[rank].points, rows[rank].tiebreaks = points, {name: 0 for name in season.tiebreaks}
        rows[rank].save(update_fields=["points", "tiebreaks"])
    monkeypatch.setattr(season_selectors, "STANDINGS_PAGE", 2)
    whole = season_standings(season=season)
    pages, after = [], 0
    while True:
        page = season_standings_page(season=season, after=after)
        pages.append(page)
        if page.next_after is None:
            break
        after = page.next_after
    assert [row for page in pages for row in page.rows] == whole
    assert [(p.first, p.last) for p in pages] == [(r, min(r + 1, 9)) for r in range(1, 10, 2)]
    assert [p.previous_after for p in pages] == [None, 0, 2, 4, 6]
    assert all(p.total == 9 and p.paged for p in pages)
    # rank 3 opens the second page and reads "2=", as rank 2 closing the first does
    assert [(row.rank, row.shared_rank, row.tied) for row in pages[0].rows + pages[1].rows] == [
        (1, 1, False),
        (2, 2, True),
        (3, 2, True),
        (4, 4, False),
    ]


def test_the_crosstable_of_a_page_is_those_rows_of_the_whole_crosstable(fake_game, django_capture_on_commit_callbacks):
    season = _season(fake_game, 9, django_capture_on_commit_callbacks)
    whole = season_crosstable(season=season)
    for chosen in ([row.entrant_id for row in whole.rows[3:6]], [whole.rows[-1].entrant_id], []):
        part = season_crosstable(season=season, entrant_ids=chosen)
        assert part.rounds == whole.rounds
        assert part.rows == [row for row in whole.rows if row.entrant_id in chosen]


def test_the_season_page_pages_its_standings_and_lists_rounds_with_the_readers_table(
    fake_game, django_capture_on_commit_callbacks, monkeypatch
):
    season = _season(fake_game, 9, django_capture_on_commit_callbacks, played=False)
    monkeypatch.setattr(season_selectors, "STANDINGS_PAGE", 4)
    table = Table.objects.filter(round__season=season).first()
    player = table.seats.first().player
    client = Client()
    client.force_login(player.user)
    first = client.get(f"/seasons/{season.pk}/").content.decode()
    assert "Ranks 1–4 of 9" in first and f'href="/seasons/{season.pk}/?after=4#standings-heading"' in first
    assert first.count('<th scope="row">') == 4  # the crosstable's rows: the page's entrants
    # the calendar links the rounds that exist; a round still to come has no page yet
    assert f'href="/seasons/{season.pk}/rounds/1/"' in first
    assert "rounds/2/" not in first and "to come" in first
    assert "4 tables, 0 finished · 1 bye" in first
    assert f'<a href="/tables/{table.pk}/">your table #{table.pk}</a>' in first
    last = client.get(f"/seasons/{season.pk}/?after=8").content.decode()
    assert "Ranks 9–9 of 9" in last and f'href="/seasons/{season.pk}/?after=4#standings-heading"' in last
    assert "Lower ranks" not in last
    # a keyset parameter that is no number is the first page, never an error
    for hostile in ("-1", "abc", "²", "9" * 40, "1e3"):
        answer = client.get(f"/seasons/{season.pk}/", {"after": hostile})
        assert answer.status_code == 200 and "Ranks 1–4 of 9" in answer.content.decode(), hostile


def test_a_table_that_ends_shows_its_result_on_the_next_view_of_the_season_page(
    fake_game, django_capture_on_commit_callbacks
):
    # given: a running season whose page was viewed while a table was in play
    season = _season(fake_game, 4, django_capture_on_commit_callbacks, played=False)
    table = Table.objects.filter(round__season=season).order_by("id").first()
    client = Client()
    cell = f'<a href="/tables/{table.pk}/"'
    before = client.get(f"/seasons/{season.pk}/").content.decode()
    assert before.count(f'<td class="in_play">{cell}') == 2
    # when: the table is played to its end (its follow-up run as after a real commit) and the page viewed again
    with django_capture_on_commit_callbacks(execute=True):
        play_moves(table, random.Random(7))
    after = client.get(f"/seasons/{season.pk}/").content.decode()
    # then: both of its cells read its result
    assert after.count(f'<td class="in_play">{cell}') == 0
    assert sum(after.count(f'<td class="{outcome}">{cell}') for outcome in ("won", "drawn", "lost")) == 2


def test_a_rounds_page_lists_its_tables_a_page_at_a_time_and_its_byes(
    fake_game, django_capture_on_commit_callbacks, monkeypatch
):
    season = _season(fake_game, 9, django_capture_on_commit_callbacks, played=False)
    monkeypatch.setattr(season_selectors, "ROUND_PAGE", 3)
    round_ = Round.objects.get(season=season, number=1)
    ids = list(Table.objects.filter(round=round_).order_by("id").values_list("id", flat=True))
    first = Client().get(f"/seasons/{season.pk}/rounds/1/")
    body = first.content.decode()
    assert first.status_code == 200
    assert [i for i in ids if f'href="/tables/{i}/"' in body] == ids[:3]
    assert "Bye: " in body and f'href="/seasons/{season.pk}/rounds/1/?after={ids[2]}"' in body
    rest = Client().get(f"/seasons/{season.pk}/rounds/1/?after={ids[2]}").content.decode()
    assert [i for i in ids if f'href="/tables/{i}/"' in rest] == ids[3:]
    assert "Bye: " not in rest and "More tables" not in rest
    assert round_tables_page(round=round_, after=ids[-1]).tables == []
    assert Client().get(f"/seasons/{season.pk}/rounds/9/").status_code == 404


@pytest.mark.parametrize("held", [True, False])
@pytest.mark.parametrize("signed_in", [True, False])
@pytest.mark.parametrize("path", ["/seasons/{id}/", "/seasons/{id}/rounds/1/"])
def test_the_season_pages_make_as_many_queries_for_a_large_season_as_for_a_small_one(
    fake_game, django_capture_on_commit_callbacks, path, signed_in, held
):
    counts = []
    for entrants in (6, 24):
        season = _season(fake_game, entrants, django_capture_on_commit_callbacks, rounds=2)
        client = Client()
        if signed_in:
            client.force_login(Table.objects.filter(round__season=season).first().seats.first().player.user)
        client.get(path.format(id=season.pk))  # the session and the caches warm
        if not held:
            boards_forget()  # the standings and crosstable read as after a result (league/selectors/season_boards.py)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(path.format(id=season.pk)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
