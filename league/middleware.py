"""Middleware of the pages and the API: the player's preferred language, applied once when they are signed in (after
that, the switcher's choice); the input guard at the door (league.input); a service's refusal that reached a page
uncaught, shown as a styled error page rather than a 500; a database that is unreachable (restarting, failing over,
or SQLite's lock wait run out) answered 503 with Retry-After, never a 500; the one budget of a request's waits on
Redis."""

from collections.abc import Callable

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import gettext as _

from league.errors import BadInput, InputTooLarge, ServiceError, error_body
from league.input import MAX_BODY_BYTES, strict_int, text_check
from league.redis_waits import request_budget
from league.services.accounts import account_settings_update

API_PREFIX = "/api/"

SESSION_FLAG = "player_language_applied"
# the language a visitor picked in the header, kept in the session (which survives logging in) so that the choice
# still wins once they log in, and is stored on their account then
HEADER_CHOICE = "language_chosen_in_header"
# seconds a client is asked to wait after a 503: about what a PostgreSQL restart or a failover takes
RETRY_AFTER = 5


class PlayerLanguageMiddleware:
    """After log-in, switch to the player's language (Player.language) for this response and set the language
    cookie, so that every later page, and LocaleMiddleware, follows it until the person picks another one. A
    language the visitor picked in the header before logging in wins over the stored one, and becomes the
    account's (issue 34: a choice made in the header holds until it is changed again)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = None
        if request.user.is_authenticated and not request.session.get(SESSION_FLAG):
            player = getattr(request.user, "player", None)
            language = getattr(player, "language", None)
            request.session[SESSION_FLAG] = True
            chosen = request.session.pop(HEADER_CHOICE, None)
            if player is not None and chosen in dict(settings.LANGUAGES):
                # recorded as the player's choice even when the log-in already took it as the browser's language
                # (league.views.accounts.PlayerLoginView): a later log-in from another browser must not replace it
                account_settings_update(player=player, language=chosen)
                language = chosen
            if language in dict(settings.LANGUAGES):
                translation.activate(language)
                request.LANGUAGE_CODE = language
        response = self.get_response(request)
        if language in dict(settings.LANGUAGES):
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE, samesite="Lax"
            )
        return response


def _refusal(request: HttpRequest, error: ServiceError) -> HttpResponse:
    """The error in the one format: the API's JSON body under /api/, else the styled page of its status."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse(error_body(**error.as_dict()), status=error.status)
    template = f"{error.status}.html" if error.status in (400, 403, 404) else "400.html"
    message = error.message or _("The request cannot be carried out.")
    return render(request, template, {"message": message}, status=error.status)


class InputGuardMiddleware:
    """What every request passes before any view: an API body over the limit is refused (413) before it is read, and
    a query string holding a NUL or an unpaired surrogate is refused (400); a ServiceError that no view caught
    becomes its own status in the one error format (a refused ?step= on a page is a 400 page, not a 500)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            if request.path.startswith(API_PREFIX):
                length = strict_int(request.META.get("CONTENT_LENGTH") or None, low=0, high=10**12, field="body")
                if length is not None and length > MAX_BODY_BYTES:
                    return _refusal(request, _too_large())
            text_check(request.path, field="path")
            for key, values in request.GET.lists():
                for text in (key, *values):
                    text_check(text, field=key)
        except BadInput as error:
            return _refusal(request, error)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, ServiceError):
            return _refusal(request, exception)
        if database_unavailable(exception):
            return unavailable(request)
        return None


def database_unavailable(error: BaseException | None) -> bool:
    """The errors of a database that cannot be reached or gave up waiting: the connection's (OperationalError,
    InterfaceError), which a moment later may not happen; not a bad query (ProgrammingError, IntegrityError)."""
    return isinstance(error, OperationalError | InterfaceError)


def unavailable(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: the API's error body under /api/, else the styled page (which reads no database)."""
    if request.path.startswith(API_PREFIX):
        response: HttpResponse = JsonResponse(unavailable_body(), status=503)
    else:
        response = render(request, "503.html", status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def _too_large() -> ServiceError:
    return InputTooLarge(f"The request body is too large: at most {MAX_BODY_BYTES:,} bytes.", field=None)


def unavailable_body() -> dict:
    """The API's error body of a 503."""
    return error_body(
        code="database_unavailable", message=_("The service is briefly unavailable; retry in a few seconds.")
    )


class RedisBudgetMiddleware:
    """Every request's waits on Redis (the throttles' cache, the outbox's publish) share one budget
    (league.redis_waits): outermost, so that every wait of the request, its on-commit publish included, counts."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with request_budget():
            return self.get_response(request)
