"""Writes for tables: open one with its seats (and its commitment to the server seed), deal it, annul one; and the
bookkeeping every state change shares."""

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import IllegalMove
from games.core.protocol import Engine
from league.engines import engine_for
from league.errors import InvalidValue, NotFound, NotSeated, TableClosed
from league.fairness import ALGORITHM_VERSION, MAX_SEED_LENGTH, commitment_of
from league.models import Club, LedgerEntry, Player, Result, Round, Season, Seat, SeatClock, Table, TableFairness
from league.server_seeds import seed_new
from league.services.clocks import clock_open, clock_policy, deal_deadlines, vacations_of
from league.services.follow_up import follow_up_defer, follow_ups_defer
from league.sql.writes import Write, update_of

DEFAULT_TIME_PER_MOVE = timedelta(days=1)
DEFAULT_MIN_TIME_PER_MOVE = 3600


def min_time_per_move() -> timedelta:
    """The least time per move any table may give (setting CARDLEAGUE_MIN_TIME_PER_MOVE, seconds; MIN_TIME_PER_MOVE
    in the environment): a friendly table at one second a move was a way to win on the clock against a player who
    never saw it. Seasons are checked against the same floor."""
    return timedelta(seconds=int(getattr(settings, "CARDLEAGUE_MIN_TIME_PER_MOVE", DEFAULT_MIN_TIME_PER_MOVE)))


def time_per_move_check(time_per_move: timedelta) -> None:
    floor = min_time_per_move()
    if time_per_move < floor:
        raise InvalidValue(
            f"The time per move is at least {int(floor.total_seconds())} seconds.",
            code="time_per_move_too_short",
            field="time_per_move",
        )


@dataclass(frozen=True)
class TableSpec:
    """A table to open: its club and game, the players in seat order, its options, its secret server seed (a new
    one when None), its time per move, and an `entropy_window` when the seats' entropy is to be gathered before
    the deal (docs/fairness.md). A season's table names its `round`; a friendly table counts for ratings only when
    it is `rated` and every seat agrees before the first move, which `agreed` records at once (entering a rated
    tournament is that agreement)."""

    club: Club
    game: str
    players: list[Player]
    options: dict[str, Any] | None = None
    seed: str | None = None
    time_per_move: timedelta | None = None
    entropy_window: timedelta | None = None
    round: Round | None = None
    rated: bool = False
    agreed: bool = False
    # what the table is played for and the competition it is a match of, when not a season's round (which says
    # both) nor friendly: a bracket's match, a poker hand
    played_for: str | None = None
    competition_id: int | None = None


def table_create(
    *,
    club: Club,
    game: str,
    players: list[Player],
    options: dict[str, Any] | None = None,
    seed: str | None = None,
    time_per_move: timedelta | None = None,
    entropy_window: timedelta | None = None,
    round: Round | None = None,
    rated: bool = False,
) -> Table:
    """Open one table (`tables_open`): seats in the order of `players`, the engine's first state, the clock running
    for the first seats to act; see `TableSpec` for the rest."""
    spec = TableSpec(
        club=club,
        game=game,
        players=players,
        options=options,
        seed=seed,
        time_per_move=time_per_move,
        entropy_window=entropy_window,
        round=round,
        rated=rated,
    )
    return tables_open(specs=[spec])[0]


@dataclass
class Opening:
    """A table being opened: its spec checked, its row, and what the deal gave (when it is dealt at once)."""

    spec: TableSpec
    engine: Engine
    seed: str
    table: Table
    to_act: list[int]
    clocks: dict[int, SeatClock] = field(default_factory=dict)  # a season table's, by seat index (`_clocks_deal`)

    def results(self) -> list[dict[str, Any]]:
        """A table over at the deal: its result rows' values, one per seat (`results_from_outcome`)."""
        return results_from_outcome(self.engine.outcome(self.table.state), players=self.table.players)


def tables_open(*, specs: list[TableSpec]) -> list[Table]:
    """Open tables, many at once: each spec is checked first (nothing is written when one is refused), then the
    tables, their seats, their commitments to the server seeds, the seats' clocks, the ledger rows of the deal and
    the "your move" outbox rows are written a statement per kind of row, whatever the number of tables (a round
    of 500 tables opens in a few statements, not 500 times eight). A table without an entropy window is dealt at
    once, its engine seed being the server seed itself (docs/fairness.md); one with a window waits in `seeding`
    for `table_seed_finalize`."""
    return tables_write(openings=tables_deal(specs=specs))


def tables_deal(*, specs: list[TableSpec]) -> list[Opening]:
    """`tables_open`'s first half, which writes nothing: each spec checked and its table dealt in memory. A caller
    that deals again from what a deal gave (a poker hand over as it is dealt) deals on before it writes them all
    with `tables_write`."""
    now = timezone.now()
    return [_opening(spec, now=now) for spec in specs]


@transaction.atomic
def tables_write(*, openings: list[Opening]) -> list[Table]:
    """`tables_open`'s second half: write the tables dealt by `tables_deal` and everything that comes with them."""
    now = timezone.now()
    _clocks_deal([o for o in openings if o.to_act and o.spec.round is not None], now=now)
    Table.objects.bulk_create([opening.table for opening in openings])
    seats = Seat.objects.bulk_create(
        [
            Seat(
                table=o.table,
                index=index,
                player=player,
                to_act=index in o.to_act,
                rated_agreed=o.spec.agreed,
            )
            for o in openings
            for index, player in enumerate(o.spec.players)
        ]
    )
    TableFairness.objects.bulk_create(
        [
            TableFairness(
                table=o.table,
                algorithm_version=ALGORITHM_VERSION,
                server_seed=o.seed,
                commitment=commitment_of(o.seed),
                entropy_deadline=now + o.spec.entropy_window if o.spec.entropy_window is not None else None,
            )
            for o in openings
        ]
    )
    clocks = {(o.table.pk, index): clock for o in openings for index, clock in o.clocks.items()}
    for seat in seats:
        if (clock := clocks.get((seat.table_id, seat.index))) is not None:
            clock.seat = seat
    SeatClock.objects.bulk_create(clocks.values())
    dealt = [o for o in openings if o.table.status != Table.Status.SEEDING]
    LedgerEntry.objects.bulk_create(
        [
            LedgerEntry(table=o.table, index=index, row=row)
            for o in dealt
            if o.engine.ledger_count(o.table.state)
            for index, row in enumerate(o.engine.ledger(o.table.state))
        ]
    )
    # over at the deal: their results now, the seats' players known here (`record_end` reads them)
    Result.objects.bulk_create(
        [
            Result(table=o.table, player=o.spec.players[row["seat"]], finished_at=o.table.finished_at, **row)
            for o in dealt
            if o.table.status == Table.Status.FINISHED
            for row in o.results()
        ]
    )
    # "your move" to the first seats to act, as after every move (league.services.reminders.turn_notices_drain)
    follow_ups_defer(
        task="league.tasks.turn_notify",
        kwargs=[{"table_id": o.table.pk} for o in dealt if o.table.status == Table.Status.ACTIVE],
    )
    return [o.table for o in openings]


def _opening(spec: TableSpec, *, now: datetime) -> Opening:
    """Check a spec as a person's form would be checked, and deal its table when it has no entropy window."""
    engine = engine_for(spec.game)
    count = len(spec.players)
    if not engine.min_players <= count <= engine.max_players:
        raise InvalidValue(
            f"{spec.game} is played by {engine.min_players} to {engine.max_players} players, not {count}.",
            code="bad_player_count",
            field="players",
        )
    if len({player.pk for player in spec.players}) != count:
        raise InvalidValue("A player may take only one seat at a table.", code="duplicate_player", field="players")
    try:
        full_options = engine.check_options(dict(spec.options or {}), count)
    except IllegalMove as error:
        raise InvalidValue(error.message, code=error.code, field="options") from error
    time_per_move = spec.time_per_move or DEFAULT_TIME_PER_MOVE
    if spec.round is None:  # a season's tables take the season's time, checked against the floor when it was created
        time_per_move_check(time_per_move)
    seed = spec.seed or seed_new()
    if not 0 < len(seed) <= MAX_SEED_LENGTH:
        raise InvalidValue(f"A seed has 1 to {MAX_SEED_LENGTH} characters.", field="seed")
    table = Table(
        club=spec.club,
        game=spec.game,
        options=full_options,
        players=count,
        seed="",  # the engine seed, set at the deal
        state={},
        status=Table.Status.SEEDING,
        time_per_move=int(time_per_move.total_seconds()),
        round=spec.round,
        rated=spec.rated or spec.round is not None,
        played_for=spec.played_for or (Table.PlayedFor.SEASON if spec.round is not None else Table.PlayedFor.FRIENDLY),
        competition_id=spec.competition_id or (spec.round.season_id if spec.round is not None else None),
    )
    to_act: list[int] = []
    if spec.entropy_window is None:
        state = engine.new_game(players=count, seed=seed, options=full_options)
        table.seed, table.state, table.status = seed, state, Table.Status.ACTIVE
        table.opening_events = engine.opening_events(state)
        if engine.is_over(state):
            table.status, table.finished_at = Table.Status.FINISHED, now
        else:
            to_act = engine.to_act(state)
            # a season's table gets its deadline from its seats' clocks (`_clocks_start`)
            if to_act and spec.round is None:
                table.deadline = now + time_per_move
    return Opening(spec=spec, engine=engine, seed=seed, table=table, to_act=to_act)


def _clocks_deal(openings: list[Opening], *, now: datetime) -> None:
    """The seats' clocks of season tables being dealt, started now under each season's time control (bank, weekly
    pause, vacations), and each table's deadline the earliest of its seats to act (`clock_open` for many tables:
    one query for the seasons and one for the vacations). The clocks get their seats once those are written."""
    if not openings:
        return
    rounds = [o.spec.round for o in openings if o.spec.round is not None]
    seasons = Season.objects.select_related("clock").in_bulk({round_.season_id for round_ in rounds})
    policies = []
    for o, round_ in zip(openings, rounds, strict=True):
        season = seasons[round_.season_id]
        policy = clock_policy(
            season_clock=getattr(season, "clock", None), time_per_move=o.table.time_per_move, season_id=season.pk
        )
        policies.append(policy)
    vacations = vacations_of(
        {
            (policy.season_id, player.pk)
            for o, policy in zip(openings, policies, strict=True)
            if policy.vacations and policy.season_id is not None
            for player in o.spec.players
        }
    )
    for o, policy in zip(openings, policies, strict=True):
        bank = int(policy.control.bank_start.total_seconds())
        clocks = {
            index: (player.pk, SeatClock(bank=bank, turn_started_at=now)) for index, player in enumerate(o.spec.players)
        }
        season_id = seasons[o.spec.round.season_id].pk if o.spec.round is not None else 0
        seat_vacations = {player.pk: vacations.get((season_id, player.pk), []) for player in o.spec.players}
        o.table.deadline = deal_deadlines(clocks, policy, seat_vacations, o.to_act)
        o.clocks = {index: clock for index, (_, clock) in clocks.items()}


def table_start(*, table: Table, engine: Engine, seed: str) -> None:
    """Deal the first state from the engine seed and start the clock (when the table opens, or when its entropy
    step closes)."""
    state = engine.new_game(players=table.players, seed=seed, options=table.options)
    now = timezone.now()
    to_act = engine.to_act(state)
    table.seed, table.state, table.status = seed, state, Table.Status.ACTIVE
    table.opening_events = engine.opening_events(state)
    Seat.objects.filter(table=table, index__in=to_act).update(to_act=True)
    record_ledger(table=table, engine=engine, state=state, known_rows=0)
    if engine.is_over(state):
        record_end(table=table, engine=engine, state=state, now=now)
        table.deadline = None
    else:
        table.deadline = clock_open(table=table, to_act=to_act, now=now)
        # "your move" to the first seats to act, as after every move (league.services.reminders.turn_notices_drain)
        follow_up_defer(task="league.tasks.turn_notify", table_id=table.pk)
    table.save(update_fields=["seed", "state", "opening_events", "deadline", "status", "finished_at"])


@transaction.atomic
def seat_rated_agree(*, table_id: int, player: Player) -> Seat:
    """The seat's player agrees that this friendly table counts for ratings: only before the first move, so that
    nobody agrees once they see how the match goes."""
    try:
        table = Table.objects.select_for_update(no_key=True).get(pk=table_id)
    except Table.DoesNotExist as error:
        raise NotFound("No such table.", field="table_id") from error
    seat = Seat.objects.filter(table=table, player=player).first()
    if seat is None:
        raise NotSeated()
    if not table.rated or table.round_id is not None:
        raise InvalidValue("This table was not opened to be rated.", code="not_rated", field="rated")
    if table.version > 0 or table.status not in (Table.Status.ACTIVE, Table.Status.SEEDING):
        raise TableClosed("A table's seats agree to be rated before its first move.")
    if not seat.rated_agreed:
        seat.rated_agreed = True
        seat.save(update_fields=["rated_agreed"])
    return seat


@transaction.atomic
def table_annul(*, table_id: int, reason: str = "") -> Table:
    """Stop a table for good (no result counts); its move log stays for the record."""
    try:
        table = Table.objects.select_for_update(no_key=True).get(pk=table_id)
    except Table.DoesNotExist as error:
        raise NotFound("No such table.", field="table_id") from error
    if table.status not in (Table.Status.ACTIVE, Table.Status.SEEDING):
        raise TableClosed(f"The table is {table.status}; only a table in play can be annulled.")
    table.status = Table.Status.ANNULLED
    table.annul_reason = reason[:200]
    table.deadline = None
    table.finished_at = timezone.now()
    table.save(update_fields=["status", "annul_reason", "deadline", "finished_at"])
    Seat.objects.filter(table=table).update(to_act=False)
    return table


def seats_to_act_update(*, seats: list[Seat], to_act: list[int]) -> Write | None:
    """Bring the seats' to-act marks in line with the engine: the seats are changed in place, and the write of
    those whose mark changes is returned for the caller to run with its own (`league.sql.writes.writes_run`; None
    when no mark changes)."""
    changed = [seat for seat in seats if seat.to_act != (seat.index in to_act)]
    for seat in changed:
        seat.to_act = not seat.to_act
    return update_of(Seat, {seat.pk: {"to_act": seat.to_act} for seat in changed})


def record_ledger(*, table: Table, engine: Engine, state: dict[str, Any], known_rows: int) -> list[LedgerEntry]:
    """Insert the ledger rows past the first `known_rows`: rows already stored are never rewritten, and the rows
    are built only when the state holds more than that (most moves add none)."""
    if engine.ledger_count(state) <= known_rows:
        return []
    rows = engine.ledger(state)[known_rows:]
    new = [LedgerEntry(table=table, index=known_rows + offset, row=row) for offset, row in enumerate(rows)]
    return LedgerEntry.objects.bulk_create(new)


def record_end(*, table: Table, engine: Engine, state: dict[str, Any], now: datetime) -> list[Result]:
    """The results of a finished match, and the table closed (the caller saves the table, and its deadline: none)."""
    results = results_from_outcome(engine.outcome(state), players=table.players)
    seats = {seat.index: seat.player_id for seat in Seat.objects.filter(table=table)}
    rows = [Result(table=table, player_id=seats[row["seat"]], finished_at=now, **row) for row in results]
    Result.objects.bulk_create(rows)
    table.status = Table.Status.FINISHED
    table.finished_at = now
    return rows


def results_from_outcome(outcome: dict[str, Any], *, players: int) -> list[dict[str, Any]]:
    """One row per seat from `engine.outcome`: place, score, and the outcome's other per-seat values as extra."""
    placements = outcome["placements"]
    scores = outcome.get("scores") or [0] * players
    per_seat = {
        key: value
        for key, value in outcome.items()
        if key not in ("placements", "scores") and isinstance(value, list) and len(value) == players
    }
    return [
        {
            "seat": seat,
            "place": placements[seat],
            "score": scores[seat],
            "extra": {key: value[seat] for key, value in per_seat.items()},
        }
        for seat in range(players)
    ]
