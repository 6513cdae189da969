"""Bracket tournaments (read-only, with their start as an action) and poker tournaments (read-only, with their
start as an action: both through their services, as from the pages and the API)."""

from django.contrib import admin

from league.admin.base import ReadOnlyAdmin, ReadOnlyInline
from league.admin.competition_actions import competitions_start
from league.models import (
    Entrant,
    Tournament,
    TournamentTable,
)
from league.models.poker_tournaments import PokerEntrant, PokerHand, PokerTournament


class EntrantInline(ReadOnlyInline):
    model = Entrant
    fields = readonly_fields = ("player", "partner", "seed", "withdrawn", "place", "shared", "points")


class TournamentTableInline(ReadOnlyInline):
    model = TournamentTable
    fields = readonly_fields = ("match", "number", "table", "recorded")


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "game", "format", "seeding", "best_of", "status", "created_at"]
    list_filter = ["status", "game", "format", "club"]
    search_fields = ["name", "club__name"]
    # the draw's seed is secret until the draw (its commitment is public); the state is the bracket, on the page
    exclude = ["draw_seed", "state"]
    inlines = [EntrantInline, TournamentTableInline]
    actions = [competitions_start]


# --- poker tournaments (issue 22) -------------------------------------------------------------------------------------


class PokerEntrantInline(ReadOnlyInline):
    model = PokerEntrant
    fields = readonly_fields = ("player", "stack", "table_number", "seat", "place", "shared", "bust_hand", "points")


@admin.register(PokerTournament)
class PokerTournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "game", "status", "starting_stack", "table_size", "created_at"]
    list_filter = ["status", "game", "club"]
    search_fields = ["name", "club__name"]
    # never `state`: it holds the seed of every draw (the page's seating chart is its public part)
    fields = readonly_fields = (
        "club",
        "game",
        "name",
        "created_by",
        "starting_stack",
        "table_size",
        "level_hands",
        "levels",
        "points_table",
        "options",
        "time_per_move",
        "status",
        "seed_commitment",
        "winner",
        "created_at",
        "started_at",
        "finished_at",
    )
    inlines = [PokerEntrantInline]
    actions = [competitions_start]


@admin.register(PokerHand)
class PokerHandAdmin(ReadOnlyAdmin):
    club_path = "tournament__club"
    list_display = ["tournament", "number", "table_number", "level", "table", "ended_at"]
    list_filter = ["tournament__club", "tournament"]
    search_fields = ["=table__id", "tournament__name"]
    fields = readonly_fields = (
        "tournament",
        "number",
        "table_number",
        "level",
        "table",
        "players",
        "stacks_start",
        "stacks_end",
        "ended_at",
    )
