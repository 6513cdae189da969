"""The organizer's form for a poker tournament: the structure of levels and the points table written as people
write them (one level a line, numbers in the order of the game's forced bets), the services checking the rest."""

import re
from datetime import timedelta
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from league.engines import engine_for
from league.services.poker_tournaments import PokerTournamentSpec

_NUMBERS = re.compile(r"[\s,;]+")


def forced_bets(game: str) -> list[dict[str, Any]]:
    """The game's forced-bet options (role `forced_bet`), in the order its engine declares them."""
    return [option for option in engine_for(game).options_schema() if option.get("role") == "forced_bet"]


def _whole_numbers(text: str) -> list[int] | None:
    parts = [part for part in _NUMBERS.split(text.strip()) if part]
    if not parts or not all(part.isascii() and part.isdigit() and len(part) <= 12 for part in parts):
        return None
    return [int(part) for part in parts]


class PokerTournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    starting_stack = forms.IntegerField(label=_("Starting stack"), min_value=1, max_value=1_000_000_000, initial=1000)
    table_size = forms.IntegerField(
        label=_("Seats at a table"), min_value=3, max_value=10, initial=6, help_text=_("3 to the game's limit.")
    )
    level_hands = forms.IntegerField(
        label=_("Hands per level"),
        min_value=1,
        max_value=10_000,
        initial=10,
        help_text=_("A level rises when the hands played since it began reach this number times the tables in play."),
    )
    levels = forms.CharField(
        label=_("Levels"),
        widget=forms.Textarea(attrs={"rows": 6}),
        max_length=5000,
        initial="10\n20\n30\n50\n75\n100\n150\n200",
    )
    points_table = forms.CharField(
        label=_("Points or prizes by place"),
        required=False,
        max_length=2000,
        initial="100 60 40 30 20 10",
        help_text=_("Place 1 first, separated by spaces; places past the list get nothing."),
    )
    time_per_move = forms.IntegerField(
        label=_("Hours per move"), min_value=1, max_value=24 * 30, initial=24, help_text=_("Each turn's time.")
    )
    rated = forms.BooleanField(label=_("The final places count for ratings"), required=False, initial=True)

    def __init__(self, *args: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.forced = forced_bets(game)
        # the engine's option labels are English, marked for translation ("Ante" reads 앤티)
        names = ", ".join(gettext(str(option["label"])) for option in self.forced)
        self.fields["levels"].help_text = _(
            "One level a line, each the forced bets in this order: %(names)s (numbers separated by spaces)."
        ) % {"names": names}
        if len(self.forced) > 1:
            self.fields["levels"].initial = "\n".join(f"{n} {n}" for n in (10, 20, 30, 50, 75, 100, 150, 200))

    def clean_levels(self) -> list[dict[str, int]]:
        levels = []
        for number, line in enumerate(self.cleaned_data["levels"].splitlines(), start=1):
            if not line.strip():
                continue
            values = _whole_numbers(line)
            if values is None or len(values) != len(self.forced):
                raise forms.ValidationError(
                    _("Line %(number)s: %(count)s whole numbers, one for each forced bet."),
                    params={"number": number, "count": len(self.forced)},
                )
            levels.append({option["name"]: value for option, value in zip(self.forced, values, strict=True)})
        if not levels:
            raise forms.ValidationError(_("At least one level."))
        return levels

    def clean_points_table(self) -> list[int]:
        text = self.cleaned_data["points_table"]
        if not text.strip():
            return []
        values = _whole_numbers(text)
        if values is None:
            raise forms.ValidationError(_("Whole numbers, place 1 first, separated by spaces."))
        return values

    def spec(self) -> PokerTournamentSpec:
        data = self.cleaned_data
        return PokerTournamentSpec(
            name=data["name"],
            game=self.game,
            starting_stack=data["starting_stack"],
            table_size=data["table_size"],
            level_hands=data["level_hands"],
            levels=data["levels"],
            points_table=data["points_table"],
            time_per_move=timedelta(hours=data["time_per_move"]),
            rated=data["rated"],
        )
