"""Organizer actions on seasons in the admin: the season models' admin classes are in league/admin/ (read-only,
club-scoped) and list these actions (`SEASON_ACTIONS`); the steps that change a season go through its services, as
here."""

from collections.abc import Callable

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from league.errors import PermissionDenied, ServiceError
from league.models import Player, Season
from league.services.rounds import round_start, season_start
from league.services.seasons import season_open_registration
from league.services.standings import standings_recompute


def _run(
    modeladmin: admin.ModelAdmin,
    request: HttpRequest,
    queryset: QuerySet[Season],
    step: Callable[[Season, Player], object],
    done: str,
) -> None:
    by = Player.objects.filter(user__pk=request.user.pk or 0).first()
    for season in queryset:
        try:
            if by is None:  # an admin account without a player profile organizes nothing
                raise PermissionDenied("Only an organizer of the club may do this.")
            step(season, by)
        except ServiceError as error:
            modeladmin.message_user(request, f"{season}: {error.message}", messages.WARNING)
        else:
            modeladmin.message_user(request, f"{season}: {done}.", messages.SUCCESS)


@admin.action(description="Open registration")
def open_registration(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season]) -> None:
    _run(modeladmin, request, queryset, lambda s, by: season_open_registration(season=s, by=by), "registration open")


@admin.action(description="Start the season (its first round)")
def start_season(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season]) -> None:
    _run(modeladmin, request, queryset, lambda s, by: season_start(season=s, by=by), "started")


@admin.action(description="Start the next round")
def start_next_round(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season]) -> None:
    _run(modeladmin, request, queryset, lambda s, by: round_start(season=s, by=by), "next round started")


@admin.action(description="Recompute the standings")
def recompute_standings(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season]) -> None:
    _run(modeladmin, request, queryset, lambda s, by: standings_recompute(season=s), "standings recomputed")


SEASON_ACTIONS = [open_registration, start_season, start_next_round, recompute_standings]
