"""The forms of a running season's console: entrants registered, a division added, the season rolled over, a
vacation taken, an entrant withdrawn, and the organizer's rulings on a table (annulled, forfeited, its sweep mark
cleared). The season's settings are league.forms.season_settings."""

from datetime import datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.forms.base import ConfirmField, model_choices
from league.models import Entrant, Player, Season, Table


def _not_entered(season: Season) -> Any:
    """The club's members not yet entered in the season, by name."""
    entered = Entrant.objects.filter(competition=season)
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
        model_choices(self, "player").queryset = members
        model_choices(self, "partner").queryset = members
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
        model_choices(self, "entrant").queryset = Entrant.objects.filter(competition=season, withdrawn=False)


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
        model_choices(self, "table").queryset = (
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
        model_choices(self, "table").queryset = Table.objects.filter(round__season=season)


class ForfeitForm(TableRulingForm):
    forfeiting = forms.ModelMultipleChoiceField(
        label=_("Forfeiting entrants"), queryset=Entrant.objects.none(), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, season=season, **kwargs)
        model_choices(self, "forfeiting").queryset = Entrant.objects.filter(competition=season)
        self.order_fields(["table", "forfeiting", "reason", "confirm"])
