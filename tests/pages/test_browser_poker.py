"""The poker tournament's page in headless Chromium: an organizer creates one from the form, members enter from the
page, the organizer starts it, and the seating chart with every stack, the button and the level shows on a phone
and a desktop, in English and Korean.

Screenshots go to artifacts/screenshots/poker/ (docs/screenshots/poker/ with POKER_SCREENSHOTS=docs/screenshots/poker).
"""

import pytest

from league.models import Membership, PokerEntrant, PokerTournament
from league.services.clubs import club_create
from tests.league.factories import MembershipFactory, PlayerFactory
from tests.pages.screens import player_context as _context
from tests.pages.screens import shoot, shots_dir

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]

SHOTS = shots_dir("POKER_SCREENSHOTS", "poker")


def test_a_poker_tournament_from_the_pages_with_its_seating_chart(live_server, browser):
    organizer = PlayerFactory(display_name="Olivia")
    club = club_create(name="Seoul Card Club", organizer=organizer)
    names = [
        "Minji",
        "Jisoo",
        "Hana",
        "Yuna",
        "Sora",
        "Dami",
        "Eunji",
        "Nari",
        "Bora",
        "Kyung",
        "Ara",
        "Seoyeon",
        "Haneul",
    ]
    members = [
        MembershipFactory(club=club, player=PlayerFactory(display_name=n), role=Membership.Role.MEMBER).player
        for n in names
    ]

    context = _context(browser, live_server, organizer, viewport="desktop")
    page = context.new_page()
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    page.click(f"a[href='/clubs/{club.slug}/poker-tournaments/new/']")
    page.click("a[href='?game=mini-poker']")
    page.fill("input[name=name]", "Friday freezeout")
    page.fill("input[name=starting_stack]", "1500")
    page.fill("input[name=table_size]", "6")
    page.fill("input[name=level_hands]", "5")
    page.fill("textarea[name=levels]", "10\n20\n40\n80")
    page.click("#poker-new button[type=submit]")
    page.wait_for_selector("text=The tournament is created")
    tournament = PokerTournament.objects.get()
    context.close()

    for member in members:
        member_context = _context(browser, live_server, member)
        member_page = member_context.new_page()
        member_page.goto(f"{live_server.url}/poker-tournaments/{tournament.pk}/")
        member_page.click("text=Enter the tournament")
        member_page.wait_for_selector("text=You are entered.")
        member_context.close()
    assert PokerEntrant.objects.filter(competition=tournament).count() == len(members)

    context = _context(browser, live_server, organizer, viewport="desktop")
    page = context.new_page()
    page.goto(f"{live_server.url}/poker-tournaments/{tournament.pk}/")
    page.click("text=Start the tournament")
    page.wait_for_selector("text=Seating chart")
    assert page.locator("section.poker-table").count() == 3  # 13 players at tables of at most 6: 5, 4, 4
    assert page.locator("abbr.button-mark").count() == 3
    assert page.locator("text=Level 1 of 4").count() == 1
    context.close()

    shoot(browser, live_server, organizer, f"/poker-tournaments/{tournament.pk}/", "tournament", shots=SHOTS)
