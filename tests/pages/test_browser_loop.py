"""The correspondence loop in headless Chromium (issue 33's done-when): a move reaches, within seconds, the player
whose tab is on another page of the site (the header's count and the page title), the player with no tab open but a
push subscription (a Web Push message, received by a push service this test runs on the loopback and decrypted with
the subscription's keys), and the same player's mailbox (a Korean mail whose link, to the server's real address,
opens the table with that player to act). Then: browsers in Seoul and Paris read deadlines in their own zone, as
visitors and as accounts on the default; and the settings page (push, sound, quiet hours, the zone picker) on a
phone and a desktop in English and Korean, to docs/screenshots/loop/ with LOOP_SCREENSHOTS=docs/screenshots/loop.
"""

import json
import re
import threading
from datetime import timedelta

import pytest
import time_machine
from django.conf import settings as django_settings
from django.utils import timezone
from playwright.sync_api import expect

from games import get_engine
from league.models import Account, Notification, Player, Seat
from league.services.clubs import player_update
from league.services.reminders import turn_notices_drain
from league.templatetags import notifications as header
from tests.league.factories import PlayerFactory, table_for
from tests.league.push_support import push_service
from tests.pages.screens import LANGUAGES, VIEWPORTS, capture, player_context, shots_dir
from tests.pages.table_browser import confirm

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
]

SHOTS = shots_dir("LOOP_SCREENSHOTS", "loop")
# the header's poll in this test (20 s on the site): B must see the news within it
POLL = 2
WAIT_MS = 20_000


class Beat:
    """The beat's notifications drain (league.tasks.turn_notify_drain, every 3 s on the site), every second here."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        from django.db import connection

        try:
            while not self.stop.wait(1.0):
                turn_notices_drain(now=timezone.now())
        finally:
            connection.close()

    def __enter__(self) -> "Beat":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(timeout=10)


def _person(name: str, *, language: str = "en", zone: str = "Europe/Paris") -> Player:
    player = PlayerFactory(user__username=name.lower(), display_name=name, language=language)
    player.user.email = f"{name.lower()}@example.org"
    player.user.save(update_fields=["email"])
    Account.objects.create(
        player=player, verified_email=player.user.email, time_zone=zone, time_zone_chosen=True, language_chosen=True
    )
    return player


def test_a_move_reaches_the_tab_on_another_page_the_push_subscription_and_the_korean_mailbox(
    live_server, browser, mailoutbox, settings, monkeypatch
):
    settings.SITE_URL = live_server.url
    monkeypatch.setattr(header, "POLL_SECONDS", POLL)
    # a Coinche table where the first bid (A's) brings the table to the two opponents at once, B and C (either may
    # coinche it, K-D7)
    engine = get_engine("coinche")
    people = [_person("Anna"), _person("Ben"), _person("Chaeyoung", language="ko", zone="Asia/Seoul"), _person("Dora")]
    table = table_for("coinche", players=people, seed="loop-test", time_per_move=timedelta(hours=10))
    first = engine.to_act(table.state)[0]
    after_bid = engine.to_act(engine.apply_move(table.state, first, {"type": "bid", "points": 80, "suit": "H"}))
    seated = {seat.index: seat.player for seat in Seat.objects.filter(table=table).select_related("player__user")}
    a, b, c = seated[first], seated[after_bid[0]], seated[after_bid[1]]
    # C is the Korean player in Seoul (whichever seat the deal made an opponent)
    Player.objects.filter(pk=c.pk).update(language="ko")
    Account.objects.filter(player=c).update(time_zone="Asia/Seoul")
    turn_notices_drain(now=timezone.now())  # the first turn (A's) told, as the beat would have
    mailoutbox.clear()

    with push_service(settings) as service, Beat():
        # C opts in on the settings page, hands its subscription over (what static/js/push.js posts), closes the tab
        phone = service.browser("chaeyoung-phone")
        c_context = player_context(browser, live_server, c, language="ko", timezone_id="Asia/Seoul")
        c_page = c_context.new_page()
        c_page.goto(f"{live_server.url}/settings/")
        assert c_page.locator("#push-on").count() == 1
        status = c_page.evaluate(
            """async (subscription) => {
                const csrf = document.querySelector("input[name=csrfmiddlewaretoken]").value;
                const answer = await fetch("/settings/push/subscribe/", {
                    method: "POST", credentials: "same-origin", body: JSON.stringify(subscription),
                    headers: {"Content-Type": "application/json", "X-CSRFToken": csrf}});
                return answer.status;
            }""",
            phone.subscription(),
        )
        assert status == 201
        c_context.close()

        # B looks at another page of the site
        b_context = player_context(browser, live_server, b, viewport="desktop")
        b_page = b_context.new_page()
        b_page.goto(f"{live_server.url}/clubs/")
        assert not b_page.title().startswith("(")
        assert b_page.locator("#unread-count").is_hidden()

        # A bids at the table
        a_context = player_context(browser, live_server, a, viewport="desktop")
        a_page = a_context.new_page()
        a_page.goto(f"{live_server.url}/tables/{table.pk}/")
        bid = json.dumps({"type": "bid", "points": 80, "suit": "H"})
        confirm(a_page, a_page.locator(f"#bidding-box button.cell[value='{bid}']"), again=False)
        a_page.wait_for_selector(f'#board[data-version="{table.version + 1}"]')

        # then B's tab, untouched, shows the count in its header and its title within the poll
        # (expect and locators, not wait_for_function: a string predicate is evaluated as code, which the CSP refuses)
        expect(b_page).to_have_title(re.compile(r"^\(1\) "), timeout=WAIT_MS)
        assert b_page.locator("#unread-count").inner_text() == "1"
        assert b_page.locator("#unread").get_attribute("data-notify-news")  # the page knew a table came to B

        # and C's push service got a message for C's browser, which C's keys decrypt: it names the table
        assert service.arrived.wait(timeout=WAIT_MS / 1000)
        [message] = service.messages_for(phone)
        assert message["url"] == f"{live_server.url}/tables/{table.pk}/" and message["tag"] == f"table-{table.pk}"
        assert message["title"] == "코인체: 내 차례"
        assert a.display_name in message["body"] and "Asia/Seoul" in message["body"]

    # and C's mail, in Korean, links to the server's real address; opening it lands on the table with C to act
    [mail] = [m for m in mailoutbox if m.to == [c.user.email]]
    assert mail.subject.startswith("코인체: ") and "내 차례" in mail.subject
    [link] = re.findall(r"https?://\S+/tables/\d+/", mail.body)
    assert link == f"{live_server.url}/tables/{table.pk}/"
    c_context = player_context(browser, live_server, c, language="ko", timezone_id="Asia/Seoul")
    c_page = c_context.new_page()
    c_page.goto(link)
    assert c_page.locator('button[data-move="coinche"]').count() == 1  # C may coinche A's bid: C is to act
    assert Notification.objects.get(player=c, table=table).read_at is not None
    for context in (a_context, b_context, c_context):
        context.close()


@pytest.mark.parametrize(
    ("zone", "expected"),
    [("Asia/Seoul", "2026-12-03 05:00 Asia/Seoul"), ("Europe/Paris", "2026-12-02 21:00 Europe/Paris")],
)
def test_browsers_in_seoul_and_paris_read_deadlines_in_their_zone(live_server, browser, zone, expected):
    # the deadline: 20:00 UTC, 05:00 the next day in Seoul, 21:00 in Paris
    with time_machine.travel("2026-12-02 10:00Z", tick=False):
        table = table_for("palace-infighting", players=2, time_per_move=timedelta(hours=10))
    default_account = PlayerFactory()  # no zone chosen
    for player in (None, default_account):
        context = player_context(browser, live_server, player, viewport="desktop", timezone_id=zone)
        page = context.new_page()
        # the first page, made before the server knew the zone, is loaded again once in it (static/js/timezone.js)
        page.goto(f"{live_server.url}/tables/{table.pk}/")
        page.locator(f'body[data-time-zone="{zone}"]').wait_for(state="attached", timeout=WAIT_MS)
        assert expected in page.locator("main").inner_text()
        context.close()


def test_the_settings_page_on_a_phone_and_a_desktop_in_english_and_korean(live_server, browser, settings):
    from league.management.commands.vapid_keys import vapid_pair

    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = vapid_pair()
    player = _person("Mina", zone="Asia/Seoul")
    player_update(
        player=player,
        settings={"sound": True, "push": {"season_news": False}, "quiet_hours": {"start": "23:00", "end": "07:30"}},
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    for language in LANGUAGES:
        for viewport in VIEWPORTS:
            context = player_context(
                browser, live_server, player, viewport=viewport, language=language, timezone_id="Asia/Seoul"
            )
            page = context.new_page()
            page.goto(f"{live_server.url}/")  # the browser has told its zone (static/js/timezone.js) by then
            page.goto(f"{live_server.url}/settings/")
            assert page.locator("html").get_attribute("lang") == language
            assert page.locator("#id_time_zone optgroup").first.locator("option").get_attribute("value") == "Asia/Seoul"
            # the page's script has found the browser able to take pushes and offers the switch
            page.wait_for_selector("#push-on:not([hidden])", timeout=WAIT_MS)
            assert page.locator("#id_quiet_start").input_value() == "23:00"
            assert page.locator("#id_sound").is_checked()
            capture(page, SHOTS / f"settings-{viewport}-{language}.png", full_page=True)
            # the zone picker in use: a search narrows the grouped list (opened here to be seen)
            page.fill("#zone-search", "파리" if language == "ko" else "Paris")
            shown = page.evaluate(
                "Array.from(document.querySelectorAll('#id_time_zone option')).filter(o => !o.hidden).map(o => o.value)"
            )
            assert "Europe/Paris" in shown and "Asia/Seoul" not in shown
            # the zones nine hours ahead of UTC, by region, the browser's first (the list opened here to be seen)
            page.fill("#zone-search", "UTC+09:00")
            page.evaluate("document.getElementById('id_time_zone').size = 12")
            page.locator("#id_time_zone").scroll_into_view_if_needed()
            capture(page.locator("fieldset").first, SHOTS / f"zone-picker-{viewport}-{language}.png")
            context.close()
    Player.objects.filter(pk=player.pk).update(language="en")
    assert django_settings.VAPID_PUBLIC_KEY
