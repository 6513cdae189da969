"""The round-by-round crosstable of a season: for each entrant, in standings order, what happened in each round —
whom it met and how it went (won, drawn, lost, a place at a table of several), a bye, a forfeit, an annulled table,
or a table still in play."""

from dataclasses import dataclass, field

from league.models import Bye, Entrant, Result, Round, Season, Seat, Standing, Table, TableRuling


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


def season_crosstable(*, season: Season) -> Crosstable:
    """Every entrant's rounds, the entrants in standings order (registration order before any standings)."""
    entrants = list(
        Entrant.objects.filter(season=season).select_related("player", "partner").order_by("seed_rank", "id")
    )
    ranks = dict(Standing.objects.filter(season=season).values_list("entrant_id", "rank"))
    entrants.sort(key=lambda e: (ranks.get(e.pk, 10**9), e.seed_rank, e.pk))
    label = {e.pk: e.label for e in entrants}
    of_player: dict[int, int] = {}
    for someone in entrants:
        of_player[someone.player_id] = someone.pk
        if someone.partner_id:
            of_player[someone.partner_id] = someone.pk
    numbers = list(Round.objects.filter(season=season).order_by("number").values_list("number", flat=True))
    cells: dict[tuple[int, int], CrossCell] = {}
    rotating = season.partners == Season.Partners.ROTATING

    seats: dict[int, list[tuple[int, int]]] = {}
    for table_id, index, player_id in Seat.objects.filter(table__round__season=season).values_list(
        "table_id", "index", "player_id"
    ):
        seats.setdefault(table_id, []).append((index, player_id))
    places: dict[int, dict[int, int]] = {}
    for table_id, seat, placed in Result.objects.filter(table__round__season=season).values_list(
        "table_id", "seat", "place"
    ):
        places.setdefault(table_id, {})[seat] = placed
    rulings = dict(TableRuling.objects.filter(table__round__season=season).values_list("table_id", "kind"))
    forfeiting: dict[int, set[int]] = {}
    for table_id, entrant_id in TableRuling.forfeiting.through.objects.filter(
        tableruling__table__round__season=season
    ).values_list("tableruling__table_id", "entrant_id"):
        forfeiting.setdefault(table_id, set()).add(entrant_id)

    for table_id, number, status in Table.objects.filter(round__season=season).values_list(
        "id", "round__number", "status"
    ):
        # an entrant's first seat stands for it (a fixed team holds two); its side is its own, or the seat's parity
        first_seat: dict[int, int] = {}
        for index, player_id in sorted(seats.get(table_id, [])):
            first_seat.setdefault(of_player.get(player_id, -player_id), index)
        side = {e: (i % 2 if rotating else e) for e, i in first_seat.items()}
        sides = len(set(side.values()))
        ruling = rulings.get(table_id)
        for entrant, index in first_seat.items():
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
    for number, entrant_id in Bye.objects.filter(round__season=season).values_list("round__number", "entrant_id"):
        cells[(entrant_id, number)] = CrossCell(outcome="bye")
    return Crosstable(
        rounds=numbers,
        rows=[
            CrossRow(entrant_id=e.pk, label=e.label, cells=[cells.get((e.pk, n)) for n in numbers]) for e in entrants
        ],
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
