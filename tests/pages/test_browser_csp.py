"""The Content-Security-Policy in Chromium (issue 35): every kind of page loads with nothing refused (the console
says so for each script, style or frame the policy blocks), htmx swaps, Swagger UI draws, the admin works, and the
behaviours that were inline handlers work from static/js/forms.js: the language switcher and the confirm of a
vacation's cancel. Screenshots of an ended table's replay, the CSRF failure page and the settings' address change
go to artifacts/screenshots/security/."""

import random
from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission
from django.utils import timezone

from league.models import Membership, Season, Vacation
from league.services.clocks import vacation_take
from tests.league.clocks.support import players_of, season_table
from tests.league.factories import PlayerFactory, UserFactory, table_for
from tests.league.playing import play_moves
from tests.pages.screens import capture, player_context, shots_dir

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]

SHOTS = shots_dir("SECURITY_SCREENSHOTS", "security")


def _watched(context):
    """A page of the context whose console's policy refusals are collected in `page.refused`."""
    page = context.new_page()
    page.refused = []
    page.on(
        "console",
        lambda message: page.refused.append(message.text) if "Content Security Policy" in message.text else None,
    )
    return page


def test_every_kind_of_page_loads_under_the_policy_with_nothing_refused(live_server, browser) -> None:
    # given: a table in play, an ended one, and an organizer who is staff
    table = play_moves(table_for("mini-poker", players=2, options={"hands": 3}), random.Random(2), count=2)
    ended = play_moves(table_for("mini-poker", players=2, options={"hands": 1}), random.Random(3))
    player = table.seats.get(index=0).player
    organizer = PlayerFactory(user=UserFactory(username="olga", is_staff=True))
    organizer.user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
    Membership.objects.create(club=table.club, player=organizer, role=Membership.Role.ORGANIZER)

    pages = {
        player: [
            "/",
            "/inbox/",
            f"/tables/{table.pk}/",
            f"/tables/{ended.pk}/verify/",
            f"/tables/{ended.pk}/replay/",
            "/settings/",
            "/account/tokens/",
            "/api/docs/",
            "/no-such-page/",
        ],
        organizer: ["/admin/", "/admin/league/table/", f"/admin/league/table/{table.pk}/change/"],
        None: ["/signup/", "/login/", f"/clubs/{table.club.slug}/", "/leaderboards/mini-poker/"],
    }
    for who, paths in pages.items():
        context = player_context(browser, live_server, who, viewport="desktop")
        page = _watched(context)
        for path in paths:
            page.goto(f"{live_server.url}{path}")
            page.wait_for_load_state("networkidle")
            if path == "/api/docs/":
                # Swagger UI drew the operations: its start-up script came from a file, not inline
                page.wait_for_selector(".opblock", timeout=15_000)
            if path.endswith("/replay/"):
                # htmx swaps the next step in
                page.click("a[rel=next]")
                page.wait_for_selector("#replay[data-step='1']")
                SHOTS.mkdir(parents=True, exist_ok=True)
                capture(page, SHOTS / "replay-step-1.png", full_page=True)
        assert page.refused == [], (who, page.refused)
        context.close()


def test_the_language_switcher_sends_its_form_from_a_static_script(live_server, browser) -> None:
    context = player_context(browser, live_server, None, viewport="desktop")
    page = _watched(context)
    page.goto(f"{live_server.url}/leaderboards/coinche/")

    with page.expect_navigation():
        page.select_option("#language-switch", "ko")

    assert page.locator("html").get_attribute("lang") == "ko"
    assert page.refused == []
    context.close()


def test_cancelling_a_vacation_asks_first_from_a_static_script(live_server, browser, fake_game) -> None:
    # given: a player of a season with vacation days, who took two days starting tomorrow
    table = season_table(fake_game, start=timezone.now(), per_move=timedelta(hours=2), vacation_days=3)
    season = Season.objects.get(rounds__tables=table)
    player = players_of(table)[0]
    vacation_take(player=player, season=season, starts_at=timezone.now() + timedelta(days=1), days=2)
    context = player_context(browser, live_server, player, viewport="desktop")
    page = _watched(context)
    page.goto(f"{live_server.url}/seasons/{season.pk}/vacations/")
    asked: list[str] = []

    # when: the reader says no to the question, then yes
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click("#vacations button[data-confirm]")
    page.wait_for_load_state("networkidle")
    kept = Vacation.objects.filter(player=player).count()
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    with page.expect_navigation():
        page.click("#vacations button[data-confirm]")

    # then: asked twice; nothing cancelled the first time, the vacation gone the second
    assert asked == ["Cancel this vacation?", "Cancel this vacation?"]
    assert (kept, Vacation.objects.filter(player=player).count()) == (1, 0)
    assert page.refused == []
    context.close()


def test_screenshots_of_the_csrf_page_and_the_address_change(live_server, browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    player = PlayerFactory(display_name="Mina", user=UserFactory(username="mina", email="mina@example.org"))
    for language in ("en", "ko"):
        context = player_context(browser, live_server, player, viewport="desktop", language=language)
        page = _watched(context)
        page.goto(f"{live_server.url}/settings/")
        page.fill("#id_email", "mina@example.net")
        page.fill("#id_password", "wrong")
        page.click("#settings-form button[type=submit]")
        capture(page, SHOTS / f"settings-address-{language}.png", full_page=True)
        # a form sent without its CSRF cookie: the browser lost it (the page was open across a log-out)
        page.goto(f"{live_server.url}/login/")
        context.clear_cookies()
        page.fill("#id_username", "mina")
        page.fill("#id_password", "x")
        page.click("main button[type=submit]")
        assert page.locator("h1").count() == 1
        capture(page, SHOTS / f"csrf-{language}.png", full_page=True)
        assert page.refused == []
        context.close()
