"""Throttling of the API: move submission per player, and token requests per username and per client address.

Rates are REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope], from the environment (config/settings.py):
- "move_submit" (MOVE_SUBMIT_RATE, default 60/minute): move submissions per player;
- "auth_token_username" (AUTH_TOKEN_USERNAME_RATE, default 10/minute): token requests naming one username;
- "auth_token_ip" (AUTH_TOKEN_IP_RATE, default 30/minute): token requests from one client address.
"""

import hashlib

from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle, UserRateThrottle
from rest_framework.views import APIView

from league.api.serializers import TokenRequestSerializer

DEFAULT_MOVE_SUBMIT_RATE = "60/minute"
DEFAULT_AUTH_TOKEN_USERNAME_RATE = "10/minute"
DEFAULT_AUTH_TOKEN_IP_RATE = "30/minute"


class _RateFromSettings:
    """The rate of the throttle's scope, read at request time rather than import time (DRF's default), so that a
    changed setting (tests, reloads) takes effect."""

    scope: str
    default_rate: str

    def get_rate(self) -> str | None:
        rate = api_settings.DEFAULT_THROTTLE_RATES.get(self.scope, self.default_rate)
        return None if rate is None else str(rate)


class MoveSubmitThrottle(_RateFromSettings, UserRateThrottle):
    """At most N move submissions per player and period; counted per user, so one bot cannot flood the tables."""

    scope = "move_submit"
    default_rate = DEFAULT_MOVE_SUBMIT_RATE


class TokenUsernameThrottle(_RateFromSettings, SimpleRateThrottle):
    """At most N token requests naming one username per period, from anywhere: the guard against guessing one
    account's password from many addresses. Every attempt counts, right or wrong (see docs/api.md)."""

    scope = "auth_token_username"
    default_rate = DEFAULT_AUTH_TOKEN_USERNAME_RATE

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        username = _username_tried(request)
        if username is None:
            return None  # no password can be tried without a username; the address throttle still counts the call
        # hashed: a username may hold characters or a length that a cache key must not
        ident = hashlib.sha256(username.encode()).hexdigest()
        return self.cache_format % {"scope": self.scope, "ident": ident}


class TokenAddressThrottle(_RateFromSettings, SimpleRateThrottle):
    """At most N token requests from one client address per period, whatever the username: the guard against
    trying one password on many accounts."""

    scope = "auth_token_ip"
    default_rate = DEFAULT_AUTH_TOKEN_IP_RATE

    def get_ident(self, request: Request) -> str:
        # DRF trusts a client's own X-Forwarded-For when NUM_PROXIES is unset, which would give every guess a fresh
        # address; only a configured number of proxies makes that header trustworthy
        if api_settings.NUM_PROXIES is None:
            return request.META.get("REMOTE_ADDR") or ""
        return super().get_ident(request)

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


def _username_tried(request: Request) -> str | None:
    """The username exactly as the view will pass it to authenticate() (the serializer strips blanks, so " alice"
    is alice), or None when the view will refuse the body before authenticating."""
    data = request.data
    if not isinstance(data, dict) or "username" not in data:
        return None
    try:
        return str(TokenRequestSerializer().fields["username"].run_validation(data["username"]))
    except ValidationError:
        return None
