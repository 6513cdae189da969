"""Who entered a competition, read-only (entrants change through each format's service): one admin for every
format's entrants, a season's, a bracket's and a poker tournament's alike (league.models.entrants)."""

from django.contrib import admin

from league.admin.base import ReadOnlyAdmin
from league.models import Entrant


@admin.register(Entrant)
class EntrantAdmin(ReadOnlyAdmin):
    club_path = "competition__club"
    list_display = ["__str__", "competition", "player", "partner"]
    list_filter = ["competition__game", "competition__club"]
    search_fields = ["name", "player__display_name", "partner__display_name", "competition__name"]
