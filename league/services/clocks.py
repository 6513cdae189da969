"""Clocks of tables: each seat's deadline from its season's time control, the clock after a move, vacations.

A seat's deadline is `deadline_after(turn start, per-move time + its bank)` with the season's weekly pause and the
player's vacations stopping the clock; the table's `deadline` column is the earliest deadline of its seats to act,
so the sweep (`league.services.timeouts`) finds overdue tables by one indexed query and then decides seat by seat
(docs/clocks.md). This module computes deadlines and keeps the seat clocks; it never writes `Table.deadline`
itself but returns it to the one that saves the table (the move pipeline, `table_start`, the sweep).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.clocks.arithmetic import Interval, TimeControl, WeeklyPause, deadline_after, running_time
from league.engines import engine_for
from league.errors import InvalidValue
from league.models import Entrant, Move, Player, Season, SeasonClock, Seat, SeatClock, Table, Vacation
from league.sql import tables as sql_tables
from league.sql.writes import Write, update_of


@dataclass(frozen=True)
class Policy:
    """What governs a table's clock: its season's time control, or per-move time alone for a table without one."""

    control: TimeControl
    weekly: WeeklyPause | None = None
    season_id: int | None = None
    abandon_after: int | None = None  # None: a seat is never abandoned
    forfeit: bool = False
    # a season with a clock may allow vacations (vacation_take); without one there are none to read
    vacations: bool = False


class RunningClock(Protocol):
    """What the clock arithmetic reads and changes of a seat's clock: a `SeatClock`, or the sweep's plain copy of
    one (`league.services.timeouts`), which costs a fraction of a model instance to make."""

    bank: int
    turn_started_at: datetime | None
    deadline: datetime | None
    consecutive_timeouts: int
    abandoned: bool


def clock_policy(*, season_clock: SeasonClock | None, time_per_move: int, season_id: int | None = None) -> Policy:
    """The policy of a table from its season's clock (None: per-move time only)."""
    if season_clock is None:
        return Policy(control=TimeControl(per_move=timedelta(seconds=time_per_move)), season_id=season_id)
    weekly = None
    if season_clock.pause_weekday is not None and season_clock.pause_start is not None and season_clock.pause_hours:
        weekly = WeeklyPause(
            weekday=season_clock.pause_weekday,
            start=season_clock.pause_start,
            duration=timedelta(hours=season_clock.pause_hours),
            tz=season_clock.time_zone,
        )
    control = TimeControl(
        per_move=timedelta(seconds=time_per_move),
        bank_start=timedelta(seconds=season_clock.bank_start),
        bank_increment=timedelta(seconds=season_clock.bank_increment),
        bank_cap=timedelta(seconds=season_clock.bank_cap) if season_clock.bank_cap is not None else None,
    )
    return Policy(
        control=control,
        weekly=weekly,
        season_id=season_id,
        abandon_after=season_clock.abandon_after or None,
        forfeit=season_clock.timeout_policy == SeasonClock.Policy.FORFEIT,
        vacations=season_id is not None,
    )


def table_policy(table: Table) -> Policy:
    """The policy of a table, read from its season (one query); the move pipeline has it from the table's lock
    instead (`league.sql.tables.table_and_seats_locked`)."""
    if table.round_id is None:
        return clock_policy(season_clock=None, time_per_move=table.time_per_move)
    # one query for the round's season and its clock (a season without a SeasonClock plays on per-move time)
    season = Season.objects.select_related("clock").filter(rounds__id=table.round_id).first()
    season_clock = getattr(season, "clock", None) if season is not None else None
    season_id = season.pk if season is not None else None
    return clock_policy(season_clock=season_clock, time_per_move=table.time_per_move, season_id=season_id)


def vacations_for(policy: Policy, player_ids: list[int]) -> dict[int, list[Interval]]:
    out: dict[int, list[Interval]] = {p: [] for p in player_ids}
    if not policy.vacations or policy.season_id is None:
        return out
    rows = Vacation.objects.filter(season_id=policy.season_id, player_id__in=player_ids)
    for player_id, begin, end in rows.values_list("player_id", "starts_at", "ends_at"):
        out[player_id].append((begin, end))
    return out


def vacations_of(season_players: set[tuple[int, int]]) -> dict[tuple[int, int], list[Interval]]:
    """`vacations_for` of many tables at once (the sweep's batch): the vacations of these (season, player) pairs in
    one query, keyed by the pair; a pair without any has none in the answer."""
    out: dict[tuple[int, int], list[Interval]] = {}
    if not season_players:
        return out
    seasons = {season for season, _ in season_players}
    players = {player for _, player in season_players}
    rows = Vacation.objects.filter(season_id__in=seasons, player_id__in=players)
    for season_id, player_id, begin, end in rows.values_list("season_id", "player_id", "starts_at", "ends_at"):
        if (season_id, player_id) in season_players:
            out.setdefault((season_id, player_id), []).append((begin, end))
    return out


def seats_with_clocks(table: Table) -> list[Seat]:
    """The table's seats in order, each with its clock when it has one (`seat.clock`): read once per move, in one
    plain query (`league.sql.tables.seats_with_clocks`), and shared by the clocks and the to-act marks."""
    return sql_tables.seats_with_clocks(table.pk)


def seat_clocks_for(
    table: Table, policy: Policy, seats: list[Seat] | None = None, *, started: datetime | None = None
) -> dict[int, tuple[Seat, SeatClock]]:
    """Every seat with its clock; clocks are made on first need, their turn started at `started` (the deal), else
    when the table's last move was made (or when it opened). `seats` (from `seats_with_clocks`) saves reading them
    again."""
    seats = seats if seats is not None else seats_with_clocks(table)
    missing = [seat for seat in seats if not hasattr(seat, "clock")]
    if missing:
        if started is None:
            last = Move.objects.filter(table=table).order_by("-seq").values_list("at", flat=True).first()
            if last is None and table.deadline is not None:
                # a table without a season opened with deadline = the deal + time per move
                last = table.deadline - timedelta(seconds=table.time_per_move)
            started = last or table.created_at
        bank = int(policy.control.bank_start.total_seconds())
        SeatClock.objects.bulk_create(
            [SeatClock(seat=seat, bank=bank, turn_started_at=started) for seat in missing], ignore_conflicts=True
        )
        by_id = {seat.pk: seat for seat in missing}
        for clock in SeatClock.objects.filter(seat_id__in=by_id):
            by_id[clock.seat_id].clock = clock
    return {seat.index: (seat, seat.clock) for seat in seats}


def seat_deadline(clock: RunningClock, policy: Policy, vacations: list[Interval]) -> datetime:
    """When the seat's current turn runs out; an abandoned seat's turn runs out as soon as it starts."""
    started = clock.turn_started_at
    assert started is not None  # a clock is made with its turn's start (seat_clocks_for)
    if clock.abandoned:
        return started
    return deadline_after(
        started, policy.control.budget(timedelta(seconds=clock.bank)), weekly=policy.weekly, vacations=vacations
    )


def clock_after_move(
    *,
    table: Table,
    policy: Policy,
    seats: list[Seat],
    seat: int,
    auto: bool,
    after: list[int],
    step_open: bool,
    now: datetime,
) -> tuple[datetime | None, Write | None]:
    """Run the clocks on after a move (called by the move pipeline before it saves the table): the mover's bank
    is drawn and topped up, a timeout counted (and the seat abandoned after too many), new turns start. Returns the
    table's new deadline, the earliest of its seats to act (None when nobody is, or the table is over), which the
    pipeline stores, and the write of the clocks that changed, which the pipeline runs with its own
    (`league.sql.writes.writes_run`; None when none changed). `seats` come from `seats_with_clocks`; their clocks are
    updated in place."""
    clocks = seat_clocks_for(table, policy, seats)
    vacations = vacations_for(policy, [s.player_id for s, _ in clocks.values()])
    before = {index: clock_values(clock) for index, (_, clock) in clocks.items()}
    deadline = clock_advance(
        clocks={index: clock for index, (_, clock) in clocks.items()},
        players={index: seat_row.player_id for index, (seat_row, _) in clocks.items()},
        vacations=vacations,
        policy=policy,
        seat=seat,
        auto=auto,
        after=after,
        active=table.status == Table.Status.ACTIVE,
        step_open=step_open,
        now=now,
    )
    # only the clocks that changed (the mover's, the next seats'), in one statement
    changes = {clock.pk: clock_changes(clock, before[index]) for index, (_, clock) in clocks.items()}
    return deadline, update_of(SeatClock, changes)


CLOCK_FIELDS = ("bank", "turn_started_at", "deadline", "consecutive_timeouts", "abandoned")


def clock_values(clock: RunningClock) -> tuple[object, ...]:
    """What a clock holds, to tell later which of its fields a move changed (`clock_changes`)."""
    return tuple(getattr(clock, name) for name in CLOCK_FIELDS)


def clock_changes(clock: SeatClock, before: tuple[object, ...]) -> dict[str, object]:
    return {
        name: getattr(clock, name)
        for name, old in zip(CLOCK_FIELDS, before, strict=True)
        if getattr(clock, name) != old
    }


def clock_advance(
    *,
    clocks: dict[int, RunningClock],
    players: dict[int, int],
    vacations: dict[int, list[Interval]],
    policy: Policy,
    seat: int,
    auto: bool,
    after: list[int],
    active: bool,
    step_open: bool,
    now: datetime,
) -> datetime | None:
    """`clock_after_move` in memory, writing nothing: the clocks are changed in place and the table's new deadline
    returned; the sweep writes the clocks of a whole batch of tables at once. `clocks` and `players` by seat index,
    `vacations` by player."""
    mover = clocks[seat]
    assert mover.turn_started_at is not None  # made with its turn's start (seat_clocks_for)
    used = running_time(mover.turn_started_at, now, weekly=policy.weekly, vacations=vacations[players[seat]])
    mover.bank = int(policy.control.bank_after(timedelta(seconds=mover.bank), used).total_seconds())
    mover.consecutive_timeouts = mover.consecutive_timeouts + 1 if auto else 0
    if auto and policy.abandon_after and mover.consecutive_timeouts >= policy.abandon_after:
        mover.abandoned = True
    mover.deadline = None
    for index, clock in clocks.items():
        if index not in after or not active:
            clock.deadline = None
            continue
        if not step_open or clock.deadline is None:
            if not step_open:
                clock.turn_started_at = now
            clock.deadline = seat_deadline(clock, policy, vacations[players[index]])
    if not active:
        return None
    deadlines = [clock.deadline for index, clock in clocks.items() if index in after and clock.deadline]
    return min(deadlines) if deadlines else None


def clock_open(*, table: Table, to_act: list[int], now: datetime) -> datetime | None:
    """The first deadline of a table being dealt (`table_start`, which stores it): per-move time from now for a
    table without a season; for a season table its seats' clocks start now under the season's time control (bank,
    weekly pause, vacations) and the earliest deadline of the seats to act is the table's."""
    if not to_act:
        return None
    if table.round_id is None:
        return now + timedelta(seconds=table.time_per_move)
    policy = table_policy(table)
    clocks = seat_clocks_for(table, policy, started=now)
    vacations = vacations_for(policy, [seat.player_id for seat, _ in clocks.values()])
    deadline = deal_deadlines(
        {index: (seat.player_id, clock) for index, (seat, clock) in clocks.items()}, policy, vacations, to_act
    )
    SeatClock.objects.bulk_update([clock for _, clock in clocks.values()], ["deadline"])
    return deadline


def deal_deadlines(
    clocks: Mapping[int, tuple[int, RunningClock]],
    policy: Policy,
    vacations: dict[int, list[Interval]],
    to_act: list[int],
) -> datetime | None:
    """At the deal, each seat's clock (by seat index, with its player) gets the end of its turn when it is to act and
    no deadline otherwise; the table's deadline is the earliest (None when nobody acts)."""
    for index, (player_id, clock) in clocks.items():
        clock.deadline = seat_deadline(clock, policy, vacations.get(player_id, [])) if index in to_act else None
    return min((d for i in to_act if (d := clocks[i][1].deadline) is not None), default=None)


def abandoned_seats(*, table: Table) -> list[int]:
    """The seats of a table that were abandoned on time: the record of the abandonment beside its results (the
    Result rows stay exactly the engine's outcome, which `verify_tables` replays)."""
    return list(
        SeatClock.objects.filter(seat__table=table, abandoned=True)
        .order_by("seat__index")
        .values_list("seat__index", flat=True)
    )


# --- vacations -----------------------------------------------------------------------------------------------------


@transaction.atomic
def vacation_take(*, player: Player, season: Season, starts_at: datetime, days: int) -> Vacation:
    """Stop the player's clocks in a season for whole days, within the season's allowance; the deadlines of their
    tables move out at once."""
    clock = SeasonClock.objects.filter(season=season).first()
    allowed = clock.vacation_days if clock else 0
    if days < 1:
        raise InvalidValue(_("A vacation lasts at least one day."), field="days")
    if starts_at < timezone.now() - timedelta(minutes=5):
        raise InvalidValue(_("A vacation cannot start in the past."), field="starts_at")
    if not Entrant.objects.filter(competition=season, withdrawn=False).filter(player=player).exists() and not (
        Entrant.objects.filter(competition=season, withdrawn=False, partner=player).exists()
    ):
        raise InvalidValue(_("Only an entrant of the season takes vacations in it."), field="player")
    # one at a time per player and season, so two requests cannot both fit in the allowance
    taken = list(Vacation.objects.select_for_update().filter(season=season, player=player))
    used = sum(round((v.ends_at - v.starts_at) / timedelta(days=1)) for v in taken)
    if used + days > allowed:
        raise InvalidValue(
            _("The season allows %(allowed)s vacation days; %(left)s are left.")
            % {"allowed": allowed, "left": allowed - used},
            code="no_vacation_left",
            field="days",
        )
    ends_at = starts_at + timedelta(days=days)
    if any(v.starts_at < ends_at and starts_at < v.ends_at for v in taken):
        raise InvalidValue(_("The vacation overlaps one already taken."), field="starts_at")
    vacation = Vacation.objects.create(player=player, season=season, starts_at=starts_at, ends_at=ends_at)
    tables = Table.objects.filter(
        round__season=season, status=Table.Status.ACTIVE, seats__player=player, seats__to_act=True
    ).values_list("id", flat=True)
    for table_id in list(tables):
        table_deadline_refresh(table_id=table_id)
    return vacation


@transaction.atomic
def vacation_cancel(*, player: Player, vacation: Vacation, now: datetime | None = None) -> Vacation | None:
    """Give back a vacation's days: one not yet begun is removed (None), one under way ends at the end of its
    current day (the days begun are used); the deadlines of the player's tables come back in at once."""
    now = now or timezone.now()
    vacation = Vacation.objects.select_for_update().get(pk=vacation.pk)
    if vacation.player_id != player.pk:
        raise InvalidValue(_("Only the player who took a vacation can cancel it."), code="not_yours", field="vacation")
    if vacation.ends_at <= now:
        raise InvalidValue(_("This vacation is over."), code="vacation_over", field="vacation")
    if vacation.starts_at > now:
        vacation.delete()
        kept = None
    else:
        days_begun = -(-(now - vacation.starts_at) // timedelta(days=1))
        vacation.ends_at = min(vacation.ends_at, vacation.starts_at + timedelta(days=max(days_begun, 1)))
        vacation.save(update_fields=["ends_at"])
        kept = vacation
    tables = Table.objects.filter(
        round__season_id=vacation.season_id, status=Table.Status.ACTIVE, seats__player=player, seats__to_act=True
    ).values_list("id", flat=True)
    for table_id in list(tables):
        table_deadline_refresh(table_id=table_id)
    return kept


@transaction.atomic
def table_deadline_refresh(*, table_id: int) -> Table:
    """Recompute each seat's deadline and the table's from the clocks (after a vacation, or a changed control)."""
    table = Table.objects.select_for_update(no_key=True).get(pk=table_id)
    if table.status != Table.Status.ACTIVE:
        return table
    policy = table_policy(table)
    to_act = engine_for(table.game).to_act(table.state)
    clocks = seat_clocks_for(table, policy)
    vacations = vacations_for(policy, [seat.player_id for seat, _ in clocks.values()])
    for index, (seat, clock) in clocks.items():
        clock.deadline = seat_deadline(clock, policy, vacations[seat.player_id]) if index in to_act else None
    SeatClock.objects.bulk_update([clock for _, clock in clocks.values()], ["deadline"])
    deadlines = [deadline for i in to_act if (deadline := clocks[i][1].deadline) is not None]
    table.deadline = min(deadlines) if deadlines else None
    table.save(update_fields=["deadline"])
    return table
