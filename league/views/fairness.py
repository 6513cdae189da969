"""Pages of provably fair dealing (docs/fairness.md): a table's verify page (commitment, entropy, seeds once ended,
the verifier's verdict), the entropy form of a seeding table, the move-by-move replay of an ended table, and the
downloads: the table's record (JSON), its deal history (text), a season's standings and results (CSV)."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from league.caller import player_or_none, player_required
from league.errors import ServiceError
from league.input import strict_int
from league.models import Season, Table
from league.selectors.tables import seat_of
from league.services import fairness
from league.views.base import HtmxHttpRequest


def table_verify_page(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("club"), pk=table_id)
    player = player_or_none(request)
    view = fairness.fairness_view(table=table)
    seat = seat_of(table=table, player=player)
    differences = None
    if view["revealed"]:
        try:
            differences = fairness.table_verify_full(table=table)
        except ServiceError as error:
            differences = [error.message]
    context = {
        "table": table,
        "fairness": view,
        "seat": seat,
        "may_add_entropy": seat is not None
        and table.status == Table.Status.SEEDING
        and not view["entropy"][seat]["answered"],
        "differences": differences,
        "error": request.GET.get("error", ""),
    }
    return render(request, "league/fairness/verify.html", context)


@login_required
@require_POST
def table_entropy(request: HttpRequest, table_id: int) -> HttpResponse:
    """The entropy form's target: add the text typed (or waive), then back to the verify page."""
    table = get_object_or_404(Table, pk=table_id)
    try:
        player = player_required(request)
        if request.POST.get("waive"):
            fairness.entropy_waive(table_id=table.pk, player=player)
        else:
            fairness.entropy_add(table_id=table.pk, player=player, entropy=request.POST.get("entropy", ""))
    except ServiceError as error:
        return render(
            request,
            "league/fairness/verify.html",
            {
                "table": table,
                "fairness": fairness.fairness_view(table=table),
                "seat": None,
                "may_add_entropy": False,
                "differences": None,
                "error": error.message,
            },
            status=error.status,
        )
    return redirect("fairness_verify", table_id=table.pk)


def table_replay(request: HtmxHttpRequest, table_id: int) -> HttpResponse:
    """Step through an ended table: ?step=n shows the state after move n (0 is the deal)."""
    table = get_object_or_404(Table.objects.select_related("club"), pk=table_id)
    if not fairness.seed_revealed(table):
        return render(request, "league/fairness/not_yet.html", {"table": table}, status=403)
    # a step past the end is the last one (replay_step clamps); one that is not a number is a 400 page
    step = strict_int(request.GET.get("step"), low=0, high=10**9, field="step") or 0
    try:
        data = fairness.replay_step(table_id=table.pk, step=step)
    except ServiceError as error:
        return render(request, "league/fairness/not_yet.html", {"table": table, "error": error.message}, status=409)
    template = "league/fairness/replay.html#step" if request.htmx else "league/fairness/replay.html"
    seats = [
        {"index": seat["seat"], "display_name": seat["display_name"], "to_act": seat["seat"] in data["to_act"]}
        for seat in data["seats"]
    ]
    context = {
        "table": table,
        "r": data,
        # drawn on the live table's felt, as a spectator sees it at this step (templates/league/_felt.html)
        "s": data["board"],
        "view": {"game": table.game, "seats": seats, "seat": None, "your_turn": False, "legal_moves": []},
        "last_row": data["ledger"][-1] if data["ledger"] else None,
        "prev_step": data["step"] - 1 if data["step"] > 0 else None,
        "next_step": data["step"] + 1 if data["step"] < data["steps"] else None,
    }
    return render(request, template, context)


def table_record(request: HttpRequest, table_id: int) -> HttpResponse:
    """The table's record as a JSON download (what tools/verify_record.py checks)."""
    table = get_object_or_404(Table, pk=table_id)
    response = JsonResponse(
        fairness.record_export(table_id=table.pk), json_dumps_params={"indent": 1, "ensure_ascii": False}
    )
    response["Content-Disposition"] = f'attachment; filename="table-{table.pk}.json"'
    return response


def table_history(request: HttpRequest, table_id: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    if not fairness.seed_revealed(table):
        return render(request, "league/fairness/not_yet.html", {"table": table}, status=403)
    return HttpResponse(fairness.history_text(table_id=table.pk), content_type="text/plain; charset=utf-8")


def season_export(request: HttpRequest, season_id: int, kind: str) -> HttpResponse:
    season = get_object_or_404(Season, pk=season_id)
    if kind not in fairness.SEASON_CSV_KINDS:
        raise Http404
    response = HttpResponse(fairness.season_csv(season_id=season.pk, kind=kind), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="season-{season.pk}-{kind}.csv"'
    return response
