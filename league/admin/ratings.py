"""Ratings and their events, read-only."""

from django.contrib import admin
from django.db.models import Q, QuerySet
from django.http import HttpRequest

from league.admin.base import ClubScoped, ReadOnlyAdmin, organized_clubs
from league.models import (
    Rating,
    RatingEvent,
)


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    club_path = "player__memberships__club"
    list_display = ["player", "game", "ordinal", "mu", "sigma", "games", "updated_at"]
    list_filter = ["game"]
    search_fields = ["player__display_name", "player__user__username"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Rating]:
        return super().get_queryset(request).distinct()


@admin.register(RatingEvent)
class RatingEventAdmin(ReadOnlyAdmin):
    club_path = "table__club"
    list_display = ["player", "game", "table", "competition", "mu_before", "mu_after", "at"]
    list_filter = ["game"]
    search_fields = ["player__display_name", "=table__id", "competition__name"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[RatingEvent]:
        # a competition rated whole (a poker tournament) has events with no table: the organizer's by its club
        events: QuerySet[RatingEvent] = (
            super(ClubScoped, self)
            .get_queryset(request)
            .select_related("player", "table", "competition")
            .defer("table__state")
        )
        if request.user.is_superuser:
            return events
        clubs = organized_clubs(request)
        return events.filter(Q(table__club__in=clubs) | Q(competition__club__in=clubs))


# --- bracket tournaments (read-only here: they change through league.services.tournaments) -------------------------
