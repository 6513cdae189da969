"""The settings page, the verification link, the notifications and their count in the header, times in the player's
zone, and the calendar feed (league/views/settings.py, league/timezones.py), through Django's test client."""

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client
from icalendar import Calendar

from league.models import Account, Notification, PushSubscription, Table
from league.selectors.notifications import email_verified
from league.services.accounts import calendar_token_of, email_verification_token
from league.services.notifications import notification_add, notification_turn
from league.services.push import push_settings
from league.services.reminders import notification_settings
from tests.league.clocks.support import players_of, season_table
from tests.league.factories import MembershipFactory, PlayerFactory, table_for
from tests.league.push_support import Browser
from tests.league.seasons.factories import season_with_entrants

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 3, 12, tzinfo=UTC)
# a game whose two seats are both to act at the start (the rows are chosen together)
GAME = "palace-infighting"


def _client(player) -> Client:
    client = Client()
    client.force_login(player.user)
    return client


def _settings_form(**overrides) -> dict:
    return {
        "display_name": "Mina",
        "email": "mina@example.org",
        "language": "en",
        "time_zone": "Asia/Seoul",
        "your_move": "on",
        "deadline_near": "on",
        "season_news": "on",
        **overrides,
    }


def test_the_settings_page_saves_every_choice_and_the_next_page_is_in_the_new_time_zone(
    django_capture_on_commit_callbacks,
):
    player = PlayerFactory()
    player.user.set_password("settings-pw-1")
    player.user.save()
    client = _client(player)
    assert client.get("/settings/").status_code == 200

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/settings/", _settings_form(password="settings-pw-1"))

    assert response.status_code == 302
    player.refresh_from_db()
    assert Account.objects.get(player=player).time_zone == "Asia/Seoul"
    assert notification_settings(player) == {
        "your_move": True,
        "deadline_near": True,
        "daily_digest": False,
        "season_news": True,
    }
    # a new address waits for its own link (the account had none to tell)
    assert mail.outbox[-1].to == ["mina@example.org"]
    assert (player.user.email, Account.objects.get(player=player).pending_email) == ("", "mina@example.org")
    with time_machine.travel(datetime(2026, 12, 2, 10, tzinfo=UTC), tick=False):
        table = table_for(GAME, players=[player, PlayerFactory()], time_per_move=timedelta(hours=10))
    page = client.get(f"/tables/{table.pk}/").content.decode()
    # the deadline, 20:00 UTC, is 05:00 the next day in Seoul
    assert "2026-12-03 05:00 Asia/Seoul" in page
    assert "data-countdown" in page


def test_a_bad_time_zone_is_a_form_error_and_nothing_is_saved():
    player = PlayerFactory()
    response = _client(player).post("/settings/", _settings_form(time_zone="Mars/Olympus"))
    assert response.status_code == 400
    assert not Account.objects.filter(player=player, time_zone="Mars/Olympus").exists()
    player.user.refresh_from_db()
    assert player.user.email == ""


def test_an_unverified_player_sees_the_banner_until_the_link_is_opened():
    player = PlayerFactory(user__email="jun@example.org")
    client = _client(player)
    assert 'id="verify-banner"' in client.get("/settings/").content.decode()

    token = email_verification_token(user_id=player.user_id, email="jun@example.org")
    assert client.get(f"/account/verify/{token}/").status_code == 302

    assert email_verified(player)
    assert 'id="verify-banner"' not in client.get("/settings/").content.decode()


def test_a_bad_verification_link_is_a_400_page():
    response = Client().get("/account/verify/not-a-token/")
    assert response.status_code == 400
    assert "This link is not valid." in response.content.decode()


def test_the_link_can_be_sent_again_from_the_settings(django_capture_on_commit_callbacks):
    player = PlayerFactory(user__email="jun@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        response = _client(player).post("/settings/verify/")
    assert response.status_code == 302
    assert [m.to for m in mail.outbox] == [["jun@example.org"]]


def test_the_header_counts_unread_notifications_and_visiting_the_table_reads_them():
    player = PlayerFactory()
    table = table_for(GAME, players=[player, PlayerFactory()])
    notification_add(player=player, kind="your_move", key="move:1", table=table, now=NOW)
    client = _client(player)

    listing = client.get("/notifications/").content.decode()
    assert re.search(r'<span class="count"[^>]*>1</span>', listing)
    assert "Your move at Palace Infighting" in listing

    client.get(f"/tables/{table.pk}/")

    assert Notification.objects.get(player=player).read_at is not None
    assert re.search(r'<span class="count"[^>]*hidden>0</span>', client.get("/notifications/").content.decode())


def test_opening_a_notification_reads_it_and_goes_to_its_table(fake_game):
    player = PlayerFactory()
    table = table_for(fake_game, players=[player, PlayerFactory()])
    notification_add(player=player, kind="your_move", key="move:1", table=table, now=NOW)
    notification = Notification.objects.get(player=player)

    response = _client(player).get(f"/notifications/{notification.pk}/")

    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    notification.refresh_from_db()
    assert notification.read_at is not None


def test_another_players_notification_is_not_found(fake_game):
    owner = PlayerFactory()
    table = table_for(fake_game, players=[owner, PlayerFactory()])
    notification_add(player=owner, kind="your_move", key="move:1", table=table, now=NOW)
    notification = Notification.objects.get(player=owner)

    assert _client(PlayerFactory()).get(f"/notifications/{notification.pk}/").status_code == 404
    notification.refresh_from_db()
    assert notification.read_at is None


def test_the_calendar_feed_lists_the_deadlines_waiting_for_the_player_and_needs_its_secret():
    player = PlayerFactory(display_name="Mina")
    opponent = PlayerFactory(display_name="Jun")
    table = table_for(GAME, players=[player, opponent], time_per_move=timedelta(hours=1))
    token = calendar_token_of(player=player)

    response = Client().get(f"/me/calendar/{token}.ics")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    body = response.content.decode()
    assert "SUMMARY:Your move at Palace Infighting against Jun" in body
    table.refresh_from_db()
    assert f"DTEND:{table.deadline.astimezone(UTC):%Y%m%dT%H%M%SZ}" in body
    assert Client().get("/me/calendar/wrong.ics").status_code == 404


def test_the_calendar_feed_has_the_rounds_of_the_players_seasons(fake_game):
    table = season_table(fake_game, start=NOW, per_move=timedelta(hours=10))
    player = players_of(table)[0]
    body = Client().get(f"/me/calendar/{calendar_token_of(player=player)}.ics").content.decode()
    assert f"SUMMARY:Round 1 of {table.round.season.name}" in body
    assert "DTSTART:20261203T120000Z" in body


def test_a_visitors_times_stay_in_utc():
    with time_machine.travel(datetime(2026, 12, 2, 10, tzinfo=UTC), tick=False):
        table = table_for(GAME, players=2, time_per_move=timedelta(hours=10))
    assert Table.objects.get(pk=table.pk).deadline is not None
    assert "2026-12-02 20:00 UTC" in Client().get(f"/tables/{table.pk}/").content.decode()


def test_a_member_enters_the_season_from_its_page_and_then_sees_no_button():
    season, _, _ = season_with_entrants(GAME, entrants=1)
    member = PlayerFactory()
    MembershipFactory(club=season.club, player=member)
    client = _client(member)
    assert 'id="season-enter"' in client.get(f"/seasons/{season.pk}/").content.decode()

    assert client.post(f"/seasons/{season.pk}/enter/").status_code == 302

    assert season.entrants.filter(player=member).exists()
    assert 'id="season-enter"' not in client.get(f"/seasons/{season.pk}/").content.decode()
    # a visitor of the club cannot: back on the season's page with the refusal, nothing is written
    outsider = PlayerFactory()
    refused = _client(outsider).post(f"/seasons/{season.pk}/enter/", follow=True)
    assert "Only the club&#x27;s members may enter." in refused.content.decode()
    assert not season.entrants.filter(player=outsider).exists()


def test_the_header_poll_answers_the_unread_count_and_the_newest_turn():
    player = PlayerFactory()
    table = table_for(GAME, players=[player, PlayerFactory()])
    client = _client(player)
    assert client.get("/notifications/unread/").json() == {"unread": 0, "turn": "", "turn_table": None}

    notification_turn(player=player, table=table, turn_started=NOW, now=NOW + timedelta(minutes=1))
    notification_add(player=player, kind="season_news", key="round:1", now=NOW + timedelta(minutes=2))

    answer = client.get("/notifications/unread/")
    assert answer.json() == {"unread": 2, "turn": (NOW + timedelta(minutes=1)).isoformat(), "turn_table": table.pk}
    assert "no-store" in answer["Cache-Control"]
    assert Client().get("/notifications/unread/").status_code == 403
    # the page's header carries what static/js/notify.js starts from, and the title the count
    page = client.get("/clubs/").content.decode()
    assert f'data-notify-turn="{(NOW + timedelta(minutes=1)).isoformat()}"' in page
    assert "<title>(2) " in page and "data-notify-title" in page
    # "Your turn" counts the tables waiting in its title, which the header's script then leaves alone
    inbox = client.get("/inbox/").content.decode()
    assert "<title>(1) Your turn" in inbox and "data-notify-title" not in inbox


def test_the_service_worker_is_served_at_the_sites_root():
    answer = Client().get("/sw.js")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("application/javascript")
    script = answer.content.decode()
    assert 'addEventListener("push"' in script and "openWindow" in script


def test_a_browser_hands_its_push_subscription_over_and_takes_it_back(settings):
    settings.PUSH_SERVICES = ["https://fcm.googleapis.com"]
    player = PlayerFactory()
    client = _client(player)
    subscription = Browser(endpoint="https://fcm.googleapis.com/fcm/send/abc").subscription()

    answer = client.post("/settings/push/subscribe/", subscription, content_type="application/json")
    assert answer.status_code == 201
    assert PushSubscription.objects.get().player == player
    refused = client.post(
        "/settings/push/subscribe/", {**subscription, "endpoint": "http://10.0.0.1/"}, content_type="application/json"
    )
    assert refused.status_code == 400 and refused.json()["code"] == "bad_subscription"

    answer = client.post(
        "/settings/push/unsubscribe/", {"endpoint": subscription["endpoint"]}, content_type="application/json"
    )
    assert answer.json() == {"removed": 1} and not PushSubscription.objects.exists()


def test_the_settings_page_saves_the_name_the_pushes_the_quiet_hours_and_the_sound(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = "BPublic", "private"
    # the form's address is the one the account has: nothing here asks for a change of address (and its password)
    player = PlayerFactory(user__email="mina@example.org")
    client = _client(player)
    page = client.get("/settings/").content.decode()
    assert 'data-push-key="BPublic"' in page and 'id="push-on"' in page

    response = client.post(
        "/settings/",
        _settings_form(
            display_name="Mina K.",
            push_your_move="on",
            push_tournament_start="on",
            quiet_start="22:30",
            quiet_end="07:00",
            sound="on",
        ),
    )

    assert response.status_code == 302
    player.refresh_from_db()
    assert player.display_name == "Mina K."
    assert push_settings(player) == {
        "events": {"your_move": True, "deadline_near": False, "season_news": False, "tournament_start": True},
        "quiet_hours": {"start": "22:30", "end": "07:00"},
    }
    assert player.settings["sound"] is True
    # the header now asks notify.js for the sound
    assert "data-notify-sound" in client.get("/inbox/").content.decode()
    # one end of the quiet hours alone is a form error
    refused = client.post("/settings/", _settings_form(quiet_start="22:30"))
    assert refused.status_code == 400 and "Give both ends of the quiet hours" in refused.content.decode()


def test_a_site_without_vapid_keys_says_push_is_not_set_up(settings):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    page = _client(PlayerFactory()).get("/settings/").content.decode()
    assert "Push messages are not set up on this site." in page and "data-push-key" not in page


def test_the_calendar_has_an_event_per_deadline_of_the_player_with_an_alarm_an_hour_before(settings):
    settings.SITE_URL = "https://cards.example.org"
    player, opponent = PlayerFactory(display_name="Mina"), PlayerFactory(display_name="Jun")
    table = table_for(GAME, players=[player, opponent], time_per_move=timedelta(hours=1))
    token = calendar_token_of(player=player)

    calendar = Calendar.from_ical(Client().get(f"/me/calendar/{token}.ics").content)

    [event] = calendar.walk("VEVENT")
    table.refresh_from_db()
    assert event.decoded("dtend") == table.deadline.replace(microsecond=0)
    assert str(event["url"]) == f"https://cards.example.org/tables/{table.pk}/"
    [alarm] = event.walk("VALARM")
    assert (str(alarm["action"]), alarm.decoded("trigger")) == ("DISPLAY", -timedelta(hours=1))
    assert alarm["trigger"].params["RELATED"] == "END"
