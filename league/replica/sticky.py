"""Read-your-writes: after a signed-in player's request that changed something (a POST, PUT, PATCH or DELETE
answered below 400), a signed cookie keeps that browser's reads on the primary for
`CARDLEAGUE_REPLICA_STICKY_SECONDS` (5 s), longer than the replica's usual lag: the move they just played, the
season they just entered, is on the next page they see.

A cookie rather than a key per player in the cache: it costs no round trip to Redis on every read page, and it
holds whether or not the processes share a cache (without CACHE_URL each keeps its own). Its age is checked by the
server (the signature's time stamp), not by the browser's clock. What it does not cover: an API client that drops
cookies, or the same player on another device within those seconds; each reads at most
`CARDLEAGUE_REPLICA_MAX_LAG_SECONDS` behind (league.replica.health), and a write's own answer carries what it wrote.
"""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

COOKIE = "primary_reads"
_SALT = "league.replica.sticky"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class ReplicaStickyMiddleware:
    """Marks the answer to a signed-in player's successful write (installed with the replica, config/settings.py;
    after AuthenticationMiddleware, so that an API token's player, known only in the view, is seen too)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if request.method in WRITES and response.status_code < 400 and user is not None and user.is_authenticated:
            response.set_signed_cookie(
                COOKIE,
                "1",
                salt=_SALT,
                max_age=settings.CARDLEAGUE_REPLICA_STICKY_SECONDS,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response


def sticky_marked(request: HttpRequest) -> bool:
    """Whether this browser wrote in the last seconds (a cookie that is not ours, or too old, does not count)."""
    if COOKIE not in request.COOKIES:
        return False
    value = request.get_signed_cookie(
        COOKIE, default=None, salt=_SALT, max_age=settings.CARDLEAGUE_REPLICA_STICKY_SECONDS
    )
    return value is not None
