"""The player's preferred language, applied once when they are signed in (after that, the switcher's choice)."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

SESSION_FLAG = "player_language_applied"


class PlayerLanguageMiddleware:
    """After log-in, switch to the player's language (Player.language) for this response and set the language
    cookie, so that every later page, and LocaleMiddleware, follows it until the person picks another one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = None
        if request.user.is_authenticated and not request.session.get(SESSION_FLAG):
            player = getattr(request.user, "player", None)
            language = getattr(player, "language", None)
            request.session[SESSION_FLAG] = True
            if language in dict(settings.LANGUAGES):
                translation.activate(language)
                request.LANGUAGE_CODE = language
        response = self.get_response(request)
        if language in dict(settings.LANGUAGES):
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE, samesite="Lax"
            )
        return response
