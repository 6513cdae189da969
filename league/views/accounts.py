"""Sign-up (a user and its player, through the clubs service), the language switcher and a player's profile."""

import math
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.utils.translation import get_language, get_language_from_request
from django.utils.translation import gettext as _
from django.views.i18n import set_language

from league.caller import player_or_none, player_required
from league.errors import ServiceError
from league.forms.accounts import SignUpWithEmailForm, VerifiedAddressResetForm
from league.forms.base import add_service_error
from league.known_clients import known_remember, known_to
from league.middleware import HEADER_CHOICE
from league.models import Player
from league.replica.scope import replica_reads
from league.selectors.profiles import CHART_POINTS, rating_charts, table_history, tournament_places
from league.services.accounts import account_browser_defaults, account_settings_update, account_signup
from league.services.tokens import token_revoke, token_rotate, tokens_of
from league.throttles import login_attempt, mail_attempt, signup_attempt
from league.timezones import browser_time_zone


def throttled_page(request: HttpRequest, wait: float) -> HttpResponse:
    """429 with the seconds to wait, the page's answer when a door's throttle (league/throttles.py) says no."""
    seconds = math.ceil(wait)
    response = render(request, "registration/throttled.html", {"seconds": seconds}, status=429)
    response["Retry-After"] = str(seconds)
    return response


def login_throttled(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """A log-in door (the pages' log-in, the admin's): each POST counts as a password attempt, per address and per
    username, in the same counters as the API's token endpoint, before the password is checked; a browser that
    logged in as that user before is not held back by others' failures (league/known_clients.py), and one that logs
    in now is remembered."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        username = request.POST.get("username")
        wait = login_attempt(request, username=username, known=known_to(request, username))
        if wait is not None:
            return throttled_page(request, wait)
        response = view(request, *args, **kwargs)
        if request.user.is_authenticated and response.status_code in (301, 302, 303):
            known_remember(request, response, request.user.get_username())
        return response

    return guarded


def signup(request: HttpRequest) -> HttpResponse:
    form = SignUpWithEmailForm(request.POST or None, initial={"language": get_language()})
    if request.method == "POST" and form.is_valid():
        # an account about to be made, and a mail about to go: counted per client address and per address mailed
        wait = signup_attempt(request) or mail_attempt(request, user_id=None, recipients=[form.cleaned_data["email"]])
        if wait is not None:
            return throttled_page(request, wait)
        try:
            player = account_signup(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                display_name=form.cleaned_data["display_name"],
                language=form.cleaned_data["language"],
                email=form.cleaned_data["email"],
                time_zone=form.cleaned_data["time_zone"],
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            login(request, player.user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("welcome")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


def language_set(request: HttpRequest) -> HttpResponse:
    """Django's switcher (the language cookie, back to `next`); for a signed-in player also Player.language, which
    the API and the emails follow, so that the choice made in the pages holds everywhere."""
    response = set_language(request)
    # the cookie is set only for a POST of a language Django has translations for; of those, only the site's own
    # LANGUAGES fit Player.language
    cookie = response.cookies.get(settings.LANGUAGE_COOKIE_NAME)
    language = cookie.value if cookie is not None else None
    player = player_or_none(request)
    if player is not None and language in dict(settings.LANGUAGES) and language != player.language:
        # the player's choice: the browser's language no longer replaces it at log-in
        account_settings_update(player=player, language=language)
    elif player is None and language in dict(settings.LANGUAGES):
        # a visitor's choice: it still wins once they log in (league.middleware.PlayerLanguageMiddleware)
        request.session[HEADER_CHOICE] = language
    return response


def _asks_language(request: HttpRequest) -> bool:
    return bool(request.META.get("HTTP_ACCEPT_LANGUAGE")) or settings.LANGUAGE_COOKIE_NAME in request.COOKIES


class PlayerLoginView(auth_views.LoginView):
    """Django's log-in; an account still on the default time zone or language then takes the browser's (the zone
    static/js/timezone.js keeps in its cookie, the language the browser asks for)."""

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        player = player_or_none(self.request)
        if player is not None:
            account_browser_defaults(
                player=player,
                time_zone=browser_time_zone(self.request),
                # what the browser asks for (or was switched to here), never the site's default for a browser that
                # said nothing
                language=get_language_from_request(self.request) if _asks_language(self.request) else None,
            )
        return response


@replica_reads
def profile(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.prefetch_related("ratings"), pk=player_id)
    return render(
        request,
        "league/profile.html",
        {
            "profile": player,
            "ratings": player.ratings.all(),
            "results": table_history(player=player),
            "tournaments": tournament_places(player=player),
            "charts": rating_charts(player=player),
            "chart_points": CHART_POINTS,
        },
    )


@login_required
def tokens_page(request: HttpRequest) -> HttpResponse:
    """The owner's API token: when it was made and expires; rotate (the new key shown once, on this answer) or
    revoke it."""
    new_key = None
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "rotate":
            new_key = token_rotate(user_id=player_required(request).user_id).key
        elif action == "revoke":
            token_revoke(user_id=player_required(request).user_id)
            messages.success(request, _("The token is revoked: it no longer works."))
            return redirect("tokens")
        else:
            return render(request, "400.html", {"message": _("Unknown action.")}, status=400)
    return render(
        request,
        "account/tokens.html",
        {"tokens": tokens_of(user_id=player_required(request).user_id), "new_key": new_key},
    )


def password_attempt_throttled(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """The password change checks the old password: a door for guessing it with a stolen session, counted with the
    log-in doors under the account's username (from this signed-in browser, so others' failures elsewhere do not
    close it)."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method == "POST":
            username = request.user.get_username() if request.user.is_authenticated else None
            wait = login_attempt(request, username=username, known=True)
            if wait is not None:
                return throttled_page(request, wait)
        return view(request, *args, **kwargs)

    return guarded


def reset_mail_throttled(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """The reset form sends mail: counted per client address and per address typed, whether an account has it or
    not (the answer must not tell which)."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method == "POST":
            wait = mail_attempt(request, user_id=None, recipients=[str(request.POST.get("email") or "")])
            if wait is not None:
                return throttled_page(request, wait)
        return view(request, *args, **kwargs)

    return guarded


class TokenEndingPasswordChangeView(auth_views.PasswordChangeView):
    """Django's change form (which keeps this session and ends the others: their session hash no longer matches),
    ending the account's API token too: a thief's token does not outlive the password it was made with."""

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        token_revoke(user_id=form.user.pk)
        return response


class TokenEndingPasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's reset, which ends every session of the account (none of them matches the new password's hash), ending
    its API token too."""

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        token_revoke(user_id=form.user.pk)
        return response


class SitePasswordResetView(auth_views.PasswordResetView):
    """Django's reset form, whose mail links to SITE_URL, never to the request's Host header, and goes only to a
    verified address (league.forms.accounts.VerifiedAddressResetForm)."""

    form_class = VerifiedAddressResetForm

    def form_valid(self, form: Any) -> HttpResponse:
        site = urlsplit(settings.SITE_URL)
        form.save(
            domain_override=site.netloc,
            use_https=site.scheme == "https",
            token_generator=self.token_generator,
            from_email=self.from_email,
            email_template_name=self.email_template_name,
            subject_template_name=self.subject_template_name,
            request=self.request,
            html_email_template_name=self.html_email_template_name,
            extra_email_context=self.extra_email_context,
        )
        return HttpResponseRedirect(self.get_success_url())


password_change = password_attempt_throttled(
    login_required(
        TokenEndingPasswordChangeView.as_view(
            template_name="account/password_change.html", success_url=reverse_lazy("password_change_done")
        )
    )
)
password_change_done = login_required(
    auth_views.PasswordChangeDoneView.as_view(template_name="account/password_change_done.html")
)
password_reset = reset_mail_throttled(
    SitePasswordResetView.as_view(
        template_name="account/password_reset.html",
        email_template_name="account/password_reset_email.txt",
        subject_template_name="account/password_reset_subject.txt",
        success_url=reverse_lazy("password_reset_done"),
    )
)
password_reset_done = auth_views.PasswordResetDoneView.as_view(template_name="account/password_reset_done.html")
password_reset_confirm = TokenEndingPasswordResetConfirmView.as_view(
    template_name="account/password_reset_confirm.html", success_url=reverse_lazy("password_reset_complete")
)
password_reset_complete = auth_views.PasswordResetCompleteView.as_view(
    template_name="account/password_reset_complete.html"
)
