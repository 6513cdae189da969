"""The forms of a season's settings, for the organizer's pages: what the season is (format, rounds, table sizes,
time per move), its rule options generated from the engine's schema, its clock, its schedule, its scoring (the
points table as a grid, the tiebreaks in order) and its divisions. `SeasonSettingsForms` holds them together and
builds the `SeasonSpec` that `season_create` and `season_settings_update` check; every number is bounded here for
a person's sake and checked again by the service."""

from dataclasses import asdict, replace
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core.protocol import Engine
from league.clocks.check import BOUNDS, clock_check, time_zones
from league.engines import engine_for, season_options_schema
from league.errors import ServiceError
from league.labels import DURATION_UNITS, TIEBREAK_DEFINITIONS, TIEBREAK_NAMES, WEEKDAYS, duration_words, error_words
from league.long_select import LongSelect
from league.models import Season, SeasonClock
from league.selectors.rounds import round_dates, rounds_count
from league.services.seasons import ClockSpec, SeasonSpec, default_tiebreaks
from league.services.standings import points_table_default
from league.services.tables import min_time_per_move
from league.standings.example import ExampleRow, example_standings
from league.standings.tiebreaks import TIEBREAKS

DAY = timedelta(days=1)
TIEBREAK_SLOTS = len(TIEBREAKS)
# the usual order of each format, which a season without its own order gets (league.services.seasons)
DEFAULT_TIEBREAKS_NOTE = _("Leave every place empty for the usual order of the format.")
EXAMPLE_ENTRANTS = 6


# --- a duration typed as a number and a unit ---------------------------------------------------------------------


class DurationWidget(forms.MultiWidget):
    """A number and its unit (minutes, hours or days) side by side."""

    template_name = "forms/widgets/duration.html"
    use_fieldset = True

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        widgets = [
            forms.NumberInput(attrs={"min": 0, "inputmode": "numeric", "class": "amount", "aria-label": _("Number")}),
            forms.Select(
                choices=[(name, words) for name, words, _size in DURATION_UNITS], attrs={"aria-label": _("Unit")}
            ),
        ]
        super().__init__(widgets, attrs)

    def decompress(self, value: Any) -> list[Any]:
        if value is None:
            return [None, "hours"]
        seconds = int(value.total_seconds())
        for name, _words, size in reversed(DURATION_UNITS):
            if seconds and seconds % size == 0:
                return [seconds // size, name]
        return [seconds // 60, "minutes" if seconds else "hours"]


class DurationField(forms.MultiValueField):
    """A timedelta from a number and a unit, within `low` and `high`."""

    widget = DurationWidget

    def __init__(self, *, low: timedelta, high: timedelta, required: bool = True, **kwargs: Any) -> None:
        self.low, self.high = low, high
        fields = (
            forms.IntegerField(min_value=0, required=False),
            forms.ChoiceField(choices=[(name, words) for name, words, _size in DURATION_UNITS]),
        )
        super().__init__(fields=fields, require_all_fields=False, required=required, **kwargs)

    def compress(self, data_list: list[Any]) -> timedelta | None:
        if not data_list or data_list[0] in (None, ""):
            if self.required:
                raise forms.ValidationError(self.error_messages["required"], code="required")
            return None
        amount, unit = data_list
        size = {name: size for name, _words, size in DURATION_UNITS}[unit or "hours"]
        value = timedelta(seconds=amount * size)
        if not self.low <= value <= self.high:
            raise forms.ValidationError(
                _("Enter from %(low)s to %(high)s."),
                params={
                    "low": duration_words(int(self.low.total_seconds())),
                    "high": duration_words(int(self.high.total_seconds())),
                },
                code="out_of_bounds",
            )
        return value


# --- what the season is --------------------------------------------------------------------------------------------


def plays_in_teams(engine: Engine) -> bool:
    """Whether the game is played by partners (the engine declares its teams)."""
    return engine.teams(engine.min_players) is not None


def format_choices(engine: Engine) -> list[tuple[str, Any]]:
    """The formats the game can be played in: duels (or team against team), and tables of several when the game
    seats more than two. A team game names the partnership each format implies."""
    teams = plays_in_teams(engine)
    duels = engine.min_players <= 2 or teams
    choices: list[tuple[str, Any]] = []
    for value in (Season.Format.ROUND_ROBIN, Season.Format.DOUBLE_ROUND_ROBIN, Season.Format.SWISS):
        if duels:
            label: Any = _("%(format)s, fixed teams") % {"format": value.label} if teams else value.label
            choices.append((value, label))
    if engine.max_players >= 3:
        multitable = Season.Format.MULTITABLE.label
        label = _("%(format)s, rotating partners") % {"format": multitable} if teams else multitable
        choices.append((Season.Format.MULTITABLE, label))
    return choices


def partners_for(engine: Engine, format: str) -> str:
    """A team game's partnership follows from its format: rotating partners at multi-table rounds, fixed teams
    otherwise (docs/standings.md); other games have none."""
    if not plays_in_teams(engine):
        return Season.Partners.NONE
    return Season.Partners.ROTATING if format == Season.Format.MULTITABLE else Season.Partners.FIXED


class SeasonBasicsForm(forms.Form):
    """The season itself: name, format, rounds, table sizes, time, schedule and division."""

    name = forms.CharField(label=_("Name"), max_length=120)
    format = forms.ChoiceField(label=_("Format"))
    rounds_planned = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=50,
        required=False,
        help_text=_("Swiss and multi-table seasons: how many rounds. A round robin has one round per opponent."),
    )
    table_min = forms.IntegerField(label=_("Fewest players at a table"), required=False)
    table_max = forms.IntegerField(label=_("Most players at a table"), required=False)
    time_per_move = DurationField(
        label=_("Time per move"), low=timedelta(minutes=1), high=30 * DAY, help_text=_("Minutes, hours or days.")
    )
    entropy_window = DurationField(
        label=_("Time for the players' own randomness"),
        low=timedelta(0),
        high=7 * DAY,
        required=False,
        help_text=_("Before each table's first deal the players may add randomness to the shuffle for this long."),
    )
    starts_on = forms.DateField(
        label=_("First day"), required=False, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    ends_on = forms.DateField(
        label=_("Last day"), required=False, widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    round_interval_days = forms.IntegerField(
        label=_("Days between rounds"),
        min_value=1,
        max_value=90,
        required=False,
        help_text=_("Each round starts this many days after the one before. Empty: rounds start by hand."),
    )
    auto_advance = forms.BooleanField(
        label=_("Start the next round as soon as the last table of a round ends"), required=False
    )
    division_name = forms.CharField(label=_("Division name"), max_length=60, required=False)
    promote_count = forms.IntegerField(
        label=_("Promoted at the end"),
        min_value=0,
        max_value=100,
        initial=0,
        help_text=_("The best entrants who move up a division when the season rolls over (none from the top)."),
    )
    relegate_count = forms.IntegerField(
        label=_("Relegated at the end"),
        min_value=0,
        max_value=100,
        initial=0,
        help_text=_("The last entrants who move down a division (none from the bottom division)."),
    )

    SECTIONS = {
        "season": ["name", "format", "rounds_planned", "table_min", "table_max"],
        "time": ["time_per_move", "entropy_window"],
        "schedule": ["starts_on", "ends_on", "round_interval_days", "auto_advance"],
        "divisions": ["division_name", "promote_count", "relegate_count"],
    }

    def __init__(self, *args: Any, engine: Engine, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = engine
        choice = self.fields["format"]
        assert isinstance(choice, forms.ChoiceField)
        choice.choices = format_choices(engine)
        per_move = self.fields["time_per_move"]
        assert isinstance(per_move, DurationField)
        per_move.low = min_time_per_move()
        per_move.help_text = _("Minutes, hours or days; at least %(low)s.") % {
            "low": duration_words(int(per_move.low.total_seconds()))
        }
        if engine.max_players < 3 or plays_in_teams(engine):
            # tables of several are only a multi-table season's, and a team game's tables are always full
            del self.fields["table_min"], self.fields["table_max"]
        else:
            for name in ("table_min", "table_max"):
                field = self.fields[name]
                assert isinstance(field, forms.IntegerField)
                field.min_value, field.max_value = engine.min_players, engine.max_players
                field.validators = [
                    MinValueValidator(engine.min_players),
                    MaxValueValidator(engine.max_players),
                ]
                field.widget.attrs.update({"min": engine.min_players, "max": engine.max_players})
                field.help_text = _("Multi-table seasons; %(title)s seats %(low)s to %(high)s.") % {
                    "title": gettext(engine.title),
                    "low": engine.min_players,
                    "high": engine.max_players,
                }

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        starts, ends = data.get("starts_on"), data.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", _("The last day cannot come before the first."))
        low, high = data.get("table_min"), data.get("table_max")
        if low and high and high < low:
            self.add_error("table_max", _("The most players cannot be fewer than the fewest."))
        return data

    def section(self, name: str) -> list[forms.BoundField]:
        return [self[field] for field in self.SECTIONS[name] if field in self.fields]

    # the sections as the template reads them
    def season_fields(self) -> list[forms.BoundField]:
        return self.section("season")

    def time_fields(self) -> list[forms.BoundField]:
        return self.section("time")

    def schedule_fields(self) -> list[forms.BoundField]:
        return self.section("schedule")

    def division_fields(self) -> list[forms.BoundField]:
        return self.section("divisions")


# --- the rules: one field per option of the engine's schema ------------------------------------------------------


def _option_field(option: dict[str, Any]) -> forms.Field:
    label, help_text = gettext(option["label"]), gettext(option.get("help", ""))
    kind = option["kind"]
    if kind == "bool":
        return forms.BooleanField(label=label, help_text=help_text, required=False, initial=option["default"])
    if kind == "choice":
        return forms.ChoiceField(
            label=label,
            help_text=help_text,
            initial=option["default"],
            choices=[(choice["value"], gettext(choice["label"])) for choice in option["choices"]],
        )
    step = option.get("step")
    field = forms.IntegerField(
        label=label,
        help_text=help_text,
        initial=option["default"],
        min_value=option["min"],
        max_value=option["max"],
        step_size=step,
    )
    field.widget.attrs.update({"inputmode": "numeric"})
    return field


class OptionsForm(forms.Form):
    """A game's rule options, generated from its engine's schema (`engine.options_schema()`): translated labels and
    help, bounds as the inputs' limits, the advanced options apart; the tournament-only options left out."""

    def __init__(self, *args: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.schema = season_options_schema(game)
        for option in self.schema:
            self.fields[option["name"]] = _option_field(option)

    def basic_fields(self) -> list[forms.BoundField]:
        return [self[o["name"]] for o in self.schema if not o.get("advanced")]

    def advanced_fields(self) -> list[forms.BoundField]:
        return [self[o["name"]] for o in self.schema if o.get("advanced")]

    def options(self) -> dict[str, Any]:
        return {option["name"]: self.cleaned_data[option["name"]] for option in self.schema}


# --- the clock -----------------------------------------------------------------------------------------------------


def _bounded(name: str, **kwargs: Any) -> forms.IntegerField:
    low, high = BOUNDS[name]
    return forms.IntegerField(min_value=low, max_value=high, **kwargs)


class ClockForm(forms.Form):
    """The season clock (docs/clocks.md): a bank, vacation days, a weekly pause in a time zone, what timeouts do;
    checked by `clock_check`, the service's own check."""

    enabled = forms.BooleanField(
        label=_("Use a season clock"),
        required=False,
        help_text=_("Without one, each move has its time per move and nothing more."),
    )
    bank_start = DurationField(
        label=_("Time bank at the start"),
        low=timedelta(0),
        high=timedelta(seconds=BOUNDS["bank_start"][1]),
        required=False,
        help_text=_("Extra time each player draws on when a move takes longer than its time."),
    )
    bank_increment = DurationField(
        label=_("Added to the bank after each move"),
        low=timedelta(0),
        high=timedelta(seconds=BOUNDS["bank_increment"][1]),
        required=False,
    )
    bank_cap = DurationField(
        label=_("Most the bank may hold"),
        low=timedelta(0),
        high=timedelta(seconds=BOUNDS["bank_cap"][1]),
        required=False,
        help_text=_("Empty: no limit."),
    )
    vacation_days = _bounded(
        "vacation_days",
        label=_("Vacation days"),
        initial=0,
        help_text=_("Whole days each player may stop their clocks during the season."),
    )
    pause_weekday = forms.TypedChoiceField(
        label=_("Weekly pause"),
        coerce=int,
        empty_value=None,
        required=False,
        choices=[("", _("No weekly pause"))] + [(str(n), day) for n, day in WEEKDAYS],
        help_text=_("No clock runs during the pause, every week."),
    )
    pause_start = forms.TimeField(
        label=_("The pause starts at"), required=False, widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
    )
    pause_hours = forms.IntegerField(label=_("The pause lasts (hours)"), min_value=0, max_value=167, required=False)
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        initial="UTC",
        help_text=_("Of the weekly pause, and of the dates on the season's pages."),
        widget=LongSelect,
    )
    abandon_after = _bounded(
        "abandon_after",
        label=_("Timeouts in a row before a seat is abandoned"),
        initial=3,
        help_text=_("At one table; 0: never."),
    )
    timeout_policy = forms.ChoiceField(
        label=_("An abandoned seat"),
        choices=[
            (SeasonClock.Policy.AUTOPLAY, _("plays on automatically to the end")),
            (SeasonClock.Policy.FORFEIT, _("forfeits the table")),
        ],
        initial=SeasonClock.Policy.AUTOPLAY,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        zone = self.fields["time_zone"]
        assert isinstance(zone, forms.ChoiceField)
        zone.choices = [(name, name) for name in time_zones()]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("enabled") and not self.errors:
            for problem in clock_check(**asdict(self._spec(data))):
                self.add_error(problem.field if problem.field in self.fields else None, problem.message)
        return data

    @staticmethod
    def _spec(data: dict[str, Any]) -> ClockSpec:
        def seconds(name: str) -> int | None:
            value = data.get(name)
            return None if value is None else int(value.total_seconds())

        return ClockSpec(
            bank_start=seconds("bank_start") or 0,
            bank_increment=seconds("bank_increment") or 0,
            bank_cap=seconds("bank_cap"),
            vacation_days=data.get("vacation_days") or 0,
            pause_weekday=data.get("pause_weekday"),
            pause_start=data.get("pause_start"),
            pause_hours=data.get("pause_hours") or 0,
            time_zone=data.get("time_zone") or "UTC",
            timeout_policy=data.get("timeout_policy") or SeasonClock.Policy.AUTOPLAY,
            abandon_after=int(data["abandon_after"]) if data.get("abandon_after") is not None else 3,
        )

    def spec(self) -> ClockSpec | None:
        return self._spec(self.cleaned_data) if self.cleaned_data.get("enabled") else None

    @staticmethod
    def initial_for(clock: ClockSpec | None) -> dict[str, Any]:
        if clock is None:
            return {"enabled": False}
        initial: dict[str, Any] = asdict(clock) | {"enabled": True}
        for name in ("bank_start", "bank_increment", "bank_cap"):
            if initial[name] is not None:
                initial[name] = timedelta(seconds=initial[name])
        return initial


# --- scoring: the points table as a grid, the tiebreaks in order ---------------------------------------------------


def _number(value: Decimal | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)


def points_sizes(engine: Engine) -> list[int]:
    """The numbers of sides a season's tables can have: two for duels and teams, else two to the most seats."""
    if plays_in_teams(engine) or engine.max_players == 2:
        return [2]
    return list(range(2, engine.max_players + 1))


def _points_field(label: Any, required: bool = True) -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        min_value=0,
        max_value=1000,
        max_digits=7,
        decimal_places=2,
        required=required,
        widget=forms.NumberInput(attrs={"step": "0.5", "class": "points"}),
    )


class ScoringForm(forms.Form):
    """The points by place at a table of each size, the points of a draw and of a bye, and the tiebreaks in order."""

    draw = _points_field(_("A draw (everyone shares first)"), required=False)
    bye = _points_field(_("A bye"))

    def __init__(self, *args: Any, engine: Engine, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sizes = points_sizes(engine)
        for n in self.sizes:
            for place in range(1, n + 1):
                self.fields[f"p_{n}_{place}"] = _points_field(_("Place %(place)s of %(n)s") % {"place": place, "n": n})
        names = [("", "—")] + [(name, TIEBREAK_NAMES[name]) for name in TIEBREAKS]
        for slot in range(1, TIEBREAK_SLOTS + 1):
            self.fields[f"tiebreak_{slot}"] = forms.ChoiceField(
                label=_("Tiebreak %(n)s") % {"n": slot}, choices=names, required=False
            )
        self.fields["draw"].help_text = _("Empty: players level in first place share the points of their places.")

    def grid(self) -> list[tuple[int, list[forms.BoundField]]]:
        return [(n, [self[f"p_{n}_{place}"] for place in range(1, n + 1)]) for n in self.sizes]

    def places(self) -> list[int]:
        return list(range(1, max(self.sizes) + 1))

    def tiebreak_slots(self) -> list[forms.BoundField]:
        return [self[f"tiebreak_{slot}"] for slot in range(1, TIEBREAK_SLOTS + 1)]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        seen: set[str] = set()
        for slot in range(1, TIEBREAK_SLOTS + 1):
            name = data.get(f"tiebreak_{slot}")
            if name and name in seen:
                self.add_error(f"tiebreak_{slot}", _("This tiebreak is already in the list."))
            seen.add(name or "")
        return data

    def points_table(self) -> dict[str, Any]:
        data = self.cleaned_data
        table: dict[str, Any] = {
            "places": {str(n): [_number(data[f"p_{n}_{place}"]) for place in range(1, n + 1)] for n in self.sizes}
        }
        if data.get("draw") is not None:
            table["draw"] = _number(data["draw"])
        table["bye"] = _number(data["bye"])
        return table

    def tiebreaks(self) -> list[str] | None:
        """The tiebreaks in order; None (the format's usual order) when every place is empty."""
        chosen = [self.cleaned_data[f"tiebreak_{slot}"] for slot in range(1, TIEBREAK_SLOTS + 1)]
        names = [name for name in chosen if name]
        return names or None

    @staticmethod
    def initial_for(points: dict[str, Any], tiebreaks: list[str] | None, sizes: list[int]) -> dict[str, Any]:
        initial: dict[str, Any] = {"draw": points.get("draw"), "bye": points.get("bye", 0)}
        places = points.get("places", {})
        for n in sizes:
            row = places.get(str(n)) or [max(n - 1 - k, 0) for k in range(n)]
            for place, value in enumerate(row, start=1):
                initial[f"p_{n}_{place}"] = value
        for slot, name in enumerate(tiebreaks or [], start=1):
            initial[f"tiebreak_{slot}"] = name
        return initial


# --- all of them together ----------------------------------------------------------------------------------------


class SeasonSettingsForms:
    """Every form of a season's settings, for one game, bound together: valid when all are; `spec` is the
    `SeasonSpec` they make; a service's refusal goes to the form and field it names. `time_zone`: the clock's zone
    until one is chosen (a new season's organizer's)."""

    def __init__(
        self, *, game: str, data: Any = None, spec: SeasonSpec | None = None, entrants: int = 0, time_zone: str = "UTC"
    ) -> None:
        self.game = game
        self.engine = engine_for(game)
        self.base = spec or SeasonSpec(game=game, name="")
        self.entrants = entrants
        base = self.base
        basics = {name: getattr(base, name) for name in SeasonBasicsForm.base_fields if hasattr(base, name)}
        points = base.points_table or points_table_default(game=game, partners=partners_for(self.engine, base.format))
        self.basics = SeasonBasicsForm(data, engine=self.engine, initial=basics)
        self.options = OptionsForm(data, game=game, initial=base.options or {}, prefix="options")
        # a clock not yet set runs, once switched on, in `time_zone` (a new season's: its organizer's) unless changed
        self.clock = ClockForm(
            data, initial={"time_zone": time_zone, **ClockForm.initial_for(base.clock)}, prefix="clock"
        )
        self.scoring = ScoringForm(
            data,
            engine=self.engine,
            initial=ScoringForm.initial_for(points, base.tiebreaks, points_sizes(self.engine)),
            prefix="scoring",
        )
        self._forms: list[forms.Form] = [self.basics, self.options, self.clock, self.scoring]

    @property
    def title(self) -> str:
        return gettext(self.engine.title)

    def is_valid(self) -> bool:
        return all([form.is_valid() for form in self._forms])  # every form checked, so that all errors show

    @property
    def errors(self) -> bool:
        return any(form.errors for form in self._forms)

    def spec(self) -> SeasonSpec:
        basics = dict(self.basics.cleaned_data)
        basics["entropy_window"] = basics.get("entropy_window") or timedelta(0)
        return replace(
            self.base,
            **basics,
            partners=partners_for(self.engine, basics["format"]),
            options=self.options.options(),
            clock=self.clock.spec(),
            points_table=self.scoring.points_table(),
            tiebreaks=self.scoring.tiebreaks(),
        )

    def add_service_error(self, error: ServiceError) -> None:
        """The refusal on the field it names: `clock.<field>`, a rule option, the scoring, or the season's own."""
        field = error.field or ""
        if field.startswith("clock."):
            name = field.removeprefix("clock.")
            self.clock.add_error(name if name in self.clock.fields else None, error_words(error))
        elif field == "options" or field in self.options.fields:
            self.options.add_error(field if field in self.options.fields else None, error_words(error))
        elif field in ("points_table", "tiebreaks"):
            self.scoring.add_error(None, error_words(error))
        else:
            self.basics.add_error(field if field in self.basics.fields else None, error_words(error))

    # --- previews, from what the forms hold now (valid or not) ---

    def _value(self, form: forms.Form, name: str) -> Any:
        if form.is_bound:
            return form.cleaned_data.get(name) if hasattr(form, "cleaned_data") else None
        return form.get_initial_for_field(form.fields[name], name)

    def schedule_preview(self) -> dict[str, Any]:
        """The rounds' start dates as they would be: from the first day (or today), one interval apart."""
        format = self._value(self.basics, "format") or Season.Format.ROUND_ROBIN
        round_robin = format in (Season.Format.ROUND_ROBIN, Season.Format.DOUBLE_ROUND_ROBIN)
        entrants = self.entrants if self.entrants >= 2 or not round_robin else EXAMPLE_ENTRANTS
        count = rounds_count(
            format=format, rounds_planned=self._value(self.basics, "rounds_planned"), entrants=entrants
        )
        first = self._value(self.basics, "starts_on")
        interval = self._value(self.basics, "round_interval_days")
        dates = round_dates(first=first or timezone.localdate(), interval_days=interval, count=count)
        return {
            "count": count,
            "entrants": entrants,
            "example": round_robin and entrants != self.entrants,
            "from_today": first is None,
            "by_hand": not interval,
            "auto_advance": bool(self._value(self.basics, "auto_advance")),
            "dates": list(enumerate(dates, start=1)),
        }

    def tiebreak_preview(self) -> dict[str, Any]:
        """The example season ranked with the points table and tiebreaks as they stand."""
        form = self.scoring
        if form.is_bound and (not hasattr(form, "cleaned_data") or form.errors):
            return {"rows": [], "error": gettext("Correct the points and tiebreaks to see the example.")}
        if form.is_bound:
            points, order = form.points_table(), form.tiebreaks()
        else:
            points = self.base.points_table or points_table_default(
                game=self.game, partners=partners_for(self.engine, self.base.format)
            )
            order = self.base.tiebreaks
        format = self._value(self.basics, "format") or Season.Format.ROUND_ROBIN
        if order is None:
            order = default_tiebreaks(format)
        multi = format == Season.Format.MULTITABLE and not plays_in_teams(self.engine)
        try:
            rows = example_standings(points_table=points, tiebreaks=order, multi=multi)
        except (ValueError, KeyError) as error:
            return {"rows": [], "error": str(error)}
        return {"rows": _example_rows(rows, order), "order": [TIEBREAK_NAMES[name] for name in order], "error": ""}


def _plain(value: Fraction | None) -> str:
    if value is None:
        return "–"
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def _example_rows(rows: list[ExampleRow], order: list[str]) -> list[dict[str, Any]]:
    return [
        {
            "rank": row.rank,
            "name": row.name,
            "points": _plain(row.points),
            "values": [_plain(row.tiebreaks.get(name)) for name in order],
        }
        for row in rows
    ]


def tiebreak_definitions() -> list[tuple[str, Any, Any]]:
    return [(name, TIEBREAK_NAMES[name], TIEBREAK_DEFINITIONS[name]) for name in TIEBREAKS]
