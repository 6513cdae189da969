"""The round-by-round crosstable of a season: for each entrant, in standings order, what happened in each round —
whom it met and how it went (won, drawn, lost, a place at a table of several), a bye, a forfeit, an annulled table,
or a table still in play."""

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import QuerySet
from django.db.models.expressions import RawSQL

from league.models import Bye, Entrant, Player, Result, Round, Season, Seat, Standing, Table, TableRuling


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
    seed_rank: int
    player_id: int
    partner_id: int | None
    label: str


def _among(ids: list[int]) -> Any:
    """`IN these ids` as one array on PostgreSQL: a thousand marks were each parsed on the client and sent apart
    (~3 ms a read, five reads a page); a list elsewhere."""
    if connection.vendor == "postgresql":
        return RawSQL("SELECT unnest(%s::bigint[])", (ids,))
    return ids


def _ids_of(tables: QuerySet[Table]) -> Any:
    """The tables' ids for another model's `table_id__in`: the table ids' own array or subquery, not a join."""
    return tables.values("id")


def _label(name: str, player: str, partner: str | None) -> str:
    """Entrant.label, from values."""
    return name or (f"{player} & {partner}" if partner is not None else player)


def season_crosstable(*, season: Season, entrant_ids: Collection[int] | None = None) -> Crosstable:
    """Every entrant's rounds, the entrants in standings order (registration order before any standings); with
    `entrant_ids`, the rows of those entrants alone (a page of the standings), read from their own tables only."""
    # every entrant as values (a label, its players), not models: a 1,000-entrant season read 2,000 models here
    rows = list(
        Entrant.objects.filter(season=season).values_list(
            "id", "seed_rank", "player_id", "partner_id", "name", "player__display_name"
        )
    )
    # the partners' names apart, and only when there are partners: joined to the entrants, the planner scanned
    # every player of the site for them (12 ms at 100,000 players: bench/pages.py)
    partners = [row[3] for row in rows if row[3] is not None]
    partner_names = dict(Player.objects.filter(pk__in=partners).values_list("id", "display_name")) if partners else {}
    entrants = [
        _Entrant(pk, seed_rank, player_id, partner_id, _label(name, player_name, partner_names.get(partner_id)))
        for pk, seed_rank, player_id, partner_id, name, player_name in rows
    ]
    ranks = dict(Standing.objects.filter(season=season).values_list("entrant_id", "rank"))
    entrants.sort(key=lambda e: (ranks.get(e.pk, 10**9), e.seed_rank, e.pk))
    label = {e.pk: e.label for e in entrants}
    tables = Table.objects.filter(round__season=season)
    wanted = None if entrant_ids is None else set(entrant_ids)
    if wanted is not None:
        players = [p for e in entrants if e.pk in wanted for p in (e.player_id, e.partner_id) if p is not None]
        # the page's tables, found once by the seats' index; each read below then looks them up by id (the same
        # semi-join repeated by five reads cost ~14 ms each at 1,000 entrants: bench/pages.py)
        seated = Seat.objects.filter(table__round__season=season, player_id__in=players)
        tables = Table.objects.filter(id__in=_among(sorted(set(seated.values_list("table_id", flat=True)))))
    shown = entrants if wanted is None else [e for e in entrants if e.pk in wanted]
    of_player: dict[int, int] = {}
    for someone in entrants:
        of_player[someone.player_id] = someone.pk
        if someone.partner_id:
            of_player[someone.partner_id] = someone.pk
    numbers = list(Round.objects.filter(season=season).order_by("number").values_list("number", flat=True))
    cells: dict[tuple[int, int], CrossCell] = {}
    rotating = season.partners == Season.Partners.ROTATING

    seats: dict[int, list[tuple[int, int]]] = {}
    for table_id, index, player_id in Seat.objects.filter(table_id__in=_ids_of(tables)).values_list(
        "table_id", "index", "player_id"
    ):
        seats.setdefault(table_id, []).append((index, player_id))
    places: dict[int, dict[int, int]] = {}
    for table_id, seat, placed in Result.objects.filter(table_id__in=_ids_of(tables)).values_list(
        "table_id", "seat", "place"
    ):
        places.setdefault(table_id, {})[seat] = placed
    rulings = dict(TableRuling.objects.filter(table_id__in=_ids_of(tables)).values_list("table_id", "kind"))
    forfeiting: dict[int, set[int]] = {}
    for table_id, entrant_id in TableRuling.forfeiting.through.objects.filter(
        tableruling__table_id__in=_ids_of(tables)
    ).values_list("tableruling__table_id", "entrant_id"):
        forfeiting.setdefault(table_id, set()).add(entrant_id)

    for table_id, number, status in tables.values_list("id", "round__number", "status"):
        # an entrant's first seat stands for it (a fixed team holds two); its side is its own, or the seat's parity
        first_seat: dict[int, int] = {}
        for index, player_id in sorted(seats.get(table_id, [])):
            first_seat.setdefault(of_player.get(player_id, -player_id), index)
        side = {e: (i % 2 if rotating else e) for e, i in first_seat.items()}
        sides = len(set(side.values()))
        ruling = rulings.get(table_id)
        for entrant, index in first_seat.items():
            if wanted is not None and entrant not in wanted:
                continue  # an opponent on another page of the standings: its cell is never shown here
            place: int | None
            if ruling == TableRuling.Kind.FORFEIT:
                lost = entrant in forfeiting.get(table_id, set())
                outcome, place = ("forfeit_lost" if lost else "forfeit_won"), None
            elif ruling is not None or status == Table.Status.ANNULLED:
                outcome, place = "annulled", None
            elif status != Table.Status.FINISHED or table_id not in places:
                outcome, place = "in_play", None
            else:
                place = places[table_id].get(index)
                outcome = _result(place, places[table_id], first_seat, side, entrant)
            cells[(entrant, number)] = CrossCell(
                outcome=outcome,
                opponents=[label.get(o, "?") for o in first_seat if side[o] != side[entrant]],
                partner=", ".join(label.get(o, "?") for o in first_seat if o != entrant and side[o] == side[entrant]),
                place=place,
                sides=sides,
                table_id=table_id,
            )
    byes = Bye.objects.filter(round__season=season)
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
