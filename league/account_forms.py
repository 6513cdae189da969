"""The account's forms: sign-up with an e-mail address and the browser's time zone, the settings page, and the
password reset that mails only a verified address."""

from collections.abc import Iterator
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from league.models import Account
from league.selectors.notifications import time_zone_names

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


class SettingsForm(forms.Form):
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
    time_zone = forms.ChoiceField(label=_("Time zone"), help_text=_("Every time on the pages and in the mails."))
    your_move = forms.BooleanField(label=NOTIFICATION_LABELS["your_move"], required=False)
    deadline_near = forms.BooleanField(label=NOTIFICATION_LABELS["deadline_near"], required=False)
    daily_digest = forms.BooleanField(label=NOTIFICATION_LABELS["daily_digest"], required=False)
    season_news = forms.BooleanField(label=NOTIFICATION_LABELS["season_news"], required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name) for name in time_zone_names()]  # type: ignore[attr-defined]

    def notifications(self) -> dict[str, bool]:
        return {key: bool(self.cleaned_data[key]) for key in NOTIFICATION_LABELS}


class VerifiedAddressResetForm(PasswordResetForm):
    """Django's reset form, mailing only an account whose address is verified: an address put in by a session that
    was never confirmed never receives a reset (league/services/email_change.py)."""

    def get_users(self, email: str) -> Iterator[Any]:
        for user in super().get_users(email):
            verified = Account.objects.filter(player__user=user).values_list("verified_email", flat=True).first()
            if verified and verified.lower() == user.email.lower():
                yield user
