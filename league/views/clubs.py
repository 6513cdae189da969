"""A club's page (seasons, members, organizers) and the leaderboards, per game and per club."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from games import GAME_NAMES
from league.models import Club, Membership
from league.selectors.seasons import leaderboard
from league.views.base import is_organizer, player_of


def club_detail(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    memberships = Membership.objects.filter(club=club).select_related("player").order_by("player__display_name")
    return render(
        request,
        "league/club.html",
        {
            "club": club,
            "seasons": club.seasons.order_by("-created_at"),
            "organizers": [m.player for m in memberships if m.role == Membership.Role.ORGANIZER],
            "members": [m.player for m in memberships if m.role == Membership.Role.MEMBER],
            "is_organizer": is_organizer(club, player_of(request)),
            "games": GAME_NAMES,
        },
    )


def leaderboard_view(request: HttpRequest, game: str, slug: str | None = None) -> HttpResponse:
    if game not in GAME_NAMES:
        raise Http404
    club = get_object_or_404(Club, slug=slug) if slug else None
    rows = leaderboard(game=game, club=club)
    return render(request, "league/leaderboard.html", {"game": game, "club": club, "rows": rows, "games": GAME_NAMES})
