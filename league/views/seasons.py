"""The season page (standings with the tiebreaks explained, the crosstable, the calendar of rounds, the time control,
the rules) and a player's vacations in a season. The organizer's pages are league/views/console.py."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.caller import player_or_none, player_required
from league.errors import ServiceError
from league.forms.base import add_service_error
from league.forms.seasons import VacationTakeForm
from league.labels import TIEBREAK_DEFINITIONS, TIEBREAK_NAMES, error_words
from league.models import Entrant, Player, Round, Season
from league.replica.scope import replica_reads
from league.selectors.clubs import club_role_of, is_organizer
from league.selectors.rounds import clock_zone, season_calendar, season_own_tables, season_zone
from league.selectors.season_boards import POLL_SECONDS, held_crosstable, held_standings_page, season_with_stamp
from league.selectors.seasons import round_tables_page, season_options_shown, season_rulings
from league.selectors.vacations import player_vacations, vacation_days_used, vacation_get
from league.services.clocks import vacation_cancel, vacation_take
from league.services.fairness import SEASON_CSV_KINDS
from league.views.base import HtmxHttpRequest, keyset_after
from league.views.competitions import competition_action


@replica_reads
def season_detail(request: HtmxHttpRequest, season_id: int) -> HttpResponse:
    try:
        season, stamp = season_with_stamp(season_id=season_id)
    except Season.DoesNotExist:
        raise Http404 from None
    # standings and crosstable a hundred entrants at a time (a 1,000-entrant season was half a megabyte and 1.7 s),
    # held while the standings stand (league/selectors/season_boards.py)
    page = held_standings_page(season=season, after=keyset_after(request), stamp=stamp)
    context: dict[str, Any] = {
        "season": season,
        "standings": page.rows,
        "page": page,
        "live": season.status == Season.Status.RUNNING,
        "poll_seconds": POLL_SECONDS,
        # the tiebreak columns: a short header, its definition as the tooltip; "wins" has its own column
        "tiebreaks": [
            (name, TIEBREAK_NAMES.get(name, name), TIEBREAK_DEFINITIONS.get(name, ""))
            for name in season.tiebreaks
            if name != "wins"
        ],
        "wins_definition": TIEBREAK_DEFINITIONS["wins"],
    }
    if request.htmx:
        return render(request, "league/season.html#standings", context)
    player = player_or_none(request)
    clock = getattr(season, "clock", None)
    context.update(
        calendar=season_calendar(season=season),
        # the reader's own table in each round, linked beside the round's counts
        own_tables=season_own_tables(season=season, player_id=player.pk if player is not None else None),
        # the page's entrants; when one page holds them all, every entrant
        crosstable=held_crosstable(season=season, page=page, stamp=stamp),
        # a signed-in reader's own time zone (league.timezones), else the season's
        zone=timezone.get_current_timezone_name() if player is not None else clock_zone(clock),
        clock=clock,
        options=season_options_shown(season=season),
        # the organizer's rulings with their reasons, for everyone to read (issue 34)
        rulings=season_rulings(season=season),
        exports=SEASON_CSV_KINDS,
        is_organizer=is_organizer(club=season.club, player=player),
        is_entrant=player is not None and _entrant(season, player.pk),
        # a member may enter themselves while registration is open (fixed teams are entered by an organizer)
        may_enter=player is not None
        and season.status == Season.Status.REGISTRATION
        and season.partners != Season.Partners.FIXED
        and club_role_of(club=season.club, player=player) is not None,
    )
    return render(request, "league/season.html", context)


@replica_reads
def season_round(request: HttpRequest, season_id: int, number: int) -> HttpResponse:
    """One round of a season: its tables, a hundred at a time, and its byes."""
    round_ = get_object_or_404(Round.objects.select_related("season__club"), season_id=season_id, number=number)
    page = round_tables_page(round=round_, after=keyset_after(request))
    return render(request, "league/season_round.html", {"season": round_.season, "round": round_, "page": page})


def _entrant(season: Season, player_id: int) -> bool:
    return Entrant.objects.filter(competition=season, withdrawn=False).filter(player_id=player_id).exists() or (
        Entrant.objects.filter(competition=season, withdrawn=False, partner_id=player_id).exists()
    )


# --- a player's vacations ------------------------------------------------------------------------------------------


@login_required
def season_vacations(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    player = player_required(request)
    return _vacations_page(request, season, player)


def _vacations_page(
    request: HttpRequest, season: Season, player: Player, form: VacationTakeForm | None = None, status: int = 200
) -> HttpResponse:
    clock = getattr(season, "clock", None)
    allowed = clock.vacation_days if clock is not None else 0
    taken = player_vacations(season=season, player=player)
    used = vacation_days_used(taken)
    zone = season_zone(season)
    now = timezone.now()
    context = {
        "season": season,
        "zone": zone,
        "allowed": allowed,
        "left": max(allowed - used, 0),
        "vacations": [(v, v.starts_at <= now < v.ends_at, v.ends_at <= now) for v in taken],
        "entrant": _entrant(season, player.pk),
        "form": form or VacationTakeForm(zone=zone, left=allowed - used),
    }
    return render(request, "league/vacations.html", context, status=status)


@login_required
@require_POST
def season_vacation_take(request: HttpRequest, season_id: int) -> HttpResponse:
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    player = player_required(request)
    clock = getattr(season, "clock", None)
    left = clock.vacation_days if clock is not None else 0
    form = VacationTakeForm(request.POST, zone=season_zone(season), left=left)
    if form.is_valid():
        try:
            vacation_take(
                player=player, season=season, starts_at=form.starts_at(timezone.now()), days=form.cleaned_data["days"]
            )
        except ServiceError as error:
            add_service_error(form, error)
        else:
            messages.success(request, _("Your vacation is booked: your clocks stop for those days."))
            return redirect("season_vacations", season_id=season.pk)
    return _vacations_page(request, season, player, form=form, status=400)


@login_required
@require_POST
def season_vacation_cancel(request: HttpRequest, season_id: int, vacation_id: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=season_id)
    player = player_required(request)
    try:
        vacation_cancel(player=player, vacation=vacation_get(season=season, player=player, vacation_id=vacation_id))
    except ServiceError as error:
        messages.error(request, error_words(error))
    else:
        messages.success(request, _("The vacation is cancelled; its days not begun are yours again."))
    return redirect("season_vacations", season_id=season.pk)


# --- a member enters a season open for registration, or leaves it before the start ----------------------------------


@login_required
@require_POST
def season_action(request: HttpRequest, season_id: int, action: str) -> HttpResponse:
    """Enter or leave, as on every format's page (`league.views.competitions`); the URLs route these two alone (an
    organizer starts a season from its console)."""
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    competition_action(request, season, action)
    return redirect("season", season_id=season.pk)
