"""Standings of a season: gather its outcomes from the stored tables, rulings and byes, rank them with the pure
`league.standings.standings_compute`, and store the rows. Recomputing twice stores the same table."""

from collections.abc import Collection, Iterable
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from games import get_engine
from league.models import Bye, Entrant, Season, Standing, Table, TableRuling
from league.sql.standings import season_met, season_seat_rows, season_standing_rows
from league.sql.writes import rows_set
from league.standings import DUEL_DEFAULT, Entry, Outcome, PointsTable, StandingRow, multi_default, standings_compute
from league.standings.compute import direct_values, records_gather, standings_rank, tiebreak_values
from league.standings.tiebreaks import DIRECT_ENCOUNTER, Record, tiebreak_check

DEFAULT_TIEBREAKS = ["buchholz", "sonneborn_berger", "wins", "score_difference"]


def points_table_default(*, game: str, partners: str = "none") -> dict:
    """3/1/0 for games met as duels (Palace, Coinche teams); a points table by place for multi-seat games."""
    engine = get_engine(game)
    if engine.max_players == 2 or partners != Season.Partners.NONE:
        return DUEL_DEFAULT
    return multi_default(engine.max_players)


def entrant_map(season: Season) -> dict[int, int]:
    """Player id -> entrant id (both players of a team map to its entrant)."""
    # the model's ordering starts with the competition (so its creation: a join); within one season it is this
    return _by_player(
        Entrant.objects.filter(competition=season).order_by("seed", "id").values_list("id", "player_id", "partner_id")
    )


def _by_player(entrants: Iterable[tuple[int, int, int | None]]) -> dict[int, int]:
    """Player id -> entrant id from (entrant, player, partner) in seed order."""
    out: dict[int, int] = {}
    for entrant_id, player_id, partner_id in entrants:
        out[player_id] = entrant_id
        if partner_id:
            out[partner_id] = entrant_id
    return out


def season_outcomes(
    season: Season, *, players: Collection[int] | None = None, by_player: dict[int, int] | None = None
) -> list[Outcome]:
    """Every outcome of the season so far: finished, annulled and forfeited tables and byes; tables still in play
    are left out. With `players`, only the tables where one of them sat and their entrants' byes."""
    # plain rows in one statement, not model instances: a season of 1,000 entrants has 5,000 tables per 10 rounds,
    # and building Tables (with their JSON state) and Rounds was most of the time this took
    by_player = by_player if by_player is not None else entrant_map(season)
    tables: dict[int, tuple[int, str, str | None]] = {}  # in round and table order
    seats: dict[int, list[tuple[int, int]]] = {}
    results: dict[int, dict[int, tuple[int, int]]] = {}
    for table_id, number, status, kind, index, player_id, place, score in season_seat_rows(
        season_id=season.pk, players=players
    ):
        tables.setdefault(table_id, (number, status, kind))
        if index is not None and player_id is not None:
            seats.setdefault(table_id, []).append((index, player_id))
            if place is not None and score is not None:
                results.setdefault(table_id, {})[index] = (place, score)
    forfeiting: dict[int, set[int]] = {}
    if forfeited := [t for t, (_, _, kind) in tables.items() if kind == TableRuling.Kind.FORFEIT]:
        through = TableRuling.forfeiting.through.objects.filter(tableruling__table_id__in=forfeited)
        for table_id, entrant_id in through.values_list("tableruling__table_id", "entrant_id"):
            forfeiting.setdefault(table_id, set()).add(entrant_id)
    rotating = season.partners == Season.Partners.ROTATING

    outcomes: list[Outcome] = []
    for table_id, (number, status, ruling) in tables.items():
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
    byes = Bye.objects.filter(round__season=season)
    if players is not None:
        byes = byes.filter(entrant_id__in={by_player[p] for p in players})
    for number, entrant_id, bye_id in byes.values_list("round__number", "entrant_id", "id"):
        # byes get negative table numbers so they never collide with a table id
        outcomes.append(Outcome(round=number, table=-bye_id, kind="bye", entries=(Entry(entrant=entrant_id, place=1),)))
    return outcomes


def _side(seat: int, rotating: bool) -> int | None:
    """K-R1: rotating partners are seats 0+2 against 1+3; otherwise an entrant is a side of its own."""
    return seat % 2 if rotating else None


def season_standings_rows(season: Season) -> list[StandingRow]:
    """The standings as they are now, computed and not stored."""
    entrants = list(Entrant.objects.filter(competition=season).order_by("seed", "id").values_list("id", flat=True))
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


@transaction.atomic
def standings_table_apply(*, season: Season, table_id: int) -> int:
    """Bring the stored standings up to date after one more table of the season ended, writing only the rows whose
    values changed; returns how many. Reads the outcomes of the table's entrants and of everyone they met (whose
    Buchholz and Sonneborn-Berger follow the new points), and the stored rows of everyone else. Agrees with
    `standings_recompute`, which the nightly check runs (tests/league/services/test_standings_incremental.py). The
    caller holds the season's lock."""
    # in rank order: ranking the records in this order again mostly finds them sorted
    read = season_standing_rows(season_id=season.pk, fields=_WRITTEN)
    if not read or any(row["id"] is None for row in read):
        return len(standings_recompute(season=season))
    stored = {row["entrant_id"]: row for row in read}
    by_player = _by_player(
        (row["entrant_id"], row["player_id"], row["partner_id"])
        for row in sorted(read, key=lambda row: (row["seed"], row["entrant_id"]))
    )
    points_table = PointsTable.from_json(season.points_table or points_table_default(game=season.game))
    if points_table.unit > 1000:
        # stored points keep three decimals: past this unit they no longer give the exact sum back
        return len(standings_recompute(season=season))
    order = tiebreak_check(season.tiebreaks)
    if any(row["tiebreaks"].keys() != set(order) for row in stored.values()):
        # stored under other tiebreaks: the rows of the entrants this update leaves alone would not be kept as read
        return len(standings_recompute(season=season))
    players = season_met(season_id=season.pk, table_id=table_id)
    touched = {by_player[p] for p in players}
    gathered = records_gather(season_outcomes(season, players=players, by_player=by_player), table=points_table)
    # everyone else as stored: their points, counts and tiebreaks have not changed
    records = {e: _record_stored(row, points_table.unit) for e, row in stored.items() if e not in touched}
    records |= {e: gathered.get(e) or Record(entrant=e) for e in touched}
    values = {e: _values_stored(stored[e]["tiebreaks"], order) for e in records if e not in touched}
    values |= tiebreak_values(touched, records, order=order)

    # a tie at direct encounter is the entrants with equal points and tiebreaks before it; one that holds no entrant
    # of this update, and that none of them held before it either, has the same members as before: its stored
    # values stand, and only the other ties' encounters are read
    before = order[: order.index(DIRECT_ENCOUNTER)] if DIRECT_ENCOUNTER in order else []

    def key(entrant: int) -> tuple:
        return (records[entrant].points, *(values[entrant][name] for name in before))

    stored_values = {e: _values_stored(stored[e]["tiebreaks"], order, direct=True) for e in touched}
    left = {
        (_record_stored(stored[e], points_table.unit).points, *(stored_values[e][n] for n in before)) for e in touched
    }

    def direct(groups: list[list[int]]) -> dict[int, Fraction | None]:
        found: dict[int, Fraction | None] = {}
        changed = []
        for group in groups:
            kept = {e: _text_fraction(stored[e]["tiebreaks"].get(DIRECT_ENCOUNTER)) for e in group}
            if touched.isdisjoint(group) and key(group[0]) not in left and None not in kept.values():
                found |= kept
            else:
                changed.append(group)
        # the encounters of the changed ties' other members (those of this update's entrants are in `records`)
        needed = {e for group in changed for e in group} - touched
        full = dict(records)
        if needed:
            missing = {p for p, e in by_player.items() if e in needed}
            fetched = records_gather(season_outcomes(season, players=missing, by_player=by_player), table=points_table)
            full |= {e: fetched[e] for e in needed if e in fetched}
        return found | direct_values(changed, full)

    lots = {e: row["lot"] for e, row in stored.items()}
    rows = standings_rank(records, values, order=order, lots=lots, direct=direct)
    now = timezone.now()
    changed = []
    moved = []
    for row in rows:
        old = stored[row.entrant]
        if row.entrant in touched:
            values = _stored_values(row)
        else:
            # everyone else's points, counts, lot and tiebreaks are those stored, read back above, but for their
            # rank and direct encounter (their tie may have changed): the stored values are written back as read
            tiebreaks = old["tiebreaks"]
            direct_text = _text(row.tiebreaks.get(DIRECT_ENCOUNTER))
            if DIRECT_ENCOUNTER in row.tiebreaks and direct_text != tiebreaks[DIRECT_ENCOUNTER]:
                tiebreaks = tiebreaks | {DIRECT_ENCOUNTER: direct_text}
            if row.rank == old["rank"] and tiebreaks is old["tiebreaks"]:
                continue
            values = {name: old[name] for name in _WRITTEN} | {"rank": row.rank, "tiebreaks": tiebreaks}
        if any(old[name] != value for name, value in values.items()):
            changed.append((old["id"], *values.values(), now))
            if old["rank"] != row.rank:
                moved.append(old["id"])
    if not connection.features.supports_deferrable_unique_constraints:
        # (season, rank) is checked row by row here (SQLite): the moved rows step aside before their new ranks
        Standing.objects.filter(pk__in=moved).update(rank=F("rank") + _ASIDE)
    # one statement with one parameter (a winner who climbs 100 places moves 100 ranks): on PostgreSQL the unique
    # rank is checked once the statement is done (migration 0015), so the rows swap ranks in place
    rows_set(Standing, (*_WRITTEN, "computed_at"), changed)
    return len(changed)


_ASIDE = 10**7  # above any rank
_WRITTEN = ("rank", "points", "played", "wins", "byes", "tiebreaks", "lot")


def _stored_values(row: StandingRow) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "points": _decimal(row.points),
        "played": row.played,
        "wins": row.wins,
        "byes": row.byes,
        "tiebreaks": {name: _text(value) for name, value in row.tiebreaks.items()},
        "lot": row.lot,
    }


def _record_stored(row: dict[str, Any], unit: int) -> Record:
    points = _points_stored(row["points"], unit)
    return Record(entrant=row["entrant_id"], points=points, played=row["played"], wins=row["wins"], byes=row["byes"])


@lru_cache(maxsize=4096)
def _points_stored(points: Decimal, unit: int) -> Fraction:
    # points are sums of awards in units of the points table's common denominator: exact again from the decimal
    # (a season's points take a few dozen values: each is worked out once)
    return Fraction(int((points * unit).to_integral_value(ROUND_HALF_EVEN)), unit)


def _values_stored(
    tiebreaks: dict[str, str | None], order: list[str], *, direct: bool = False
) -> dict[str, Fraction | None]:
    # direct encounter belongs to the ties of this ranking, filled in again by standings_rank (unless asked for)
    return {
        name: None if name == DIRECT_ENCOUNTER and not direct else _text_fraction(tiebreaks.get(name)) for name in order
    }


def _text_fraction(text: str | None) -> Fraction | None:
    return None if text is None else _fraction_parsed(text)


@lru_cache(maxsize=16384)
def _fraction_parsed(text: str) -> Fraction:
    # 1,000 stored rows hold a few thousand tiebreak texts but far fewer distinct ones, and Fraction's parsing of a
    # string is slow; a Fraction is immutable, so one may serve every row that stored the same text
    return Fraction(text)


def _decimal(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.001"), ROUND_HALF_EVEN)


def _text(value: Fraction | None) -> str | None:
    return None if value is None else str(value)
