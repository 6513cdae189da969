"""Sign-up with an address and its verification link, the settings page's service, the calendar link
(league/services/accounts.py)."""

import re
import time

import pytest
import time_machine
from django.core import mail

from league.errors import InvalidValue
from league.models import Account, Player
from league.selectors.notifications import email_verified
from league.services.accounts import (
    VERIFY_MAX_AGE,
    account_settings_update,
    account_signup,
    calendar_token_of,
    calendar_token_rotate,
    email_verification_token,
    email_verify,
)
from league.services.reminders import notification_settings
from tests.league.factories import PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)  # the verification mail goes on commit


def _signup(**overrides) -> Player:
    values = {
        "username": "mina",
        "password": "correct horse 2027",
        "display_name": "Mina",
        "language": "ko",
        "email": "mina@example.org",
        "time_zone": "Asia/Seoul",
        **overrides,
    }
    return account_signup(**values)


def _link(body: str) -> str:
    return re.search(r"/account/verify/([^/\s]+)/", body).group(1)


def test_sign_up_mails_a_verification_link_in_the_players_language_and_keeps_the_browsers_time_zone():
    player = _signup()

    assert Account.objects.get(player=player).time_zone == "Asia/Seoul"
    assert not email_verified(player)
    [sent] = mail.outbox
    assert sent.to == ["mina@example.org"]
    assert "/account/verify/" in sent.body
    # the Korean catalogue's subject (the mail is written in the player's language)
    assert sent.subject != "Verify your e-mail address for cardleague"


def test_an_unknown_time_zone_from_the_browser_falls_back_to_utc():
    player = _signup(time_zone="Mars/Olympus")
    assert Account.objects.get(player=player).time_zone == "UTC"


def test_the_link_verifies_the_address():
    player = _signup()
    email_verify(token=_link(mail.outbox[0].body))
    player.refresh_from_db()
    assert email_verified(player)


def test_a_changed_address_waits_for_its_own_link_and_the_old_one_keeps_the_mail_meanwhile():
    player = _signup()
    email_verify(token=_link(mail.outbox[0].body))

    account_settings_update(player=player, email="mina@example.com", password="correct horse 2027")

    player.refresh_from_db()
    assert (player.user.email, email_verified(player)) == ("mina@example.org", True)
    assert Account.objects.get(player=player).pending_email == "mina@example.com"
    assert [message.to for message in mail.outbox[-2:]] == [["mina@example.com"], ["mina@example.org"]]


def test_a_forged_or_expired_link_is_refused():
    player = _signup()
    with pytest.raises(InvalidValue) as forged:
        email_verify(token="x" + email_verification_token(user_id=player.user_id, email="mina@example.org"))
    assert forged.value.code == "verification_invalid"
    token = _link(mail.outbox[0].body)
    with time_machine.travel(time.time() + VERIFY_MAX_AGE + 3600), pytest.raises(InvalidValue) as expired:
        email_verify(token=token)
    assert expired.value.code == "verification_expired"


def test_an_address_of_another_account_is_refused_at_sign_up():
    _signup()
    with pytest.raises(InvalidValue) as refused:
        _signup(username="jun", display_name="Jun", email="MINA@example.org")
    assert refused.value.code == "email_taken"
    assert not Player.objects.filter(user__username="jun").exists()


def test_settings_change_language_time_zone_and_mails_together():
    player = PlayerFactory()
    account = account_settings_update(
        player=player, language="ko", time_zone="Europe/Paris", notifications={"season_news": False}
    )
    player.refresh_from_db()
    assert (player.language, account.time_zone, notification_settings(player)["season_news"]) == (
        "ko",
        "Europe/Paris",
        False,
    )


def test_an_unknown_time_zone_in_the_settings_is_refused_and_nothing_changes():
    player = PlayerFactory()
    with pytest.raises(InvalidValue) as refused:
        account_settings_update(player=player, language="ko", time_zone="Nowhere/Land")
    assert refused.value.code == "bad_time_zone"
    player.refresh_from_db()
    assert player.language == "en"


def test_the_calendar_link_is_made_once_and_replaced_on_demand():
    player = PlayerFactory()
    first = calendar_token_of(player=player)
    assert calendar_token_of(player=player) == first
    second = calendar_token_rotate(player=player)
    assert second != first
    assert Account.objects.get(player=player).calendar_token == second
