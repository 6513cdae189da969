"""Writes for tables: open one with its seats (and its commitment to the server seed), deal it, annul one; and the
bookkeeping every state change shares."""

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import IllegalMove
from games.core.protocol import Engine
from league.db import Write, update_of
from league.engines import engine_for
from league.errors import BadOptions, NotFound, NotSeated, TableClosed
from league.fairness import ALGORITHM_VERSION, MAX_SEED_LENGTH, commitment_of
from league.models import Club, LedgerEntry, Player, Result, Round, Seat, Table, TableFairness
from league.server_seeds import seed_new
from league.services.clocks import clock_open
from league.services.follow_up import follow_up_defer

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
        raise BadOptions(
            f"The time per move is at least {int(floor.total_seconds())} seconds.",
            code="time_per_move_too_short",
            field="time_per_move",
        )


@transaction.atomic
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
    """Open a table: seats in the order of `players`, the engine's first state, the clock running for the first
    seats to act (under the season's time control for a table of a season's `round`). `seed` is the secret server
    seed, committed to at once (docs/fairness.md); with an `entropy_window` the table waits in `seeding` for the
    seats' entropy and is dealt by `table_seed_finalize`. A friendly table (no round) counts for ratings only when
    it is opened `rated` and every seat agrees before the first move (`seat_rated_agree`); a season's counts."""
    engine = engine_for(game)
    count = len(players)
    if not engine.min_players <= count <= engine.max_players:
        raise BadOptions(
            f"{game} is played by {engine.min_players} to {engine.max_players} players, not {count}.",
            code="bad_player_count",
            field="players",
        )
    if len({player.pk for player in players}) != count:
        raise BadOptions("A player may take only one seat at a table.", code="duplicate_player", field="players")
    try:
        full_options = engine.check_options(dict(options or {}), count)
    except IllegalMove as error:
        raise BadOptions(error.message, code=error.code, field="options") from error
    time_per_move = time_per_move or DEFAULT_TIME_PER_MOVE
    if round is None:  # a season's tables take the season's time, checked against the floor when it was created
        time_per_move_check(time_per_move)
    seed = seed or seed_new()
    table = Table.objects.create(
        club=club,
        game=game,
        options=full_options,
        players=count,
        seed="",  # the engine seed, set by table_start
        state={},
        status=Table.Status.SEEDING,
        time_per_move=int(time_per_move.total_seconds()),
        round=round,
        rated=rated or round is not None,
    )
    Seat.objects.bulk_create(Seat(table=table, index=index, player=player) for index, player in enumerate(players))
    _commit(table=table, server_seed=seed, entropy_window=entropy_window)
    if entropy_window is None:
        # no entropy step: the engine seed is the server seed itself (docs/fairness.md)
        table_start(table=table, engine=engine, seed=seed)
    return table


def _commit(*, table: Table, server_seed: str, entropy_window: timedelta | None) -> TableFairness:
    """Commit to the server seed as the table opens, before any card exists (docs/fairness.md)."""
    if not 0 < len(server_seed) <= MAX_SEED_LENGTH:
        raise BadOptions(f"A seed has 1 to {MAX_SEED_LENGTH} characters.", field="seed")
    return TableFairness.objects.create(
        table=table,
        algorithm_version=ALGORITHM_VERSION,
        server_seed=server_seed,
        commitment=commitment_of(server_seed),
        entropy_deadline=timezone.now() + entropy_window if entropy_window is not None else None,
    )


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
        raise BadOptions("This table was not opened to be rated.", code="not_rated", field="rated")
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
    those whose mark changes is returned for the caller to run with its own (`league.db.writes_run`; None when no
    mark changes)."""
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
    rows = [Result(table=table, player_id=seats[row["seat"]], **row) for row in results]
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
