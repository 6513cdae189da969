"""An organizer creates a season, registers entrants and starts it, all through the pages in headless Chromium."""

import pytest

from league.models import Membership, Season, Table
from league.services.clubs import club_create
from tests.league.factories import MembershipFactory, PlayerFactory
from tests.pages.conftest import SCREENSHOTS

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("browser"),
    pytest.mark.browser,
]


def test_organizer_creates_and_starts_a_season(live_server, browser):
    organizer = PlayerFactory(display_name="Organizer")
    user = organizer.user
    user.set_password("a long pass phrase 42")
    user.save()
    club = club_create(name="Seoul Palace Club", organizer=organizer)
    mina, jun = PlayerFactory(display_name="Mina"), PlayerFactory(display_name="Jun")
    for player in (mina, jun):
        MembershipFactory(club=club, player=player, role=Membership.Role.MEMBER)
    context = browser.new_context(viewport={"width": 412, "height": 915})
    page = context.new_page()
    # given: the organizer logs in through the log-in page
    page.goto(f"{live_server.url}/login/")
    page.fill("input[name=username]", user.username)
    page.fill("input[name=password]", "a long pass phrase 42")
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    # when: they create a Palace Infighting round robin
    page.click("text=Create a season")
    page.fill("input[name=name]", "Spring 2027")
    page.select_option("select[name=game]", "palace-infighting")
    page.select_option("select[name=format]", "round_robin")
    page.fill("input[name=time_per_move_hours]", "48")
    page.click("#season-new button[type=submit]")
    page.wait_for_selector("#season-status")
    season = Season.objects.get(club=club, name="Spring 2027")
    assert season.time_per_move == 48 * 3600
    # register both members, open registration and start, each confirmed
    for player in (mina, jun):
        page.select_option("#form-register select[name=register-player]", str(player.pk))
        page.click("#form-register button[type=submit]")
        page.wait_for_selector(f"#entrants li:has-text('{player.display_name}')")
    page.check("#form-open input[name=open-confirm]")
    page.click("#form-open button[type=submit]")
    page.wait_for_selector("#form-start")
    # starting without ticking the confirmation is stopped by the browser on the required box
    page.click("#form-start button[type=submit]")
    assert page.eval_on_selector("#form-start input[name=start-confirm]", "e => e.validity.valueMissing") is True
    season.refresh_from_db()
    assert season.status == Season.Status.REGISTRATION
    page.check("#form-start input[name=start-confirm]")
    page.click("#form-start button[type=submit]")
    page.wait_for_selector("#form-round")
    # then: the season runs with its first round's table, and its page shows the standings, polled while it runs
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING
    assert Table.objects.filter(round__season=season, status=Table.Status.ACTIVE).count() == 1
    page.goto(f"{live_server.url}/seasons/{season.pk}/")
    assert page.locator("#standings tbody tr").count() == 2
    assert page.get_attribute("#standings", "hx-trigger") == "every 10s"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "season.png"), full_page=True)
    context.close()
