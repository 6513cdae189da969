"""A club's page (seasons, members, organizers) and the leaderboards, per game and per club."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games import GAME_NAMES
from league.caller import player_or_none
from league.models import Club, Membership
from league.selectors.clubs import club_memberships, is_organizer
from league.selectors.seasons import leaderboard


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    memberships = club_memberships(club=club)
    return render(
        request,
        "league/club.html",
        {
            "club": club,
            "seasons": club.seasons.order_by("-created_at"),
            "organizers": [m.player for m in memberships if m.role == Membership.Role.ORGANIZER],
            "members": [m.player for m in memberships if m.role == Membership.Role.MEMBER],
            "is_organizer": is_organizer(club=club, player=player_or_none(request)),
            "games": GAME_NAMES,
        },
    )


def leaderboard_view(request: HttpRequest, game: str, slug: str | None = None) -> HttpResponse:
    if game not in GAME_NAMES:
        raise Http404
    club = get_object_or_404(Club, slug=slug) if slug else None
    rows = leaderboard(game=game, club=club)
    return render(request, "league/leaderboard.html", {"game": game, "club": club, "rows": rows, "games": GAME_NAMES})
