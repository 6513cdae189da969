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
from django.utils.functional import empty


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
        if _signed_in(request):
            patch_cache_control(response, private=True, no_store=True)
        return response


def _signed_in(request: HttpRequest) -> bool:
    """Whether the answer was made for a signed-in caller: a token's, whom DRF set on the request, or a session's,
    once something looked it up. A session user nothing looked up (AuthenticationMiddleware's lazy object, never
    evaluated) shaped nothing in the answer, and is not looked up here: that would cost a query, and fail when the
    database is what failed."""
    user = getattr(request, "user", None)
    found = getattr(user, "_wrapped", user)
    return found is not None and found is not empty and bool(getattr(found, "is_authenticated", False))
