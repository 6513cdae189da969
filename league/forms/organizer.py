"""The organizer's forms of the club's pages (issue 34): entrants added to a tournament (members picked, or a pasted
list of names read against the members, with a message for each name that matches none), a vacation granted to an
entrant, a poker seat forfeited. Validation only: the services decide."""

from collections.abc import Iterable
from datetime import datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.forms.base import ConfirmField
from league.models import Club, Player
from league.selectors.clubs import members_named, names_split

MAX_NAMES_CHARS = 5000


class PlayerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        return str(obj.display_name)


class PlayersChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Any) -> str:
        return str(obj.display_name)


class EntrantsAddForm(forms.Form):
    """Members to enter: ticked in the list, or pasted by name (username or display name, one a line or separated by
    commas). Every name must be a member's: otherwise nobody is entered and each stray name is named."""

    members = PlayersChoiceField(
        label=_("Members"), queryset=Player.objects.none(), required=False, widget=forms.CheckboxSelectMultiple
    )
    names = forms.CharField(
        label=_("Or paste their names"),
        required=False,
        max_length=MAX_NAMES_CHARS,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Usernames or display names, one a line or separated by commas."),
    )

    def __init__(self, *args: Any, club: Club, entered: Iterable[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        field = self.fields["members"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = (
            Player.objects.filter(memberships__club=club).exclude(pk__in=list(entered)).order_by("display_name", "id")
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        picked = list(data.get("members") or [])
        read = members_named(club=self.club, names=names_split(data.get("names") or ""))
        for name in read.unknown:
            self.add_error(
                "names",
                gettext("“%(name)s” is not a member of this club: no member has this username or display name.")
                % {"name": name},
            )
        for name in read.ambiguous:
            self.add_error("names", gettext("“%(name)s” names two members: use a username.") % {"name": name})
        players = picked + [p for p in read.found if p not in picked]
        if not self.errors and not players:
            self.add_error(None, gettext("Tick members or paste their names."))
        data["players"] = players
        return data


class VacationGrantForm(forms.Form):
    """An organizer's grant: an entrant's player, from a day (in the season's zone), for whole days."""

    player = PlayerChoiceField(label=_("Player"), queryset=Player.objects.none())
    starts_on = forms.DateField(label=_("From"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    days = forms.IntegerField(label=_("Days"), min_value=1, max_value=365, initial=1)

    def __init__(self, *args: Any, players: Iterable[int], zone: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.zone = zone
        field = self.fields["player"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Player.objects.filter(pk__in=list(players)).order_by("display_name", "id")
        self.fields["starts_on"].initial = timezone.now().astimezone(ZoneInfo(zone)).date()

    def starts_at(self, now: datetime) -> datetime:
        """Midnight of the first day in the season's zone; now, when that day is today."""
        start = datetime.combine(self.cleaned_data["starts_on"], time(0), tzinfo=ZoneInfo(self.zone))
        return max(start, now)


class PokerForfeitForm(forms.Form):
    """T-D8: the player whose seat is forfeited, and why (kept, and shown with their place)."""

    player = PlayerChoiceField(label=_("Player"), queryset=Player.objects.none())
    reason = forms.CharField(label=_("Reason"), max_length=200)
    confirm = ConfirmField()

    def __init__(self, *args: Any, players: Iterable[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = Player.objects.filter(pk__in=list(players)).order_by("display_name", "id")
