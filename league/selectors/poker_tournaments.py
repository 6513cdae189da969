"""Reads of poker tournaments that the pages, the API and the exports share: the seating chart with names and
stacks, the level, the places. Never the tournament's state itself: it holds the seed of every draw."""

from collections.abc import Collection
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext

from league.engines import engine_for
from league.errors import NotFound
from league.models import Club, PokerEntrant, PokerHand, PokerTournament
from league.tournaments import freezeout


def poker_tournament_get(*, tournament_id: int) -> PokerTournament:
    try:
        return PokerTournament.objects.select_related("club").get(pk=tournament_id)
    except PokerTournament.DoesNotExist:
        raise NotFound("No such tournament.", field="tournament_id") from None


def club_poker_tournaments(*, club: Club) -> QuerySet[PokerTournament]:
    return PokerTournament.objects.filter(club=club).order_by("-created_at", "-id")


@dataclass(frozen=True, slots=True)
class PokerEntrantRow:
    """An entrant as the places list it: values, not models. A thousand entrants were 7,000 objects a request,
    which the API's serializer (in a cycle with its data) kept until a full collection (bench/pages.py)."""

    player_id: int
    name: str
    stack: int
    table_number: int | None
    seat: int | None
    place: int | None
    shared: int | None
    bust_hand: int | None
    points: Decimal | None


_ROW_FIELDS = ("player_id", "player__display_name", "stack", "table_number", "seat", "place", "shared", "bust_hand")


def poker_entrant_row(entrant: PokerEntrant) -> PokerEntrantRow:
    return PokerEntrantRow(
        entrant.player_id,
        entrant.player.display_name,
        entrant.stack,
        entrant.table_number,
        entrant.seat,
        entrant.place,
        entrant.shared,
        entrant.bust_hand,
        entrant.points,
    )


def poker_entrants(*, tournament: PokerTournament) -> list[PokerEntrantRow]:
    """Everyone entered: placed first, best place first; then those still in, most chips first."""
    values = PokerEntrant.objects.filter(competition=tournament).values_list(*_ROW_FIELDS, "points")
    rows = [PokerEntrantRow(*row) for row in values]
    return sorted(rows, key=lambda e: (e.place is None, e.place or 0, -e.stack, e.name.lower()))


def poker_level(*, tournament: PokerTournament) -> dict[str, Any] | None:
    """The level in force (T-D6): its number and forced bets, the hands ended since it began and how many end it
    (level_hands × the tables in play), the next level's forced bets; None before the start."""
    state = tournament.state
    if not state:
        return None
    levels = state["options"]["levels"]
    number = state["level"]
    labels = {o["name"]: gettext(o["label"]) for o in engine_for(tournament.game).options_schema()}
    tables = len(freezeout.tables_live(state))
    last = number >= len(levels)
    return {
        "number": number,
        "count": len(levels),
        "forced": dict(levels[number - 1]),
        "forced_shown": [(labels.get(name, name), value) for name, value in levels[number - 1].items()],
        "hands": state["level_hands"],
        "hands_needed": None if last else state["options"]["level_hands"] * tables,
        "next": None if last else dict(levels[number]),
        "next_shown": [] if last else [(labels.get(name, name), value) for name, value in levels[number].items()],
        "tables": tables,
        "hands_ended": state["hands_ended"],
    }


SEATING_PAGE = 12  # tables of the page's seating chart at a time (a 1,000-player freezeout seats 167)
SEATING_API_PAGE = 50  # tables of the API's seating at a time


@dataclass(frozen=True)
class SeatingPart:
    """One part of the seating chart, for a link to it: the table number it follows, its first and last tables."""

    after: int
    first: int
    last: int


@dataclass(frozen=True)
class SeatingPage:
    tables: list[dict[str, Any]]  # `poker_seating`'s rows of the part's tables, the reader's own table first
    after: int  # the table number the part follows (0: the first part)
    previous_after: int | None  # `after` of the part before, None on the first
    next_after: int | None  # `after` of the part after, None on the last
    parts: list[SeatingPart]  # every part of the chart in table order, SEATING_PAGE tables each
    own_table: int | None  # the reader's table, when they are seated
    total: int  # tables in play

    @property
    def paged(self) -> bool:
        """More tables than one part: the page says which it shows and links the others."""
        return len(self.parts) > 1

    @property
    def own_part(self) -> SeatingPart | None:
        return next((p for p in self.parts if self.own_table is not None and p.first <= self.own_table <= p.last), None)


def poker_seating_page(
    *, tournament: PokerTournament, after: int | None = None, player_id: int | None = None, size: int | None = None
) -> SeatingPage:
    """The seating chart `size` tables at a time (SEATING_PAGE): those numbered above `after`, a keyset on the
    table's number (a table keeps it until broken); with no `after`, the part holding the reader's own table, else
    the first. Every seat of a 1,000-player freezeout was 190 KiB of the page (bench/pages.py)."""
    size = size or SEATING_PAGE
    live = freezeout.tables_live(tournament.state) if tournament.state else []
    numbers = [table["id"] for table in live]
    own = next((t["id"] for t in live if player_id is not None and player_id in freezeout.players_in(t)), None)
    parts = [
        SeatingPart(after=numbers[i - 1] if i else 0, first=numbers[i], last=numbers[min(i + size, len(numbers)) - 1])
        for i in range(0, len(numbers), size)
    ]
    if after is None:
        after = next((p.after for p in parts if own is not None and p.first <= own <= p.last), 0)
    after = max(0, after)
    following = [n for n in numbers if n > after]
    shown = following[:size]
    earlier = [n for n in numbers if n <= after]
    tables = poker_seating(tournament=tournament, numbers=shown)
    # the reader's table first: the part was chosen for it
    tables.sort(key=lambda table: table["table"] != own)
    return SeatingPage(
        tables=tables,
        after=after,
        previous_after=(earlier[-size - 1] if len(earlier) > size else 0) if earlier else None,
        next_after=shown[-1] if len(following) > size else None,
        parts=parts,
        own_table=own,
        total=len(numbers),
    )


def poker_seating(*, tournament: PokerTournament, numbers: Collection[int] | None = None) -> list[dict[str, Any]]:
    """The seating chart (`freezeout.seating_chart`; the tables numbered `numbers`, else all) with each player's
    name and, for a table in a hand, the league table playing it."""
    state = tournament.state
    if not state:
        return []
    chart = freezeout.seating_chart(state, numbers)
    seated = [seat["player"] for table in chart for seat in table["seats"] if seat["player"] is not None]
    names = dict(
        PokerEntrant.objects.filter(competition=tournament, player_id__in=seated).values_list(
            "player_id", "player__display_name"
        )
    )
    in_play = {table["hand"] for table in chart if table["hand"] is not None}
    tables = dict(PokerHand.objects.filter(tournament=tournament, number__in=in_play).values_list("number", "table_id"))
    for table in chart:
        table["table_id"] = tables.get(table["hand"])
        table["players"] = sum(1 for seat in table["seats"] if seat["player"] is not None)
        table["chips"] = sum(seat["stack"] or 0 for seat in table["seats"])
        for seat in table["seats"]:
            seat["name"] = names.get(seat["player"], "") if seat["player"] is not None else ""
    return chart


def poker_seed_revealed(*, tournament: PokerTournament) -> str | None:
    """The seed of the draws, once the tournament is over (before, only its commitment is public)."""
    if tournament.status != PokerTournament.Status.FINISHED or not tournament.state:
        return None
    seed: str = tournament.state["seed"]
    return seed


def poker_results_rows(*, tournament: PokerTournament) -> list[list[Any]]:
    """The results as a spreadsheet: a header, then one row per entrant (place, player, points, bust hand, chips)."""
    header = ["place", "shared", "player", "points", "bust_hand", "chips"]
    rows = [
        [e.place, e.shared if e.place else None, e.name, e.points, e.bust_hand, e.stack]
        for e in poker_entrants(tournament=tournament)
    ]
    return [header, *rows]


def poker_forfeits(*, tournament: PokerTournament) -> dict[int, str]:
    """The players whose seat an organizer ruled forfeited (T-D8), with the ruling's reason."""
    busts = (tournament.state or {}).get("busts", [])
    return {row["player"]: row["forfeit"] for row in busts if row.get("forfeit")}


def poker_players_in(*, tournament: PokerTournament) -> list[int]:
    """The players still seated, whose seat may be forfeited; none unless the tournament runs."""
    if tournament.status != PokerTournament.Status.RUNNING:
        return []
    return [player for table in freezeout.tables_live(tournament.state) for player in freezeout.players_in(table)]
