"""Bracket tournaments' pages: a club's tournaments (and the organizer's form for a new one), a tournament's page
with its bracket drawn on the server (SVG, refreshed in place while it runs), the actions (enter, leave, start: those of
every format, league.views.competitions),
the organizer's forms (a team entered, a match ruled forfeited) and the exports."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.caller import player_or_none, player_required
from league.drawing.bracket_svg import bracket_svg
from league.errors import ServiceError
from league.forms.base import add_service_error
from league.forms.organizer import EntrantsAddForm
from league.forms.tournaments import FORMATS, MatchForfeitForm, TournamentForm, TournamentTeamForm
from league.models import Club, Player, Tournament
from league.replica.scope import replica_reads
from league.selectors.bracket_states import tournament_state, tournament_without_state
from league.selectors.clubs import club_role_of, is_organizer
from league.selectors.tournaments import (
    club_tournaments_before,
    tournament_entered,
    tournament_entrant_ids,
    tournament_entrants,
    tournament_entrants_count,
    tournament_forfeitable,
    tournament_forfeits,
    tournament_groups,
    tournament_is_teams,
    tournament_names,
    tournament_results_rows,
    tournament_rounds,
    tournament_standings_rows,
    tournament_tables_in_play,
)
from league.services.tournaments import (
    draw_commitment,
    tournament_create,
    tournament_register,
    tournaments_create_per_division,
)
from league.tournaments.windows import Window, bracket_window, bracket_windowed, window_of
from league.views.base import HtmxHttpRequest, keyset_before, organizer_required
from league.views.competitions import (
    competition_action,
    csv_download,
    entrant_remove_page,
    entrants_add_form,
    entrants_add_page,
    forfeit_page,
)

EXPORTS = ("standings", "results")
# a large tournament's page lists this many entrants of its standings; the standings CSV holds them all
STANDINGS_SHOWN = 100
# a page of the club's tournaments, newest first (`?before=` the last id shown)
CLUB_TOURNAMENTS_SHOWN = 50


def svg_labels() -> dict[str, str]:
    """The bracket's words in the reader's language (league.drawing.bracket_svg.LABELS)."""
    return {
        "final": _("Final"),
        "semifinals": _("Semifinals"),
        "quarterfinals": _("Quarterfinals"),
        "round_of": _("Round of {n}"),
        "third_place": _("Third place"),
        "winners_round": _("Winners {n}"),
        "winners_final": _("Winners final"),
        "losers_round": _("Losers {n}"),
        "losers_final": _("Losers final"),
        "grand_final": _("Grand final"),
        "reset": _("Grand final, reset"),
        "bye": _("bye"),
        "winner_of": _("Winner of {match}"),
        "loser_of": _("Loser of {match}"),
        "not_needed": _("not needed"),
        "live": _("in play"),
        "title": _("Bracket"),
    }


def club_tournaments_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    player = player_or_none(request)
    organizer = is_organizer(club=club, player=player)
    form = None
    status = 200
    if organizer:
        form = TournamentForm(request.POST or None, club=club)
        if request.method == "POST" and form.is_valid():
            try:
                if form.cleaned_data["per_division"]:
                    created = tournaments_create_per_division(club=club, by=player_required(request), spec=form.spec())
                else:
                    created = [tournament_create(club=club, by=player_required(request), spec=form.spec())]
            except ServiceError as error:
                add_service_error(form, error)
            else:
                if len(created) > 1:
                    messages.success(request, _("A playoff is created for each division."))
                    return redirect("club_tournaments", slug=club.slug)
                messages.success(request, _("The tournament is created: registration is open."))
                return redirect("tournament", tournament_id=created[0].pk)
        if request.method == "POST":
            status = 400
    elif request.method == "POST":
        organizer_required(club, player)
    formats = dict(FORMATS)
    before = keyset_before(request)
    listed = club_tournaments_before(club=club, before=before, size=CLUB_TOURNAMENTS_SHOWN)
    shown = listed[:CLUB_TOURNAMENTS_SHOWN]
    context = {
        "club": club,
        "tournaments": [(t, formats.get(t.format, t.format)) for t in shown],
        "form": form,
        "older": shown[-1].pk if len(listed) > len(shown) else None,
        "paged": before is not None,
    }
    return render(request, "league/tournaments.html", context, status=status)


@replica_reads
def tournament_detail(request: HtmxHttpRequest, tournament_id: int) -> HttpResponse:
    try:
        tournament = tournament_without_state(tournament_id=tournament_id)
    except Tournament.DoesNotExist:
        raise Http404 from None
    # read-only from here: the parsed state is shared with the process's other requests
    tournament.state = tournament_state(tournament=tournament)
    if request.htmx:
        return render(request, "league/tournament.html#bracket", _bracket_context(tournament, request))
    return _detail_page(request, tournament)


def _detail_page(
    request: HttpRequest,
    tournament: Tournament,
    *,
    team_form: TournamentTeamForm | None = None,
    forfeit_form: MatchForfeitForm | None = None,
    entrants_form: EntrantsAddForm | None = None,
    status: int = 200,
) -> HttpResponse:
    context = _bracket_context(tournament, request)
    player = player_or_none(request)
    entered = tournament_entered(tournament=tournament, player=player)
    organizer = is_organizer(club=tournament.club, player=player)
    registration = tournament.status == Tournament.Status.REGISTRATION and (
        tournament.format != Tournament.Format.TWO_STAGE or tournament.groups is not None
    )
    if organizer and context["teams"] and registration:
        team_form = team_form or TournamentTeamForm(club=tournament.club)
    if organizer and not context["teams"] and registration:
        entrants_form = entrants_form or entrants_add_form(tournament)
    if organizer and tournament.status == Tournament.Status.RUNNING:
        forfeit_form = forfeit_form or MatchForfeitForm(choices=_forfeit_choices(tournament))
        if not forfeit_form.fields["forfeit"].choices:  # type: ignore[attr-defined]
            forfeit_form = None
    context.update(
        is_organizer=organizer,
        is_member=club_role_of(club=tournament.club, player=player) is not None,
        entered=entered,
        format_label=dict(FORMATS).get(tournament.format, tournament.format),
        commitment=draw_commitment(tournament),
        exports=EXPORTS,
        team_form=team_form,
        forfeit_form=forfeit_form,
        entrants_form=entrants_form,
        removable=organizer and registration,
    )
    return render(request, "league/tournament.html", context, status=status)


def _forfeit_choices(tournament: Tournament) -> list[tuple[str, str]]:
    """One choice per entrant of each match that can be ruled: "W1.2: Alice & Bob forfeits against Carol & Dan"."""
    choices = []
    for match, entrants in tournament_forfeitable(tournament=tournament):
        for index, (player_id, name) in enumerate(entrants):
            label = _("%(match)s: %(loser)s forfeits against %(winner)s") % {
                "match": match,
                "loser": name,
                "winner": entrants[1 - index][1],
            }
            choices.append((f"{match}:{player_id}", label))
    return choices


def _bracket_context(tournament: Tournament, request: HttpRequest) -> dict[str, Any]:
    context: dict[str, Any] = {
        "tournament": tournament,
        # a game played by partners: entrants are teams of two (league.services.tournaments.team_seats)
        "teams": tournament_is_teams(tournament=tournament),
        "live": tournament.status == Tournament.Status.RUNNING,
        "entrants": tournament_entrants(tournament=tournament, limit=STANDINGS_SHOWN),
        "entrants_more": max(0, tournament_entrants_count(tournament=tournament) - STANDINGS_SHOWN),
        "svg": None,
        "window": None,
        "rounds": None,
        "groups": [],
        "in_play": [],
        "forfeits": tournament_forfeits(tournament=tournament),
    }
    if tournament.status == Tournament.Status.REGISTRATION:
        return context
    state = tournament.state
    window = _window(request, tournament) if bracket_windowed(state) else None
    # a large bracket's page lists the tables of the part it draws
    drawn = [match for match in state["matches"] if window.holds(match)] if window is not None else None
    shown = {match["id"] for match in drawn} if drawn is not None else None
    # a part of a large bracket names its own entrants only (4,096 names were read for the 63 drawn)
    named = {e for match in drawn for e in match["entrants"] if e is not None} if drawn is not None else None
    names = tournament_names(tournament=tournament, entrants=named)
    context["in_play"] = [
        (link.match, link.number, link.table_id, [names.get(e, "?") for e in seats])
        for link, seats in tournament_tables_in_play(tournament=tournament, matches=shown)
    ]
    context["groups"] = tournament_groups(tournament=tournament)
    if tournament.format == Tournament.Format.MULTI_ELIM:
        context["rounds"] = tournament_rounds(tournament=tournament)
    elif "matches" in state:
        if window is not None:
            context.update(window=window, earlier=window.earlier(), later=window.later())
        # every name and label is escaped by svg.bracket_svg (tests/league/tournaments/test_svg.py)
        svg = bracket_svg(state, names, labels=svg_labels(), title=tournament.name, window=window)
        context["svg"] = mark_safe(svg)
    return context


def _window(request: HttpRequest, tournament: Tournament) -> Window:
    """The part of a large bracket the page draws: the one asked for (`?round=&part=`), else the one where the
    reader's own latest match is, else the first."""
    state = tournament.state
    asked = request.GET.get("round", ""), request.GET.get("part", "")
    if all(value.isascii() and value.isdigit() and len(value) < 6 for value in asked):
        return bracket_window(state, first=int(asked[0]), part=int(asked[1]))
    own = tournament_entrant_ids(tournament=tournament, player=player_or_none(request))
    played = [m for m in state["matches"] if m["bracket"] == "W" and own.intersection(m["entrants"])]
    if played:
        return window_of(state, max(played, key=lambda m: m["round"])["id"])
    return bracket_window(state)


@login_required
@require_POST
def tournament_action(request: HttpRequest, tournament_id: int, action: str) -> HttpResponse:
    """enter, leave (the player themself) or start (an organizer), as on every format's page."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    competition_action(request, tournament, action)
    return redirect("tournament", tournament_id=tournament.pk)


@login_required
@require_POST
def tournament_team_enter(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """An organizer enters a team of two (a game played by partners)."""
    tournament = get_object_or_404(Tournament.objects.select_related("club", "season"), pk=tournament_id)
    by = organizer_required(tournament.club, player_or_none(request))
    form = TournamentTeamForm(request.POST, club=tournament.club)
    if form.is_valid():
        try:
            tournament_register(
                tournament=tournament, player=form.cleaned_data["player"], partner=form.cleaned_data["partner"], by=by
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("The team is entered."))
            return redirect("tournament", tournament_id=tournament.pk)
    return _detail_page(request, tournament, team_form=form, status=400)


@login_required
@require_POST
def tournament_entrants_add_view(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """An organizer enters members: ticked, or pasted by name (league.views.competitions)."""
    tournament = get_object_or_404(Tournament.objects.select_related("club", "season"), pk=tournament_id)
    back = reverse("tournament", args=[tournament.pk])
    return entrants_add_page(request, tournament, page=_detail_page, back=back)


@login_required
@require_POST
def tournament_entrant_remove(request: HttpRequest, tournament_id: int, player_id: int) -> HttpResponse:
    """An organizer takes an entrant out before the start (league.views.competitions)."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    return entrant_remove_page(request, tournament, player_id, back=reverse("tournament", args=[tournament.pk]))


@login_required
@require_POST
def tournament_forfeit(request: HttpRequest, tournament_id: int) -> HttpResponse:
    """T-D4: an organizer rules that an entrant loses a match (the service refuses a decided match)."""
    tournament = get_object_or_404(Tournament.objects.select_related("club", "season"), pk=tournament_id)
    form = MatchForfeitForm(request.POST, choices=_forfeit_choices(tournament))

    def ruling() -> tuple[Player, str | None]:
        match, player_id = form.ruling()
        return get_object_or_404(Player, pk=player_id), match

    return forfeit_page(
        request,
        tournament,
        form,
        ruling=ruling,
        page=_detail_page,
        back=reverse("tournament", args=[tournament.pk]),
        done=_("The forfeit is recorded: the opponent goes through."),
    )


def tournament_export(request: HttpRequest, tournament_id: int, kind: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if kind not in EXPORTS:
        raise Http404
    if kind == "standings":
        rows = tournament_standings_rows(tournament=tournament)
    else:
        rows = tournament_results_rows(tournament=tournament)
    return csv_download(rows, filename=f"tournament-{tournament.pk}-{kind}.csv")
