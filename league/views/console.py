"""The organizer's console: one page per task of a season, under one navigation — its settings (with the clock,
the rules, the schedule and scoring previews, its divisions), its registration, its rounds (the calendar, the
tables in play and their clocks, starting, finishing, rolling over) and its rulings (withdraw, annul, forfeit);
members are managed from the club's page. Each form posts to its own action, which makes one service call.
"""

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import available_games, get_engine
from league.caller import player_or_none
from league.errors import ServiceError
from league.forms.base import add_service_error
from league.forms.season_settings import SeasonSettingsForms, tiebreak_definitions
from league.forms.seasons import (
    ConfirmForm,
    DivisionAddForm,
    EntrantRegisterForm,
    ForfeitForm,
    MembersRegisterForm,
    RolloverForm,
    SweepMarkClearForm,
    TableRulingForm,
    WithdrawForm,
)
from league.models import Club, Entrant, Player, Round, Season, TableRuling
from league.selectors.rounds import season_calendar, season_tables_in_play, season_zone
from league.services.rollover import season_rollover
from league.services.rounds import entrant_withdraw, forfeit_award, round_start, season_start, season_table_annul
from league.services.season_settings import EDITABLE, division_add, season_settings_update, season_spec
from league.services.seasons import (
    entrant_register,
    entrants_register,
    rounds_total,
    season_create,
    season_finish,
    season_open_registration,
)
from league.services.timeouts import table_sweep_mark_clear
from league.views.base import HtmxHttpRequest, organizer_required

TASKS = ("settings", "registration", "rounds", "rulings")


def _organizer_season(request: HttpRequest, season_id: int) -> tuple[Season, Player]:
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    return season, organizer_required(season.club, player_or_none(request))


def _render_task(
    request: HttpRequest, season: Season, task: str, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    context = {"season": season, "task": task, "zone": season_zone(season), **context}
    return render(request, f"league/console/{task}.html", context, status=status)


# --- creating a season -----------------------------------------------------------------------------------------


@login_required
def season_new(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    """Pick the game, then every setting of the season for that game; the season is created in draft."""
    club = get_object_or_404(Club, slug=slug)
    organizer = organizer_required(club, player_or_none(request))
    game = request.POST.get("game") or request.GET.get("game") or ""
    if game not in available_games():
        games = [get_engine(name) for name in available_games()]
        return render(request, "league/console/new_game.html", {"club": club, "games": games})
    # the clock's zone starts as the organizer's own (the one their pages are shown in)
    forms_ = SeasonSettingsForms(game=game, data=request.POST or None, time_zone=timezone.get_current_timezone_name())
    previewing = "preview" in request.POST
    if request.method == "POST" and previewing and request.htmx:
        return _previews(request, forms_)
    if request.method == "POST" and not previewing and forms_.is_valid():
        try:
            season = season_create(club=club, by=organizer, spec=forms_.spec())
        except ServiceError as error:
            forms_.add_service_error(error)
        else:
            messages.success(request, _("The season is created, in draft. Register its entrants next."))
            return redirect("season_registration", season_id=season.pk)
    context = {"club": club, "game": game, "settings": forms_, "definitions": tiebreak_definitions()}
    return render(request, "league/console/new.html", context, status=400 if forms_.errors and not previewing else 200)


def _previews(request: HttpRequest, forms_: SeasonSettingsForms) -> HttpResponse:
    """The schedule and tiebreak previews alone, swapped into the page in place (htmx, on every change)."""
    forms_.is_valid()
    return render(request, "league/console/_previews.html", {"settings": forms_, "oob": True})


# --- the console's pages ---------------------------------------------------------------------------------------


@login_required
def season_manage(request: HttpRequest, season_id: int) -> HttpResponse:
    """The console's door: the task the season's stage calls for."""
    season, _by = _organizer_season(request, season_id)
    task = {
        Season.Status.DRAFT: "season_registration",
        Season.Status.REGISTRATION: "season_registration",
        Season.Status.RUNNING: "season_rounds",
    }.get(Season.Status(season.status), "season_settings")
    return redirect(task, season_id=season.pk)


@login_required
def season_settings(request: HtmxHttpRequest, season_id: int) -> HttpResponse:
    """Every setting of a season not yet started, with the previews; read-only once it runs."""
    season, by = _organizer_season(request, season_id)
    editable = season.status in EDITABLE
    entrants = Entrant.objects.filter(competition=season, withdrawn=False).count()
    posted = request.POST if request.method == "POST" and editable else None
    forms_ = SeasonSettingsForms(game=season.game, data=posted, spec=season_spec(season), entrants=entrants)
    previewing = "preview" in request.POST
    if posted is not None and previewing and request.htmx:
        return _previews(request, forms_)
    if posted is not None and not previewing and forms_.is_valid():
        try:
            season_settings_update(season=season, by=by, spec=forms_.spec())
        except ServiceError as error:
            forms_.add_service_error(error)
        else:
            messages.success(request, _("The settings are saved."))
            return redirect("season_settings", season_id=season.pk)
    return _settings_page(request, season, forms_, status=400 if forms_.errors and not previewing else 200)


def _settings_page(
    request: HttpRequest,
    season: Season,
    forms_: SeasonSettingsForms | None = None,
    division: forms.Form | None = None,
    status: int = 200,
) -> HttpResponse:
    if forms_ is None:
        forms_ = SeasonSettingsForms(game=season.game, spec=season_spec(season))
    divisions = Season.objects.filter(club=season.club, league=season.league, edition=season.edition).order_by(
        "division_level"
    )
    context = {
        "settings": forms_,
        "editable": season.status in EDITABLE,
        "definitions": tiebreak_definitions(),
        "divisions": divisions,
        "division_form": division or DivisionAddForm(prefix="division"),
        "clock": getattr(season, "clock", None),
    }
    return _render_task(request, season, "settings", context, status=status)


@login_required
def season_registration(request: HttpRequest, season_id: int) -> HttpResponse:
    season, _by = _organizer_season(request, season_id)
    return _registration_page(request, season, _task_forms(season, "registration"))


def _registration_page(
    request: HttpRequest, season: Season, forms_: dict[str, forms.Form], status: int = 200
) -> HttpResponse:
    entrants = Entrant.objects.filter(competition=season).select_related("player", "partner").order_by("seed", "id")
    return _render_task(request, season, "registration", {"forms": forms_, "entrants": entrants}, status=status)


@login_required
def season_rounds(request: HttpRequest, season_id: int) -> HttpResponse:
    season, _by = _organizer_season(request, season_id)
    return _rounds_page(request, season, _task_forms(season, "rounds"))


def _rounds_page(
    request: HttpRequest, season: Season, forms_: dict[str, forms.Form], status: int = 200
) -> HttpResponse:
    calendar = season_calendar(season=season)
    rounds = list(Round.objects.filter(season=season))
    running = any(r.status == Round.Status.RUNNING for r in rounds)
    done = sum(1 for r in rounds if r.status == Round.Status.FINISHED)
    context = {
        "forms": forms_,
        "calendar": calendar,
        "tables": season_tables_in_play(season=season, now=timezone.now()),
        "round_running": running,
        "rounds_left": season.status == Season.Status.RUNNING and done < rounds_total(season),
        "next_editions": Season.objects.filter(previous=season).order_by("division_level"),
    }
    return _render_task(request, season, "rounds", context, status=status)


@login_required
def season_rulings(request: HttpRequest, season_id: int) -> HttpResponse:
    season, _by = _organizer_season(request, season_id)
    forms_ = _task_forms(season, "rulings")
    # the club page's "Record a forfeit" names the table (issue 34)
    table = request.GET.get("table", "")
    if table.isdigit() and len(table) < 12 and "forfeit" in forms_:
        forms_["forfeit"].initial["table"] = int(table)
    return _rulings_page(request, season, forms_)


def _rulings_page(
    request: HttpRequest, season: Season, forms_: dict[str, forms.Form], status: int = 200
) -> HttpResponse:
    rulings = (
        TableRuling.objects.filter(table__round__season=season)
        .select_related("table__round", "by")
        .prefetch_related("forfeiting__player", "forfeiting__partner")
    )
    return _render_task(request, season, "rulings", {"forms": forms_, "rulings": rulings}, status=status)


# --- the actions: each a form of one page, one service call ------------------------------------------------------

# action -> (its page, its form)
ACTIONS: dict[str, tuple[str, Callable[[Season, Any], forms.Form]]] = {
    "register": ("registration", lambda s, d: EntrantRegisterForm(d, season=s, prefix="register")),
    "register_members": ("registration", lambda s, d: MembersRegisterForm(d, season=s, prefix="members")),
    "open": ("registration", lambda s, d: ConfirmForm(d, prefix="open")),
    "start": ("rounds", lambda s, d: ConfirmForm(d, prefix="start")),
    "round": ("rounds", lambda s, d: ConfirmForm(d, prefix="round")),
    "finish": ("rounds", lambda s, d: ConfirmForm(d, prefix="finish")),
    "rollover": ("rounds", lambda s, d: RolloverForm(d, prefix="rollover", initial={"name": s.name})),
    "sweep_clear": ("rounds", lambda s, d: SweepMarkClearForm(d, season=s, prefix="sweep")),
    "withdraw": ("rulings", lambda s, d: WithdrawForm(d, season=s, prefix="withdraw")),
    "annul": ("rulings", lambda s, d: TableRulingForm(d, season=s, prefix="annul")),
    "forfeit": ("rulings", lambda s, d: ForfeitForm(d, season=s, prefix="forfeit")),
    "division": ("settings", lambda s, d: DivisionAddForm(d, prefix="division")),
}
PAGES: dict[str, Callable[..., HttpResponse]] = {
    "registration": _registration_page,
    "rounds": _rounds_page,
    "rulings": _rulings_page,
}


def _task_forms(season: Season, task: str, data: Any = None, which: str = "") -> dict[str, forms.Form]:
    """The forms of one page; the one posted (`which`) gets the data and shows its errors."""
    return {
        name: make(season, data if name == which else None) for name, (page, make) in ACTIONS.items() if page == task
    }


@login_required
@require_POST
def season_action(request: HttpRequest, season_id: int, action: str) -> HttpResponse:
    """One organizer action by name; each calls one service, with its confirmation ticked where it is destructive."""
    season, by = _organizer_season(request, season_id)
    if action not in ACTIONS:
        return HttpResponse(status=404)
    task = ACTIONS[action][0]
    forms_ = _task_forms(season, task, request.POST, which=action)
    form = forms_.get(action) or ACTIONS[action][1](season, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        calls: dict[str, tuple[Callable[[], Any], str]] = {
            "register": (
                lambda: entrant_register(
                    season=season, by=by, player=data["player"], partner=data.get("partner"), name=data.get("name", "")
                ),
                _("The entrant is registered."),
            ),
            "register_members": (
                lambda: entrants_register(season=season, by=by, players=list(data["players"])),
                _("The members are registered."),
            ),
            "open": (lambda: season_open_registration(season=season, by=by), _("Registration is open.")),
            "start": (lambda: season_start(season=season, by=by), _("The season has started.")),
            "round": (lambda: round_start(season=season, by=by), _("The next round has started.")),
            # season_finish is also the round machinery's, with no caller: the organizer was checked above
            "finish": (lambda: season_finish(season=season), _("The season is finished.")),
            "rollover": (
                lambda: season_rollover(season=season, by=by, name=data["name"]),
                _("The next edition is open for registration, with every setting of this one."),
            ),
            "sweep_clear": (
                lambda: table_sweep_mark_clear(table_id=data["table"].pk, by=by),
                _("The mark is cleared: the next sweep tries the table again."),
            ),
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
            "division": (
                lambda: division_add(season=season, by=by, name=data["division_name"]),
                _("The division is added, with every setting of this one."),
            ),
        }
        call, done = calls[action]
        try:
            result = call()
        except ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, done)
            return _after(action, season, result)
    season.refresh_from_db()
    if task == "settings":
        return _settings_page(request, season, division=form, status=400)
    return PAGES[task](request, season, forms_, status=400)


def _after(action: str, season: Season, result: Any) -> HttpResponse:
    """Where an action leads: the next task of the season, or the season it made."""
    if action == "rollover":
        return redirect("season_registration", season_id=result[0].pk)
    if action == "division":
        return redirect("season_settings", season_id=result.pk)
    if action == "open":
        return redirect("season_registration", season_id=season.pk)
    task = ACTIONS[action][0]
    return redirect(reverse(f"season_{task}", kwargs={"season_id": season.pk}))
