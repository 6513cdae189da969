"""What the pages of every format of a competition share: the player's actions (enter, leave, and the organizer's
start), the organizer's entrants (added by name or ticked, removed before the start) and rulings, each one call to
`league.services.competitions`, and the CSV downloads (`<kind>/<id>/export/<name>.csv`)."""

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.caller import player_or_none, player_required
from league.errors import ServiceError
from league.forms.base import add_service_error
from league.forms.organizer import EntrantsAddForm
from league.labels import error_words
from league.models import Competition as CompetitionRow
from league.models import Entrant, Player
from league.services.competitions import (
    Competition,
    competition_enter,
    competition_entrants_add,
    competition_forfeit,
    competition_leave,
    competition_start,
)
from league.spreadsheet import csv_text
from league.views.base import organizer_required


class DetailPage(Protocol):
    """A format's page, drawn again with the organizer's entrants form and its errors."""

    def __call__(
        self, request: HttpRequest, competition: Any, /, *, entrants_form: EntrantsAddForm, status: int
    ) -> HttpResponse: ...


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


def entrants_add_form(competition: Competition, data: Any = None) -> EntrantsAddForm:
    """The organizer's form that enters members (ticked, or pasted by name), those entered already left out."""
    entered = Entrant.objects.filter(competition=competition).values_list("player_id", flat=True)
    return EntrantsAddForm(data, club=competition.club, entered=entered)


def entrants_add_page(request: HttpRequest, competition: Competition, *, page: DetailPage, back: str) -> HttpResponse:
    """An organizer enters members: ticked, or pasted by name (a stray name is named, and nobody is entered). Back
    to the competition's page (`back`), or its page again with the form's errors."""
    by = organizer_required(competition.club, player_or_none(request))
    form = entrants_add_form(competition, request.POST)
    if form.is_valid():
        try:
            added = competition_entrants_add(competition=competition, by=by, players=form.cleaned_data["players"])
        except ServiceError as error:
            add_service_error(form, error)
        else:
            n = len(added)
            messages.success(request, ngettext("%(n)d entrant added.", "%(n)d entrants added.", n) % {"n": n})
            return redirect(back)
    return page(request, competition, entrants_form=form, status=400)


def entrant_remove_page(request: HttpRequest, competition: Competition, player_id: int, *, back: str) -> HttpResponse:
    """An organizer takes an entrant out before the start (after it, leaving is a ruling: a forfeit)."""
    by = organizer_required(competition.club, player_or_none(request))
    if competition.status != CompetitionRow.Status.REGISTRATION:
        messages.error(request, _("Entrants are removed before the start only."))
        return redirect(back)
    try:
        competition_leave(competition=competition, player=get_object_or_404(Player, pk=player_id), by=by)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The entrant is removed."))
    return redirect(back)


def forfeit_page(
    request: HttpRequest,
    competition: Competition,
    form: Any,
    *,
    ruling: Callable[[], tuple[Player, str | None]],
    page: Callable[..., HttpResponse],
    back: str,
    done: str,
) -> HttpResponse:
    """An organizer's ruling against a player (`form`, whose `ruling` says who and, in a bracket, which match), one
    call to `competition_forfeit`; `done` is the message of a ruling recorded."""
    by = organizer_required(competition.club, player_or_none(request))
    if form.is_valid():
        player, match = ruling()
        try:
            competition_forfeit(
                competition=competition, player=player, by=by, reason=form.cleaned_data["reason"], match=match
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, done)
            return redirect(back)
    return page(request, competition, forfeit_form=form, status=400)


def csv_download(rows: Sequence[Sequence[Any]], *, filename: str) -> HttpResponse:
    """A CSV file to download (formulas written as text: league.spreadsheet)."""
    response = HttpResponse(csv_text(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
