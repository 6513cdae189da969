"""A player's tables as their own pages list them: the ones waiting for their move ("your turn"), every current
and finished table ("my games"), each with its opponents, season and round read in a fixed number of queries; and a
club's live tables for its spectators."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, F, Prefetch, Q, QuerySet, Subquery

from league.models import Club, Player, Result, Season, Seat, Table
from league.selectors.competition_pages import page_of

# finished tables listed on "my games": the most recent ones (the profile's history has the results)
FINISHED_SHOWN = 50
# clubs on a page of the directory
CLUBS_PAGE = 50


@dataclass(frozen=True)
class GameRow:
    """One table on a player's list: what to open, against whom, where it belongs."""

    table: Table
    opponents: list[Player]
    your_turn: bool
    place: int | None

    @property
    def deadline(self) -> datetime | None:
        return self.table.deadline


def _tables_with_seats(tables: QuerySet[Table]) -> QuerySet[Table]:
    seats = Seat.objects.select_related("player").order_by("index")
    # without the game's state, which no list shows: 80 tables' states were some 60,000 lists and dicts a request,
    # decoded and then left, in the cycles of the prefetch (seat <-> table), to the collector's full collections
    return (
        tables.defer("state", "options")
        # where each belongs: its competition, whatever the format, and that format's page; a season's round
        .select_related("club", "round", "competition")
        .annotate(competition_page=page_of("competition"))
        .prefetch_related(Prefetch("seats", queryset=seats, to_attr="seats_in_order"))
    )


def _row(table: Table, player: Player, places: dict[int, int]) -> GameRow:
    seats: list[Seat] = table.seats_in_order  # type: ignore[attr-defined]  # the Prefetch's to_attr
    return GameRow(
        table=table,
        opponents=[s.player for s in seats if s.player_id != player.pk],
        your_turn=any(s.player_id == player.pk and s.to_act for s in seats),
        place=places.get(table.pk),
    )


def turns_of(*, player: Player) -> list[GameRow]:
    """Tables in play where the player is to act, the most urgent first."""
    tables = Table.objects.filter(status=Table.Status.ACTIVE, seats__player=player, seats__to_act=True).order_by(
        F("deadline").asc(nulls_last=True), "id"
    )
    return [_row(table, player, {}) for table in _tables_with_seats(tables)]


def games_of(*, player: Player) -> tuple[list[GameRow], list[GameRow]]:
    """The player's current tables (theirs to play first, then by deadline) and their last finished ones."""
    current = Table.objects.filter(
        status__in=[Table.Status.ACTIVE, Table.Status.SEEDING], seats__player=player
    ).order_by(F("deadline").asc(nulls_last=True), "id")
    finished = Table.objects.filter(
        status__in=[Table.Status.FINISHED, Table.Status.ANNULLED], seats__player=player
    ).order_by(F("finished_at").desc(nulls_last=True), "-id")[:FINISHED_SHOWN]
    finished_list = list(_tables_with_seats(finished))
    places = dict(
        Result.objects.filter(player=player, table__in=[t.pk for t in finished_list]).values_list("table_id", "place")
    )
    rows = [_row(table, player, {}) for table in _tables_with_seats(current)]
    rows.sort(key=lambda row: not row.your_turn)  # a stable sort: the deadline order holds within each part
    return rows, [_row(table, player, places) for table in finished_list]


def club_live_tables(*, club: Club, limit: int = 30) -> QuerySet[Table]:
    """The club's tables in play, for spectators: the most recently started first, with their players."""
    tables = Table.objects.filter(club=club, status=Table.Status.ACTIVE).order_by("-created_at", "-id")[:limit]
    return _tables_with_seats(tables)


@dataclass(frozen=True)
class ClubsPage:
    clubs: list[Club]  # each with its members_count and seasons_running
    after: int  # the club the page follows (0: the first page)
    next_after: int | None


def club_directory(*, query: str = "", after: int = 0, size: int | None = None) -> ClubsPage:
    """The clubs anyone may find and ask to join, by name, `size` at a time from the club `after` on (a keyset on
    name and id); a search matches the name or the description. Only the page's clubs are counted: counting every
    club's members made the directory and the home page 140 ms at 1,000 clubs and 100,000 members."""
    size = size or CLUBS_PAGE
    clubs = Club.objects.order_by("name", "id")
    if query:
        clubs = clubs.filter(Q(name__icontains=query) | Q(description__icontains=query))
    if after > 0:
        mark = Subquery(Club.objects.filter(pk=after).values("name")[:1])
        clubs = clubs.filter(Q(name__gt=mark) | Q(name=mark, id__gt=after))
    rows = list(clubs[: size + 1])
    more = len(rows) > size
    rows = rows[:size]
    counted = Club.objects.filter(pk__in=[club.pk for club in rows]).annotate(
        members_count=Count("memberships", distinct=True),
        seasons_running=Count(
            "competitions",
            filter=Q(competitions__as_season__isnull=False, competitions__status=Season.Status.RUNNING),
            distinct=True,
        ),
    )
    counts = {club.pk: club for club in counted}
    for club in rows:
        club.members_count = counts[club.pk].members_count  # type: ignore[attr-defined]
        club.seasons_running = counts[club.pk].seasons_running  # type: ignore[attr-defined]
    return ClubsPage(clubs=rows, after=max(0, after), next_after=rows[-1].pk if more else None)


def seasons_open_to(*, player: Player) -> QuerySet[Season]:
    """Seasons of the player's clubs open for registration that the player has not entered."""
    return (
        Season.objects.filter(status=Season.Status.REGISTRATION, club__memberships__player=player)
        .exclude(entrants__player=player)
        .exclude(entrants__partner=player)
        .select_related("club")
        .order_by("club__name", "name", "id")
        .distinct()
    )
