"""Poker tournaments' pages: the tournament (the level, the seating chart with every stack, the places; refreshed
in place while it runs), the organizer's creation form, the actions (enter, leave, start: those of every format,
league.views.competitions), the organizer's forms (entrants added and removed before the start, a seat forfeited) and
the standings CSV."""

from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from games import available_games, get_engine
from league.caller import player_or_none
from league.errors import ServiceError
from league.forms.base import add_service_error
from league.forms.organizer import EntrantsAddForm, PokerForfeitForm
from league.forms.poker_tournaments import PokerTournamentForm
from league.models import Club, Player, PokerEntrant, PokerTournament
from league.replica.scope import replica_reads
from league.selectors.clubs import is_organizer
from league.selectors.poker_tournaments import (
    poker_entrants,
    poker_forfeits,
    poker_level,
    poker_players_in,
    poker_results_rows,
    poker_seating_page,
    poker_seed_revealed,
    poker_tournament_get,
)
from league.services.competitions import competition_leave
from league.services.poker_tournaments import (
    points_display,
    poker_entrants_add,
    poker_game_check,
    poker_seat_forfeit,
    poker_tournament_create,
)
from league.views.base import HtmxHttpRequest, keyset_after, organizer_required
from league.views.competitions import competition_action, csv_download

EXPORTS = ("standings",)


def _poker_games() -> list[str]:
    games = []
    for name in available_games():
        try:
            poker_game_check(name)
        except ServiceError:
            continue
        games.append(name)
    return games


@replica_reads
def poker_tournament_detail(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(PokerTournament.objects.select_related("club", "winner"), pk=tournament_id)
    if request.htmx:
        return render(request, "league/poker_tournament.html#live", _live_context(request, tournament))
    return _detail_page(request, tournament)


def _live_context(request: HttpRequest, tournament: PokerTournament) -> dict[str, Any]:
    player = player_or_none(request)
    # a part asked for by its link stays the part refreshed; without one, the part follows the reader's table
    after = keyset_after(request) if "after" in request.GET else None
    player_id = player.pk if player else None
    seating = poker_seating_page(tournament=tournament, after=after, player_id=player_id)
    if not seating.tables and seating.total:
        # a link kept while tables broke, past the last table in play
        seating = poker_seating_page(tournament=tournament, after=0, player_id=player_id)
    return {
        "tournament": tournament,
        "live": tournament.status == PokerTournament.Status.RUNNING,
        "level": poker_level(tournament=tournament),
        "seating": seating,
        "seating_after": seating.after if after is not None else None,
        "entrants": poker_entrants(tournament=tournament),
        "forfeits": poker_forfeits(tournament=tournament),
    }


def _detail_page(
    request: HttpRequest,
    tournament: PokerTournament,
    *,
    entrants_form: EntrantsAddForm | None = None,
    forfeit_form: PokerForfeitForm | None = None,
    status: int = 200,
) -> HttpResponse:
    player = player_or_none(request)
    organizer = is_organizer(club=tournament.club, player=player)
    registration = tournament.status == PokerTournament.Status.REGISTRATION
    context = _live_context(request, tournament)
    if organizer and registration:
        entrants_form = entrants_form or _entrants_form(tournament)
    if organizer and (players_in := poker_players_in(tournament=tournament)):
        forfeit_form = forfeit_form or PokerForfeitForm(players=players_in)
    context.update(
        is_organizer=organizer,
        is_entrant=player is not None and PokerEntrant.objects.filter(competition=tournament, player=player).exists(),
        points=points_display(tournament.points_table),
        seed=poker_seed_revealed(tournament=tournament),
        entrants_form=entrants_form,
        forfeit_form=forfeit_form,
        removable=organizer and registration,
    )
    return render(request, "league/poker_tournament.html", context, status=status)


def _entrants_form(tournament: PokerTournament, data: Any = None) -> EntrantsAddForm:
    entered = PokerEntrant.objects.filter(competition=tournament).values_list("player_id", flat=True)
    return EntrantsAddForm(data, club=tournament.club, entered=entered)


@login_required
def poker_tournament_new(request: HttpRequest, slug: str) -> HttpResponse:
    """Pick the game (those whose engine plays a freezeout), then the tournament's settings."""
    club = get_object_or_404(Club, slug=slug)
    organizer = organizer_required(club, player_or_none(request))
    game = request.POST.get("game") or request.GET.get("game") or ""
    games = _poker_games()
    if game not in games:
        engines = [get_engine(name) for name in games]
        return render(request, "league/poker_tournament_game.html", {"club": club, "games": engines})
    form = PokerTournamentForm(request.POST or None, game=game)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = poker_tournament_create(
                club=club,
                by=organizer,
                game=game,
                name=data["name"],
                starting_stack=data["starting_stack"],
                table_size=data["table_size"],
                level_hands=data["level_hands"],
                levels=data["levels"],
                points_table=data["points_table"],
                time_per_move=timedelta(hours=data["time_per_move"]),
                rated=data["rated"],
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The tournament is created: its players may enter now."))
            return redirect("poker_tournament", tournament_id=tournament.pk)
    status = 400 if form.errors else 200
    context = {"club": club, "game": game, "form": form}
    return render(request, "league/poker_tournament_new.html", context, status=status)


@login_required
@require_POST
def poker_tournament_action(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    """enter, leave (the player themself) or start (an organizer), as on every format's page."""
    tournament = poker_tournament_get(tournament_id=tournament_id)
    competition_action(request, tournament, action)
    return redirect("poker_tournament", tournament_id=tournament.pk)


@login_required
@require_POST
def poker_entrants_add_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """An organizer enters members: ticked, or pasted by name (a stray name is named, and nobody is entered)."""
    tournament = poker_tournament_get(tournament_id=tournament_id)
    by = organizer_required(tournament.club, player_or_none(request))
    form = _entrants_form(tournament, request.POST)
    if form.is_valid():
        try:
            added = poker_entrants_add(tournament=tournament, by=by, players=form.cleaned_data["players"])
        except ServiceError as error:
            add_service_error(form, error)
        else:
            n = len(added)
            messages.success(request, ngettext("%(n)d entrant added.", "%(n)d entrants added.", n) % {"n": n})
            return redirect("poker_tournament", tournament_id=tournament.pk)
    return _detail_page(request, tournament, entrants_form=form, status=400)


@login_required
@require_POST
def poker_entrant_remove(request: HttpRequest, tournament_id: int, player_id: int) -> HttpResponse:
    """An organizer takes an entrant out before the start."""
    tournament = poker_tournament_get(tournament_id=tournament_id)
    by = organizer_required(tournament.club, player_or_none(request))
    try:
        competition_leave(competition=tournament, player=get_object_or_404(Player, pk=player_id), by=by)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The entrant is removed."))
    return redirect("poker_tournament", tournament_id=tournament.pk)


@login_required
@require_POST
def poker_seat_forfeit_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """T-D8: an organizer rules a player's seat forfeited, with the reason shown beside their place."""
    tournament = poker_tournament_get(tournament_id=tournament_id)
    by = organizer_required(tournament.club, player_or_none(request))
    form = PokerForfeitForm(request.POST, players=poker_players_in(tournament=tournament))
    if form.is_valid():
        try:
            poker_seat_forfeit(
                tournament=tournament,
                player=form.cleaned_data["player"],
                by=by,
                reason=form.cleaned_data["reason"],
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The forfeit is recorded: the player is out."))
            return redirect("poker_tournament", tournament_id=tournament.pk)
    return _detail_page(request, tournament, forfeit_form=form, status=400)


def poker_tournament_export(request: HttpRequest, tournament_id: int, kind: str) -> HttpResponse:
    """standings.csv: the places, as a bracket's and a season's standings.csv (a freezeout has no table results)."""
    tournament = get_object_or_404(PokerTournament, pk=tournament_id)
    if kind not in EXPORTS:
        raise Http404
    rows = poker_results_rows(tournament=tournament)
    return csv_download(rows, filename=f"poker-tournament-{tournament.pk}-{kind}.csv")
