"""The page's form for a new bracket tournament: what an organizer typed, read into a `TournamentSpec`; the service
checks the rest (and its refusals land on the field they name)."""

from datetime import timedelta
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games import available_games, get_engine
from league.models import Club, Season, Tournament
from league.services.tournaments import BEST_OF_MAX, TournamentSpec

FORMATS: list[tuple[str, Any]] = [
    (Tournament.Format.SINGLE_ELIM, _("Single elimination")),
    (Tournament.Format.DOUBLE_ELIM, _("Double elimination")),
    (Tournament.Format.MULTI_ELIM, _("Multiplayer elimination")),
    (Tournament.Format.TWO_STAGE, _("Two stages: a season, then a playoff")),
]
SEEDINGS = [
    (Tournament.Seeding.RATING, _("By rating")),
    (Tournament.Seeding.STANDINGS, _("By a season's standings")),
    (Tournament.Seeding.ENTERED, _("In the order entered")),
    (Tournament.Seeding.LOT, _("By lot (verifiable draw)")),
]
PLAYOFFS = [
    (Tournament.Playoff.SINGLE_ELIM, _("Single elimination")),
    (Tournament.Playoff.DOUBLE_ELIM, _("Double elimination")),
]


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    game = forms.ChoiceField(label=_("Game"))
    format = forms.ChoiceField(label=_("Format"), choices=FORMATS)
    seeding = forms.ChoiceField(label=_("Seeding"), choices=SEEDINGS, initial=Tournament.Seeding.RATING)
    season = forms.ModelChoiceField(
        label=_("Season"),
        queryset=Season.objects.none(),
        required=False,
        help_text=_("Whose standings seed the bracket, or the first stage of a two-stage tournament."),
    )
    best_of = forms.TypedChoiceField(
        label=_("Tables per match (best of)"),
        coerce=int,
        choices=[(n, str(n)) for n in range(1, BEST_OF_MAX + 1, 2)],
        initial=1,
    )
    third_place = forms.BooleanField(label=_("Third-place match"), required=False)
    grand_final_reset = forms.BooleanField(
        label=_("Grand final reset (double elimination)"), required=False, initial=True
    )
    advance = forms.IntegerField(
        label=_("Players going through from each table"),
        required=False,
        min_value=1,
        max_value=7,
        help_text=_("Multiplayer elimination; empty: half of each table."),
    )
    stage_top = forms.IntegerField(
        label=_("Entrants going through to the playoff"), required=False, min_value=2, max_value=1024
    )
    playoff = forms.ChoiceField(label=_("Playoff"), choices=PLAYOFFS, initial=Tournament.Playoff.SINGLE_ELIM)
    hours_per_move = forms.IntegerField(label=_("Hours per move"), min_value=1, max_value=24 * 30, initial=24)
    points = forms.CharField(
        label=_("Points by place"),
        required=False,
        max_length=400,
        help_text=_("Whole numbers for places 1, 2, 3 …, separated by commas; empty: no points."),
    )
    rated = forms.BooleanField(label=_("Tables count for ratings"), required=False, initial=True)

    def __init__(self, *args: object, club: Club, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        game = self.fields["game"]
        assert isinstance(game, forms.ChoiceField)
        game.choices = [(name, get_engine(name).title) for name in available_games()]
        season = self.fields["season"]
        assert isinstance(season, forms.ModelChoiceField)
        season.queryset = Season.objects.filter(club=club).order_by("-id")

    def clean_points(self) -> list[int]:
        text = self.cleaned_data["points"].strip()
        if not text:
            return []
        try:
            return [int(part) for part in text.split(",")]
        except ValueError:
            raise forms.ValidationError(_("Whole numbers separated by commas, such as 10, 6, 4.")) from None

    def spec(self) -> TournamentSpec:
        data = self.cleaned_data
        return TournamentSpec(
            name=data["name"],
            game=data["game"],
            format=data["format"],
            seeding=data["seeding"],
            season=data["season"],
            best_of=data["best_of"],
            third_place=data["third_place"],
            grand_final_reset=data["grand_final_reset"],
            advance=data["advance"],
            stage_top=data["stage_top"],
            playoff=data["playoff"],
            time_per_move=timedelta(hours=data["hours_per_move"]),
            points=data["points"],
            rated=data["rated"],
        )
