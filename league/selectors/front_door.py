"""What the front door shows (the home page, the tournaments and leaderboards pages of the header): tables in play
to watch, the leaderboards' leaders, the tournaments running and open for entry, and a player's clubs' news."""

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Case, Count, OuterRef, Prefetch, QuerySet, Subquery, Value, When
from django.db.models.functions import Coalesce
from django.urls import reverse

from games import available_games
from league.models import (
    Club,
    Entrant,
    Player,
    PokerTournament,
    Round,
    Season,
    Seat,
    Table,
    Tournament,
)
from league.selectors.seasons import LeaderboardRow, leaderboard

# what a section of the home page shows before its "more" link
LIVE_SHOWN = 6
LEADERS_SHOWN = 3
NEWS_SHOWN = 8


def tables_to_watch(*, limit: int = LIVE_SHOWN) -> QuerySet[Table]:
    """Tables in play anyone may watch, those moved last first, with their club and seats."""
    seats = Seat.objects.select_related("player").order_by("index")
    return (
        Table.objects.filter(status=Table.Status.ACTIVE)
        # a list names the game and the players; a state is a whole game's JSON
        .defer("state", "options", "opening_events")
        .select_related("club", "competition")
        .prefetch_related(Prefetch("seats", queryset=seats, to_attr="seats_in_order"))
        .order_by("-version", "-id")[:limit]
    )


def leaders_by_game(*, limit: int = LEADERS_SHOWN) -> list[tuple[str, list[LeaderboardRow]]]:
    """Each installed game with the top of its leaderboard."""
    return [(game, leaderboard(game=game, limit=limit)) for game in available_games()]


@dataclass(frozen=True)
class TournamentRow:
    """A bracket or a poker tournament, as the lists of tournaments show it."""

    name: str
    game: str
    kind: str  # a Tournament.Format value, or "freezeout"
    status: str
    club: Club
    entrants: int
    url: str
    at: datetime


def tournaments_listed(
    *,
    statuses: tuple[str, ...],
    limit: int,
    clubs: Collection[Club] | None = None,
    before: datetime | None = None,
) -> list[TournamentRow]:
    """Bracket and poker tournaments in these statuses, of every club or of these `clubs`: those running first, then
    the latest (by when they finished, else started, else were created), `limit` at most; of those before `before`
    only when given (the next page of a list)."""
    rows = [
        TournamentRow(t.name, t.game, t.format, t.status, t.club, t.n, reverse("tournament", args=[t.pk]), t.at)
        for t in _latest(Tournament, statuses, limit, clubs, before)
    ] + [
        TournamentRow(
            t.name, t.game, "freezeout", t.status, t.club, t.n, reverse("poker_tournament", args=[t.pk]), t.at
        )
        for t in _latest(PokerTournament, statuses, limit, clubs, before)
    ]
    rows.sort(key=lambda row: (row.at, row.url), reverse=True)
    rows.sort(key=lambda row: row.status != Tournament.Status.RUNNING)
    return rows[:limit]


def _latest(
    model: type[Tournament] | type[PokerTournament],
    statuses: tuple[str, ...],
    limit: int,
    clubs: Collection[Club] | None,
    before: datetime | None,
) -> Any:
    """A kind's first `limit` in the list's order, sorted and cut in SQL: a site's years of tournaments were all read
    and counted on every home page, to show six. Without their states, which a list never shows (a 4,096-entrant
    bracket is 1.5 MB of JSON); the entrants counted for the rows shown only."""
    chosen = model.objects.filter(status__in=statuses)
    if clubs is not None:
        chosen = chosen.filter(club__in=list(clubs))
    entrants = (
        Entrant.objects.filter(competition=OuterRef("pk"))
        .order_by()
        .values("competition")
        .annotate(n=Count("*"))
        .values("n")
    )
    chosen = chosen.annotate(
        at=Coalesce("finished_at", "started_at", "created_at"),
        later=Case(When(status=Tournament.Status.RUNNING, then=Value(0)), default=Value(1)),
    )
    if before is not None:
        chosen = chosen.filter(at__lt=before)
    latest = chosen.defer("state").select_related("club").order_by("later", "-at", "-pk")[:limit]
    return latest.annotate(n=Coalesce(Subquery(entrants), Value(0)))


@dataclass(frozen=True)
class NewsItem:
    """Something that happened in one of the player's clubs: `kind` names it (season_started, season_finished,
    round_started, tournament_started, tournament_finished)."""

    kind: str
    at: datetime
    club: Club
    name: str
    url: str
    number: int | None = None  # a round's number


def club_news(*, player: Player, limit: int = NEWS_SHOWN) -> list[NewsItem]:
    """The latest seasons, rounds and tournaments started or finished in the player's clubs, the newest first."""
    clubs = list(Club.objects.filter(memberships__player=player))
    news: list[NewsItem] = []
    seasons = Season.objects.filter(club__in=clubs).select_related("club")
    for season in seasons.exclude(started_at=None).order_by("-started_at")[:limit]:
        news.append(_season_item("season_started", season.started_at, season))
    for season in seasons.exclude(finished_at=None).order_by("-finished_at")[:limit]:
        news.append(_season_item("season_finished", season.finished_at, season))
    rounds = Round.objects.filter(season__club__in=clubs, number__gt=1).exclude(started_at=None)
    for round_ in rounds.select_related("season__club").order_by("-started_at")[:limit]:
        item = _season_item("round_started", round_.started_at, round_.season)
        news.append(NewsItem(item.kind, item.at, item.club, item.name, item.url, round_.number))
    # each status on its own: the latest of each, where one list would put every running one first
    for status, kind in (
        (Tournament.Status.RUNNING, "tournament_started"),
        (Tournament.Status.FINISHED, "tournament_finished"),
    ):
        for row in tournaments_listed(statuses=(status,), limit=limit, clubs=clubs):
            news.append(NewsItem(kind, row.at, row.club, row.name, row.url))
    news.sort(key=lambda item: (item.at, item.kind), reverse=True)
    return news[:limit]


def _season_item(kind: str, at: datetime | None, season: Season) -> NewsItem:
    assert at is not None  # filtered on
    return NewsItem(kind, at, season.club, season.name, reverse("season", args=[season.pk]))
