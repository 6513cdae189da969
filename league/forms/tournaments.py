"""The page's forms of bracket tournaments: a new tournament (what an organizer typed, read into a
`TournamentSpec`), a team entered by an organizer, an organizer's forfeit ruling; the services check the rest (and
their refusals land on the field they name)."""

from datetime import timedelta
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import available_games, get_engine
from league.models import Club, Player, Season, Tournament
from league.services.tournaments import BEST_OF_MAX, TournamentSpec

FORMATS: list[tuple[str, Any]] = [
    (Tournament.Format.SINGLE_ELIM, _("Single elimination")),
    (Tournament.Format.DOUBLE_ELIM, _("Double elimination")),
    (Tournament.Format.MULTI_ELIM, _("Multiplayer elimination")),
    (Tournament.Format.TWO_STAGE, _("Two stages: a season or groups, then a playoff")),
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
    name = forms.CharField(label=_("Name"), max_length=120)
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
        label=_("Entrants going through to the playoff"),
        required=False,
        min_value=1,
        max_value=1024,
        help_text=_("With groups: how many of each group."),
    )
    groups = forms.IntegerField(
        label=_("Groups"),
        required=False,
        min_value=1,
        max_value=64,
        help_text=_("Two stages without a season: the entrants are drawn into this many groups, each a round robin."),
    )
    playoff = forms.ChoiceField(label=_("Playoff"), choices=PLAYOFFS, initial=Tournament.Playoff.SINGLE_ELIM)
    per_division = forms.BooleanField(
        label=_("One playoff per division"),
        required=False,
        help_text=_("Two stages: a playoff for each division of the season's league, each fed by its own division."),
    )
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
        # the game's name in the reader's language (its engine's title is English, marked for translation)
        game.choices = [(name, gettext(get_engine(name).title)) for name in available_games()]
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
            groups=data["groups"],
            playoff=data["playoff"],
            time_per_move=timedelta(hours=data["hours_per_move"]),
            points=data["points"],
            rated=data["rated"],
        )


class TournamentTeamForm(forms.Form):
    """A team of two of the club's members, entered by an organizer (a game played by partners, such as Coinche)."""

    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    partner = forms.ModelChoiceField(label=_("Partner"), queryset=Player.objects.none())

    def __init__(self, *args: object, club: Club, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        members = Player.objects.filter(memberships__club=club).order_by("display_name", "id")
        for name in ("player", "partner"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = members


class MatchForfeitForm(forms.Form):
    """T-D4: an organizer's ruling that one entrant of a match in play or waiting loses it."""

    forfeit = forms.ChoiceField(label=_("Match and the entrant who forfeits"))
    reason = forms.CharField(label=_("Reason"), max_length=100, required=False)

    def __init__(self, *args: object, choices: list[tuple[str, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["forfeit"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = choices

    def ruling(self) -> tuple[str, int]:
        """The match and the player (a team: its first player) who forfeits it."""
        match, _sep, player = self.cleaned_data["forfeit"].rpartition(":")
        return match, int(player)
