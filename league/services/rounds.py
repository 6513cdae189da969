"""The running season: start it, pair and seat its rounds, open their tables, settle them, withdraw entrants, the
organizer's rulings on tables (annul, forfeit) that the standings follow, and the refresh after a table ends.

Builds on `league.services.seasons` (the season's settings, registration, checks and its finish), never the other
way round.
"""

from collections import Counter
from collections.abc import Iterable
from datetime import datetime, timedelta
from fractions import Fraction

from django.db import transaction
from django.utils import timezone

from league.errors import InvalidValue, NotFound, WrongStatus
from league.models import (
    Bye,
    Entrant,
    Player,
    Round,
    RoundRobinPairs,
    Season,
    Seat,
    Standing,
    Table,
    TableRuling,
)
from league.pairing.partners import rotating_partners_seat, team_seats
from league.pairing.round_robin import round_robin_schedule
from league.pairing.swiss import SwissEntrant, swiss_pair
from league.pairing.tables import tables_seat
from league.services import tables as table_services
from league.services.locks import round_lock, season_lock
from league.services.permissions import organizer_check
from league.services.ratings import ratings_recompute, table_rate
from league.services.retry import conflict_retry
from league.services.seasons import rounds_total, season_finish, status_check
from league.services.standings import entrant_map, standings_recompute, standings_table_apply
from league.sql.writes import writers_turn

ROTATING = Season.Partners.ROTATING
FIXED = Season.Partners.FIXED


def season_start(*, season: Season, by: Player) -> Season:
    """Close registration, fix the round robin if there is one, and start the first round. The first round's tables
    open in transactions of their own after the season's (`round_tables_open`): a 400-entrant start no longer holds
    the database's write lock for seconds (SQLite has one writer for the whole file)."""
    round_ = _season_begin(season=season, by=by)
    round_tables_open_all(round_id=round_.pk)
    season.refresh_from_db()
    return season


@transaction.atomic
def _season_begin(*, season: Season, by: Player) -> Round:
    season = season_lock(season.pk)
    organizer_check(club=season.club, player=by)
    status_check(season, Season.Status.REGISTRATION)
    entrants = list(Entrant.objects.filter(competition=season, withdrawn=False).order_by("seed", "id"))
    needed = 4 if season.partners == Season.Partners.ROTATING else (season.table_min or 2)
    if len(entrants) < max(needed, 2):
        raise InvalidValue(f"A season needs at least {max(needed, 2)} entrants.", code="too_few_entrants")
    if season.format in (Season.Format.ROUND_ROBIN, Season.Format.DOUBLE_ROUND_ROBIN):
        schedule = round_robin_schedule(
            [e.pk for e in entrants], double=season.format == Season.Format.DOUBLE_ROUND_ROBIN
        )
        RoundRobinPairs.objects.bulk_create(
            RoundRobinPairs(season=season, number=number, pairs=[list(pair) for pair in pairs])
            for number, pairs in enumerate(schedule, start=1)
        )
    season.status = Season.Status.RUNNING
    season.started_at = timezone.now()
    season.save(update_fields=["status", "started_at"])
    rounds_schedule(season=season, first=season.started_at)
    # the standings are computed once the first round's byes are given (_round_pair)
    return _round_pair(season=season, by=by)


@transaction.atomic
def entrant_withdraw(*, season: Season, by: Player, entrant: Entrant, reason: str = "") -> Entrant:
    """Take an entrant out: its tables in play are forfeited, it is paired no more, its results stay."""
    season = season_lock(season.pk)
    organizer_check(club=season.club, player=by)
    status_check(season, Season.Status.REGISTRATION, Season.Status.RUNNING)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk, competition=season)
    # tables still to open would seat the entrant after its forfeits: open them first, so they are forfeited too
    for opening in Round.objects.filter(season=season, status=Round.Status.RUNNING).exclude(seatings=[]):
        _tables_open_rest(round_id=opening.pk)
    if entrant.withdrawn:
        raise InvalidValue("The entrant has already withdrawn.", code="already_withdrawn", field="entrant")
    entrant.withdrawn = True
    entrant.withdrawn_at = timezone.now()
    entrant.save(update_fields=["withdrawn", "withdrawn_at"])
    players = [entrant.player_id, *([entrant.partner_id] if entrant.partner_id else [])]
    active = Table.objects.filter(
        round__season=season, status=Table.Status.ACTIVE, seats__player_id__in=players
    ).distinct()
    for table in active:
        forfeit_award(table=table, by=by, forfeiting=[entrant], reason=reason or "withdrawn", settle=False)
    standings_recompute(season=season)
    running = Round.objects.filter(season=season, status=Round.Status.RUNNING).first()
    if running is not None:
        round_settle(round=running)
    return entrant


@conflict_retry
@transaction.atomic
def season_table_refresh(*, table_id: int) -> None:
    """Rate a finished table, recompute its season's standings and close its round when it was the last table.
    Idempotent: running it twice leaves the same result as once. Run by the task `league.tasks.standings_refresh`,
    which the move pipeline (and the clock's forfeit) enqueue when a table ends."""
    table = Table.objects.select_related("round").get(pk=table_id)
    if table.round is None:
        table_rate(table=table)
        return
    # the lock order (league/services/locks.py): the season and the round before the players that the rating locks
    season = season_lock(table.round.season_id)
    round_lock(table.round.pk)
    table_rate(table=table)
    # only the rows this table changes; the nightly task recomputes the whole table and must agree
    standings_table_apply(season=season, table_id=table_id)
    if season.status == Season.Status.RUNNING:
        round_settle(round=table.round)


def rounds_schedule(*, season: Season, first: datetime) -> list[Round]:
    """Pending rounds with their start times, for a season whose rounds start on a schedule."""
    if not season.round_interval_days:
        return []
    step = timedelta(days=season.round_interval_days)
    return [
        Round.objects.get_or_create(season=season, number=n, defaults={"starts_at": first + step * (n - 1)})[0]
        for n in range(1, rounds_total(season) + 1)
    ]


def round_start(*, season: Season, by: Player | None) -> Round:
    """Pair and seat the next round and open its tables. `by` is the organizer, or None when the schedule or
    auto-advance starts it. Called inside a transaction (auto-advance), the tables open in it."""
    round_ = _round_pair(season=season, by=by)
    round_tables_open_all(round_id=round_.pk)
    round_.refresh_from_db()
    return round_


@transaction.atomic
def _round_pair(*, season: Season, by: Player | None) -> Round:
    """The next round running, its byes given and its tables paired (`Round.seatings`), none of them open yet."""
    season = season_lock(season.pk)
    if by is not None:
        organizer_check(club=season.club, player=by)
    status_check(season, Season.Status.RUNNING)
    rounds = list(Round.objects.filter(season=season).order_by("number"))
    if any(r.status == Round.Status.RUNNING for r in rounds):
        raise WrongStatus("The current round is still running.", code="round_running")
    done = [r for r in rounds if r.status == Round.Status.FINISHED]
    number = len(done) + 1
    if number > rounds_total(season):
        raise WrongStatus("Every round of the season has been played.", code="no_more_rounds")
    round_, _ = Round.objects.get_or_create(season=season, number=number)
    seatings, byes = _pair(season, number)
    round_.status = Round.Status.RUNNING
    round_.started_at = timezone.now()
    round_.seatings = seatings
    round_.save(update_fields=["status", "started_at", "seatings"])
    Bye.objects.bulk_create(Bye(round=round_, entrant_id=e) for e in byes)
    standings_recompute(season=season)
    return round_


# tables opened per transaction, so that the embedded SQLite's write lock is given up between batches; since
# tables_open writes a batch in a few statements, each batch holds it less than the season's own transaction
# (0.21 s at 1,024 entrants on 2026-12-06: bench/season_start.py --database sqlite)
TABLES_PER_TRANSACTION = 25


def round_tables_open_all(*, round_id: int) -> Round:
    """Open every table the round has paired, `TABLES_PER_TRANSACTION` at a time, then settle the round (a round of
    byes only is over at once)."""
    return round_settle(round=_tables_open_rest(round_id=round_id))


def _tables_open_rest(*, round_id: int) -> Round:
    """Open the round's paired tables batch after batch until none is left (inside a caller's transaction the
    batches are savepoints, and there is nobody to give way to)."""
    while (round_ := round_tables_open(round_id=round_id)).seatings:
        writers_turn()
    return round_


@conflict_retry
@transaction.atomic
def round_tables_open(*, round_id: int, limit: int | None = None) -> Round:
    """Open up to `limit` of the round's paired tables in one transaction; the rest stay in `Round.seatings` for the
    next call. Two callers at once (a request and the beat's resume) open each table once: the round's row is locked
    and the seatings taken from it."""
    season_id = Round.objects.values_list("season_id", flat=True).get(pk=round_id)
    season = season_lock(season_id)
    round_ = round_lock(round_id)
    limit = limit or TABLES_PER_TRANSACTION
    batch, round_.seatings = round_.seatings[:limit], round_.seatings[limit:]
    players = {p.pk: p for p in Player.objects.filter(pk__in=[p for seats in batch for p in seats])}
    window = timedelta(minutes=season.entropy_window_minutes) if season.entropy_window_minutes else None
    table_services.tables_open(
        specs=[
            table_services.TableSpec(
                club=season.club,
                game=season.game,
                players=[players[p] for p in seats],
                options=season.options,
                time_per_move=timedelta(seconds=season.time_per_move),
                entropy_window=window,
                round=round_,
            )
            for seats in batch
        ]
    )
    round_.save(update_fields=["seatings"])
    return round_


def rounds_start_due(*, now: datetime) -> list[Round]:
    """Start every scheduled round whose time has come and whose season's previous round is done (for the beat).
    Rounds whose last table ended outside the move pipeline (annulled from the table admin) are settled first.
    Each round in a transaction of its own, retried on a deadlock. A round whose opening was cut short (the process
    died between two of its transactions) opens its remaining tables first."""
    for opening in Round.objects.filter(status=Round.Status.RUNNING).exclude(seatings=[]):
        round_tables_open_all(round_id=opening.pk)
    for stale in Round.objects.filter(status=Round.Status.RUNNING).exclude(tables__status=Table.Status.ACTIVE):
        round_settle(round=stale)
    due = Round.objects.filter(
        status=Round.Status.PENDING, starts_at__lte=now, season__status=Season.Status.RUNNING
    ).order_by("season_id", "number")
    return [started for round_ in due if (started := _round_start_due(round_id=round_.pk)) is not None]


@conflict_retry
@transaction.atomic
def _round_start_due(*, round_id: int) -> Round | None:
    season_id, number = Round.objects.values_list("season_id", "number").get(pk=round_id)
    season = season_lock(season_id)
    next_number = Round.objects.filter(season=season, status=Round.Status.FINISHED).count() + 1
    running = Round.objects.filter(season=season, status=Round.Status.RUNNING).exists()
    if running or next_number != number or season.status != Season.Status.RUNNING:
        return None
    return round_start(season=season, by=None)


@conflict_retry
@transaction.atomic
def round_settle(*, round: Round) -> Round:
    """Close the round when none of its tables is in play; then start the next (auto-advance) or finish the
    season after the last round."""
    season = season_lock(round.season_id)
    round_ = round_lock(round.pk)
    if round_.status != Round.Status.RUNNING or round_.seatings:
        return round_
    if Table.objects.filter(round=round_, status=Table.Status.ACTIVE).exists():
        return round_
    round_.status = Round.Status.FINISHED
    round_.finished_at = timezone.now()
    round_.save(update_fields=["status", "finished_at"])
    if round_.number >= rounds_total(season):
        season_finish(season=season)
    elif season.auto_advance:
        round_start(season=season, by=None)
    return round_


# --- pairing -------------------------------------------------------------------------------------------------


def _ranking(season: Season, number: int) -> list[Entrant]:
    """Active entrants, best first: by seed before any result, then by the stored standings."""
    entrants = list(Entrant.objects.filter(competition=season, withdrawn=False).order_by("seed", "id"))
    if number == 1:
        return entrants
    ranks = dict(Standing.objects.filter(season=season).values_list("entrant_id", "rank"))
    return sorted(entrants, key=lambda e: (ranks.get(e.pk, 10**9), e.seed, e.pk))


def _history(season: Season) -> tuple[list[list[int]], Counter]:
    """Seat lists (player ids by seat) of every earlier table of the season, and byes per entrant."""
    seats: dict[int, list[tuple[int, int]]] = {}
    for table_id, index, player_id in Seat.objects.filter(table__round__season=season).values_list(
        "table_id", "index", "player_id"
    ):
        seats.setdefault(table_id, []).append((index, player_id))
    tables = [[p for _, p in sorted(s)] for _, s in sorted(seats.items())]
    byes = Counter(Bye.objects.filter(round__season=season).values_list("entrant_id", flat=True))
    return tables, byes


def _pair(season: Season, number: int) -> tuple[list[list[int]], list[int]]:
    """The round's tables as player ids in seat order, and the entrants with a bye."""
    entrants = _ranking(season, number)
    by_id = {e.pk: e for e in entrants}
    history, byes = _history(season)
    to_entrant = entrant_map(season)
    seed = f"{season.seed}:{number}"

    if season.format in (Season.Format.ROUND_ROBIN, Season.Format.DOUBLE_ROUND_ROBIN):
        pairs, bye_list = [], []
        for first, second in RoundRobinPairs.objects.get(season=season, number=number).pairs:
            present = [e for e in (first, second) if e in by_id]
            if len(present) == 2:
                pairs.append((first, second))
            else:
                bye_list += present  # a withdrawn opponent, or the odd one out
        return [_duel_seats(by_id[a], by_id[b], number) for a, b in pairs], bye_list

    if season.format == Season.Format.SWISS:
        points = dict(Standing.objects.filter(season=season).values_list("entrant_id", "points"))
        played: set[frozenset[int]] = set()
        first_seats: Counter[int] = Counter()
        second_seats: Counter[int] = Counter()
        for seats in history:
            at_table = list(dict.fromkeys(to_entrant[p] for p in seats))
            if len(at_table) == 2:
                played.add(frozenset(at_table))
                first_seats[at_table[0]] += 1
                second_seats[at_table[1]] += 1
        swiss = swiss_pair(
            [
                SwissEntrant(
                    id=e.pk,
                    score=Fraction(points.get(e.pk, 0)),
                    byes=byes[e.pk],
                    first_seats=first_seats[e.pk],
                    second_seats=second_seats[e.pk],
                )
                for e in entrants
            ],
            played=played,
        )
        tables = [_duel_seats(by_id[a], by_id[b], number) for a, b in swiss.pairs]
        return tables, [swiss.bye] if swiss.bye is not None else []

    # multi-table: entrants are players; rotating partners sit opposite (seats 0+2, 1+3)
    met: Counter[frozenset[int]] = Counter()
    partnered: Counter[frozenset[int]] = Counter()
    seat_counts: Counter[tuple[int, int]] = Counter()
    for seats in history:
        ids = [to_entrant[p] for p in seats]
        for index, entrant in enumerate(ids):
            seat_counts[(entrant, index)] += 1
        for i in range(len(ids)):
            for j in range(i + 1, len(ids)):
                pair = frozenset((ids[i], ids[j]))
                if season.partners == ROTATING and (j - i) % 2 == 0:
                    partnered[pair] += 1
                else:
                    met[pair] += 1
    ranked = [e.pk for e in entrants]
    if season.partners == ROTATING:
        seating = rotating_partners_seat(
            ranked, partnered=partnered, met=met, seat_counts=seat_counts, byes=byes, seed=seed
        )
    else:
        assert season.table_min is not None and season.table_max is not None  # a multi-table season (season_create)
        seating = tables_seat(
            ranked,
            min_size=season.table_min,
            max_size=season.table_max,
            met=met,
            seat_counts=seat_counts,
            byes=byes,
            seed=seed,
        )
    return [[by_id[e].player_id for e in table] for table in seating.tables], seating.byes


def _duel_seats(first: Entrant, second: Entrant, number: int) -> list[int]:
    if first.partner_id or second.partner_id:
        assert first.partner_id is not None and second.partner_id is not None  # fixed teams: both are pairs
        return team_seats(
            [first.player_id, first.partner_id], [second.player_id, second.partner_id], round_number=number
        )
    return [first.player_id, second.player_id]


# --- rulings -------------------------------------------------------------------------------------------------


def _season_table(table: Table) -> tuple[Table, Season]:
    """The table and its season, locked in the lock order: the season first."""
    season_id = Table.objects.filter(pk=table.pk).values_list("round__season_id", flat=True).first()
    if season_id is None:
        raise NotFound("The table belongs to no season.", field="table")
    season = season_lock(season_id)
    return Table.objects.select_for_update(no_key=True, of=("self",)).select_related("round").get(pk=table.pk), season


def _round_of(table: Table) -> Round:
    assert table.round is not None  # a season's table (_season_table)
    return table.round


def _stop_or_unrate(table: Table, reason: str) -> None:
    """A ruling ends a table in play; on a finished one it takes back the ratings it gave."""
    if table.status == Table.Status.ACTIVE:
        table_services.table_annul(table_id=table.pk, reason=reason)
    elif table.status == Table.Status.FINISHED:
        # robust: the ruling has committed; a failed rebuild is logged and the nightly recompute redoes it
        game = table.game
        transaction.on_commit(lambda: ratings_recompute(game=game), robust=True)


@transaction.atomic
def season_table_annul(*, table: Table, by: Player, reason: str = "") -> TableRuling:
    """Annul a season table: it counts for nothing in standings or ratings; standings follow at once."""
    table, season = _season_table(table)
    organizer_check(club=season.club, player=by)
    status_check(season, Season.Status.RUNNING, Season.Status.FINISHED)
    _stop_or_unrate(table, reason or "annulled by the organizer")
    TableRuling.objects.filter(table=table).delete()
    ruling = TableRuling.objects.create(
        table=table, kind=TableRuling.Kind.ANNULLED, reason=reason[:200], by=by, at=timezone.now()
    )
    standings_recompute(season=season)
    if season.status == Season.Status.RUNNING:
        round_settle(round=_round_of(table))
    return ruling


@transaction.atomic
def forfeit_award(
    *, table: Table, by: Player, forfeiting: Iterable[Entrant], reason: str = "", settle: bool = True
) -> TableRuling:
    """Award a season table against the forfeiting entrants: they place last, the others share first; a forfeit
    is never rated."""
    table, season = _season_table(table)
    organizer_check(club=season.club, player=by)
    status_check(season, Season.Status.RUNNING, Season.Status.FINISHED)
    losers = list(forfeiting)
    seated = {entrant_map(season)[p] for p in Seat.objects.filter(table=table).values_list("player_id", flat=True)}
    if not losers or any(e.pk not in seated for e in losers):
        raise InvalidValue("Forfeiting entrants must be seated at the table.", field="forfeiting")
    if {e.pk for e in losers} == seated:
        raise InvalidValue("Someone at the table must win the forfeit; annul it instead.", field="forfeiting")
    _stop_or_unrate(table, reason or "forfeit")
    TableRuling.objects.filter(table=table).delete()
    ruling = TableRuling.objects.create(
        table=table, kind=TableRuling.Kind.FORFEIT, reason=reason[:200], by=by, at=timezone.now()
    )
    ruling.forfeiting.set(losers)
    if settle:
        standings_recompute(season=season)
        if season.status == Season.Status.RUNNING:
            round_settle(round=_round_of(table))
    return ruling
