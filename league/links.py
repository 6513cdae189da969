"""Every link that leaves the site — in a mail, a push message, the calendar feed, an invitation, the API's index —
is built from one setting, SITE_URL (where the site is), and never from a request's Host header: a request may name
any host (a proxy that passes the header on, a crafted request to an IP address), and a link built from it would
send a player, or a password reset, to someone else's server. `make run` sets SITE_URL to the address it serves;
`league.checks` warns when its host is not one the site answers to (ALLOWED_HOSTS)."""

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.urls import reverse


def site_url(path: str = "/") -> str:
    """The absolute address of a path of this site ("/tables/4/" -> "https://cards.example.org/tables/4/")."""
    return settings.SITE_URL.rstrip("/") + path


def site_link(name: str, *args: Any) -> str:
    """The absolute address of a named URL."""
    return site_url(reverse(name, args=args))


def site_host() -> str:
    """SITE_URL's host (and port), e.g. for the UIDs of calendar events."""
    return urlsplit(settings.SITE_URL).netloc
