"""A player's own pages in headless Chromium (issue 20): the first-run page, "Your turn" with its count in the
title, my games, the club directory, a club's live tables, the members page, the season page with its Enter button,
the profile's rating chart (and the empty one), the dark scheme when the system asks for it.

Screenshots on a phone (390x844) and a desktop, in English and Korean, go to artifacts/screenshots/pages/
(docs/screenshots/pages/ with PAGES_SCREENSHOTS=docs/screenshots/pages).
"""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.models import Player, Rating, RatingEvent, Table
from league.services.clubs import club_create, invitation_create, join_request_create
from league.services.rounds import season_start
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from league.services.tables import table_annul
from tests.league.factories import MembershipFactory, PlayerFactory, table_for
from tests.pages.screens import capture, player_context, shoot, shots_dir

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]

SHOTS = shots_dir("PAGES_SCREENSHOTS", "pages")


def _context(browser, live_server, player: Player, *, viewport: str, language: str, scheme: str = "light"):
    return player_context(browser, live_server, player, viewport=viewport, language=language, color_scheme=scheme)


def _shoot(browser, live_server, player: Player, path: str, name: str) -> None:
    shoot(browser, live_server, player, path, name, shots=SHOTS)


def _rating_history(player: Player, table: Table) -> None:
    """Twelve rated tables' worth of history (rows as the rating service writes them), a loss or two first."""
    mu, sigma, start = 25.0, 25.0 / 3, timezone.now() - timedelta(days=40)
    for n, change in enumerate([-2.5, -1.0, 2.0, 1.5, -0.5, 2.5, 1.0, 1.5, -1.0, 2.0, 0.5, 1.0]):
        event = RatingEvent(player=player, game="mini-poker", table=table, mu_before=mu, sigma_before=sigma)
        mu, sigma = mu + change, sigma * 0.9
        event.mu_after, event.sigma_after, event.at = mu, sigma, start + timedelta(days=3 * n)
        # one row per (table, player): the history's tables are stand-ins for the screenshot
        event.table = table if n == 0 else table_for("mini-poker", players=[player, PlayerFactory()])
        event.save()
    Rating.objects.create(
        player=player,
        game="mini-poker",
        mu=mu,
        sigma=sigma,
        ordinal=mu - 3 * sigma,
        games=12,
        updated_at=timezone.now(),
    )


def test_a_players_pages_in_both_languages_on_a_phone_and_a_desktop(live_server, browser) -> None:
    organizer = PlayerFactory(display_name="Olivia")
    club = club_create(
        name="Seoul Card Club", description="Correspondence card games, Friday nights.", organizer=organizer
    )
    club_create(name="Busan Aces", description="Mini Poker and Coinche by the sea.", organizer=organizer)
    mina, jun, hana, newbie = (PlayerFactory(display_name=n) for n in ("Mina", "Jun", "Hana", "Newbie"))
    for member in (mina, jun, hana):
        MembershipFactory(club=club, player=member)
    running = season_create(club=club, by=organizer, spec=SeasonSpec(game="mini-poker", name="Winter League"))
    season_open_registration(season=running, by=organizer)
    for member in (mina, jun):
        entrant_register(season=running, by=organizer, player=member)
    season_start(season=running, by=organizer)
    # the season's table's first to act is drawn from its seed: whoever it is has a turn waiting
    playing = Table.objects.get(round__season=running).seats.get(to_act=True).player
    open_season = season_create(club=club, by=organizer, spec=SeasonSpec(game="black-card", name="Spring Cup"))
    season_open_registration(season=open_season, by=organizer)
    friendly = table_for("coinche", players=[mina, hana, jun, organizer], club=club)
    finished = table_for("mini-poker", players=[mina, hana], club=club)
    table_annul(table_id=finished.pk, reason="a test table")
    _rating_history(mina, finished)
    invitation_create(club=club, by=organizer, player=newbie)
    join_request_create(club=club, player=PlayerFactory(display_name="Quinn"), message="I play Coinche on Fridays.")

    _shoot(browser, live_server, newbie, "/welcome/", "welcome")
    _shoot(browser, live_server, playing, "/inbox/", "inbox")
    _shoot(browser, live_server, playing, "/me/games/", "my-games")
    _shoot(browser, live_server, newbie, "/clubs/", "clubs")
    _shoot(browser, live_server, newbie, f"/clubs/{club.slug}/", "club")
    _shoot(browser, live_server, organizer, f"/clubs/{club.slug}/members/", "members")
    _shoot(browser, live_server, hana, f"/seasons/{open_season.pk}/", "season-enter")
    _shoot(browser, live_server, mina, f"/players/{mina.pk}/", "profile")
    _shoot(browser, live_server, newbie, f"/players/{newbie.pk}/", "profile-empty")

    # the inbox's title counts the tables waiting; the club page lists its live tables for a spectator
    context = _context(browser, live_server, playing, viewport="desktop", language="en")
    page = context.new_page()
    page.goto(f"{live_server.url}/inbox/")
    waiting = Table.objects.filter(seats__player=playing, seats__to_act=True, status=Table.Status.ACTIVE).count()
    assert waiting >= 1 and page.title().startswith(f"({waiting}) Your turn")
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    assert page.locator(f"#live ~ ul.live-tables a[href='/tables/{friendly.pk}/']").count() == 1
    context.close()

    # the dark scheme follows the system's
    for scheme in ("light", "dark"):
        context = _context(browser, live_server, mina, viewport="desktop", language="ko", scheme=scheme)
        page = context.new_page()
        page.goto(f"{live_server.url}/players/{mina.pk}/")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == ("rgb(18, 20, 23)" if scheme == "dark" else "rgb(251, 250, 247)")
        if scheme == "dark":
            capture(page, SHOTS / "profile-desktop-ko-dark.png", full_page=True)
        context.close()
