"""The player's settings page (name, address, language, time zone, each kind of mail and push, quiet hours, sound,
the calendar link), the address's verification link, the browsers that take push (and the service worker at the
site's root that shows their messages), the in-app notifications with the header's poll, and the calendar feed."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from league.caller import player_required
from league.errors import ServiceError
from league.forms.accounts import SettingsForm
from league.forms.base import add_service_error
from league.input import json_parse
from league.links import site_link
from league.models import Account, Notification, Player, PushSubscription
from league.selectors.calendar import calendar_feed
from league.selectors.notifications import (
    account_or_default,
    email_verified,
    newest_turn_table,
    notification_target,
    notifications_of,
    unread_summary,
)
from league.services.accounts import (
    account_settings_update,
    calendar_token_of,
    calendar_token_rotate,
    email_verification_send,
    email_verify,
)
from league.services.notifications import notifications_read
from league.services.push import push_enabled, push_settings, push_subscription_add, push_subscription_remove
from league.services.reminders import notification_settings
from league.throttles import login_attempt, mail_attempt
from league.timezones import browser_time_zone, time_zone_remember
from league.views.accounts import throttled_page


@login_required
def settings_page(request: HttpRequest) -> HttpResponse:
    player = player_required(request)
    account = account_or_default(player)
    pushes = push_settings(player)
    quiet = pushes["quiet_hours"] or {}
    browser_zone = browser_time_zone(request)
    initial = {
        "display_name": player.display_name,
        # a change asked for shows in the box until it is confirmed (so that saving other settings keeps it)
        "email": account.pending_email or player.user.email,
        "language": player.language,
        # until the player chooses, the zone in effect is the browser's: the picker starts on it
        "time_zone": account.time_zone if account.time_zone_chosen else browser_zone or account.time_zone,
        **notification_settings(player),
        **{f"push_{key}": value for key, value in pushes["events"].items()},
        "quiet_start": quiet.get("start"),
        "quiet_end": quiet.get("end"),
        "sound": (player.settings or {}).get("sound") is True,
    }
    form = SettingsForm(request.POST or None, initial=initial, browser_zone=browser_zone)
    if request.method == "POST" and form.is_valid():
        if (wait := _address_change_attempt(request, player, account, form.cleaned_data["email"])) is not None:
            return throttled_page(request, wait)
        try:
            account = account_settings_update(
                player=player,
                display_name=form.cleaned_data["display_name"],
                email=form.cleaned_data["email"],
                password=form.cleaned_data["password"],
                language=form.cleaned_data["language"],
                time_zone=form.cleaned_data["time_zone"],
                notifications=form.notifications(),
                preferences={
                    "sound": form.cleaned_data["sound"],
                    "push": form.push(),
                    "quiet_hours": form.quiet_hours(),
                },
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            time_zone_remember(request, account.time_zone)
            response = redirect("settings")
            # the pages follow the chosen language from the next one on (the language cookie, as the switcher sets)
            response.set_cookie(settings.LANGUAGE_COOKIE_NAME, form.cleaned_data["language"], samesite="Lax")
            with translation.override(form.cleaned_data["language"]):
                messages.success(request, _("Your settings are saved."))
            return response
    context = {
        "form": form,
        "address": player.user.email,
        "pending": account.pending_email,
        "verified": email_verified(player, account),
        "feed": site_link("calendar_feed", account.calendar_token) if account.calendar_token else None,
        "push_key": settings.VAPID_PUBLIC_KEY if push_enabled() else "",
        "push_browsers": PushSubscription.objects.filter(player=player).count(),
    }
    return render(request, "league/settings/settings.html", context, status=400 if form.errors else 200)


def _address_change_attempt(request: HttpRequest, player: Player, account: Account, email: str) -> float | None:
    """A new address asked for sends two mails and checks the password: counted as a mail door and a password door
    (league/throttles.py); None when nothing changes or the counts allow it, else the seconds to wait."""
    if email.lower() in (player.user.email.lower(), account.pending_email.lower()):
        return None
    return login_attempt(request, username=player.user.get_username(), known=True) or mail_attempt(
        request, user_id=player.user_id, recipients=[email, player.user.email]
    )


@login_required
@require_POST
def settings_verify_send(request: HttpRequest) -> HttpResponse:
    player = player_required(request)
    if (wait := mail_attempt(request, user_id=player.user_id, recipients=[player.user.email])) is not None:
        return throttled_page(request, wait)
    email_verification_send(player=player)
    messages.success(request, _("We sent the link to %(email)s.") % {"email": player.user.email})
    return redirect("settings")


@login_required
@require_POST
def settings_calendar(request: HttpRequest) -> HttpResponse:
    """Make the calendar link, or replace it (the old one stops working)."""
    player = player_required(request)
    if request.POST.get("action") == "rotate":
        calendar_token_rotate(player=player)
    else:
        calendar_token_of(player=player)
    return redirect(reverse("settings") + "#calendar")


def email_verify_page(request: HttpRequest, token: str) -> HttpResponse:
    """The link of the verification mail: whoever opens it confirms the address (the signature is the proof)."""
    try:
        email_verify(token=token)
    except ServiceError as error:
        return render(request, "400.html", {"message": error.message}, status=400)
    messages.success(request, _("Your e-mail address is verified: reminders will reach you."))
    return redirect("settings" if request.user.is_authenticated else "login")


@login_required
def notifications_page(request: HttpRequest) -> HttpResponse:
    player = player_required(request)
    if request.method == "POST":
        notifications_read(player=player, now=timezone.now())
        return redirect("notifications")
    return render(request, "league/settings/notifications.html", {"notifications": notifications_of(player)})


@login_required
def notification_open(request: HttpRequest, notification_id: int) -> HttpResponse:
    """Opening a notification marks it read and goes to what it is about."""
    player = player_required(request)
    notification = Notification.objects.filter(player=player, pk=notification_id).first()
    if notification is None:
        raise Http404
    notifications_read(player=player, notification_id=notification.pk, now=timezone.now())
    return redirect(notification_target(notification))


def calendar_page(request: HttpRequest, token: str) -> HttpResponse:
    """The player's deadlines and rounds as iCalendar (RFC 5545); the token in the address is the only key."""
    account = Account.objects.select_related("player").filter(calendar_token=token).first()
    if account is None or not token:
        raise Http404
    with translation.override(account.player.language):
        text = calendar_feed(player=account.player)
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="cardleague.ics"'
    response["Cache-Control"] = "private, max-age=300"
    return response


@require_GET
def notifications_unread(request: HttpRequest) -> HttpResponse:
    """Polled by static/js/notify.js on every page: the unread count and the newest unread "your move" (when it was
    raised and its table), as JSON; a visitor gets 403."""
    if not request.user.is_authenticated:
        return JsonResponse({"code": "not_authenticated"}, status=403)
    player = player_required(request)
    summary = unread_summary(player)
    summary["turn_table"] = newest_turn_table(player) if summary["turn"] else None
    response = JsonResponse(summary)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> HttpResponse:
    """static/js/push.js hands over this browser's push subscription (PushSubscription.toJSON(): endpoint and keys)."""
    player = player_required(request)
    data = json_parse(request.body, field="subscription", max_bytes=4096)
    keys = data.get("keys") if isinstance(data, dict) else None
    if not isinstance(keys, dict):
        return JsonResponse(
            {"code": "bad_subscription", "message": "A subscription has an endpoint and keys."}, status=400
        )
    try:
        push_subscription_add(
            player=player,
            endpoint=data.get("endpoint"),
            p256dh=str(keys.get("p256dh", "")),
            auth=str(keys.get("auth", "")),
            now=timezone.now(),
        )
    except ServiceError as error:
        return JsonResponse(error.as_dict(), status=error.status)
    return JsonResponse({"subscribed": True}, status=201)


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> HttpResponse:
    player = player_required(request)
    data = json_parse(request.body, field="subscription", max_bytes=4096)
    endpoint = data.get("endpoint") if isinstance(data, dict) else None
    removed = push_subscription_remove(player=player, endpoint=endpoint) if isinstance(endpoint, str) else 0
    return JsonResponse({"removed": removed})


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, at the site's root so that its scope is the whole site: it shows a push message and opens
    its page when tapped."""
    response = HttpResponse(render_to_string("league/sw.js"), content_type="application/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
