"""Every page of the site in headless Chromium: none wider than a 360 px phone's screen, and none with a violation
of axe-core's WCAG 2.1 A and AA rules, in the light and the dark colour scheme, on a phone and on a desktop.

The pages are not listed by hand alone: the test walks the site's URL patterns (the API's and the admin's aside),
and each one is either a page opened here (as the viewer named beside it) or named in NOT_PAGES with why (an
action that only answers a POST, a download, the polled fragment). A new URL fails the test until it is one or the
other.
"""

import random
from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.base import AXE_FILE_PATH as AXE_SCRIPT
from django.urls import URLPattern, URLResolver, get_resolver

from league.models import Player, Table
from league.services.clubs import club_create, invitation_create, join_request_create
from league.services.poker_tournaments import PokerTournamentSpec, poker_tournament_create
from league.services.rounds import season_start
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register
from tests.league.factories import MembershipFactory, PlayerFactory, UserFactory, table_for
from tests.league.playing import play_moves, seat_count, short_options
from tests.pages.screens import player_context
from tests.pages.table_browser import chromium  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

PHONE = {"width": 360, "height": 740}
# the elements that reach past the screen's right edge, to say where a page is too wide
WIDEST = """[...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5)
  .slice(-3).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + [...e.classList].join('.'))"""
# axe-core's run on the page as it is now: the violations, each with its rule and the elements it names
AXE_RUN = """options => axe.run(document, options).then(results => results.violations.map(
  violation => ({id: violation.id, targets: violation.nodes.map(node => node.target)})))"""
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],
}
DESKTOP = {"width": 1280, "height": 800}
# URL names that are no page to look at, and why
NOT_PAGES = {
    "logout": "an action (POST)",
    "set_language": "an action (POST)",
    "password_reset_confirm": "needs a mailed token; the same form as the change of password",
    "club_join": "an action (POST)",
    "club_invite": "an action (POST)",
    "join_request_answer": "an action (POST)",
    "invitation_answer": "an action (POST)",
    "season_vacation_take": "an action (POST)",
    "season_vacation_cancel": "an action (POST)",
    "season_manage": "redirects to a tab of the console",
    "season_action": "an action (POST)",
    "table_version": "the board's polled fragment (a part of the table page)",
    "table_move": "the move form's target (POST)",
    "fairness_entropy": "an action (POST)",
    "fairness_record": "a download (JSON)",
    "fairness_history": "a download (text)",
    "fairness_season_csv": "a download (CSV)",
    "club_invitation_revoke": "an action (POST)",
    "settings_verify_send": "an action (POST)",
    "settings_calendar": "an action (POST)",
    "settings_table": "an action (POST)",
    "email_verify": "needs a mailed token; answers with the settings page",
    "notification_open": "redirects to its table or season",
    "calendar_feed": "a download (iCalendar)",
    "season_enter": "an action (POST)",
    "season_leave": "an action (POST)",
    "tournament_team": "an action (POST)",
    "tournament_forfeit": "an action (POST)",
    "tournament_action": "an action (POST)",
    "tournament_export": "a download (CSV)",
    "poker_tournament_export": "a download (CSV)",
    "poker_tournament_action": "an action (POST)",
    "password_change_done": "Django's confirmation, reached after a change",
    "password_reset_complete": "Django's confirmation, reached after a reset",
    "email_change_confirm": "needs a mailed token; a page of one sentence and one button",
    "email_change_undo": "needs a mailed token; a page of one sentence and one button",
    "club_vacation_grant": "an action (POST)",
    "club_vacation_cancel": "an action (POST)",
    "tournament_entrants_add": "an action (POST)",
    "tournament_entrant_remove": "an action (POST)",
    "poker_entrants_add": "an action (POST)",
    "poker_entrant_remove": "an action (POST)",
    "poker_seat_forfeit": "an action (POST)",
    "push_subscribe": "an action (POST, JSON)",
    "push_unsubscribe": "an action (POST, JSON)",
    "notifications_unread": "the header's polled count (JSON)",
    "service_worker": "a script (the push messages' service worker)",
}


def _names(patterns: list[Any], prefix: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            route = prefix + str(pattern.pattern)
            if not route.startswith(("api/", "admin/")):
                yield from _names(pattern.url_patterns, route)
        elif (
            isinstance(pattern, URLPattern)
            and pattern.name
            and not (prefix + str(pattern.pattern)).startswith(("api/", "admin/"))
        ):
            yield pattern.name


def _world() -> dict[str, Any]:
    """A club with a running season (standings, a crosstable), a season open for entries, a table of each game in
    play and a finished one, a tournament, a poker tournament, an invitation, a request and a notification."""
    organizer = PlayerFactory(display_name="Olivia", user=UserFactory(is_staff=True))
    club = club_create(name="Seoul Card Club", description="Correspondence card games.", organizer=organizer)
    members = [PlayerFactory(display_name=name) for name in ("Mina", "Jun", "Hana", "Bob")]
    for member in members:
        MembershipFactory(club=club, player=member)
    running = season_create(club=club, by=organizer, spec=SeasonSpec(game="the-court", name="Winter League"))
    season_open_registration(season=running, by=organizer)
    for member in members:
        entrant_register(season=running, by=organizer, player=member)
    season_start(season=running, by=organizer)
    open_season = season_create(club=club, by=organizer, spec=SeasonSpec(game="black-card", name="Spring Cup"))
    season_open_registration(season=open_season, by=organizer)
    seated = [*members, organizer]
    tables = {
        game: play_moves(
            table_for(
                game,
                players=seated[: seat_count(game) if game != "coinche" else 4],
                club=club,
                options=short_options(game),
                seed=f"pages-{game}",
            ),
            random.Random(game),
            count=5,
        )
        for game in ("the-court", "palace-infighting", "black-card", "coinche", "mini-poker")
    }
    finished = play_moves(
        table_for("the-court", players=members[:2], club=club, options=short_options("the-court"), seed="done"),
        random.Random(3),
    )
    cup = tournament_create(
        club=club,
        by=organizer,
        spec=TournamentSpec(name="Spring Cup", game="palace-infighting", format="double_elim", seeding="entered"),
    )
    for member in members:
        tournament_register(tournament=cup, player=member)
    freezeout = poker_tournament_create(
        club=club,
        by=organizer,
        spec=PokerTournamentSpec(
            game="mini-poker",
            name="Friday freezeout",
            starting_stack=500,
            table_size=3,
            level_hands=4,
            levels=[{"ante": 1}, {"ante": 2}],
        ),
    )
    outsider = PlayerFactory(display_name="Newbie")
    invitation = invitation_create(club=club, by=organizer, player=outsider)
    join_request_create(club=club, player=PlayerFactory(display_name="Quinn"), message="I play on Fridays.")
    seat = tables["coinche"].seats.select_related("player").get(index=0)
    return {
        "club": club,
        "organizer": organizer,
        "member": members[0],
        "outsider": outsider,
        "running": running,
        "open": open_season,
        "tables": tables,
        "finished": finished,
        "cup": cup,
        "freezeout": freezeout,
        "invitation": invitation,
        "seat": seat.player,
    }


def _pages(w: dict[str, Any]) -> dict[str, list[tuple[str, Player | None]]]:
    """Each page by its URL name: the paths to open and as whom."""
    slug, organizer, member = w["club"].slug, w["organizer"], w["member"]
    running, tables = w["running"].pk, w["tables"]
    return {
        "home": [("/", None)],
        "inbox": [("/inbox/", w["seat"])],
        "signup": [("/signup/", None)],
        "login": [("/login/", None)],
        "tokens": [("/account/tokens/", member)],
        "password_change": [("/account/password/", member)],
        "password_reset": [("/account/password/reset/", None)],
        "password_reset_done": [("/account/password/reset/sent/", None)],
        "profile": [(f"/players/{member.pk}/", None)],
        "club": [(f"/clubs/{slug}/", organizer), (f"/clubs/{slug}/", w["outsider"])],
        "invitation": [(f"/invitations/{w['invitation'].code}/", w["outsider"])],
        "season_new": [(f"/clubs/{slug}/seasons/new/?game=coinche", organizer)],
        "club_leaderboard": [(f"/clubs/{slug}/leaderboards/the-court/", None)],
        "leaderboard": [("/leaderboards/coinche/", None)],
        "season": [(f"/seasons/{running}/", member), (f"/seasons/{w['open'].pk}/", member)],
        "season_round": [(f"/seasons/{running}/rounds/1/", None)],
        "season_vacations": [(f"/seasons/{running}/vacations/", member)],
        "season_settings": [(f"/seasons/{w['open'].pk}/manage/settings/", organizer)],
        "season_registration": [(f"/seasons/{w['open'].pk}/manage/registration/", organizer)],
        "season_rounds": [(f"/seasons/{running}/manage/rounds/", organizer)],
        "season_rulings": [(f"/seasons/{running}/manage/rulings/", organizer)],
        "table": [
            *[(f"/tables/{t.pk}/", _to_act(t)) for t in tables.values()],
            (f"/tables/{tables['coinche'].pk}/", None),
            (f"/tables/{w['finished'].pk}/", member),
        ],
        "fairness_verify": [(f"/tables/{w['finished'].pk}/verify/", None)],
        "fairness_replay": [(f"/tables/{w['finished'].pk}/replay/?step=3", None)],
        "welcome": [("/welcome/", w["outsider"])],
        "my_games": [("/me/games/", member)],
        "clubs": [("/clubs/", None)],
        "leaderboards": [("/leaderboards/", None)],
        "tournaments": [("/tournaments/", None)],
        "club_vacations": [(f"/clubs/{slug}/vacations/", organizer)],
        "club_members": [(f"/clubs/{slug}/members/", organizer)],
        "settings": [("/settings/", member)],
        "notifications": [("/notifications/", w["seat"])],
        "club_tournaments": [(f"/clubs/{slug}/tournaments/", organizer)],
        "tournament": [(f"/tournaments/{w['cup'].pk}/", organizer)],
        "poker_tournament": [(f"/poker-tournaments/{w['freezeout'].pk}/", organizer)],
        "poker_tournament_new": [(f"/clubs/{slug}/poker-tournaments/new/?game=mini-poker", organizer)],
    }


def _to_act(table: Table) -> Player:
    seat = table.seats.filter(to_act=True).select_related("player").first() or table.seats.first()
    return seat.player


# each scheme a test of its own: pytest-xdist runs the two side by side
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_fits_a_phone_and_passes_axe(live_server, chromium, scheme):  # noqa: F811
    world = _world()
    pages = _pages(world)
    names = set(_names(get_resolver().url_patterns))
    # every URL is a page opened here or named as no page, and nothing here names a URL that is gone
    assert sorted(names - set(pages) - set(NOT_PAGES)) == []
    assert sorted((set(pages) | set(NOT_PAGES)) - names) == []
    wide: list[str] = []
    violations: list[str] = []
    contexts: dict[int | None, Any] = {}
    for visits in pages.values():
        for path, viewer in visits:
            key = viewer.pk if viewer is not None else None
            if key not in contexts:
                contexts[key] = player_context(
                    chromium, live_server, viewer, language="ko" if scheme == "dark" else "en", color_scheme=scheme
                )
                # axe-core in every page the context loads, sent to the browser once (not 560 KB a check)
                contexts[key].add_init_script(path=str(AXE_SCRIPT))
                contexts[key].new_page()
            page = contexts[key].pages[0]
            # each page loaded once, then checked on a phone and, resized, on a desktop: the styles follow the
            # viewport's width as it changes, and no script of the site reads the width
            page.set_viewport_size(PHONE)
            response = page.goto(f"{live_server.url}{path}")
            assert response is not None and response.status < 400, (path, response and response.status)
            widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            if widths[0] > widths[1]:
                wide.append(f"{path} ({scheme}): {widths[0]} px > {widths[1]} px: {page.evaluate(WIDEST)}")
            for screen, size in (("phone", PHONE), ("desktop", DESKTOP)):
                page.set_viewport_size(size)
                for violation in page.evaluate(AXE_RUN, AXE_OPTIONS):
                    violations.append(f"{path} {scheme} {screen}: {violation['id']} {violation['targets'][:3]}")
    for context in contexts.values():
        context.close()
    assert not wide and not violations, "\n".join(wide + violations)
