"""An account's address changes only with its password and only once the new address is proven: a session alone
(a browser left open, a stolen cookie) cannot move the account's mail, and with it its password resets, elsewhere.

The request (the settings page, with the password) keeps the new address pending on the Account and mails it a link;
the account's address is the old one, which keeps getting the mail and the resets, until that link is opened. The
old address is told at once, with a link that undoes the change (pending or done) for two weeks, puts the address
back as verified (the link reached it) and ends the account's API token. Both links are Django's signing, like the
sign-up's verification (league/services/accounts.py): no table of tokens, and a link stops counting once the
account's addresses are no longer the ones it names.
"""

import logging
import smtplib

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_noop

from league.errors import InvalidValue
from league.models import Account, Player
from league.services.tokens import token_revoke

logger = logging.getLogger(__name__)

CHANGE_SALT = "cardleague.email-change"
UNDO_SALT = "cardleague.email-undo"
CHANGE_MAX_AGE = 3 * 86400
UNDO_MAX_AGE = 14 * 86400


def account_locked(player: Player) -> Account:
    """The player's Account row, made when missing, locked for the transaction."""
    Account.objects.get_or_create(player=player)
    return Account.objects.select_for_update().get(player=player)


def email_check(email: str, *, user_id: int | None = None) -> None:
    """A well-formed address that no other account has."""
    try:
        validate_email(email)
    except Exception as error:  # Django's ValidationError: a service speaks in its own errors
        raise InvalidValue(
            translation.gettext("Enter a valid e-mail address."), code="bad_email", field="email"
        ) from error
    taken = get_user_model().objects.filter(email__iexact=email)
    if user_id is not None:
        taken = taken.exclude(pk=user_id)
    if taken.exists():
        raise InvalidValue(
            translation.gettext("This e-mail address belongs to another account."), code="email_taken", field="email"
        )


@transaction.atomic
def email_change_request(*, player: Player, email: str, password: str | None) -> Account:
    """Ask for the account's address to become `email`: only with the account's password; the new address gets a
    link to confirm it, the old one a notice with a link to undo."""
    user = player.user
    if not password:
        raise InvalidValue(
            translation.gettext("Enter your password to change your e-mail address."),
            code="password_required",
            field="password",
        )
    if not user.check_password(password):
        raise InvalidValue(translation.gettext("This is not your password."), code="wrong_password", field="password")
    account = account_locked(player)
    email_check(email, user_id=user.pk)
    account.pending_email = email
    account.save(update_fields=["pending_email"])
    email_change_links_send(player=player, old=user.email, new=email)
    return account


def email_change_links_send(*, player: Player, old: str, new: str) -> None:
    """The confirmation link to the new address and, when the account has one, the notice with the undo link to the
    old, in the player's language, once the transaction commits."""
    confirm = signing.dumps({"user": player.user_id, "email": new.lower()}, salt=CHANGE_SALT, compress=True)
    _mail_on_commit(
        player=player,
        address=new,
        subject=gettext_noop("Confirm your new e-mail address for cardleague"),
        template="email/email_change_confirm.txt",
        link=settings.SITE_URL + reverse("email_change_confirm", args=[confirm]),
        context={"old": old, "new": new},
    )
    if old:
        undo = signing.dumps({"user": player.user_id, "old": old, "new": new.lower()}, salt=UNDO_SALT, compress=True)
        _mail_on_commit(
            player=player,
            address=old,
            subject=gettext_noop("Your cardleague e-mail address is being changed"),
            template="email/email_change_notice.txt",
            link=settings.SITE_URL + reverse("email_change_undo", args=[undo]),
            context={"old": old, "new": new},
        )


@transaction.atomic
def email_change_confirm(*, token: str) -> Player:
    """The new address's link: the pending address becomes the account's, verified."""
    data = _loaded(token, salt=CHANGE_SALT, max_age=CHANGE_MAX_AGE)
    player = _player(data.get("user"))
    account = account_locked(player)
    if not account.pending_email or account.pending_email.lower() != data.get("email"):
        raise InvalidValue(
            translation.gettext("This link is for a change the account no longer waits for."),
            code="verification_stale",
        )
    user = player.user
    email_check(account.pending_email, user_id=user.pk)
    user.email = account.pending_email
    user.save(update_fields=["email"])
    account.verified_email, account.pending_email = user.email, ""
    account.save(update_fields=["verified_email", "pending_email"])
    return player


@transaction.atomic
def email_change_undo(*, token: str) -> Player:
    """The old address's link: the change is dropped if pending, reverted if done; the old address is the account's
    again, verified (the link reached it), and the account's API token ends (whoever changed the address may hold
    it). The password stays: the undo page sends its reader to reset it, which ends the other sessions."""
    data = _loaded(token, salt=UNDO_SALT, max_age=UNDO_MAX_AGE)
    player = _player(data.get("user"))
    account = account_locked(player)
    user = player.user
    old, new = str(data.get("old") or ""), str(data.get("new") or "")
    pending = account.pending_email.lower() == new
    done = user.email.lower() == new
    if not (pending or done):
        raise InvalidValue(
            translation.gettext("There is nothing left to undo: the account's address is not the one this link names."),
            code="verification_stale",
        )
    if done:
        email_check(old, user_id=user.pk)
        user.email = old
        user.save(update_fields=["email"])
    account.pending_email = ""
    account.verified_email = old
    account.save(update_fields=["pending_email", "verified_email"])
    token_revoke(user_id=user.pk)
    return player


def _loaded(token: str, *, salt: str, max_age: int) -> dict[str, object]:
    try:
        data = signing.loads(token, salt=salt, max_age=max_age)
    except signing.SignatureExpired as error:
        raise InvalidValue(translation.gettext("This link has expired."), code="verification_expired") from error
    except signing.BadSignature as error:
        raise InvalidValue(translation.gettext("This link is not valid."), code="verification_invalid") from error
    if not isinstance(data, dict):
        raise InvalidValue(translation.gettext("This link is not valid."), code="verification_invalid")
    return data


def _player(user_id: object) -> Player:
    player = Player.objects.select_related("user").filter(user_id=user_id).first() if isinstance(user_id, int) else None
    if player is None:
        raise InvalidValue(translation.gettext("This link is not valid."), code="verification_invalid")
    return player


def _mail_on_commit(
    *, player: Player, address: str, subject: str, template: str, link: str, context: dict[str, str]
) -> None:
    with translation.override(player.language):
        words = translation.gettext(subject)
        body = render_to_string(template, {"player": player, "link": link, "site": settings.SITE_URL, **context})

    def send() -> None:
        try:
            send_mail(words, body, None, [address])
        except (smtplib.SMTPException, OSError):
            logger.exception("could not send %s to player %s", template, player.pk)

    transaction.on_commit(send)
