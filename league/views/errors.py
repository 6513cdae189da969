"""Django's error handlers (config/urls.py): one error format for every request. Under /api/ the API's JSON body
(`{"error": {"code", "message", "field"}}`) whatever failed, a 500 or a body over Django's own limit included; on
the pages a styled 400/403/404/500 page in the visitor's language. A refused CSRF check (CSRF_FAILURE_VIEW) too."""

import logging
import sys

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader

from league.errors import error_body
from league.middleware import database_unavailable, unavailable

API_PREFIX = "/api/"
logger = logging.getLogger(__name__)


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def _api(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse(error_body(code=code, message=message), status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        if isinstance(exception, RequestDataTooBig):
            return _api("too_large", "The request body is too large.", 413)
        return _api("bad_request", "The request could not be read.", 400)
    return render(request, "400.html", {"message": ""}, status=400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        return _api("permission_denied", "You do not have permission to perform this action.", 403)
    return render(request, "403.html", status=403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form or an API call of a session sent without its CSRF token (or with another's): the page says what to do
    in the reader's language; the API answers its error format. The reason (Django's words for developers) is not
    shown."""
    if is_api(request):
        return _api("csrf_failed", "CSRF check failed: send the session's CSRF token in X-CSRFToken.", 403)
    return render(request, "403_csrf.html", status=403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if is_api(request):
        return _api("no_such_endpoint", "No such endpoint.", 404)
    return render(request, "404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    # Django calls this inside its `except`: a database that failed in a middleware (the session, the user) is a
    # 503 as it is in a view (league.middleware)
    if database_unavailable(sys.exc_info()[1]):
        return unavailable(request)
    if is_api(request):
        return _api("server_error", "Something went wrong on our side; it has been logged.", 500)
    try:
        # with the request's context (the visitor's language, the navigation) when that still works: the failure
        # may have been the database, which the context processors read
        return render(request, "500.html", status=500)
    except Exception:
        logger.exception("the 500 page could not be rendered with its context")
        return HttpResponse(loader.get_template("500_plain.html").render(), status=500)
