"""The front door (the home page: what the site is, tables to watch, the leaderboards' leaders, tournaments; for a
player their turn first, then their clubs' news), the header's tournaments and leaderboards pages, the first-run
page after sign-up, the "your turn" inbox (where a player lands after log-in) and "my games"."""

from datetime import datetime

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.caller import player_or_none, player_required
from league.models import PokerTournament, Tournament
from league.replica.scope import replica_reads
from league.selectors.clubs import invitations_for
from league.selectors.front_door import (
    TournamentRow,
    club_news,
    leaders_by_game,
    tables_to_watch,
    tournaments_listed,
)
from league.selectors.my_games import club_directory, games_of, seasons_open_to, turns_of
from league.views.base import HtmxHttpRequest

# the home page lists this many clubs and tournaments before its "all" links
CLUBS_SHOWN = 6
TOURNAMENTS_SHOWN = 6
# the tournaments page lists this many of each status, the finished ones page after page
TOURNAMENTS_LISTED = 50
OPEN = (Tournament.Status.RUNNING, Tournament.Status.REGISTRATION)


@replica_reads
def home(request: HttpRequest) -> HttpResponse:
    player = player_or_none(request)
    context = {
        "clubs": club_directory(size=CLUBS_SHOWN).clubs,
        "live": tables_to_watch(),
        "leaders": leaders_by_game(),
        "tournaments": tournaments_listed(statuses=OPEN, limit=TOURNAMENTS_SHOWN),
        "turns": turns_of(player=player) if player else [],
        "news": club_news(player=player) if player else [],
    }
    return render(request, "league/home.html", context)


@replica_reads
def tournaments_page(request: HttpRequest) -> HttpResponse:
    """Every club's tournaments, brackets and poker alike: running, open for entry, finished."""
    before = _before(request)
    # a later page goes on with the finished ones alone
    groups: list[tuple[str, list[TournamentRow]]] = [
        (status, tournaments_listed(statuses=(status,), limit=TOURNAMENTS_LISTED))
        for status in (Tournament.Status.RUNNING, Tournament.Status.REGISTRATION)
        if before is None
    ]
    finished = tournaments_listed(statuses=(Tournament.Status.FINISHED,), limit=TOURNAMENTS_LISTED, before=before)
    groups.append((PokerTournament.Status.FINISHED, finished))
    older = finished[-1].at.isoformat() if len(finished) == TOURNAMENTS_LISTED else None
    return render(
        request, "league/tournaments_all.html", {"groups": groups, "older": older, "paged": before is not None}
    )


def _before(request: HttpRequest) -> datetime | None:
    """The finished list's keyset (`?before=`, when the page before ended): a moment, else the first page."""
    raw = request.GET.get("before", "")
    try:
        moment = datetime.fromisoformat(raw) if 0 < len(raw) < 40 else None
    except ValueError:
        return None
    return moment if moment is not None and moment.tzinfo is not None else None


@replica_reads
def leaderboards_page(request: HttpRequest) -> HttpResponse:
    """The top of every game's leaderboard, each linked to the whole of it."""
    return render(request, "league/leaderboards.html", {"leaders": leaders_by_game(limit=10)})


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
