"""Day one in headless Chromium (issue 34's done-when).

A visitor, in Korean and in English, walks the demo that `make run` loads, from the front door and by links alone:
a leaderboard with rated players, a rating chart with points, a finished table's replay, a filled bracket with its
places and a poker tournament's places. An organizer, from the club page's buttons alone (no URL typed), creates a
season and a tournament, adds four entrants by pasting their names, grants a vacation and records a forfeit on a
poker seat, its reason then shown.

The front door's screenshots (visitor and player, phone and desktop, English and Korean) go to
artifacts/screenshots/front/ (docs/screenshots/front/ with FRONT_SCREENSHOTS=docs/screenshots/front).
"""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command

from league.models import (
    Entrant,
    Membership,
    Player,
    PokerEntrant,
    PokerTournament,
    Season,
    SeasonClock,
    Tournament,
    Vacation,
)
from league.services.clubs import club_create
from league.services.poker_tournaments import poker_entrants_add, poker_tournament_start
from league.services.rounds import season_start
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from tests.league.factories import MembershipFactory, PlayerFactory
from tests.league.poker_playing import small_freezeout
from tests.pages.screens import LANGUAGES, VIEWPORTS, capture, player_context, shots_dir

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]

SHOTS = shots_dir("FRONT_SCREENSHOTS", "front")
# every wait of these tests: a page of the live server answers in well under this, even on a loaded machine
TIMEOUT_MS = 15_000


def _open(page, selector: str) -> None:
    """Follow a link as a person does: click it, wait for the next page."""
    with page.expect_navigation(timeout=TIMEOUT_MS):
        page.click(selector, timeout=TIMEOUT_MS)


def test_a_visitor_finds_a_season_lived_in_the_demo_in_korean_and_in_english(live_server, browser):
    call_command("demo_load", stdout=io.StringIO(), stderr=io.StringIO())
    single = Tournament.objects.get(format=Tournament.Format.SINGLE_ELIM, status=Tournament.Status.FINISHED)
    poker = PokerTournament.objects.get(status=PokerTournament.Status.FINISHED)
    for language in LANGUAGES:
        context = player_context(browser, live_server, None, viewport="desktop", language=language)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{live_server.url}/")
        assert page.locator("html").get_attribute("lang") == language

        # --- a leaderboard with rated players, from the header ------------------------------------------------
        _open(page, "header .nav-primary a[href='/leaderboards/']")
        _open(page, "h2#board-palace-infighting a")
        players = page.locator("main table tbody td a[href^='/players/']")
        assert players.count() >= 4

        # --- a rating chart with points, on the leader's profile ----------------------------------------------
        _open(page, "main table tbody tr:first-child td a[href^='/players/']")
        assert page.locator("svg.rating-chart .dot").count() >= 2

        # --- a finished table's replay, from the profile's history --------------------------------------------
        _open(page, "main table a[href^='/tables/']")
        _open(page, "a[href$='/replay/']")
        assert page.locator("#replay").count() == 1

        # --- a filled bracket with its places, from the header's tournaments ----------------------------------
        _open(page, "header .nav-primary a[href='/tournaments/']")
        _open(page, f"#main a[href='/tournaments/{single.pk}/']")
        bracket = page.locator("#bracket svg")
        assert bracket.count() == 1
        places = page.locator("table.standings tbody tr td:first-child").all_inner_texts()
        assert len(places) == single.entrants.count() and all(place.strip() for place in places)
        assert places[0].strip() == "1"

        # --- a poker tournament's places ----------------------------------------------------------------------
        _open(page, "header .nav-primary a[href='/tournaments/']")
        _open(page, f"#main a[href='/poker-tournaments/{poker.pk}/']")
        places = page.locator("table.poker-places tbody tr td:first-child").all_inner_texts()
        assert len(places) == poker.entrants.count() and places[0].strip() == "1"
        assert all(place.strip()[0].isdigit() for place in places)
        context.close()

    # --- the front door's screenshots: a visitor and a player, phone and desktop, English and Korean ----------
    SHOTS.mkdir(parents=True, exist_ok=True)
    alice = Player.objects.get(user__username="alice")
    for who, player in (("visitor", None), ("player", alice)):
        for language in LANGUAGES:
            for viewport in VIEWPORTS:
                context = player_context(browser, live_server, player, viewport=viewport, language=language)
                page = context.new_page()
                page.goto(f"{live_server.url}/")
                assert page.locator("html").get_attribute("lang") == language
                capture(page, SHOTS / f"front-{who}-{viewport}-{language}.png", full_page=True)
                if viewport == "phone" and who == "visitor":
                    # the phone's menu, opened: the site's places without a script
                    page.click("details.phone-menu summary")
                    assert page.locator(".phone-menu-links a[href='/tournaments/']").is_visible()
                    capture(page, SHOTS / f"front-menu-phone-{language}.png")
                context.close()

    # --- on a phone a player logs out from the menu: the header keeps its places on two lines -----------------
    context = player_context(browser, live_server, alice, viewport="phone", language="en")
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    assert not page.locator(".top nav form.logout").is_visible()
    header = page.locator("header.top").bounding_box()
    assert header is not None and header["height"] <= 2 * 60  # two rows (of 44 px places and their padding), not three
    page.click("details.phone-menu summary")
    page.click(".phone-menu-links .menu-logout")
    page.wait_for_selector(".top nav a[href='/login/']")
    context.close()


def test_an_organizer_runs_the_club_from_its_page_alone(live_server, browser):
    organizer = PlayerFactory(display_name="Olivia")
    club = club_create(name="Seoul Card Club", organizer=organizer)
    names = ("Mina", "Jun", "Hana", "Tae", "Bora")
    members = {name: PlayerFactory(display_name=name) for name in names}
    for member in members.values():
        MembershipFactory(club=club, player=member, role=Membership.Role.MEMBER)
    # a season under way with a clock that allows vacations, and a poker tournament in play
    running = season_create(club=club, by=organizer, spec=SeasonSpec(game="palace-infighting", name="Autumn league"))
    SeasonClock.objects.create(season=running, vacation_days=5, time_zone="Asia/Seoul")
    season_open_registration(season=running, by=organizer)
    for name in names[:4]:
        entrant_register(season=running, by=organizer, player=members[name])
    season_start(season=running, by=organizer)
    poker = small_freezeout(
        club=club, by=organizer, name="Friday freezeout", level_hands=3, time_per_move=timedelta(hours=12)
    )
    poker_entrants_add(tournament=poker, by=organizer, players=list(members.values())[:4])
    poker_tournament_start(tournament=poker, by=organizer, seed="browser")

    context = player_context(browser, live_server, organizer, viewport="phone", language="en")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{live_server.url}/")

    def club_page() -> None:
        page.click("details.phone-menu summary")
        _open(page, ".phone-menu-links a[href='/clubs/']")
        _open(page, f"main a[href='/clubs/{club.slug}/']")

    # --- a season, from the "New season" button ---------------------------------------------------------------
    club_page()
    _open(page, "#button-new-season")
    _open(page, "a[href='?game=black-card']")
    page.fill("input[name=name]", "Winter league")
    with page.expect_navigation(timeout=TIMEOUT_MS):
        page.click("#season-new button[type=submit]:not([name=preview])")
    assert Season.objects.filter(club=club, name="Winter league", game="black-card").exists()

    # --- a tournament, from the "New tournament" button, and four entrants pasted by name ---------------------
    club_page()
    _open(page, "#button-new-tournament")
    page.fill("form[aria-labelledby=new-tournament] input[name=name]", "Cup")
    page.select_option("form[aria-labelledby=new-tournament] select[name=game]", "palace-infighting")
    page.select_option("form[aria-labelledby=new-tournament] select[name=format]", "single_elim")
    with page.expect_navigation(timeout=TIMEOUT_MS):
        page.click("form[aria-labelledby=new-tournament] button[type=submit]")
    cup = Tournament.objects.get(club=club, name="Cup")
    # one name that is no member's: refused, and named
    page.fill("#form-entrants textarea[name=names]", "Mina\nJun, hana\nTae\nZed")
    with page.expect_navigation(timeout=TIMEOUT_MS):
        page.click("#form-entrants button[type=submit]")
    assert "“Zed” is not a member of this club" in page.inner_text("#form-entrants")
    assert not Entrant.objects.filter(competition=cup).exists()
    page.fill("#form-entrants textarea[name=names]", "Mina\nJun, hana\nTae")
    with page.expect_navigation(timeout=TIMEOUT_MS):
        page.click("#form-entrants button[type=submit]")
    entered = set(Entrant.objects.filter(competition=cup).values_list("player__display_name", flat=True))
    assert entered == {"Mina", "Jun", "Hana", "Tae"}

    # --- a vacation granted, from the "Vacations" button ------------------------------------------------------
    club_page()
    _open(page, "#button-vacations")
    assert "The clock's rules" in page.inner_text("main")
    prefix = f"season-{running.pk}"
    page.select_option(f"select[name={prefix}-player]", str(members["Hana"].pk))
    page.fill(f"input[name={prefix}-days]", "2")
    with page.expect_navigation(timeout=TIMEOUT_MS):
        page.click(f"form[aria-labelledby=grant-{running.pk}] button[type=submit]")
    assert Vacation.objects.filter(season=running, player=members["Hana"]).count() == 1

    # --- a forfeit on a poker seat, from the club page's list of poker tournaments ----------------------------
    club_page()
    _open(page, f"main a[href='/poker-tournaments/{poker.pk}/']")
    page.select_option("#form-forfeit select[name=player]", str(members["Jun"].pk))
    page.fill("#form-forfeit input[name=reason]", "moved abroad")
    page.check("#form-forfeit input[name=confirm]")
    with page.expect_navigation(timeout=TIMEOUT_MS):
        page.click("#form-forfeit button[type=submit]")
    assert PokerEntrant.objects.get(competition=poker, player=members["Jun"]).place == 4
    assert "forfeit: “moved abroad”" in page.inner_text("table.poker-places")
    context.close()
