"""Standings of a season: gather its outcomes from the stored tables, rulings and byes, rank them with the pure
`league.standings.standings_compute`, and store the rows. Recomputing twice stores the same table."""

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

from django.db import transaction
from django.utils import timezone

from games import get_engine
from league.models import Bye, Entrant, Result, Season, Seat, Standing, Table, TableRuling
from league.standings import DUEL_DEFAULT, Entry, Outcome, PointsTable, StandingRow, multi_default, standings_compute

DEFAULT_TIEBREAKS = ["buchholz", "sonneborn_berger", "wins", "score_difference"]


def points_table_default(*, game: str, partners: str = "none") -> dict:
    """3/1/0 for games met as duels (Palace, Coinche teams); a points table by place for multi-seat games."""
    engine = get_engine(game)
    if engine.max_players == 2 or partners != Season.Partners.NONE:
        return DUEL_DEFAULT
    return multi_default(engine.max_players)


def entrant_map(season: Season) -> dict[int, int]:
    """Player id -> entrant id (both players of a team map to its entrant)."""
    out: dict[int, int] = {}
    # the model's ordering starts with the season (so its club's name: two joins); within one season it is this
    for entrant_id, player_id, partner_id in (
        Entrant.objects.filter(season=season).order_by("seed_rank", "id").values_list("id", "player_id", "partner_id")
    ):
        out[player_id] = entrant_id
        if partner_id:
            out[partner_id] = entrant_id
    return out


def season_outcomes(season: Season) -> list[Outcome]:
    """Every outcome of the season so far: finished, annulled and forfeited tables and byes; tables still in play
    are left out."""
    # plain rows, not model instances: a season of 1,000 entrants has 5,000 tables per 10 rounds, and building
    # Tables (with their JSON state) and Rounds was most of the time this took
    by_player = entrant_map(season)
    tables = Table.objects.filter(round__season=season).order_by("round__number", "id")
    seats: dict[int, list[tuple[int, int]]] = {}
    for table_id, index, player_id in Seat.objects.filter(table__round__season=season).values_list(
        "table_id", "index", "player_id"
    ):
        seats.setdefault(table_id, []).append((index, player_id))
    results: dict[int, dict[int, tuple[int, int]]] = {}
    for table_id, seat, place, score in Result.objects.filter(table__round__season=season).values_list(
        "table_id", "seat", "place", "score"
    ):
        results.setdefault(table_id, {})[seat] = (place, score)
    rulings = dict(TableRuling.objects.filter(table__round__season=season).values_list("table_id", "kind"))
    forfeiting: dict[int, set[int]] = {}
    for table_id, entrant_id in TableRuling.forfeiting.through.objects.filter(
        tableruling__table__round__season=season
    ).values_list("tableruling__table_id", "entrant_id"):
        forfeiting.setdefault(table_id, set()).add(entrant_id)
    rotating = season.partners == Season.Partners.ROTATING

    outcomes: list[Outcome] = []
    for table_id, number, status in tables.values_list("id", "round__number", "status"):
        ruling = rulings.get(table_id)
        # a fixed team holds two seats; it is one entry, placed and scored as its first seat
        first_seat: dict[int, int] = {}
        for index, player_id in sorted(seats.get(table_id, [])):
            first_seat.setdefault(by_player[player_id], index)
        if ruling == TableRuling.Kind.FORFEIT:
            # rotating partners: the side is the seat's parity (K-R1); otherwise each entrant is a side of its own
            side_of = {e: (i % 2 if rotating else e) for e, i in first_seat.items()}
            losers = forfeiting.get(table_id, set())
            loser_sides = {side_of[e] for e in first_seat if e in losers}
            winners = len(set(side_of.values()) - loser_sides)
            entries = tuple(
                Entry(entrant=e, place=winners + 1 if side_of[e] in loser_sides else 1, side=_side(i, rotating))
                for e, i in first_seat.items()
            )
            outcomes.append(Outcome(round=number, table=table_id, kind="forfeit", entries=entries))
        elif ruling is not None or status == Table.Status.ANNULLED:
            entries = tuple(Entry(entrant=e, place=1, side=_side(i, rotating)) for e, i in first_seat.items())
            outcomes.append(Outcome(round=number, table=table_id, kind="annulled", entries=entries))
        elif status == Table.Status.FINISHED and table_id in results:
            table_results = results[table_id]
            entries = tuple(
                Entry(entrant=e, place=table_results[i][0], score=table_results[i][1], side=_side(i, rotating))
                for e, i in first_seat.items()
            )
            outcomes.append(Outcome(round=number, table=table_id, kind="played", entries=entries))
    for number, entrant_id, bye_id in Bye.objects.filter(round__season=season).values_list(
        "round__number", "entrant_id", "id"
    ):
        # byes get negative table numbers so they never collide with a table id
        outcomes.append(Outcome(round=number, table=-bye_id, kind="bye", entries=(Entry(entrant=entrant_id, place=1),)))
    return outcomes


def _side(seat: int, rotating: bool) -> int | None:
    """K-R1: rotating partners are seats 0+2 against 1+3; otherwise an entrant is a side of its own."""
    return seat % 2 if rotating else None


def season_standings_rows(season: Season) -> list[StandingRow]:
    """The standings as they are now, computed and not stored."""
    entrants = list(Entrant.objects.filter(season=season).order_by("seed_rank", "id").values_list("id", flat=True))
    return standings_compute(
        season_outcomes(season),
        points_table=PointsTable.from_json(season.points_table or points_table_default(game=season.game)),
        tiebreaks=season.tiebreaks,
        seed=season.seed,
        entrants=entrants,
    )


@transaction.atomic
def standings_recompute(*, season: Season) -> list[Standing]:
    """Recompute the season's standings from its stored results and store them in place of the old rows."""
    rows = season_standings_rows(season)
    now = timezone.now()
    Standing.objects.filter(season=season).delete()
    return Standing.objects.bulk_create(
        Standing(
            season=season,
            entrant_id=row.entrant,
            rank=row.rank,
            points=_decimal(row.points),
            played=row.played,
            wins=row.wins,
            byes=row.byes,
            tiebreaks={name: _text(value) for name, value in row.tiebreaks.items()},
            lot=row.lot,
            computed_at=now,
        )
        for row in rows
    )


def _decimal(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.001"), ROUND_HALF_EVEN)


def _text(value: Fraction | None) -> str | None:
    return None if value is None else str(value)
