"""The organizer's club pages beyond the club's own (issue 34): the vacations of every entrant of the club's seasons,
granted and cancelled under the season clock's rules, which the page states."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.caller import player_or_none
from league.errors import ServiceError
from league.forms.base import add_service_error
from league.forms.organizer import VacationGrantForm
from league.models import Club, Season
from league.selectors.vacations import SeasonVacations, club_vacations
from league.services.vacations import vacation_grant, vacation_revoke
from league.views.base import organizer_required


def _grant_form(season: SeasonVacations, data: object = None) -> VacationGrantForm:
    players = [p.pk for row in season.entrants for p in row.players]
    return VacationGrantForm(data, players=players, zone=season.zone, prefix=f"season-{season.season.pk}")


def _page(
    request: HttpRequest, club: Club, failed: tuple[int, VacationGrantForm] | None = None, status: int = 200
) -> HttpResponse:
    seasons = club_vacations(club=club)
    rows = []
    for season in seasons:
        form = failed[1] if failed and failed[0] == season.season.pk else _grant_form(season)
        rows.append((season, form))
    return render(
        request, "league/club_vacations.html", {"club": club, "seasons": rows, "now": timezone.now()}, status=status
    )


@login_required
def club_vacations_page(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    organizer_required(club, player_or_none(request))
    return _page(request, club)


@login_required
@require_POST
def club_vacation_grant(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    by = organizer_required(club, player_or_none(request))
    season = get_object_or_404(Season, pk=season_id, club=club)
    listed = next((s for s in club_vacations(club=club) if s.season.pk == season.pk), None)
    if listed is None:
        messages.error(request, _("Vacations are granted in a season open for entry or under way."))
        return redirect("club_vacations", slug=club.slug)
    form = _grant_form(listed, request.POST)
    if form.is_valid():
        try:
            vacation_grant(
                season=season,
                by=by,
                player=form.cleaned_data["player"],
                starts_at=form.starts_at(timezone.now()),
                days=form.cleaned_data["days"],
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(
                request, _("The vacation is granted to %(name)s.") % {"name": form.cleaned_data["player"].display_name}
            )
            return redirect("club_vacations", slug=club.slug)
    return _page(request, club, failed=(season.pk, form), status=400)


@login_required
@require_POST
def club_vacation_cancel(request: HttpRequest, slug: str, season_id: int, vacation_id: int) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    by = organizer_required(club, player_or_none(request))
    season = get_object_or_404(Season, pk=season_id, club=club)
    try:
        kept = vacation_revoke(season=season, by=by, vacation_id=vacation_id)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        if kept is None:
            messages.success(request, _("The vacation is cancelled: its days are given back."))
        else:
            messages.success(request, _("The vacation ends at the end of today: the days begun are used."))
    return redirect("club_vacations", slug=club.slug)
