"""The account's forms: sign-up with an e-mail address and the browser's time zone, the settings page (the name
shown at tables, address, language, time zone, the mails, the pushes and their quiet hours, the sound), and the
password reset that mails only a verified address."""

from collections.abc import Iterator
from datetime import datetime, time
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from league.long_select import LongSelect
from league.models import Account
from league.selectors.notifications import time_zone_valid
from league.zones import canonical, zone_choices

NOTIFICATION_LABELS = {
    "your_move": _("A mail when it is your move"),
    "deadline_near": _("A mail when your time at a table is nearly up"),
    "daily_digest": _("One mail a day listing the tables that wait for you, instead of a mail per move"),
    "season_news": _("A mail when a round of your seasons starts"),
}


class SignUpWithEmailForm(UserCreationForm):
    """league.forms.SignUpForm's fields, with the address to verify and the browser's time zone."""

    display_name = forms.CharField(label=_("Name shown at tables"), max_length=80)
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    # the user model's column is 254 characters (RFC 5321's path limit); the form field would allow 320
    email = forms.EmailField(
        label=_("E-mail address"),
        max_length=254,
        help_text=_("We send a link to verify it; mail goes only to a verified address."),
    )
    # filled by static/js/timezone.js from the browser; changeable later in the settings
    time_zone = forms.CharField(required=False, widget=forms.HiddenInput(attrs={"data-guess-time-zone": ""}))

    field_order = ["username", "email", "display_name", "language", "password1", "password2", "time_zone"]

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined,misc]  # the stubs leave Meta out
        fields = ("username",)


PUSH_LABELS = {
    "your_move": _("When it is your move"),
    "deadline_near": _("When your time at a table is nearly up"),
    "season_news": _("When a round of your seasons starts"),
    "tournament_start": _("When a tournament you entered starts"),
}


class SettingsForm(forms.Form):
    display_name = forms.CharField(label=_("Name shown at tables"), max_length=80)
    email = forms.EmailField(label=_("E-mail address"), max_length=254)
    # asked only when the address changes (league/services/email_change.py): a session alone may not move the mail
    password = forms.CharField(
        label=_("Your password"),
        help_text=_("Needed only to change the address."),
        required=False,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        help_text=_("Every time on the pages, in the mails and in push messages."),
        widget=LongSelect(attrs={"data-zone-picker": ""}),
    )
    your_move = forms.BooleanField(label=NOTIFICATION_LABELS["your_move"], required=False)
    deadline_near = forms.BooleanField(label=NOTIFICATION_LABELS["deadline_near"], required=False)
    daily_digest = forms.BooleanField(label=NOTIFICATION_LABELS["daily_digest"], required=False)
    season_news = forms.BooleanField(label=NOTIFICATION_LABELS["season_news"], required=False)
    push_your_move = forms.BooleanField(label=PUSH_LABELS["your_move"], required=False)
    push_deadline_near = forms.BooleanField(label=PUSH_LABELS["deadline_near"], required=False)
    push_season_news = forms.BooleanField(label=PUSH_LABELS["season_news"], required=False)
    push_tournament_start = forms.BooleanField(label=PUSH_LABELS["tournament_start"], required=False)
    quiet_start = forms.TimeField(
        label=_("Quiet from"), required=False, widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
    )
    quiet_end = forms.TimeField(
        label=_("Quiet until"), required=False, widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
    )
    sound = forms.BooleanField(
        label=_("A short sound when a table comes to you while you are on another page of the site"), required=False
    )

    def __init__(self, *args: Any, browser_zone: str | None = None, now: datetime | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        chosen = (self.initial.get("time_zone") or "") if not self.is_bound else self.data.get("time_zone", "")
        zone = self.fields["time_zone"]
        assert isinstance(zone, forms.ChoiceField)
        zone.choices = zone_choices(
            language=get_language() or settings.LANGUAGE_CODE,
            now=now or timezone.now(),
            first=browser_zone,
            keep=chosen if time_zone_valid(chosen) else None,
        )
        if not self.is_bound and chosen:
            self.initial["time_zone"] = canonical(chosen)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("quiet_start"), data.get("quiet_end")
        if (start is None) != (end is None):
            self.add_error(
                "quiet_end" if end is None else "quiet_start", _("Give both ends of the quiet hours, or neither.")
            )
        return data

    def notifications(self) -> dict[str, bool]:
        return {key: bool(self.cleaned_data[key]) for key in NOTIFICATION_LABELS}

    def push(self) -> dict[str, bool]:
        return {key: bool(self.cleaned_data[f"push_{key}"]) for key in PUSH_LABELS}

    def quiet_hours(self) -> dict[str, str] | None:
        start: time | None = self.cleaned_data.get("quiet_start")
        end: time | None = self.cleaned_data.get("quiet_end")
        if start is None or end is None:
            return None
        return {"start": start.strftime("%H:%M"), "end": end.strftime("%H:%M")}


class VerifiedAddressResetForm(PasswordResetForm):
    """Django's reset form, mailing only an account whose address is verified: an address put in by a session that
    was never confirmed never receives a reset (league/services/email_change.py)."""

    def get_users(self, email: str) -> Iterator[Any]:
        for user in super().get_users(email):
            verified = Account.objects.filter(player__user=user).values_list("verified_email", flat=True).first()
            if verified and verified.lower() == user.email.lower():
                yield user
