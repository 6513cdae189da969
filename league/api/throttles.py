"""Throttling of the API, on the one policy of league/throttles.py (the pages' doors count into the same counters):
move submission per player, and token requests per client address and per username.

Rates are REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"][scope], from the environment (config/settings.py):
- "move_submit" (MOVE_SUBMIT_RATE, default 60/minute): move submissions per player, pages and API together;
- "login_user_client" (LOGIN_USER_CLIENT_RATE, default 10/minute) and "login_username" (LOGIN_USERNAME_RATE, default
  100/hour): password attempts naming one username, from one client address and from anywhere, at any door;
- "login_ip" (LOGIN_IP_RATE, default 30/minute): password attempts from one client address, at any door.
"""

from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from league.api.serializers.accounts import TokenRequestSerializer
from league.throttles import DEFAULT_RATES, client_address, move_attempt, throttle_hit, username_attempt
from league.usernames import login_key

DEFAULT_MOVE_SUBMIT_RATE = DEFAULT_RATES["move_submit"]
DEFAULT_AUTH_TOKEN_IP_RATE = DEFAULT_RATES["login_ip"]


class _PolicyThrottle(BaseThrottle):
    """A DRF throttle that asks league.throttles; `attempt` answers None (go on) or the seconds to wait."""

    scope: str
    _wait: float | None = None

    def attempt(self, request: Request, view: APIView) -> float | None:
        raise NotImplementedError

    def allow_request(self, request: Request, view: APIView) -> bool:
        self._wait = self.attempt(request, view)
        return self._wait is None

    def wait(self) -> float | None:
        return self._wait


class MoveSubmitThrottle(_PolicyThrottle):
    """At most N move submissions per player and period, the page's move form included."""

    scope = "move_submit"

    def attempt(self, request: Request, view: APIView) -> float | None:
        if not request.user.is_authenticated:
            return None  # refused as unauthenticated anyway
        return move_attempt(user_id=request.user.pk)


class TokenAddressThrottle(_PolicyThrottle):
    """At most N password attempts from one client address per period, whatever the username: the guard against
    trying one password on many accounts. Checked first, so that every call counts here even when its body is
    refused."""

    scope = "login_ip"

    def attempt(self, request: Request, view: APIView) -> float | None:
        return throttle_hit(self.scope, client_address(request._request))


class TokenUsernameThrottle(_PolicyThrottle):
    """Password attempts naming one username (as log-in reads it: `login_key`), at any door: at most N per period
    from this client address, and a far higher bar from anywhere, the guard against guessing one account's password
    from many addresses. Every attempt counts, right or wrong (see docs/api.md)."""

    scope = "login_username"

    def attempt(self, request: Request, view: APIView) -> float | None:
        username = _username_tried(request)
        if username is None:
            return None  # no password can be tried without a username; the address throttle still counts the call
        waits = username_attempt(login_key(username), address=client_address(request._request), known=False)
        refused = [wait for wait in waits if wait is not None]
        return max(refused) if refused else None


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
