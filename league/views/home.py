"""The home page, the first-run page after sign-up, the "your turn" inbox (where a player lands after log-in) and
"my games"."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.caller import player_or_none, player_required
from league.models import Club
from league.selectors.clubs import invitations_for
from league.selectors.my_games import games_of, seasons_open_to, turns_of
from league.views.base import HtmxHttpRequest


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "league/home.html", {"clubs": Club.objects.order_by("name")})


@login_required
def welcome(request: HttpRequest) -> HttpResponse:
    """What a new player does next: answer an invitation, find a club, enter a season."""
    player = player_required(request)
    return render(
        request,
        "league/welcome.html",
        {
            "invitations": list(invitations_for(player=player)),
            "clubs": list(player.clubs.order_by("name")),
            "seasons": list(seasons_open_to(player=player)),
        },
    )


@login_required
def inbox(request: HtmxHttpRequest) -> HttpResponse:
    player = player_or_none(request)
    rows = turns_of(player=player) if player else []
    template = "league/inbox.html#tables" if request.htmx else "league/inbox.html"
    return render(request, template, {"rows": rows, "count": len(rows)})


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    current, finished = games_of(player=player_required(request))
    return render(request, "league/my_games.html", {"current": current, "finished": finished})
