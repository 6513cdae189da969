"""The season page (standings, rounds, time control, rules) and the organizer's pages: create a season, register
entrants, open registration, start the season and its rounds, withdraw an entrant, annul a table, award a forfeit."""

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.caller import player_or_none
from league.errors import ServiceError
from league.forms import (
    ConfirmForm,
    EntrantRegisterForm,
    ForfeitForm,
    SeasonCreateForm,
    TableRulingForm,
    WithdrawForm,
    add_service_error,
)
from league.models import Club, Season
from league.selectors.clubs import is_organizer
from league.selectors.seasons import season_rounds, season_standings
from league.services.rounds import entrant_withdraw, forfeit_award, round_start, season_start, season_table_annul
from league.services.seasons import entrant_register, season_create, season_open_registration
from league.views.base import HtmxHttpRequest, organizer_required


def season_detail(request: HtmxHttpRequest, season_id: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    context = {
        "season": season,
        "standings": season_standings(season=season),
        "live": season.status == Season.Status.RUNNING,
    }
    if request.htmx:
        return render(request, "league/season.html#standings", context)
    context.update(
        rounds=season_rounds(season=season),
        clock=getattr(season, "clock", None),
        is_organizer=is_organizer(club=season.club, player=player_or_none(request)),
    )
    return render(request, "league/season.html", context)


@login_required
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    organizer = organizer_required(club, player_or_none(request))
    form = SeasonCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = season_create(club=club, by=organizer, spec=form.spec())
        except ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The season is created, in draft."))
            return redirect("season_manage", season_id=season.pk)
    return render(request, "league/season_new.html", {"club": club, "form": form}, status=400 if form.errors else 200)


def _manage_forms(season: Season, data: Any = None, which: str = "") -> dict[str, forms.Form]:
    """The organizer page's forms; the one that was posted (`which`) gets the data and shows its errors."""
    makers: dict[str, Callable[[Any], forms.Form]] = {
        "register": lambda d: EntrantRegisterForm(d, season=season, prefix="register"),
        "open": lambda d: ConfirmForm(d, prefix="open"),
        "start": lambda d: ConfirmForm(d, prefix="start"),
        "round": lambda d: ConfirmForm(d, prefix="round"),
        "withdraw": lambda d: WithdrawForm(d, season=season, prefix="withdraw"),
        "annul": lambda d: TableRulingForm(d, season=season, prefix="annul"),
        "forfeit": lambda d: ForfeitForm(d, season=season, prefix="forfeit"),
    }
    return {name: make(data if name == which else None) for name, make in makers.items()}


@login_required
def season_manage(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    organizer_required(season.club, player_or_none(request))
    return _manage_page(request, season, _manage_forms(season))


def _manage_page(
    request: HttpRequest, season: Season, forms_: dict[str, forms.Form], status: int = 200
) -> HttpResponse:
    return render(
        request,
        "league/season_manage.html",
        {"season": season, "forms": forms_, "entrants": season.entrants.select_related("player", "partner")},
        status=status,
    )


def _run(request: HttpRequest, form: forms.Form, action: Callable[[], Any], done: str) -> bool:
    try:
        action()
    except ServiceError as error:
        add_service_error(form, error)
        return False
    messages.success(request, done)
    return True


@login_required
@require_POST
def season_action(request: HttpRequest, season_id: int, action: str) -> HttpResponse:
    """One organizer action by name; each calls one service, with the form's confirmation ticked."""
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    by = organizer_required(season.club, player_or_none(request))
    forms_ = _manage_forms(season, request.POST, which=action)
    form = forms_.get(action)
    if form is None:
        return HttpResponse(status=404)
    if form.is_valid():
        data = form.cleaned_data
        actions: dict[str, tuple[Callable[[], Any], str]] = {
            "register": (
                lambda: entrant_register(
                    season=season, by=by, player=data["player"], partner=data.get("partner"), name=data["name"]
                ),
                _("The entrant is registered."),
            ),
            "open": (lambda: season_open_registration(season=season, by=by), _("Registration is open.")),
            "start": (lambda: season_start(season=season, by=by), _("The season has started.")),
            "round": (lambda: round_start(season=season, by=by), _("The next round has started.")),
            "withdraw": (
                lambda: entrant_withdraw(season=season, by=by, entrant=data["entrant"], reason=data["reason"]),
                _("The entrant is withdrawn."),
            ),
            "annul": (
                lambda: season_table_annul(table=data["table"], by=by, reason=data["reason"]),
                _("The table is annulled."),
            ),
            "forfeit": (
                lambda: forfeit_award(table=data["table"], by=by, forfeiting=data["forfeiting"], reason=data["reason"]),
                _("The forfeit is awarded."),
            ),
        }
        call, done = actions[action]
        if _run(request, form, call, done):
            return redirect("season_manage", season_id=season.pk)
    season.refresh_from_db()
    return _manage_page(request, season, forms_, status=400)
