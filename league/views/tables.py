"""The table page of every game: the card table (the seat's view on the felt, its hand and its moves as the engine
declares them), the clock, the story and the ledger; a small version endpoint that the page polls, and the move form's
target."""

import math
import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import reswap, retarget

from league.caller import player_or_none, player_required
from league.errors import IllegalMoveError, ServiceError
from league.forms.tables import MoveForm, TableSettingsForm
from league.labels import error_words
from league.models import Table
from league.selectors.competition_pages import page_of
from league.selectors.move_history import table_ledger
from league.selectors.tables import seat_choices_for, table_view_for, tables_waiting_for
from league.services.clubs import player_update
from league.services.moves import move_submit
from league.services.notifications import notifications_read
from league.throttles import move_attempt
from league.views.accounts import throttled_page
from league.views.base import HtmxHttpRequest

# enough for the current deal of every game (a Coinche deal with a long auction is under 60 moves) and those before
LOG_LIMIT = 200
# the tables counted in "Next table (N waiting)"; past it the count reads as that many
WAITING_SHOWN = 99


def _context(request: HtmxHttpRequest, table: Table, **extra: Any) -> dict[str, Any]:
    player = player_or_none(request)
    view = table_view_for(table=table, player=player, log_limit=LOG_LIMIT)
    return {
        "table": table,
        "view": view,
        "s": view["state"],
        # the seat's hand and how it chooses (games/core/choices.py), from the engine like its view
        "choices": seat_choices_for(table=table, seat=view["seat"]),
        "confirm_moves": player.confirm_moves if player is not None else True,
        # "Next table (N waiting)": the other tables where the player is to act, the oldest deadline first
        "waiting": list(tables_waiting_for(player=player).exclude(pk=table.pk)[:WAITING_SHOWN])
        if player is not None
        else [],
        "ledger": [entry.row for entry in table_ledger(table=table)],
        # a fresh key per rendering: a double submit of one form is one move, a new decision is a new key
        "move_key": uuid.uuid4().hex,
        **extra,
    }


def _with_owner() -> QuerySet[Table]:
    """Tables with what the page's head names: the club, and the competition the table is a match of, with its page."""
    return Table.objects.select_related("club", "competition").annotate(competition_page=page_of("competition"))


def table_detail(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(_with_owner(), pk=table_id)
    if not request.htmx and (player := player_or_none(request)) is not None:
        # the player came to the table: what the notifications said about it is read
        notifications_read(player=player, table_id=table.pk, now=timezone.now())
    template = "league/table.html#board" if request.htmx else "league/table.html"
    return render(request, template, _context(request, table))


def table_version(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """Polled by the page: nothing (204) while the table is at the version and status the page shows, else the new
    board (the status too: a table waiting for its entropy is dealt without a move)."""
    table = get_object_or_404(Table.objects.select_related("club"), pk=table_id)
    if f"{table.version}-{table.status}" == request.GET.get("v"):
        return HttpResponse(status=204)
    return render(request, "league/table.html#board", _context(request, table))


@login_required
@require_POST
def table_move(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(_with_owner(), pk=table_id)
    player = player_required(request)  # an account without a player profile: 403
    # the API's move limit holds here too: one counter per player for both doors (league/throttles.py)
    if (wait := move_attempt(user_id=player.user_id)) is not None:
        if not request.htmx:
            return throttled_page(request, wait)
        # htmx swaps only 2xx answers: the refusal is shown in the re-rendered board
        message = _("Too many moves in a short time: wait %(seconds)s seconds.") % {"seconds": math.ceil(wait)}
        return render(request, "league/table.html#board", _context(request, table, move_error=message))
    form = MoveForm(request.POST)
    error = None
    if form.is_valid():
        try:
            move_submit(
                table_id=table.pk,
                player=player,
                move=form.cleaned_data["move"],
                expected_version=form.cleaned_data["version"],
                idempotency_key=form.cleaned_data["key"],
            )
        except IllegalMoveError as refused:
            error = error_words(refused)
            if request.htmx:
                # the engine said no to this choice: only the message changes, so that the board and the choice
                # being made on it (a row half built, a card picked) stay as the player left them
                answer = render(request, "league/table.html#move-error", {"move_error": error})
                return retarget(reswap(answer, "outerHTML"), "#move-error")
        except ServiceError as refused:
            error = error_words(refused)
        else:
            if not request.htmx:
                return redirect("table", table_id=table.pk)
    else:
        error = " ".join(str(message) for messages in form.errors.values() for message in messages)
    table.refresh_from_db()
    context = _context(request, table, move_error=error)
    if request.htmx:
        # htmx swaps only 2xx answers: the refusal is shown in the re-rendered board
        return render(request, "league/table.html#board", context)
    return render(request, "league/table.html", context, status=422 if error else 200)


@login_required
@require_POST
def table_settings(request: HtmxHttpRequest) -> HttpResponse:
    """The settings page's card-table box: "confirm every move"."""
    player = player_required(request)
    form = TableSettingsForm(request.POST)
    if form.is_valid():
        player_update(player=player, confirm_moves=form.cleaned_data["confirm_moves"])
        messages.success(request, _("Your settings are saved."))
    return redirect("settings")
