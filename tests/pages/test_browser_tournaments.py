"""A 16-player double elimination of Palace Infighting in headless Chromium (issue 22's done-when): the organizer
creates it and starts it from the pages, a member enters from the page (the others through the service), the
tables are played by random legal moves through the move pipeline (the task after each table moves the bracket on,
as in production), and the tournament page shows the bracket progressing — refreshed in place by htmx while it
runs — to the champion.

Screenshots (phone and desktop) go to artifacts/screenshots/tournaments/ (docs/screenshots/tournaments/ with
TOURNAMENT_SCREENSHOTS=docs/screenshots/tournaments).
"""

import random

import pytest
from django.conf import settings
from django.test import Client

from league.models import Entrant, Player, Table, Tournament
from league.services.clubs import club_create
from league.services.tournaments import tournament_register
from tests.league.factories import MembershipFactory, PlayerFactory
from tests.league.playing import play_moves
from tests.pages.screens import capture, shots_dir

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]

SHOTS = shots_dir("TOURNAMENT_SCREENSHOTS", "tournaments")
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
NAMES = [
    "Ahn", "Baek", "Cho", "Do", "Eun", "Fang", "Gong", "Han",
    "Im", "Jang", "Kang", "Lee", "Moon", "Nam", "Oh", "Park",
]  # fmt: skip


def _context(browser, live_server, player: Player, viewport: str = "phone"):
    client = Client()
    client.force_login(player.user)
    context = browser.new_context(viewport=VIEWPORTS[viewport], locale="en")
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}])
    return context


def _shoot(browser, live_server, player: Player, path: str, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for viewport in VIEWPORTS:
        context = _context(browser, live_server, player, viewport)
        page = context.new_page()
        page.goto(f"{live_server.url}{path}")
        capture(page, SHOTS / f"{name}-{viewport}.png", full_page=True)
        context.close()


def _tables_in_play(tournament: Tournament) -> list[Table]:
    return list(Table.objects.filter(tournament_link__tournament=tournament, status=Table.Status.ACTIVE).order_by("id"))


def test_a_16_player_double_elimination_of_palace_infighting_runs_from_the_pages(live_server, browser):
    organizer = PlayerFactory(display_name="Olivia")
    club = club_create(name="Seoul Card Club", organizer=organizer)
    members = [MembershipFactory(club=club, player=PlayerFactory(display_name=name)).player for name in NAMES]

    # the organizer creates the tournament from the club's tournaments page
    context = _context(browser, live_server, organizer, "desktop")
    page = context.new_page()
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    page.click(f"a[href='/clubs/{club.slug}/tournaments/']")
    page.fill("input[name=name]", "Winter Palace Cup")
    page.select_option("select[name=game]", "palace-infighting")
    page.select_option("select[name=format]", "double_elim")
    page.select_option("select[name=seeding]", "lot")
    page.click("form[aria-labelledby=new-tournament] button[type=submit]")
    page.wait_for_selector("h1:has-text('Winter Palace Cup')")
    tournament = Tournament.objects.get()
    assert (tournament.format, tournament.game, tournament.grand_final_reset) == (
        "double_elim",
        "palace-infighting",
        True,
    )

    # fifteen enter through the service, the sixteenth from the page
    for member in members[:15]:
        tournament_register(tournament=tournament, player=member)
    player_context = _context(browser, live_server, members[15])
    player_page = player_context.new_page()
    player_page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    player_page.click("button:has-text('Enter the tournament')")
    player_page.wait_for_selector("button:has-text('Leave the tournament')")
    player_context.close()
    assert Entrant.objects.filter(competition=tournament).count() == 16
    _shoot(browser, live_server, organizer, f"/tournaments/{tournament.pk}/", "1-registration")

    # the organizer starts it: the bracket is drawn, eight winners' bracket tables in play
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    page.click("button:has-text('Start the tournament')")
    page.wait_for_selector("svg.bracket")
    assert page.locator("svg.bracket g.m.live").count() == 8
    assert page.locator("svg.bracket g.r.won").count() == 0
    assert len(_tables_in_play(tournament)) == 8
    _shoot(browser, live_server, organizer, f"/tournaments/{tournament.pk}/", "2-started")

    # one table ends while the page is open: htmx brings the result in without a reload
    rng = random.Random(22)
    play_moves(_tables_in_play(tournament)[0], rng)
    # (a locator, not wait_for_function: a string predicate is evaluated as code, which the site's CSP refuses)
    page.locator("svg.bracket g.r.won").first.wait_for(timeout=20_000)

    # the rest of the bracket, wave after wave of tables; after each wave the page shows more matches decided
    decided = page.locator("svg.bracket g.r.won").count()
    wave = 0
    while tables := _tables_in_play(tournament):
        for table in tables:
            play_moves(table, rng)
        wave += 1
        page.reload()
        now_decided = page.locator("svg.bracket g.r.won").count()
        assert now_decided > decided
        decided = now_decided
        if wave == 3:
            _shoot(browser, live_server, organizer, f"/tournaments/{tournament.pk}/", "3-losers-bracket")
        assert wave < 40

    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    places = sorted(Entrant.objects.filter(competition=tournament).values_list("place", "shared"))
    # T-R9: 1, 2, 3, 4, 5-6, 7-8, 9-12, 13-16
    assert places == [(1, 1), (2, 1), (3, 1), (4, 1)] + [(5, 2)] * 2 + [(7, 2)] * 2 + [(9, 4)] * 4 + [(13, 4)] * 4
    page.reload()
    assert page.locator(".status-line .status").inner_text() == "finished"
    assert page.locator("svg.bracket g.m.live").count() == 0
    champion = Entrant.objects.get(competition=tournament, place=1).player.display_name
    assert page.locator("table.standings tbody tr").first.inner_text().split("\t")[2].strip() == champion
    _shoot(browser, live_server, organizer, f"/tournaments/{tournament.pk}/", "4-finished")
    context.close()
