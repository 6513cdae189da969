"""A new player's whole journey in headless Chromium (issue 20's done-when): sign-up with an e-mail address from a
browser in Seoul, the address verified through the link in the locmem mailbox, an invitation to a club accepted,
the player entering a season from its page, the season started, a "your move" mail in Korean with the deadline in
Asia/Seoul time, the move played from the mail's link, and the notification read.

Screenshots of the new pages (sign-up, settings, notifications, the season with its rounds, the table with its
countdown), on a phone and a desktop, in English and Korean, go to artifacts/screenshots/journey/
(docs/screenshots/journey/ with JOURNEY_SCREENSHOTS=docs/screenshots/journey).
"""

import re
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone, translation

from games import get_engine
from league.models import Account, Move, Notification, Player, Table
from league.services.clubs import invitation_create
from league.services.reminders import reminders_send
from league.services.rounds import season_start
from tests.league.seasons.factories import season_with_entrants
from tests.pages.screens import VIEWPORTS, shoot, shots_dir

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]

SHOTS = shots_dir("JOURNEY_SCREENSHOTS", "journey")
PASSWORD = "correct horse 2027"
SEOUL = ZoneInfo("Asia/Seoul")


def _shoot(browser, live_server, player: Player | None, path: str, name: str) -> None:
    shoot(browser, live_server, player, path, name, shots=SHOTS, timezone_id="Asia/Seoul")


def test_a_new_player_signs_up_joins_enters_a_season_and_plays_from_a_korean_mail(
    live_server, browser, mailoutbox, settings
):
    settings.SITE_URL = live_server.url
    season, organizer, [rival] = season_with_entrants(
        "palace-infighting", entrants=1, time_per_move=timedelta(hours=10)
    )
    context = browser.new_context(viewport=VIEWPORTS["phone"], locale="ko-KR", timezone_id="Asia/Seoul")
    page = context.new_page()

    # --- sign-up, the browser's time zone guessed ------------------------------------------------------------------
    page.goto(f"{live_server.url}/signup/")
    page.fill("input[name=username]", "mina")
    page.fill("input[name=email]", "mina@example.org")
    page.fill("input[name=display_name]", "민아")
    page.select_option("main select[name=language]", "ko")  # the header's switcher has the same name
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main form button[type=submit]")
    page.wait_for_selector("#verify-banner")
    mina = Player.objects.select_related("user").get(user__username="mina")
    assert Account.objects.get(player=mina).time_zone == "Asia/Seoul"

    # --- the address verified through the link in the mailbox ----------------------------------------------------
    [verification] = mailoutbox
    assert verification.to == ["mina@example.org"]
    link = re.search(r"http\S+/account/verify/\S+/", verification.body).group(0)
    page.goto(link)
    assert page.locator("#verify-banner").count() == 0

    # --- an invitation accepted ------------------------------------------------------------------------------------
    invitation = invitation_create(club=season.club, by=organizer, player=mina)
    page.goto(f"{live_server.url}/invitations/{invitation.code}/")
    page.click(f"form[action$='/{invitation.code}/accept/'] button")
    page.wait_for_load_state()
    assert season.club.memberships.filter(player=mina).exists()

    # --- the season entered from its page --------------------------------------------------------------------------
    page.goto(f"{live_server.url}/seasons/{season.pk}/")
    page.click("#season-enter")
    page.wait_for_selector("#season-enter", state="detached")
    assert season.entrants.filter(player=mina).exists()

    # --- the season starts; the sweep sends "your move" in Korean, the deadline in Seoul time ---------------------
    season_start(season=season, by=organizer)
    table = Table.objects.get(round__season=season)
    mailoutbox.clear()
    reminders_send(now=timezone.now())
    mine = [m for m in mailoutbox if m.to == ["mina@example.org"]]
    # two mails: the round's start (season news) and the move
    assert len(mine) == 2
    [mail] = [m for m in mine if f"/tables/{table.pk}/" in m.body]
    with translation.override("ko"):
        title = translation.gettext(get_engine("palace-infighting").title)
        assert mail.subject == translation.gettext("Your move at %(game)s against %(opponents)s") % {
            "game": title,
            "opponents": rival.display_name,
        }
    assert title != "Palace Infighting" and title in mail.body
    deadline = table.deadline.astimezone(SEOUL)
    assert f"{deadline:%Y-%m-%d %H:%M} (Asia/Seoul)" in mail.body
    assert "/settings/" in mail.body

    # --- the header counts the notification; the mail's link leads to the table, the move is played ---------------
    page.goto(f"{live_server.url}/notifications/")
    assert page.inner_text("#unread .count") == "2"  # the move and the round's start
    table_link = re.search(rf"{re.escape(live_server.url)}/tables/{table.pk}/", mail.body).group(0)
    page.goto(table_link)
    # the deadline counts down in the table's header (and beside each seat still to act, on the felt)
    assert page.locator(".deadline time[data-countdown]").count() == 1
    assert page.locator(".turn-mark time[data-countdown]").count() >= 1
    assert f"{deadline:%Y-%m-%d %H:%M} Asia/Seoul" in page.inner_text("#board")
    table.refresh_from_db()
    # the row laid in the hand: five cards clicked, then Play
    for card in page.locator("#hand .fan .card.legal").all()[:5]:
        card.click()
    page.click("#hand .confirm-bar [data-play]")
    page.wait_for_selector(f'#board[data-version="{table.version + 1}"]')
    assert Move.objects.filter(table=table, player=mina).count() == 1

    # --- the notification is read ------------------------------------------------------------------------------
    page.goto(f"{live_server.url}/notifications/")
    assert page.inner_text("#unread .count") == "1"  # the round's start is still unread
    read = page.locator("#notifications li.read a")
    assert read.count() == 1 and title in read.inner_text()
    assert Notification.objects.get(player=mina, kind="your_move").read_at is not None
    context.close()

    # --- the new pages, phone and desktop, English and Korean -------------------------------------------------------
    _shoot(browser, live_server, None, "/signup/", "signup")
    _shoot(browser, live_server, mina, "/settings/", "settings")
    _shoot(browser, live_server, mina, "/notifications/", "notifications")
    _shoot(browser, live_server, mina, f"/seasons/{season.pk}/#rounds", "season")
    _shoot(browser, live_server, rival, f"/tables/{table.pk}/", "table")
