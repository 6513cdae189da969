"""The organizer's console in headless Chromium (issue 21's done-when): seasons of every format created from the
pages alone (no JSON typed: the rule options are the engine's generated form), a season clock with a bank and a
weekly pause in Asia/Seoul, the season's entrants registered from the club's members, the season started, a
timeout played by the sweep under a moved clock and seen on the pages, a player's vacation taken from their page,
the season finished and rolled over — and the next edition carries every setting, its clock included.

Screenshots of each organizer page, on a phone and a desktop, in English and Korean, go to
artifacts/screenshots/organizer/ (docs/screenshots/organizer/ with ORGANIZER_SCREENSHOTS=docs/screenshots/organizer).
"""

from dataclasses import replace
from datetime import time, timedelta

import pytest
import time_machine
from django.utils import timezone

from league.models import Membership, Move, Player, Round, Season, Table, Vacation
from league.services.clubs import club_create
from league.services.seasons import ClockSpec, SeasonSpec
from league.services.timeouts import timeouts_apply
from tests.league.factories import MembershipFactory, PlayerFactory
from tests.pages.screens import player_context, shoot, shots_dir

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]

SHOTS = shots_dir("ORGANIZER_SCREENSHOTS", "organizer")


def _context(browser, live_server, player: Player, *, viewport: str = "phone", language: str = "en"):
    return player_context(browser, live_server, player, viewport=viewport, language=language)


def _shoot(browser, live_server, player: Player, path: str, name: str) -> None:
    shoot(browser, live_server, player, path, name, shots=SHOTS)


def _new_season(page, live_server, club, game: str) -> None:
    page.goto(f"{live_server.url}/clubs/{club.slug}/seasons/new/")
    page.click(f"a[href='?game={game}']")
    page.wait_for_selector("#season-new")
    assert page.locator("textarea").count() == 0  # no JSON to type anywhere


def _create(page) -> None:
    page.click("#season-new button[type=submit]:not([name=preview])")
    page.wait_for_selector("#season-status")


def test_an_organizer_runs_a_season_from_the_pages_alone(live_server, browser):
    organizer = PlayerFactory(display_name="Olivia")
    club = club_create(name="Seoul Card Club", organizer=organizer)
    members = {name: PlayerFactory(display_name=name) for name in ("Mina", "Jun", "Hana", "Tae")}
    for member in members.values():
        MembershipFactory(club=club, player=member, role=Membership.Role.MEMBER)
    context = _context(browser, live_server, organizer)
    page = context.new_page()

    # --- a season of each format, every setting from the pages --------------------------------------------------
    _new_season(page, live_server, club, "the-court")
    page.fill("input[name=name]", "Court league")
    page.select_option("select[name=format]", "multitable")
    page.fill("input[name=rounds_planned]", "3")
    page.fill("input[name=table_min]", "3")
    page.fill("input[name=table_max]", "4")
    page.fill("input[name=options-ante]", "5")
    page.click("#section-rules summary")  # the advanced rules, folded away
    page.check("input[name=options-kickers]")
    _create(page)

    _new_season(page, live_server, club, "coinche")
    page.fill("input[name=name]", "Coinche teams")
    page.select_option("select[name=format]", "round_robin")
    page.fill("input[name=options-target_score]", "1000")
    _create(page)

    _new_season(page, live_server, club, "black-card")
    page.fill("input[name=name]", "Black Card nights")
    page.select_option("select[name=format]", "double_round_robin")
    page.fill("input[name=time_per_move_0]", "90")
    page.select_option("select[name=time_per_move_1]", "minutes")
    _create(page)

    _new_season(page, live_server, club, "palace-infighting")
    page.fill("input[name=name]", "Palace spring")
    page.select_option("select[name=format]", "swiss")
    page.fill("input[name=rounds_planned]", "2")
    page.fill("input[name=time_per_move_0]", "2")
    page.select_option("select[name=time_per_move_1]", "hours")
    # the clock: a bank, vacation days, a weekly pause in Seoul, a seat abandoned after two timeouts in a row
    page.check("input[name=clock-enabled]")
    page.fill("input[name=clock-bank_start_0]", "3")
    page.select_option("select[name=clock-bank_start_1]", "hours")
    page.fill("input[name=clock-vacation_days]", "3")
    page.select_option("select[name=clock-pause_weekday]", "5")
    page.fill("input[name=clock-pause_start]", "00:00")
    page.fill("input[name=clock-pause_hours]", "48")
    page.select_option("select[name=clock-time_zone]", "Asia/Seoul")
    page.fill("input[name=clock-abandon_after]", "2")
    # the scoring: the tiebreaks chosen in order, the example of the standings following as they change
    page.select_option("select[name=scoring-tiebreak_1]", "wins")
    page.select_option("select[name=scoring-tiebreak_2]", "buchholz")
    page.wait_for_selector("#tiebreak-preview th:has-text('Buchholz')")
    assert "2 rounds, each started by hand." in page.inner_text("#schedule-preview")
    _create(page)

    seasons = {s.name: s for s in Season.objects.filter(club=club)}
    court, coinche, black, palace = (
        seasons[n] for n in ("Court league", "Coinche teams", "Black Card nights", "Palace spring")
    )
    assert (court.format, court.table_min, court.table_max, court.options["ante"], court.options["kickers"]) == (
        "multitable",
        3,
        4,
        5,
        True,
    )
    assert (coinche.format, coinche.partners, coinche.options["target_score"]) == ("round_robin", "fixed", 1000)
    assert (black.format, black.time_per_move) == ("double_round_robin", 90 * 60)
    assert (palace.format, palace.rounds_planned, palace.time_per_move, palace.tiebreaks) == (
        "swiss",
        2,
        2 * 3600,
        ["wins", "buchholz"],
    )
    clock = ClockSpec(
        bank_start=3 * 3600,
        vacation_days=3,
        pause_weekday=5,
        pause_start=time(0),
        pause_hours=48,
        time_zone="Asia/Seoul",
        abandon_after=2,
    )
    assert SeasonSpec.of(palace).clock == clock
    _shoot(browser, live_server, organizer, f"/clubs/{club.slug}/seasons/new/?game=palace-infighting", "1-new")
    _shoot(browser, live_server, organizer, f"/seasons/{palace.pk}/manage/settings/", "2-settings")

    # --- registration: the entrants from the club's members, then open --------------------------------------------
    page.goto(f"{live_server.url}/seasons/{palace.pk}/manage/registration/")
    for name in ("Mina", "Jun"):
        page.check(f"#form-members input[value='{members[name].pk}']")
    page.click("#form-members button[type=submit]")
    page.wait_for_selector("#entrants li:has-text('Jun')")
    page.check("#form-open input[name=open-confirm]")
    page.click("#form-open button[type=submit]")
    page.wait_for_selector("#season-status:has-text('registration')")
    _shoot(browser, live_server, organizer, f"/seasons/{palace.pk}/manage/registration/", "3-registration")

    # --- start: unconfirmed, the browser stops it; confirmed, the first round's table is dealt --------------------
    page.click("nav.tasks a:has-text('Rounds')")
    page.click("#form-start button[type=submit]")
    assert page.eval_on_selector("#form-start input[name=start-confirm]", "e => e.validity.valueMissing") is True
    page.check("#form-start input[name=start-confirm]")
    page.click("#form-start button[type=submit]")
    page.wait_for_selector("#in-play")
    assert "clock is running" in page.inner_text("#in-play")
    table = Table.objects.get(round__season=palace)
    started = timezone.now()

    # --- a timeout, played by the sweep three days on (past any Seoul weekend), seen on the pages -----------------
    with time_machine.travel(started + timedelta(days=3), tick=True):
        assert timeouts_apply(now=timezone.now())
        assert Move.objects.filter(table=table, auto=True).exists()
        page.goto(f"{live_server.url}/tables/{table.pk}/")
        # in the story of the hand the timeouts closed (folded away under the next hand: text, not rendered text)
        assert "by the clock" in page.text_content("main")
        page.goto(f"{live_server.url}/seasons/{palace.pk}/manage/rounds/")
        assert "clock is running" in page.inner_text("#in-play")
        _shoot(browser, live_server, organizer, f"/seasons/{palace.pk}/manage/rounds/", "4-rounds")
        _shoot(browser, live_server, organizer, f"/seasons/{palace.pk}/manage/rulings/", "5-rulings")

        # a player takes a day off from their own page: their clock stops
        mina = _context(browser, live_server, members["Mina"])
        player_page = mina.new_page()
        player_page.goto(f"{live_server.url}/seasons/{palace.pk}/")
        player_page.click("a:has-text('Your vacations')")
        player_page.fill("#form-vacation input[name=days]", "1")
        player_page.click("#form-vacation button[type=submit]")
        player_page.wait_for_selector("#days-left:has-text('2 days left')")
        mina.close()
        assert Vacation.objects.get(season=palace, player=members["Mina"]).ends_at > timezone.now()
        _shoot(browser, live_server, members["Mina"], f"/seasons/{palace.pk}/vacations/", "6-vacations")

    # --- days later, the seats time out again, are abandoned, and the clock plays the table to its end -------------
    with time_machine.travel(started + timedelta(days=8), tick=True):
        timeouts_apply(now=timezone.now())
        table.refresh_from_db()
        assert table.status == Table.Status.FINISHED
        assert Round.objects.get(season=palace, number=1).status == Round.Status.FINISHED

        # --- finished a round early (the second is dropped), then rolled over -------------------------------------
        page.goto(f"{live_server.url}/seasons/{palace.pk}/manage/rounds/")
        page.check("#form-finish input[name=finish-confirm]")
        page.click("#form-finish button[type=submit]")
        page.wait_for_selector("#season-status:has-text('finished')")
        _shoot(browser, live_server, organizer, f"/seasons/{palace.pk}/", "7-season")
        page.fill("#form-rollover input[name=rollover-name]", "Palace summer")
        page.check("#form-rollover input[name=rollover-confirm]")
        page.click("#form-rollover button[type=submit]")
        page.wait_for_selector("#entrants li:has-text('Mina')")
    context.close()

    # then: the next edition carries every setting of the last, its clock included, and its entrants
    palace.refresh_from_db()
    following = Season.objects.get(previous=palace)
    assert (palace.status, following.status, following.edition) == ("archived", "registration", 2)
    assert SeasonSpec.of(following) == replace(SeasonSpec.of(palace), name="Palace summer", edition=2)
    assert SeasonSpec.of(following).clock == clock
    assert set(following.entrants.values_list("player__display_name", flat=True)) == {"Mina", "Jun"}
