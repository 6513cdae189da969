"""A browser that has logged in as a user before is known to that user: it keeps a signed cookie naming (by an HMAC,
not in clear) the last few users it logged in as. The log-in doors then do not count its attempts against the
username's far higher bar from anywhere (league/throttles.py, "login_username"), so that an opponent who fails ten
times a minute with a player's name cannot keep the player out of their own browser past a deadline; the
username's bar from this client and the client's own bar still count.
"""

from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.utils.crypto import salted_hmac

from league.usernames import login_key

COOKIE = "known_login"
SALT = "cardleague.known-login"
MAX_AGE = timedelta(days=365)
KEEP = 8  # users remembered by one browser (a shared computer at a club)


def _mark(username: str) -> str:
    return salted_hmac(SALT, login_key(username)).hexdigest()[:24]


def _marks(request: HttpRequest) -> list[str]:
    raw = request.get_signed_cookie(COOKIE, default="", salt=SALT, max_age=MAX_AGE)
    return [mark for mark in str(raw).split(".") if mark]


def known_to(request: HttpRequest, username: str | None) -> bool:
    """Whether this browser has logged in as `username` before (as log-in reads the name)."""
    return bool(username) and _mark(str(username)) in _marks(request)


def known_remember(request: HttpRequest, response: HttpResponseBase, username: str) -> None:
    """Remember on the response that this browser has just logged in as `username`."""
    mark = _mark(username)
    marks = [mark, *(other for other in _marks(request) if other != mark)][:KEEP]
    response.set_signed_cookie(
        COOKIE,
        ".".join(marks),
        salt=SALT,
        max_age=int(MAX_AGE.total_seconds()),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
