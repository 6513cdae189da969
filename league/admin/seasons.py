"""Seasons, read-only here (they change through league.services.seasons and rounds) but for the clock, with the
organizer's actions on them: registration opened, the season or its next round started, the standings recomputed."""

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.db.models import ForeignKey
from django.http import HttpRequest

from league.admin.base import ClubScoped, ReadOnlyAdmin, ReadOnlyInline, organized_clubs
from league.admin.season_actions import SEASON_ACTIONS
from league.clocks.check import clock_check
from league.models import (
    Bye,
    Player,
    Round,
    Season,
    SeasonClock,
    Standing,
    TableRuling,
    Vacation,
)
from league.services.season_settings import EDITABLE, season_clock_set
from league.services.seasons import ClockSpec


class RoundInline(ReadOnlyInline):
    model = Round
    fields = readonly_fields = ("number", "status", "starts_at", "started_at", "finished_at")


@admin.register(Season)
class SeasonAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "game", "league", "edition", "division_level", "format", "status", "starts_on"]
    list_filter = ["status", "game", "format", "club"]
    search_fields = ["name", "league", "club__name"]
    exclude = ["seed"]
    inlines = [RoundInline]
    actions = SEASON_ACTIONS  # league/admin/season_actions.py: each through its service


class SeasonClockForm(forms.ModelForm):
    """A season clock through the admin: checked by `clock_check`, as the pages and the API check it."""

    class Meta:
        model = SeasonClock
        fields = [
            "season",
            "bank_start",
            "bank_increment",
            "bank_cap",
            "vacation_days",
            "pause_weekday",
            "pause_start",
            "pause_hours",
            "time_zone",
            "timeout_policy",
            "abandon_after",
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        season = data.get("season") or getattr(self.instance, "season", None)
        if season is not None and season.status not in EDITABLE:
            self.add_error(None, "The season has started: its clock is fixed.")
            return data
        values: dict[str, Any] = {name: data.get(name) for name in self.Meta.fields if name != "season"}
        for problem in clock_check(**values):
            self.add_error(problem.field if problem.field in self.fields else None, problem.message)
        return data


@admin.register(SeasonClock)
class SeasonClockAdmin(ClubScoped, admin.ModelAdmin):
    """Season clocks, switched on, changed and off through `season_clock_set` (before the season starts)."""

    club_path = "season__club"
    form = SeasonClockForm
    list_display = ["season", "bank_start", "bank_increment", "vacation_days", "pause_weekday", "time_zone"]
    list_filter = ["timeout_policy", "season__club"]
    search_fields = ["season__name"]

    def formfield_for_foreignkey(
        self, db_field: ForeignKey, request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField | None:
        if db_field.name == "season":
            seasons = Season.objects.filter(status__in=EDITABLE)
            if not request.user.is_superuser:
                seasons = seasons.filter(club__in=organized_clubs(request))
            kwargs["queryset"] = seasons
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: SeasonClock | None = None) -> Any:
        return ["season"] if obj is not None else []

    def save_model(self, request: HttpRequest, obj: SeasonClock, form: forms.ModelForm, change: bool) -> None:
        by = Player.objects.filter(user__pk=request.user.pk or 0).first()
        values = {name: form.cleaned_data.get(name, getattr(obj, name)) for name in SeasonClockForm.Meta.fields}
        season = values.pop("season") if not change else obj.season
        if by is None:
            raise DjangoPermissionDenied("Only an organizer of the club may do this.")
        stored = season_clock_set(season=season, by=by, clock=ClockSpec(**values))
        # the admin goes on with `obj` (log entry, redirect), so it becomes the clock just stored
        obj.__dict__.update(stored.__dict__ if stored is not None else {})

    def delete_model(self, request: HttpRequest, obj: SeasonClock) -> None:
        by = Player.objects.filter(user__pk=request.user.pk or 0).first()
        if by is None:
            raise DjangoPermissionDenied("Only an organizer of the club may do this.")
        season_clock_set(season=obj.season, by=by, clock=None)


@admin.register(Vacation)
class VacationAdmin(ReadOnlyAdmin):
    club_path = "season__club"
    list_display = ["player", "season", "starts_at", "ends_at"]
    list_filter = ["season__club"]
    search_fields = ["player__display_name", "season__name"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    club_path = "season__club"
    list_display = ["__str__", "season", "number", "status", "starts_at", "started_at", "finished_at"]
    list_filter = ["status", "season__game", "season__club"]
    search_fields = ["season__name"]


@admin.register(Bye)
class ByeAdmin(ReadOnlyAdmin):
    club_path = "round__season__club"
    list_display = ["__str__", "round", "entrant"]


@admin.register(TableRuling)
class TableRulingAdmin(ReadOnlyAdmin):
    club_path = "table__club"
    list_display = ["table", "kind", "reason", "by"]
    list_filter = ["kind"]
    search_fields = ["=table__id", "reason"]


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    club_path = "season__club"
    list_display = ["season", "rank", "entrant", "points", "played", "wins", "byes", "computed_at"]
    list_filter = ["season__club", "season"]
    search_fields = ["season__name", "entrant__player__display_name", "entrant__name"]
