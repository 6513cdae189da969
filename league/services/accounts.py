"""A player's account beyond the profile: sign-up with an e-mail address and its verification, the settings page's
choices (address, language, time zone, the mails), and the calendar feed's secret link.

Verification is Django's signing (a timestamped, salted HMAC of the user's id and the address, valid for
VERIFY_MAX_AGE): it needs no table of tokens, and a link for an old address stops counting once the address
changes. Password reset and change stay on Django's own auth views (league/views/accounts.py), which is why
django-allauth would add a second account system for the one thing left, this link.
"""

import logging
import secrets
import smtplib
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

from league.errors import InvalidValue
from league.links import site_link, site_url
from league.models import Account, Player
from league.selectors.notifications import DEFAULT_TIME_ZONE, time_zone_valid
from league.services.clubs import player_create, player_update
from league.services.email_change import account_locked, email_change_request, email_check
from league.services.reminders import notification_settings_set

logger = logging.getLogger(__name__)

VERIFY_SALT = "cardleague.email-verify"
VERIFY_MAX_AGE = 3 * 86400


def account_signup(
    *,
    username: str,
    password: str,
    display_name: str,
    language: str,
    email: str,
    time_zone: str = DEFAULT_TIME_ZONE,
) -> Player:
    """A new player with an address to verify (the link goes by mail once the account is saved) and the time zone the
    browser guessed (UTC when it guessed nothing known)."""
    email_check(email)
    with transaction.atomic():
        player = player_create(
            username=username, password=password, display_name=display_name, language=language, email=email
        )
        guessed = time_zone_valid(time_zone) and time_zone != DEFAULT_TIME_ZONE
        Account.objects.create(
            player=player,
            time_zone=time_zone if guessed else DEFAULT_TIME_ZONE,
            # the form asks for the language; the zone is the browser's guess, or (none) the browser's at log-in
            language_chosen=True,
            time_zone_chosen=guessed,
        )
        email_verification_send(player=player)
    return player


def email_verification_token(*, user_id: int, email: str) -> str:
    return signing.dumps({"user": user_id, "email": email.lower()}, salt=VERIFY_SALT, compress=True)


def email_verification_send(*, player: Player) -> None:
    """Mail the verification link to the account's address, in the player's language, once the transaction
    commits; a mail server that refuses is logged (the settings page sends the link again)."""
    address = player.user.email
    if not address:
        return
    token = email_verification_token(user_id=player.user_id, email=address)
    link = site_link("email_verify", token)
    with translation.override(player.language):
        subject = translation.gettext("Verify your e-mail address for cardleague")
        body = render_to_string("email/verify.txt", {"player": player, "link": link, "site": site_url("")})

    def send() -> None:
        try:
            send_mail(subject, body, None, [address])
        except (smtplib.SMTPException, OSError):
            logger.exception("could not send the verification link to player %s", player.pk)

    transaction.on_commit(send)


@transaction.atomic
def email_verify(*, token: str) -> Player:
    """Mark the address in the signed link verified, if it is still the account's address."""
    try:
        data = signing.loads(token, salt=VERIFY_SALT, max_age=VERIFY_MAX_AGE)
    except signing.SignatureExpired as error:
        raise InvalidValue(
            translation.gettext("This link has expired: send yourself a new one from your settings."),
            code="verification_expired",
        ) from error
    except signing.BadSignature as error:
        raise InvalidValue(translation.gettext("This link is not valid."), code="verification_invalid") from error
    player = Player.objects.select_related("user").filter(user_id=data.get("user")).first()
    if player is None or player.user.email.lower() != data.get("email"):
        raise InvalidValue(
            translation.gettext("This link is for an address the account no longer has."),
            code="verification_stale",
        )
    account = account_locked(player)
    account.verified_email = player.user.email
    account.save(update_fields=["verified_email"])
    return player


@transaction.atomic
def account_settings_update(
    *,
    player: Player,
    email: str | None = None,
    password: str | None = None,
    language: str | None = None,
    time_zone: str | None = None,
    notifications: dict[str, bool] | None = None,
    display_name: str | None = None,
    preferences: dict[str, Any] | None = None,
) -> Account:
    """The settings page's choices (and the API's), all or none: a new address only with the password, and only once
    its own link is opened (league/services/email_change.py), the language is the player's (pages, API, mails and
    pushes), the time zone every time is shown in; a zone or a language given here is the player's choice, which the
    browser's no longer replaces at log-in. `preferences`: the other settings (`Player.settings`: sound, push,
    quiet_hours; None removes one)."""
    account = account_locked(player)
    if email is not None and email.lower() == player.user.email.lower():
        # back to the address the account has: a change asked for is dropped, which needs no password
        if account.pending_email:
            account.pending_email = ""
            account.save(update_fields=["pending_email"])
    elif email is not None and email.lower() != account.pending_email.lower():
        account = email_change_request(player=player, email=email, password=password)
    if time_zone is not None:
        if not time_zone_valid(time_zone):
            raise InvalidValue(translation.gettext("Unknown time zone."), code="bad_time_zone", field="time_zone")
        account.time_zone, account.time_zone_chosen = time_zone, True
        account.save(update_fields=["time_zone", "time_zone_chosen"])
    if language is not None:
        if language not in dict(settings.LANGUAGES):
            raise InvalidValue(translation.gettext("Unknown language."), code="bad_language", field="language")
        account.language_chosen = True
        account.save(update_fields=["language_chosen"])
    if language is not None or display_name is not None or preferences is not None:
        player_update(player=player, display_name=display_name, language=language, settings=preferences)
    if notifications:
        notification_settings_set(player=player, **notifications)
    return account


@transaction.atomic
def account_browser_defaults(*, player: Player, time_zone: str | None, language: str | None) -> Account:
    """At log-in: an account still on the defaults takes the browser's time zone and language (what it sent: the
    zone static/js/timezone.js keeps in a cookie, the language of Accept-Language); a choice the player made is
    never replaced. The account stays "not chosen": a log-in from another browser follows that one."""
    account = account_locked(player)
    if not account.time_zone_chosen and time_zone and time_zone_valid(time_zone) and time_zone != account.time_zone:
        account.time_zone = time_zone
        account.save(update_fields=["time_zone"])
    if not account.language_chosen and language in dict(settings.LANGUAGES) and language != player.language:
        player_update(player=player, language=language)
    return account


@transaction.atomic
def calendar_token_rotate(*, player: Player) -> str:
    """A new secret for the calendar feed's address: the old link stops working."""
    account = account_locked(player)
    account.calendar_token = secrets.token_urlsafe(24)
    account.save(update_fields=["calendar_token"])
    return account.calendar_token


@transaction.atomic
def calendar_token_of(*, player: Player) -> str:
    """The feed's secret, made the first time it is asked for."""
    account = account_locked(player)
    return account.calendar_token or calendar_token_rotate(player=player)
