"""API tokens for scripts and bots: issued by the token endpoint, listed, rotated and revoked by their owner, and
expiring `API_TOKEN_TTL_DAYS` after they were made (a leaked token stops working by itself; 0 turns expiry off).

One token per account (DRF's `Token`, keyed by the user): a bot that needs a new one rotates it, which ends the old
one at once. Nobody but the owner lists, rotates or revokes a token; the key is shown whole only when it is made.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

DEFAULT_TOKEN_TTL_DAYS = 90


def token_ttl() -> timedelta | None:
    days = int(getattr(settings, "API_TOKEN_TTL_DAYS", DEFAULT_TOKEN_TTL_DAYS))
    return timedelta(days=days) if days > 0 else None


def token_expires_at(token: Token) -> datetime | None:
    ttl = token_ttl()
    return token.created + ttl if ttl is not None else None


def token_expired(token: Token, *, now: datetime | None = None) -> bool:
    expires = token_expires_at(token)
    return expires is not None and expires <= (now or timezone.now())


@transaction.atomic
def token_issue(*, user_id: int) -> Token:
    """The user's token for the token endpoint: the one they have, or a new one when it has expired or none exists."""
    token = Token.objects.select_for_update().filter(user_id=user_id).first()
    if token is not None and not token_expired(token):
        return token
    if token is not None:
        token.delete()
    return Token.objects.create(user_id=user_id)


@transaction.atomic
def token_rotate(*, user_id: int) -> Token:
    """A new token for the user; the old one stops working at once."""
    Token.objects.filter(user_id=user_id).delete()
    return Token.objects.create(user_id=user_id)


def token_revoke(*, user_id: int) -> int:
    """End the user's token; how many were ended (0 or 1)."""
    deleted, _ = Token.objects.filter(user_id=user_id).delete()
    return deleted


def tokens_of(*, user_id: int) -> list[dict[str, object]]:
    """The user's tokens as their owner may see them: when made, when they expire, and the key's last four
    characters (to tell which one a script holds), never the whole key."""
    return [
        {
            "created": token.created,
            "expires_at": token_expires_at(token),
            "expired": token_expired(token),
            "ending": token.key[-4:],
        }
        for token in Token.objects.filter(user_id=user_id)
    ]
