"""Reads for seasons that pages and the API share: a season, its entrants, standings and rounds, and leaderboards
per game and per club."""

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db.models import Count, Prefetch, Q, QuerySet
from django.db.models.fields.json import KeyTextTransform
from django.utils.translation import gettext as _

from league.engines import season_options_schema
from league.errors import BadInput, InvalidValue, NotFound
from league.models import Bye, Club, Entrant, Rating, Round, Season, Seat, Standing, Table, TableRuling
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


ROUNDS_PAGE_TABLES = 200  # tables of the rounds of a page of the API's rounds (a round is never split)
STANDINGS_PAGE = 100  # rows of the season page's standings (and crosstable) at a time
ROUND_PAGE = 100  # tables of a round's page at a time


@dataclass(frozen=True)
class StandingsPage:
    rows: list[StandingView]
    after: int  # the rank the page follows (0: the first page)
    previous_after: int | None  # `after` of the page before, None on the first
    next_after: int | None  # `after` of the page after, None on the last
    total: int

    @property
    def first(self) -> int | None:
        return self.rows[0].rank if self.rows else None

    @property
    def last(self) -> int | None:
        return self.rows[-1].rank if self.rows else None

    @property
    def paged(self) -> bool:
        """More rows than one page: the page says which ranks it shows and links the others."""
        return self.previous_after is not None or self.next_after is not None


def _shared_ranks(season: Season) -> dict[int, tuple[int, bool]]:
    """rank -> (the rank a person reads, whether another entrant shares it), from the points and tiebreaks alone: a
    tie may run across a page's edge, so every row is read, without its entrant. Each tiebreak's stored text is read
    out of the JSON by the database: the whole documents of 1,000 rows were 4 ms of decoding and 10 ms of transfer."""
    ties = [KeyTextTransform(name, "tiebreaks") for name in season.tiebreaks]
    values = list(Standing.objects.filter(season=season).order_by("rank").values_list("rank", "points", *ties))
    ranks = [row[0] for row in values]
    shared = shared_ranks([row[1:] for row in values])
    sharing = Counter(shared)
    return {rank: (reads, sharing[reads] > 1) for rank, reads in zip(ranks, shared, strict=True)}


def entrant_label(name: str, player: str, partner: str | None) -> str:
    """Entrant.label, from values: a team's name, else its players' names."""
    return name or (f"{player} & {partner}" if partner is not None else player)


_STANDING_VALUES = (
    "rank",
    "entrant_id",
    "points",
    "played",
    "wins",
    "byes",
    "tiebreaks",
    "entrant__withdrawn",
    "entrant__name",
    "entrant__player__display_name",
    "entrant__partner__display_name",
)


def _standing_views(
    season: Season, rows: QuerySet[Standing], shared: dict[int, tuple[int, bool]]
) -> list[StandingView]:
    """The rows as values, not models: a page's 100 rows were 300 models (standing, entrant, player) whose players'
    settings were decoded for nothing."""
    return [
        StandingView(
            rank=rank,
            entrant_id=entrant_id,
            label=entrant_label(name, player, partner),
            points=points,
            played=played,
            wins=wins,
            byes=byes,
            tiebreaks={name: ties.get(name) for name in season.tiebreaks},
            withdrawn=withdrawn,
            shared_rank=shared[rank][0],
            tied=shared[rank][1],
        )
        for rank, entrant_id, points, played, wins, byes, ties, withdrawn, name, player, partner in rows.values_list(
            *_STANDING_VALUES
        )
    ]


def _standing_rows(season: Season) -> QuerySet[Standing]:
    return Standing.objects.filter(season=season).order_by("rank")


def season_standings(*, season: Season) -> list[StandingView]:
    """The stored standings, best first, in the season's tiebreak order; entrants that only the draw of lots
    separates share their rank."""
    return _standing_views(season, _standing_rows(season), _shared_ranks(season))


def season_standings_page(*, season: Season, after: int = 0, size: int | None = None) -> StandingsPage:
    """The standings from rank `after` + 1 on, `size` rows (STANDINGS_PAGE): the page reads its rows by the (season,
    rank) index (a keyset, not an OFFSET), and the ranks people read are those of the whole table."""
    size = size or STANDINGS_PAGE
    shared = _shared_ranks(season)
    after = max(0, after)
    rows = _standing_views(season, _standing_rows(season).filter(rank__gt=after)[: size + 1], shared)
    more = len(rows) > size
    rows = rows[:size]
    return StandingsPage(
        rows=rows,
        after=after,
        previous_after=max(0, after - size) if after > 0 else None,
        next_after=rows[-1].rank if more else None,
        total=len(shared),
    )


def season_rounds(*, season: Season, numbers: list[int] | None = None) -> list[Round]:
    """The rounds (those of these numbers) with their tables (without their state, which the pages never show
    here), seats and byes."""
    # with their club, which the API's tables name: a query per table without it (5,000 at 1,000 entrants)
    tables = Prefetch("tables", queryset=Table.objects.defer("state", "options").select_related("club").order_by("id"))
    rounds = Round.objects.filter(season=season)
    if numbers is not None:
        rounds = rounds.filter(number__in=numbers)
    return list(rounds.order_by("number").prefetch_related(tables, "tables__seats__player", "byes__entrant"))


def season_rounds_shown(*, season: Season, numbers: list[int]) -> list[dict[str, Any]]:
    """The rounds of these numbers as the API shows them (its RoundSerializer's fields), with their tables, seats
    and byes, read as rows rather than models: a round of 500 tables was 3,000 model instances (its tables, their
    club, seats and players), 80 ms of CPU, for fields the rows hold as they are."""
    rounds = list(
        Round.objects.filter(season=season, number__in=numbers)
        .order_by("number")
        .values("id", "number", "status", "starts_at", "started_at", "finished_at")
    )
    ids = [r["id"] for r in rounds]
    seats: dict[int, list[dict[str, Any]]] = {}
    seated = Seat.objects.filter(table__round_id__in=ids).order_by("table_id", "index")
    for table_id, player_id, name, is_bot in seated.values_list(
        "table_id", "player_id", "player__display_name", "player__is_bot"
    ):
        seats.setdefault(table_id, []).append({"id": player_id, "display_name": name, "is_bot": is_bot})
    tables: dict[int, list[dict[str, Any]]] = {pk: [] for pk in ids}
    clubs: dict[int, dict[str, Any]] = {}
    rows = Table.objects.filter(round_id__in=ids).order_by("id")
    for pk, round_id, game, club_id, club_name, club_slug, status, version, deadline, players in rows.values_list(
        "id", "round_id", "game", "club_id", "club__name", "club__slug", "status", "version", "deadline", "players"
    ):
        club = clubs.setdefault(club_id, {"id": club_id, "name": club_name, "slug": club_slug})
        tables[round_id].append(
            {
                "id": pk,
                "game": game,
                "club": club,
                "status": status,
                "version": version,
                "deadline": deadline,
                "players": players,
                "seats": seats.get(pk, []),
            }
        )
    byes: dict[int, list[int]] = {pk: [] for pk in ids}
    for round_id, entrant_id in (
        Bye.objects.filter(round_id__in=ids).order_by("entrant_id").values_list("round_id", "entrant_id")
    ):
        byes[round_id].append(entrant_id)
    return [{**r, "tables": tables[r["id"]], "byes": byes[r["id"]]} for r in rounds]


@dataclass(frozen=True)
class RoundsPage:
    rounds: list[dict[str, Any]]  # as `season_rounds_shown` gives them
    next_after: int | None  # the round number the next page follows; None on the last


def season_rounds_page(*, season: Season, after: int = 0, tables: int | None = None) -> RoundsPage:
    """The rounds after the round `after`, whole, as many as hold about `tables` tables (ROUNDS_PAGE_TABLES; one
    round at least): a keyset on the round's number. Every round at once was 1.4 MB at 1,000 entrants."""
    budget = tables or ROUNDS_PAGE_TABLES
    sizes = Round.objects.filter(season=season, number__gt=max(0, after)).annotate(n=Count("tables"))
    chosen: list[int] = []
    held = 0
    more = False
    for number, n in sizes.order_by("number").values_list("number", "n"):
        if chosen and held + n > budget:
            more = True
            break
        chosen.append(number)
        held += n
    return RoundsPage(
        rounds=season_rounds_shown(season=season, numbers=chosen), next_after=chosen[-1] if more else None
    )


@dataclass(frozen=True)
class RoundTablesPage:
    tables: list[Table]
    byes: list[Any]
    after: int  # the table id the page follows (0: the first page)
    next_after: int | None


def round_tables_page(*, round: Round, after: int = 0, size: int | None = None) -> RoundTablesPage:
    """A round's tables in id order from `after` on (a keyset on the primary key), `size` at a time (ROUND_PAGE),
    with their seats' players; the byes on the first page."""
    size = size or ROUND_PAGE
    tables = list(
        Table.objects.filter(round=round, id__gt=max(0, after))
        .defer("state", "options")
        .prefetch_related("seats__player")
        .order_by("id")[: size + 1]
    )
    more = len(tables) > size
    tables = tables[:size]
    byes = list(round.byes.select_related("entrant__player", "entrant__partner")) if after <= 0 else []
    return RoundTablesPage(tables=tables, byes=byes, after=max(0, after), next_after=tables[-1].pk if more else None)


def leaderboard(*, game: str, club: Club | None = None, limit: int = 100) -> list[LeaderboardRow]:
    """Ratings of one game, best first by mu - 3 sigma; with a club, its members only. Provisional ratings (fewer
    than the provisional threshold of rated games) are marked, and listed after the established ones."""
    threshold = provisional_games()
    # best first in SQL, the established then the provisional: each a walk down the index on (game, ordinal desc,
    # player) that stops at `limit` (sorting every rating of the game here made the home page's five leaderboards
    # 8 s at 100,000 players: bench/pages.py)
    ratings = Rating.objects.filter(game=game).select_related("player").order_by("-ordinal", "player_id")
    if club is not None:
        ratings = ratings.filter(player__memberships__club=club)
    rows = list(ratings.filter(games__gte=threshold)[:limit])
    if len(rows) < limit:
        rows += ratings.filter(games__lt=threshold)[: limit - len(rows)]
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


ENTRANTS_PAGE = 100  # entrants of a page of the API's list


@dataclass(frozen=True)
class EntrantsPage:
    entrants: list[Entrant]  # with their player and partner
    next_after: int | None  # the entrant the next page follows; None on the last


def season_entrants_page(*, season: Season, after: int = 0, size: int | None = None) -> EntrantsPage:
    """The season's entrants in seed order from the entrant `after` on, `size` at a time (ENTRANTS_PAGE): a keyset
    on (seed, id). All 1,000 of a large season at once were 107 KiB and 30 ms of the server's CPU. An `after`
    that is no entrant of the season is refused (400 on `after`): its page would silently be empty."""
    size = size or ENTRANTS_PAGE
    # the players fetched for the page alone: joined before the sort, the partners' outer join read every player
    rows = Entrant.objects.filter(competition=season).prefetch_related("player", "partner")
    if after > 0:
        mark = Entrant.objects.filter(competition=season, pk=after).values_list("seed", flat=True).first()
        if mark is None:
            raise BadInput(_("No such entrant in this season."), code="invalid", field="after")
        rows = rows.filter(Q(seed__gt=mark) | Q(seed=mark, pk__gt=after))
    entrants = list(rows.order_by("seed", "id")[: size + 1])
    more = len(entrants) > size
    entrants = entrants[:size]
    return EntrantsPage(entrants=entrants, next_after=entrants[-1].pk if more else None)


def entrant_get(*, season: Season, entrant_id: int) -> Entrant:
    try:
        return Entrant.objects.select_related("player", "partner").get(pk=entrant_id, competition=season)
    except Entrant.DoesNotExist:
        raise NotFound("No such entrant in this season.", field="entrant_id") from None


def table_entrants(*, table: Table, entrant_ids: list[int]) -> list[Entrant]:
    """Entrants of the table's season by id, in the order given."""
    found = {e.pk: e for e in Entrant.objects.filter(pk__in=entrant_ids, competition__as_season__rounds__tables=table)}
    for index, entrant_id in enumerate(entrant_ids):
        if entrant_id not in found:
            raise InvalidValue(
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
