"""Forms of the pages: validation of what a person typed, nothing more. The services decide; a ServiceError they
raise becomes an error on the form (on its field when the error names one the form has). Every form renders through
`FormRenderer` (templates/forms/): a label above its input, a box beside its label, the confirmation last.
The season settings' forms are in league/season_forms.py."""

import re
from datetime import datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm
from django.core.validators import MaxValueValidator, MinValueValidator
from django.forms.fields import InvalidJSONInput, JSONString
from django.forms.renderers import TemplatesSetting
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.errors import BadInput, ServiceError
from league.input import MAX_JSON_CHARS, MAX_JSON_NUMBER, json_check, json_parse
from league.labels import error_words
from league.models import Entrant, Membership, Player, Season, Table

CONFIRM_HELP = _("Tick to confirm: this cannot be undone.")
# a part of a move the player chooses on the page: "move.<key>" fills that key of the legal move shown,
# "move.<key>.<n>" position n of a list (the cards of a row, in order); ASCII only ("²" is a digit to str.isdigit)
MOVE_PART = re.compile("move\\.([a-z][a-z_]{0,29})(?:\\.([0-9]{1,2}))?")
WHOLE_NUMBER = re.compile("-?[0-9]{1,9}")


class FormRenderer(TemplatesSetting):
    """The site's forms (settings.FORM_RENDERER): Django's own form templates, with the project's field template."""

    form_template_name = "forms/div.html"
    field_template_name = "forms/field.html"


def add_service_error(form: forms.BaseForm, error: ServiceError) -> None:
    """Show a service's refusal on the form: on the field it names when the form has it, else above the form."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error_words(error))


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
    """The box that confirms a destructive action; forms list it last, and the field template sets it apart."""

    confirm = True

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("help_text", CONFIRM_HELP)
        super().__init__(
            required=True,
            label=_("I confirm"),
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
        choices=[(role.value, role.label) for role in (Membership.Role.MEMBER, Membership.Role.ORGANIZER)],
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


def _not_entered(season: Season) -> Any:
    """The club's members not yet entered in the season, by name."""
    entered = Entrant.objects.filter(season=season)
    return (
        Player.objects.filter(memberships__club=season.club)
        .exclude(pk__in=entered.values("player_id"))
        .exclude(pk__in=entered.exclude(partner=None).values("partner_id"))
        .order_by("display_name", "pk")
    )


class EntrantRegisterForm(forms.Form):
    """One entrant: a member, or in a fixed-teams season a team of two members and its name."""

    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    partner = forms.ModelChoiceField(label=_("Partner"), queryset=Player.objects.none(), required=False)
    name = forms.CharField(label=_("Team name"), max_length=120, required=False)

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        members = _not_entered(season)
        _choices(self, "player").queryset = members
        _choices(self, "partner").queryset = members
        if season.partners != Season.Partners.FIXED:
            del self.fields["partner"], self.fields["name"]
        else:
            self.fields["partner"].required = True


class MembersRegisterForm(forms.Form):
    """Several members entered at once, each an entrant of their own."""

    players = forms.ModelMultipleChoiceField(
        label=_("Members not yet entered"), queryset=Player.objects.none(), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["players"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = _not_entered(season)


class ConfirmForm(forms.Form):
    confirm = ConfirmField()


class RolloverForm(forms.Form):
    """The next edition of a finished season's league: every division, every setting carried over."""

    name = forms.CharField(label=_("Name of the next edition"), max_length=120)
    confirm = ConfirmField(help_text=_("Tick to confirm: this season and its divisions are archived."))


class DivisionAddForm(forms.Form):
    division_name = forms.CharField(label=_("Name of the new division"), max_length=60)


class VacationTakeForm(forms.Form):
    """Days off in a season: from a day (in the season's time zone), for whole days within what is left."""

    starts_on = forms.DateField(label=_("From"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    days = forms.IntegerField(label=_("Days"), min_value=1, initial=1)

    def __init__(self, *args: Any, zone: str, left: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.zone = zone
        self.fields["starts_on"].initial = timezone.now().astimezone(ZoneInfo(zone)).date()
        days = self.fields["days"]
        assert isinstance(days, forms.IntegerField)
        most = max(left, 1)
        days.max_value = most
        days.widget.attrs["max"] = most
        days.validators = [MinValueValidator(1), MaxValueValidator(most)]

    def starts_at(self, now: datetime) -> datetime:
        """Midnight of the first day in the season's zone; now, when that day is today."""
        start = datetime.combine(self.cleaned_data["starts_on"], time(0), tzinfo=ZoneInfo(self.zone))
        return max(start, now)


class WithdrawForm(forms.Form):
    entrant = forms.ModelChoiceField(label=_("Entrant"), queryset=Entrant.objects.none())
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)
    confirm = ConfirmField()

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choices(self, "entrant").queryset = Entrant.objects.filter(season=season, withdrawn=False)


class TableChoiceField(forms.ModelChoiceField):
    """A season's table as people know it: its round, its number and who sits at it."""

    def label_from_instance(self, obj: Any) -> str:
        players = " – ".join(seat.player.display_name for seat in obj.seats.all())
        number = obj.round.number if obj.round is not None else "?"
        return str(_("Round %(n)s, table #%(id)s") % {"n": number, "id": obj.pk}) + f": {players}"


class TableRulingForm(forms.Form):
    table = TableChoiceField(label=_("Table"), queryset=Table.objects.none())
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)
    confirm = ConfirmField()

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choices(self, "table").queryset = (
            Table.objects.filter(round__season=season)
            .select_related("round")
            .prefetch_related("seats__player")
            .order_by("round__number", "id")
        )


class SweepMarkClearForm(forms.Form):
    """One table of the season whose clock-sweep mark an organizer clears (a button beside the table)."""

    table = forms.ModelChoiceField(queryset=Table.objects.none(), widget=forms.HiddenInput)

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choices(self, "table").queryset = Table.objects.filter(round__season=season)


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
    the move's limits (the protocol's free amount), and any part the page asks for in fields named after the move's
    keys (`move.points`, `move.suit`, `move.cards.1` ...), so that no game needs a case of its own here. The move
    is read and checked by league.input, the validator the API's parser uses, and the engine refuses a key it does
    not define, so that the page refuses exactly what the API refuses."""

    move = forms.CharField(max_length=MAX_JSON_CHARS)
    version = forms.IntegerField(min_value=0, max_value=2_147_483_647)
    key = forms.CharField(max_length=100)
    amount = forms.IntegerField(required=False, min_value=-MAX_JSON_NUMBER, max_value=MAX_JSON_NUMBER)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parts: dict[str, Any] = {}
        lists: dict[str, dict[int, str]] = {}
        for name, value in self.data.items():
            if not (match := MOVE_PART.fullmatch(name)) or not isinstance(value, str):
                continue
            if match[2] is None:
                # a whole number chosen in a select is a number in the move, as the API sends it
                self.parts[match[1]] = int(value) if WHOLE_NUMBER.fullmatch(value) else value
            else:
                lists.setdefault(match[1], {})[int(match[2])] = value
        for key, positions in lists.items():
            self.parts[key] = [positions[n] for n in sorted(positions)]

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
        parts = {key: value for key, value in self.parts.items() if key not in move}
        if any(value in ("", None) or (isinstance(value, list) and "" in value) for value in parts.values()):
            self.add_error("move", _("Choose every part of your move."))
        move = {**move, **parts}
        try:
            data["move"] = json_check(move)
        except BadInput as error:
            self.add_error("move", error.message)
        return data


class TableSettingsForm(forms.Form):
    """The card table's one setting, on the settings page."""

    confirm_moves = forms.BooleanField(
        label=_("Confirm every move"),
        required=False,
        help_text=_(
            "At the table a click chooses a card or a move and a second click (or Play) sends it. Off, one "
            "click sends it."
        ),
    )
