"""Reads for seasons that pages and the API share: standings, rounds, and leaderboards per game and per club."""

from dataclasses import dataclass
from decimal import Decimal

from league.models import Club, Rating, Round, Season, Standing
from league.services.ratings import provisional_games


@dataclass(frozen=True)
class StandingView:
    rank: int
    entrant_id: int
    label: str
    points: Decimal
    played: int
    wins: int
    byes: int
    tiebreaks: dict[str, str | None]
    withdrawn: bool


@dataclass(frozen=True)
class LeaderboardRow:
    position: int
    player_id: int
    name: str
    ordinal: float
    mu: float
    sigma: float
    games: int
    provisional: bool


def season_standings(*, season: Season) -> list[StandingView]:
    """The stored standings, best first, in the season's tiebreak order."""
    rows = Standing.objects.filter(season=season).select_related("entrant__player", "entrant__partner")
    return [
        StandingView(
            rank=row.rank,
            entrant_id=row.entrant_id,
            label=row.entrant.label,
            points=row.points,
            played=row.played,
            wins=row.wins,
            byes=row.byes,
            tiebreaks={name: row.tiebreaks.get(name) for name in season.tiebreaks},
            withdrawn=row.entrant.withdrawn,
        )
        for row in rows.order_by("rank")
    ]


def season_rounds(*, season: Season) -> list[Round]:
    return list(Round.objects.filter(season=season).prefetch_related("tables__seats__player", "byes__entrant"))


def leaderboard(*, game: str, club: Club | None = None, limit: int = 100) -> list[LeaderboardRow]:
    """Ratings of one game, best first by mu - 3 sigma; with a club, its members only. Provisional ratings (fewer
    than the provisional threshold of rated games) are marked, and listed after the established ones."""
    threshold = provisional_games()
    ratings = Rating.objects.filter(game=game).select_related("player")
    if club is not None:
        ratings = ratings.filter(player__memberships__club=club)
    rows = sorted(ratings, key=lambda r: (r.games < threshold, -r.ordinal, r.player_id))[:limit]
    return [
        LeaderboardRow(
            position=i,
            player_id=r.player_id,
            name=r.player.display_name,
            ordinal=r.ordinal,
            mu=r.mu,
            sigma=r.sigma,
            games=r.games,
            provisional=r.games < threshold,
        )
        for i, r in enumerate(rows, start=1)
    ]
