"""Bracket tournaments (read-only, with their start as an action) and poker tournaments (read-only, with their
start as an action: both through their services, as from the pages and the API)."""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from league.admin.base import ReadOnlyAdmin, ReadOnlyInline
from league.admin.poker_actions import POKER_ACTIONS
from league.errors import ServiceError
from league.models import (
    Entrant,
    Player,
    Tournament,
    TournamentTable,
)
from league.models.poker_tournaments import PokerEntrant, PokerHand, PokerTournament
from league.services.tournaments import tournament_start


class EntrantInline(ReadOnlyInline):
    model = Entrant
    fields = readonly_fields = ("player", "partner", "seed", "withdrawn", "place", "shared", "points")


class TournamentTableInline(ReadOnlyInline):
    model = TournamentTable
    fields = readonly_fields = ("match", "number", "table", "recorded")


@admin.action(description="Start the selected tournaments (seed, draw the bracket, open the first tables)")
def tournaments_start(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
    by = Player.objects.filter(user__pk=request.user.pk or 0).first()
    for tournament in queryset:
        try:
            if by is None:  # an admin account without a player profile organizes nothing
                raise ServiceError("Only an organizer of the club may do this.")
            tournament_start(tournament=tournament, by=by)
        except ServiceError as error:
            modeladmin.message_user(request, f"{tournament}: {error.message}", messages.ERROR)
        else:
            modeladmin.message_user(request, f"{tournament}: started.", messages.SUCCESS)


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ["name", "club", "game", "format", "seeding", "best_of", "status", "created_at"]
    list_filter = ["status", "game", "format", "club"]
    search_fields = ["name", "club__name"]
    # the draw's seed is secret until the draw (its commitment is public); the state is the bracket, on the page
    exclude = ["draw_seed", "state"]
    inlines = [EntrantInline, TournamentTableInline]
    actions = [tournaments_start]


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
    actions = POKER_ACTIONS  # league/admin/poker_actions.py: through the service


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
