"""Reads for seasons that pages and the API share: a season, its entrants, standings and rounds, and leaderboards
per game and per club."""

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db.models import Prefetch, QuerySet

from league.engines import season_options_schema
from league.errors import BadOptions, NotFound
from league.models import Club, Entrant, Rating, Round, Season, Standing, Table, TableRuling
from league.ratings import PROVISIONAL_GAMES
from league.standings.ranks import shared_ranks


def provisional_games() -> int:
    """Rated games before a rating stops being provisional (setting CARDLEAGUE_PROVISIONAL_GAMES)."""
    return int(getattr(settings, "CARDLEAGUE_PROVISIONAL_GAMES", PROVISIONAL_GAMES))


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
    # the rank a person reads: entrants left level by the points and every tiebreak share it (`rank` is unique)
    shared_rank: int
    tied: bool  # another entrant shares the rank


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
    """The stored standings, best first, in the season's tiebreak order; entrants that only the draw of lots
    separates share their rank."""
    rows = list(
        Standing.objects.filter(season=season).select_related("entrant__player", "entrant__partner").order_by("rank")
    )
    shared = shared_ranks([(row.points, *(row.tiebreaks.get(name) for name in season.tiebreaks)) for row in rows])
    sharing = Counter(shared)
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
            shared_rank=rank,
            tied=sharing[rank] > 1,
        )
        for rank, row in zip(shared, rows, strict=True)
    ]


def season_rounds(*, season: Season) -> list[Round]:
    """The rounds with their tables (without their state, which the pages never show here), seats and byes."""
    tables = Prefetch("tables", queryset=Table.objects.defer("state", "options").order_by("id"))
    return list(Round.objects.filter(season=season).prefetch_related(tables, "tables__seats__player", "byes__entrant"))


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


def season_get(*, season_id: int) -> Season:
    try:
        return Season.objects.select_related("club").get(pk=season_id)
    except Season.DoesNotExist:
        raise NotFound("No such season.", field="season_id") from None


def club_seasons(*, club: Club) -> QuerySet[Season]:
    return Season.objects.filter(club=club).select_related("club").order_by("league", "-edition", "division_level")


def season_entrants(*, season: Season) -> QuerySet[Entrant]:
    """The season's entrants in seed order."""
    return Entrant.objects.filter(season=season).select_related("player", "partner").order_by("seed_rank", "id")


def entrant_get(*, season: Season, entrant_id: int) -> Entrant:
    try:
        return Entrant.objects.select_related("player", "partner").get(pk=entrant_id, season=season)
    except Entrant.DoesNotExist:
        raise NotFound("No such entrant in this season.", field="entrant_id") from None


def table_entrants(*, table: Table, entrant_ids: list[int]) -> list[Entrant]:
    """Entrants of the table's season by id, in the order given."""
    found = {e.pk: e for e in Entrant.objects.filter(pk__in=entrant_ids, season__rounds__tables=table)}
    for index, entrant_id in enumerate(entrant_ids):
        if entrant_id not in found:
            raise BadOptions(
                f"Entrant {entrant_id} is not in this table's season.", code="not_an_entrant", field=f"entrants.{index}"
            )
    return [found[entrant_id] for entrant_id in entrant_ids]


@dataclass(frozen=True)
class OptionShown:
    """One rule option of a season as people read it: the engine's English label, help and choice label (the page
    translates them), its value, and whether it differs from the game's default."""

    name: str
    label: str
    help: str
    kind: str
    value: Any
    choice_label: str
    changed: bool
    advanced: bool


def season_options_shown(*, season: Season) -> list[OptionShown]:
    """The season's rule options in the engine's order, the tournament-only ones left out."""
    shown = []
    for option in season_options_schema(season.game):
        value = (season.options or {}).get(option["name"], option["default"])
        choices = {choice["value"]: choice["label"] for choice in option.get("choices", [])}
        shown.append(
            OptionShown(
                name=option["name"],
                label=option["label"],
                help=option.get("help", ""),
                kind=option["kind"],
                value=value,
                choice_label=choices.get(value, ""),
                changed=value != option["default"],
                advanced=bool(option.get("advanced")),
            )
        )
    return shown


def season_rulings(*, season: Season) -> QuerySet[TableRuling]:
    """The organizer's rulings on the season's tables (annulments, forfeits), with whom they name and why."""
    return (
        TableRuling.objects.filter(table__round__season=season)
        .select_related("table__round", "by")
        .prefetch_related("forfeiting__player", "forfeiting__partner")
        .order_by("at", "id")
    )
