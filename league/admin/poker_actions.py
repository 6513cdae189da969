"""Organizer actions on poker tournaments in the admin (the models' admin classes are in league/admin/, read-only
and club-scoped): starting one goes through its service, as from the pages and the API."""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from league.errors import PermissionDenied, ServiceError
from league.models import Player, PokerTournament
from league.services.poker_tournaments import poker_tournament_start


@admin.action(description="Start: seat the players by lot and deal")
def start_tournament(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[PokerTournament]) -> None:
    by = Player.objects.filter(user__pk=request.user.pk or 0).first()
    for tournament in queryset:
        try:
            if by is None:  # an admin account without a player profile organizes nothing
                raise PermissionDenied("Only an organizer of the club may do this.")
            poker_tournament_start(tournament=tournament, by=by)
        except ServiceError as error:
            modeladmin.message_user(request, f"{tournament}: {error.message}", messages.WARNING)
        else:
            modeladmin.message_user(request, f"{tournament}: started.", messages.SUCCESS)


POKER_ACTIONS = [start_tournament]
