"""What the pages of every format of a competition share: the player's actions (enter, leave, and the organizer's
start), each one call to `league.services.competitions`, and the CSV downloads (`<kind>/<id>/export/<name>.csv`)."""

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from league.caller import player_required
from league.errors import ServiceError
from league.labels import error_words
from league.services.competitions import Competition, competition_enter, competition_leave, competition_start
from league.spreadsheet import csv_text

ACTIONS = ("enter", "leave", "start")


def competition_action(request: HttpRequest, competition: Competition, action: str) -> None:
    """Carry out one of the page's actions for the player asking; the outcome (or the refusal) is the next page's
    message. 404 for an action no format has."""
    if action not in ACTIONS:
        raise Http404
    player = player_required(request)
    try:
        if action == "enter":
            competition_enter(competition=competition, player=player)
            messages.success(request, _("You are entered."))
        elif action == "leave":
            competition_leave(competition=competition, player=player)
            messages.success(request, _("You have left."))
        else:
            competition_start(competition=competition, by=player)
            messages.success(request, _("It has started: the first tables are open."))
    except ServiceError as error:
        messages.error(request, error_words(error))


def csv_download(rows: Sequence[Sequence[Any]], *, filename: str) -> HttpResponse:
    """A CSV file to download (formulas written as text: league.spreadsheet)."""
    response = HttpResponse(csv_text(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
