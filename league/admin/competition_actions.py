"""Organizer actions in the admin on a competition of any format (the models' admin classes are in league/admin/,
read-only and club-scoped): each step goes through the services, as from the pages and the API, and says per
competition what came of it."""

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from league.errors import PermissionDenied, ServiceError
from league.models import Player
from league.services.competitions import competition_start


def actions_run(
    modeladmin: admin.ModelAdmin,
    request: HttpRequest,
    queryset: QuerySet[Any],
    step: Callable[[Any, Player], object],
    done: str,
) -> None:
    """`step(competition, organizer)` for each competition chosen, its outcome or refusal one message each."""
    by = Player.objects.filter(user__pk=request.user.pk or 0).first()
    for competition in queryset:
        try:
            if by is None:  # an admin account without a player profile organizes nothing
                raise PermissionDenied("Only an organizer of the club may do this.")
            step(competition, by)
        except ServiceError as error:
            modeladmin.message_user(request, f"{competition}: {error.message}", messages.WARNING)
        else:
            modeladmin.message_user(request, f"{competition}: {done}.", messages.SUCCESS)


@admin.action(description="Start: close the entries and open the first tables")
def competitions_start(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Any]) -> None:
    actions_run(modeladmin, request, queryset, lambda c, by: competition_start(competition=c, by=by), "started")
