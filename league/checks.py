"""The league's system checks (run by every manage.py command and at a server's start): SITE_URL, from which every
link in mails, push messages and the calendar is built (league.links), must name a host the site answers to."""

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.checks import CheckMessage, Warning, register
from django.http.request import split_domain_port, validate_host


@register()
def site_url_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """W001: SITE_URL's host is not in ALLOWED_HOSTS (the links in mails would lead to a site that answers 400)."""
    parts = urlsplit(settings.SITE_URL)
    host, _port = split_domain_port(parts.netloc)
    if parts.scheme in ("http", "https") and host and validate_host(host, settings.ALLOWED_HOSTS):
        return []
    return [
        Warning(
            f"SITE_URL ({settings.SITE_URL!r}) does not name a host in ALLOWED_HOSTS "
            f"({', '.join(settings.ALLOWED_HOSTS) or 'none'}): the links in mails, push messages and the calendar feed "
            "lead to a site that would refuse them.",
            hint="Set SITE_URL to the address players reach the site at (e.g. https://cards.example.org), and put its "
            "host in ALLOWED_HOSTS (docs/deploy.md).",
            id="league.W001",
        )
    ]
