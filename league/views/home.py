"""The home page and the "your turn" inbox."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.caller import player_or_none
from league.models import Club
from league.selectors.tables import tables_waiting_for
from league.views.base import HtmxHttpRequest


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "league/home.html", {"clubs": Club.objects.order_by("name")})


@login_required
def inbox(request: HtmxHttpRequest) -> HttpResponse:
    player = player_or_none(request)
    tables = list(tables_waiting_for(player=player)) if player else []
    template = "league/inbox.html#tables" if request.htmx else "league/inbox.html"
    return render(request, template, {"tables": tables})
