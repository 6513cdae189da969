"""The round-by-round crosstable of a season: for each entrant, in standings order, what happened in each round —
whom it met and how it went (won, drawn, lost, a place at a table of several), a bye, a forfeit, an annulled table,
or a table still in play."""

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import OuterRef, Subquery

from league.models import Bye, Entrant, Player, Result, Round, Season, Seat, Table, TableRuling
from league.selectors.seasons import entrant_label
from league.sql.reads import ids_listed


@dataclass(frozen=True)
class CrossCell:
    # won, drawn, lost (duels), placed (tables of several sides), bye, forfeit_won, forfeit_lost, annulled, in_play
    outcome: str
    opponents: list[str] = field(default_factory=list)
    partner: str = ""  # rotating partners: who sat opposite
    place: int | None = None
    sides: int = 0
    table_id: int | None = None


@dataclass(frozen=True)
class CrossRow:
    entrant_id: int
    label: str
    cells: list[CrossCell | None]  # one per round; None: not in that round


@dataclass(frozen=True)
class Crosstable:
    rounds: list[int]
    rows: list[CrossRow]


class _Entrant(NamedTuple):
    pk: int
    seed: int | None  # the model allows none; a season numbers every entrant
    player_id: int
    partner_id: int | None
    label: str


class _Seat(NamedTuple):
    position: int  # Seat.index
    player_id: int
    place: int | None  # the seat's result, None before it has one


class _Table(NamedTuple):
    number: int  # its round's
    status: str
    ruling: str | None
    seats: list[_Seat]


def _entrants(season: Season) -> list[_Entrant]:
    """Every entrant as values (a label, its players), not models (a 1,000-entrant season read 2,000 models here),
    in standings order (registration order before any standings)."""
    # the rank joined by the entrant (one standing row each, at most); every read below drops the models' default
    # orderings, which joined the season and its club (or the tables) to sort rows whose order nothing uses
    rows = list(
        Entrant.objects.filter(competition=season)
        .order_by()
        .values_list("id", "seed", "player_id", "partner_id", "name", "player__display_name", "standings__rank")
    )
    # the partners' names apart, and only when there are partners: joined to the entrants, the planner scanned
    # every player of the site for them (12 ms at 100,000 players: bench/pages.py)
    partners = [row[3] for row in rows if row[3] is not None]
    partner_names = (
        dict(Player.objects.filter(pk__in=partners).order_by().values_list("id", "display_name")) if partners else {}
    )
    rows.sort(key=lambda row: (10**9 if row[6] is None else row[6], row[1], row[0]))
    return [
        _Entrant(pk, seed, player_id, partner_id, entrant_label(name, player_name, partner_names.get(partner_id)))
        for pk, seed, player_id, partner_id, name, player_name, _rank in rows
    ]


def _tables(season: Season, players: list[int] | None) -> dict[int, _Table]:
    """The season's tables (those where one of `players` sat), each with its round, status, ruling and seats with
    their places: one read of the seats, their table and result joined."""
    seats = Seat.objects.filter(table__round__season=season)
    if players is not None:
        # the page's tables, found once by the seats' index and then read by id (the same semi-join repeated by
        # each read cost ~14 ms at 1,000 entrants: bench/pages.py)
        mine = seats.filter(player_id__in=players).order_by().values_list("table_id", flat=True)
        seats = Seat.objects.filter(table_id__in=ids_listed(sorted(set(mine))))
    place = Result.objects.filter(table_id=OuterRef("table_id"), seat=OuterRef("index")).order_by().values("place")[:1]
    tables: dict[int, _Table] = {}
    for table_id, index, player_id, number, status, ruling, placed in (
        seats.order_by()
        .annotate(place=Subquery(place))
        .values_list(
            "table_id", "index", "player_id", "table__round__number", "table__status", "table__ruling__kind", "place"
        )
    ):
        table = tables.get(table_id)
        if table is None:
            table = tables[table_id] = _Table(number, status, ruling, [])
        table.seats.append(_Seat(index, player_id, placed))
    return tables


def _forfeiting(tables: dict[int, _Table]) -> dict[int, set[int]]:
    """table id -> the entrants who forfeited it, for the tables given by forfeit (read only when there are some)."""
    forfeited = [pk for pk, table in tables.items() if table.ruling == TableRuling.Kind.FORFEIT]
    found: dict[int, set[int]] = {}
    if not forfeited:
        return found
    through = TableRuling.forfeiting.through.objects.filter(tableruling__table_id__in=forfeited).order_by()
    for table_id, entrant_id in through.values_list("tableruling__table_id", "entrant_id"):
        found.setdefault(table_id, set()).add(entrant_id)
    return found


def season_crosstable(*, season: Season, entrant_ids: Collection[int] | None = None) -> Crosstable:
    """Every entrant's rounds, the entrants in standings order (registration order before any standings); with
    `entrant_ids`, the rows of those entrants alone (a page of the standings), read from their own tables only."""
    entrants = _entrants(season)
    label = {e.pk: e.label for e in entrants}
    wanted = None if entrant_ids is None else set(entrant_ids)
    players = None
    if wanted is not None:
        players = [p for e in entrants if e.pk in wanted for p in (e.player_id, e.partner_id) if p is not None]
    shown = entrants if wanted is None else [e for e in entrants if e.pk in wanted]
    of_player: dict[int, int] = {}
    for someone in entrants:
        of_player[someone.player_id] = someone.pk
        if someone.partner_id:
            of_player[someone.partner_id] = someone.pk
    numbers = list(Round.objects.filter(season=season).order_by("number").values_list("number", flat=True))
    cells: dict[tuple[int, int], CrossCell] = {}
    rotating = season.partners == Season.Partners.ROTATING
    tables = _tables(season, players)
    forfeiting = _forfeiting(tables)

    for table_id, table in tables.items():
        # an entrant's first seat stands for it (a fixed team holds two); its side is its own, or the seat's parity
        first_seat: dict[int, int] = {}
        places: dict[int, int] = {}
        for seat in sorted(table.seats):
            first_seat.setdefault(of_player.get(seat.player_id, -seat.player_id), seat.position)
            if seat.place is not None:
                places[seat.position] = seat.place
        side = {e: (i % 2 if rotating else e) for e, i in first_seat.items()}
        sides = len(set(side.values()))
        for entrant, index in first_seat.items():
            if wanted is not None and entrant not in wanted:
                continue  # an opponent on another page of the standings: its cell is never shown here
            place: int | None
            if table.ruling == TableRuling.Kind.FORFEIT:
                lost = entrant in forfeiting.get(table_id, set())
                outcome, place = ("forfeit_lost" if lost else "forfeit_won"), None
            elif table.ruling is not None or table.status == Table.Status.ANNULLED:
                outcome, place = "annulled", None
            elif table.status != Table.Status.FINISHED or not places:
                outcome, place = "in_play", None
            else:
                place = places.get(index)
                outcome = _result(place, places, first_seat, side, entrant)
            cells[(entrant, table.number)] = CrossCell(
                outcome=outcome,
                opponents=[label.get(o, "?") for o in first_seat if side[o] != side[entrant]],
                partner=", ".join(label.get(o, "?") for o in first_seat if o != entrant and side[o] == side[entrant]),
                place=place,
                sides=sides,
                table_id=table_id,
            )
    byes = Bye.objects.filter(round__season=season).order_by()
    if wanted is not None:
        byes = byes.filter(entrant_id__in=wanted)
    for number, entrant_id in byes.values_list("round__number", "entrant_id"):
        cells[(entrant_id, number)] = CrossCell(outcome="bye")
    return Crosstable(
        rounds=numbers,
        rows=[CrossRow(entrant_id=e.pk, label=e.label, cells=[cells.get((e.pk, n)) for n in numbers]) for e in shown],
    )


def _result(
    mine: int | None, places: dict[int, int], first_seat: dict[int, int], side: dict[int, int], entrant: int
) -> str:
    """Won, drawn or lost against the other side of a duel; "placed" at a table of more sides."""
    if mine is None:
        return "in_play"
    theirs = {places.get(i) for e, i in first_seat.items() if side[e] != side[entrant]}
    if len(set(side.values())) != 2 or len(theirs) != 1:
        return "placed"
    other = theirs.pop()
    if other is None:
        return "placed"
    return "won" if mine < other else "drawn" if mine == other else "lost"
