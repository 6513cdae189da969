"""Organizer actions on seasons in the admin: the season models' admin classes are in league/admin/ (read-only,
club-scoped) and list these actions (`SEASON_ACTIONS`); the steps that change a season go through its services, as
here."""

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from league.admin.competition_actions import actions_run, competitions_start
from league.models import Season
from league.services.rounds import round_start
from league.services.seasons import season_open_registration
from league.services.standings import standings_recompute


@admin.action(description="Open registration")
def open_registration(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season]) -> None:
    actions_run(
        modeladmin, request, queryset, lambda s, by: season_open_registration(season=s, by=by), "registration open"
    )


@admin.action(description="Start the next round")
def start_next_round(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season]) -> None:
    actions_run(modeladmin, request, queryset, lambda s, by: round_start(season=s, by=by), "next round started")


@admin.action(description="Recompute the standings")
def recompute_standings(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season]) -> None:
    actions_run(modeladmin, request, queryset, lambda s, by: standings_recompute(season=s), "standings recomputed")


SEASON_ACTIONS = [open_registration, competitions_start, start_next_round, recompute_standings]
