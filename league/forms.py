"""Forms of the pages: validation of what a person typed, nothing more. The services decide; a ServiceError they
raise becomes an error on the form (on its field when the error names one the form has)."""

import re
from datetime import timedelta
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.forms.fields import InvalidJSONInput, JSONString
from django.utils.translation import gettext_lazy as _

from games import GAME_NAMES
from league.errors import BadInput, ServiceError
from league.input import MAX_JSON_CHARS, MAX_JSON_NUMBER, json_check, json_parse
from league.labels import GAME_NAMES as GAME_LABELS
from league.labels import WORDS
from league.models import Entrant, Membership, Player, Season, Table
from league.services.seasons import SeasonSpec

CONFIRM_HELP = _("Tick to confirm: this cannot be undone.")
ROW_FIELD = re.compile("row_([0-9]{1,2})")


def add_service_error(form: forms.BaseForm, error: ServiceError) -> None:
    """Show a service's refusal on the form: on the field it names when the form has it, else above the form."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


def _choices(form: forms.Form, name: str) -> forms.ModelChoiceField:
    """A model choice field of the form, whose choices are set per season."""
    field = form.fields[name]
    assert isinstance(field, forms.ModelChoiceField)
    return field


class CheckedJSONField(forms.JSONField):
    """Django's JSON form field read through league.input (the validator of every JSON input): a document nested
    5,000 deep, a number too long for int() or an unpaired surrogate is a form error, not a 500, when it is read
    and again when the form is shown back with it."""

    def to_python(self, value: Any) -> Any:
        if self.disabled or value in self.empty_values or not isinstance(value, str):
            return super().to_python(value)
        try:
            converted = json_parse(value, max_bytes=MAX_JSON_CHARS)
        except BadInput as error:
            raise forms.ValidationError(error.message, code="invalid") from None
        return JSONString(converted) if isinstance(converted, str) else converted

    def bound_data(self, data: Any, initial: Any) -> Any:
        if self.disabled or data is None:
            return super().bound_data(data, initial)
        try:
            return json_parse(data, max_bytes=MAX_JSON_CHARS)
        except BadInput:
            return InvalidJSONInput(data)


class ConfirmField(forms.BooleanField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            required=True,
            label=_("I confirm"),
            help_text=CONFIRM_HELP,
            error_messages={"required": _("Tick the box to confirm.")},
            **kwargs,
        )


class SignUpForm(UserCreationForm):
    display_name = forms.CharField(label=_("Name shown at tables"), max_length=80)
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined,misc]  # the stubs leave Meta out
        fields = ("username",)


class InviteForm(forms.Form):
    """An organizer invites a player by username (the player accepts or declines through the invitation's link)."""

    username = forms.CharField(label=_("Username of the player to invite"), max_length=150)
    role = forms.ChoiceField(
        label=_("Role"),
        choices=[(role, WORDS[role]) for role in (Membership.Role.MEMBER, Membership.Role.ORGANIZER)],
        initial=Membership.Role.MEMBER,
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        username = data.get("username")
        if username:
            player = Player.objects.filter(user__username=username).first()
            if player is None:
                self.add_error("username", _("No player has this username."))
            data["player"] = player
        return data


class JoinRequestForm(forms.Form):
    message = forms.CharField(
        label=_("A word for the organizers (optional)"), max_length=200, required=False, widget=forms.TextInput
    )


class SeasonCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    game = forms.ChoiceField(label=_("Game"), choices=[(g, GAME_LABELS.get(g, g)) for g in GAME_NAMES])
    format = forms.ChoiceField(label=_("Format"), choices=[(v, WORDS[v]) for v in Season.Format.values])
    partners = forms.ChoiceField(
        label=_("Partners"), choices=[(v, WORDS[v]) for v in Season.Partners.values], initial=Season.Partners.NONE
    )
    rounds_planned = forms.IntegerField(label=_("Rounds (Swiss, multi-table)"), min_value=1, required=False)
    starting_stack = forms.IntegerField(label=_("Starting stack"), min_value=1, required=False)
    hand_limit = forms.IntegerField(label=_("Hand limit"), min_value=1, required=False)
    target_score = forms.IntegerField(label=_("Target score (Coinche)"), min_value=1, required=False)
    time_per_move_hours = forms.IntegerField(
        label=_("Time per move (hours)"), min_value=1, max_value=24 * 30, initial=24
    )
    options = forms.CharField(
        label=_("Other rule options (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_('For example {"ante": 5}. Leave empty for the game\'s defaults.'),
    )

    def clean_options(self) -> dict[str, Any]:
        raw = self.cleaned_data["options"].strip()
        if not raw:
            return {}
        try:
            value = json_parse(raw, max_bytes=MAX_JSON_CHARS)
        except BadInput as error:
            raise forms.ValidationError(error.message) from None
        if not isinstance(value, dict):
            raise forms.ValidationError(_('The options are a JSON object, e.g. {"ante": 5}.'))
        return value

    def spec(self) -> SeasonSpec:
        """The season's settings for `season_create`."""
        data = dict(self.cleaned_data)
        data["time_per_move"] = timedelta(hours=data.pop("time_per_move_hours"))
        return SeasonSpec(**data)


class EntrantRegisterForm(forms.Form):
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    partner = forms.ModelChoiceField(label=_("Partner (fixed teams)"), queryset=Player.objects.none(), required=False)
    name = forms.CharField(label=_("Team name"), max_length=120, required=False)

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        members = Player.objects.filter(memberships__club=season.club).order_by("display_name")
        _choices(self, "player").queryset = members
        _choices(self, "partner").queryset = members


class ConfirmForm(forms.Form):
    confirm = ConfirmField()


class WithdrawForm(forms.Form):
    entrant = forms.ModelChoiceField(label=_("Entrant"), queryset=Entrant.objects.none())
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)
    confirm = ConfirmField()

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choices(self, "entrant").queryset = Entrant.objects.filter(season=season, withdrawn=False)


class TableRulingForm(forms.Form):
    table = forms.ModelChoiceField(label=_("Table"), queryset=Table.objects.none())
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)
    confirm = ConfirmField()

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choices(self, "table").queryset = Table.objects.filter(round__season=season).order_by("round__number", "id")


class ForfeitForm(TableRulingForm):
    forfeiting = forms.ModelMultipleChoiceField(
        label=_("Forfeiting entrants"), queryset=Entrant.objects.none(), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, season=season, **kwargs)
        _choices(self, "forfeiting").queryset = Entrant.objects.filter(season=season)
        self.order_fields(["table", "forfeiting", "reason", "confirm"])


class MoveForm(forms.Form):
    """One move: a legal move as the page showed it (JSON), completed by what the player chose: an amount within
    the move's limits, a bid's points and suit, or the cards of a Palace row in order. The move is read and checked
    by league.input, the validator the API's parser uses, so that the page refuses exactly what the API refuses."""

    move = forms.CharField(max_length=MAX_JSON_CHARS)
    version = forms.IntegerField(min_value=0, max_value=2_147_483_647)
    key = forms.CharField(max_length=100)
    amount = forms.IntegerField(required=False, min_value=-MAX_JSON_NUMBER, max_value=MAX_JSON_NUMBER)
    points = forms.IntegerField(required=False, min_value=0, max_value=10_000)
    suit = forms.ChoiceField(required=False, choices=[("", "")] + [(s, s) for s in "SHDC"])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # a Palace row: one select per position, row_1 ... row_n, read in the order of the positions; a name that is
        # not row_ and ASCII digits is no position ("row_²" is a digit to str.isdigit, not to int)
        positions = {}
        for name, value in self.data.items():
            if match := ROW_FIELD.fullmatch(name):
                positions[int(match[1])] = value
        self.row_cards = [positions[n] for n in sorted(positions) if positions[n]]

    def clean_move(self) -> dict[str, Any]:
        try:
            move = json_parse(self.cleaned_data["move"], max_bytes=MAX_JSON_CHARS)
        except BadInput as error:
            raise forms.ValidationError(error.message) from None
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise forms.ValidationError(_("The move could not be read."))
        limits = [move[k] for k in ("min", "max") if k in move]
        if any(not isinstance(limit, int) or isinstance(limit, bool) for limit in limits):
            raise forms.ValidationError(_("The move could not be read."))
        return move

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        move = data.get("move")
        if not isinstance(move, dict):
            return data
        if "min" in move and "max" in move:
            amount = data.get("amount")
            if amount is None:
                self.add_error("amount", _("Enter an amount."))
            elif not move["min"] <= amount <= move["max"]:
                self.add_error(
                    "amount",
                    _("The amount must be from %(min)s to %(max)s.") % {"min": move["min"], "max": move["max"]},
                )
            move = {k: v for k, v in move.items() if k not in ("min", "max")}
            move["amount"] = amount
        if move["type"] == "bid" and "points" not in move:
            if data.get("points") is None or not data.get("suit"):
                self.add_error("points", _("Choose the points and the suit of your bid."))
            move["points"], move["suit"] = data.get("points"), data.get("suit")
        if move["type"] == "row" and "cards" not in move:
            move["cards"] = self.row_cards
        try:
            data["move"] = json_check(move)
        except BadInput as error:
            self.add_error("move", error.message)
        return data
