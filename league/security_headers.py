"""The headers every answer carries beyond Django's own (SecurityMiddleware's HSTS, nosniff, referrer policy;
XFrameOptionsMiddleware): a Content-Security-Policy, a Permissions-Policy, and `Cache-Control: private, no-store` on
every answer to a signed-in caller, which covers every answer that holds a seat's hidden cards (a table page, its
htmx fragments, the API's table, legal moves and moves) and keeps them out of shared and disk caches.

The policy is the settings' `SECURE_CSP` in the shape Django 6.0's own CSP middleware reads (a directive to a list
of sources), so that on Django 6 this middleware gives way to `django.middleware.csp.ContentSecurityPolicyMiddleware`
with the same setting. Django 5.2 has none; django-csp would be a dependency for a fixed header of one line, and its
4.0 configuration is its own shape, not Django 6's. Scripts come from this site alone ('self': no inline script, no
handler attribute, no eval; htmx is configured not to need them, templates/base.html), styles from this site and
style="" attributes (the boards set CSS variables inline).
"""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control


def policy_header(policy: dict[str, list[str]]) -> str:
    """`default-src 'self'; script-src 'self'; ...` from a directive-to-sources mapping."""
    return "; ".join(" ".join([directive, *sources]) for directive, sources in policy.items())


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.csp = policy_header(settings.SECURE_CSP)
        self.permissions = ", ".join(
            f"{feature}=({allowed})" for feature, allowed in settings.PERMISSIONS_POLICY.items()
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", self.csp)
        response.headers.setdefault("Permissions-Policy", self.permissions)
        # a token's caller is set on the request by DRF, a session's by AuthenticationMiddleware (absent when an
        # earlier middleware answered: then nothing private was)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            patch_cache_control(response, private=True, no_store=True)
        return response
