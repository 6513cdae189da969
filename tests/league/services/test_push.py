"""Web Push (league/services/push.py): subscriptions taken only for a push service's address, messages encrypted for
the browser and signed with the site's VAPID key, the events and quiet hours the player chose, a subscription the
push service says is gone (404, 410) dropped. The push service is the tests' own, on the loopback
(tests/league/push_support.py), which decrypts what it got with the browser's keys."""

import base64
import json
from datetime import UTC, datetime, time

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from league.errors import InvalidValue
from league.models import Account, PushSubscription
from league.services.clubs import player_update
from league.services.push import (
    PushMessage,
    push_send,
    push_subscription_add,
    push_subscription_remove,
    quiet_hours_hold,
)
from tests.league.factories import PlayerFactory
from tests.league.push_support import Browser, push_service

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 12, 3, 12, tzinfo=UTC)  # 21:00 in Seoul
MESSAGE = PushMessage(
    title="Your move at Coinche", body="Against Bob", url="https://cards.example.org/tables/4/", tag="table-4"
)


def _subscribe(player, browser: Browser) -> PushSubscription:
    keys = browser.subscription()["keys"]
    return push_subscription_add(
        player=player, endpoint=browser.endpoint, p256dh=keys["p256dh"], auth=keys["auth"], now=NOW
    )


def test_a_message_reaches_each_browser_encrypted_for_it_and_signed_by_the_site(settings):
    player = PlayerFactory()
    with push_service(settings) as service:
        phone, laptop = service.browser("phone"), service.browser("laptop")
        _subscribe(player, phone)
        _subscribe(player, laptop)

        assert push_send(player=player, event="your_move", message=MESSAGE, now=NOW) == 2

    assert (
        service.messages_for(phone)
        == service.messages_for(laptop)
        == [
            {
                "title": "Your move at Coinche",
                "body": "Against Bob",
                "url": "https://cards.example.org/tables/4/",
                "tag": "table-4",
            }
        ]
    )
    # RFC 8292: the VAPID header names the site's public key and is signed by its private key
    request = service.received[0]
    assert request.headers["content-encoding"] == "aes128gcm"
    assert f"k={settings.VAPID_PUBLIC_KEY}" in request.headers["authorization"].replace(" ", "")
    token = request.headers["authorization"].split("t=")[1].split(",")[0]
    signed, signature = token.rsplit(".", 1)
    # the browser checks it with the public key it subscribed with (ES256: r and s, 32 bytes each)
    site_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), _unb64(settings.VAPID_PUBLIC_KEY))
    raw = _unb64(signature)
    r, s = int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")
    site_key.verify(encode_dss_signature(r, s), signed.encode(), ec.ECDSA(hashes.SHA256()))  # raises if not
    claims = json.loads(_unb64(signed.split(".")[1]))
    assert claims["aud"] == service.origin and claims["sub"] == "mailto:tests@example.org"


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_says_is_gone_is_dropped(settings, status):
    player = PlayerFactory()
    with push_service(settings) as service:
        gone, kept = service.browser("gone"), service.browser("kept")
        _subscribe(player, gone)
        _subscribe(player, kept)
        service.status["/push/gone"] = status

        assert push_send(player=player, event="your_move", message=MESSAGE, now=NOW) == 1

    assert list(PushSubscription.objects.values_list("endpoint", flat=True)) == [kept.endpoint]


def test_another_failure_keeps_the_subscription_and_the_next_browser_still_gets_its_message(settings):
    player = PlayerFactory()
    with push_service(settings) as service:
        busy, fine = service.browser("busy"), service.browser("fine")
        _subscribe(player, busy)
        _subscribe(player, fine)
        service.status["/push/busy"] = 503

        assert push_send(player=player, event="your_move", message=MESSAGE, now=NOW) == 1

    assert PushSubscription.objects.count() == 2
    assert service.messages_for(fine)[0]["title"] == "Your move at Coinche"


def test_only_the_events_the_player_chose_push(settings):
    player = PlayerFactory()
    player = player_update(player=player, settings={"push": {"your_move": False}})
    with push_service(settings) as service:
        _subscribe(player, service.browser("phone"))

        assert push_send(player=player, event="your_move", message=MESSAGE, now=NOW) == 0
        assert push_send(player=player, event="season_news", message=MESSAGE, now=NOW) == 1


def test_quiet_hours_hold_in_the_players_time_zone(settings):
    player = PlayerFactory()
    Account.objects.create(player=player, time_zone="Asia/Seoul")
    # 20:00 to 08:00 in Seoul; NOW is 21:00 there (12:00 UTC, which the quiet hours would not hold)
    player = player_update(player=player, settings={"quiet_hours": {"start": "20:00", "end": "08:00"}})
    with push_service(settings) as service:
        _subscribe(player, service.browser("phone"))

        assert push_send(player=player, event="your_move", message=MESSAGE, now=NOW) == 0
        assert service.received == []
        # 09:00 in Seoul
        assert push_send(player=player, event="your_move", message=MESSAGE, now=NOW.replace(hour=0)) == 1


@pytest.mark.parametrize(
    ("start", "end", "local", "held"),
    [
        ("22:00", "07:00", time(23, 30), True),
        ("22:00", "07:00", time(6, 59), True),
        ("22:00", "07:00", time(7, 0), False),
        ("13:00", "14:00", time(13, 30), True),
        ("13:00", "14:00", time(12, 59), False),
        ("09:00", "09:00", time(9, 0), False),
    ],
)
def test_quiet_hours_wrap_past_midnight(start, end, local, held):
    assert quiet_hours_hold({"start": start, "end": end}, local) is held


def test_nothing_is_sent_without_the_sites_vapid_keys(settings):
    player = PlayerFactory()
    with push_service(settings) as service:
        _subscribe(player, service.browser("phone"))
        settings.VAPID_PRIVATE_KEY = ""

        assert push_send(player=player, event="your_move", message=MESSAGE, now=NOW) == 0
        assert service.received == []


def test_a_subscription_is_taken_only_for_a_push_services_address(settings):
    settings.PUSH_SERVICES = ["https://fcm.googleapis.com", "https://*.push.apple.com"]
    player = PlayerFactory()
    keys = Browser(endpoint="").subscription()["keys"]
    for endpoint in (
        "http://fcm.googleapis.com/fcm/send/x",  # not HTTPS
        "https://127.0.0.1/push",  # the server would post into its own network
        "https://evil.example/fcm.googleapis.com",
        "https://fcm.googleapis.com.evil.example/x",
    ):
        with pytest.raises(InvalidValue) as refused:
            push_subscription_add(player=player, endpoint=endpoint, p256dh=keys["p256dh"], auth=keys["auth"], now=NOW)
        assert refused.value.code == "bad_subscription"
    push_subscription_add(
        player=player, endpoint="https://web.push.apple.com/QG9", p256dh=keys["p256dh"], auth=keys["auth"], now=NOW
    )
    assert PushSubscription.objects.count() == 1


def test_keys_of_the_wrong_size_are_refused(settings):
    settings.PUSH_SERVICES = ["https://fcm.googleapis.com"]
    keys = Browser(endpoint="").subscription()["keys"]
    for p256dh, auth in ((keys["p256dh"][:40], keys["auth"]), (keys["p256dh"], keys["auth"] + "AAAA"), ("!!", "??")):
        with pytest.raises(InvalidValue):
            push_subscription_add(
                player=PlayerFactory(), endpoint="https://fcm.googleapis.com/x", p256dh=p256dh, auth=auth, now=NOW
            )


def test_a_browser_that_subscribes_again_for_another_account_is_that_accounts(settings):
    settings.PUSH_SERVICES = ["https://fcm.googleapis.com"]
    first, second = PlayerFactory(), PlayerFactory()
    browser = Browser(endpoint="https://fcm.googleapis.com/fcm/send/abc")
    keys = browser.subscription()["keys"]
    push_subscription_add(player=first, endpoint=browser.endpoint, p256dh=keys["p256dh"], auth=keys["auth"], now=NOW)
    push_subscription_add(player=second, endpoint=browser.endpoint, p256dh=keys["p256dh"], auth=keys["auth"], now=NOW)

    assert list(PushSubscription.objects.values_list("player", flat=True)) == [second.pk]
    assert push_subscription_remove(player=first, endpoint=browser.endpoint) == 0
    assert push_subscription_remove(player=second, endpoint=browser.endpoint) == 1
