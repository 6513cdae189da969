"""What the front door shows (the home page, the tournaments and leaderboards pages of the header): tables in play
to watch, the leaderboards' leaders, the tournaments running and open for entry, and a player's clubs' news."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Prefetch, QuerySet
from django.urls import reverse

from games import available_games
from league.models import Club, Player, PokerTournament, Round, Season, Seat, Table, Tournament
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
        .defer("state", "options")  # the list names the game and the players; a state is a whole game's JSON
        .select_related("club", "round__season")
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


def tournaments_listed(*, statuses: tuple[str, ...], limit: int | None = None) -> list[TournamentRow]:
    """Bracket and poker tournaments in these statuses, of every club: those running first, then the latest."""
    # without their states, which a list never shows (a 4,096-entrant bracket is 2 MB of JSON, read on every home
    # page and grouped by besides)
    brackets = (
        Tournament.objects.filter(status__in=statuses)
        .defer("state")
        .select_related("club")
        .annotate(n=Count("entrants"))
    )
    pokers = (
        PokerTournament.objects.filter(status__in=statuses)
        .defer("state")
        .select_related("club")
        .annotate(n=Count("entrants"))
    )
    rows = [
        TournamentRow(t.name, t.game, t.format, t.status, t.club, t.n, reverse("tournament", args=[t.pk]), _at(t))
        for t in brackets
    ] + [
        TournamentRow(
            t.name, t.game, "freezeout", t.status, t.club, t.n, reverse("poker_tournament", args=[t.pk]), _at(t)
        )
        for t in pokers
    ]
    rows.sort(key=lambda row: (row.at, row.url), reverse=True)
    rows.sort(key=lambda row: row.status != Tournament.Status.RUNNING)
    return rows[:limit] if limit is not None else rows


def _at(tournament: Tournament | PokerTournament) -> datetime:
    return tournament.finished_at or tournament.started_at or tournament.created_at


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
    for row in tournaments_listed(statuses=(Tournament.Status.RUNNING, Tournament.Status.FINISHED)):
        if row.club in clubs:
            kind = "tournament_finished" if row.status == Tournament.Status.FINISHED else "tournament_started"
            news.append(NewsItem(kind, row.at, row.club, row.name, row.url))
    news.sort(key=lambda item: (item.at, item.kind), reverse=True)
    return news[:limit]


def _season_item(kind: str, at: datetime | None, season: Season) -> NewsItem:
    assert at is not None  # filtered on
    return NewsItem(kind, at, season.club, season.name, reverse("season", args=[season.pk]))
