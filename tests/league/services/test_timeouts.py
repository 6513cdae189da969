"""The clock sweep by batches (league/services/timeouts.py): the plain timeouts written together exactly as the move
pipeline writes them, a failing table isolated and marked for an organizer while every other overdue table times
out (issue 19, item 5), and sweepers running at once playing every table of a backlog exactly once (issue 24)."""

import logging
import threading
from datetime import time, timedelta

import pytest
from django.db import connection
from django.db.models import F
from django.utils import timezone

from league.errors import StaleVersion
from league.models import Move, Player, SeasonClock, Seat, SeatClock, Table
from league.services.moves import move_submit
from league.services.timeouts import TimeoutDone, table_timeouts_apply, timeouts_apply
from tests.league.clocks.support import at, season_table
from tests.league.factories import PlayerFactory, table_for

pytestmark = pytest.mark.django_db

HOUR = timedelta(hours=1)


def _coinche_tables(count: int, players: list[Player] | None = None, seed: str = "sweep") -> list[Table]:
    players = players or PlayerFactory.create_batch(4)
    return [table_for("coinche", players=players, seed=f"{seed}-{i}", time_per_move=HOUR) for i in range(count)]


def _overdue(tables: list[Table], by: timedelta = HOUR) -> None:
    for offset, table in enumerate(tables):
        # an hour past, one microsecond apart: the sweep takes them in this order
        Table.objects.filter(pk=table.pk).update(deadline=timezone.now() - by + offset * timedelta(microseconds=1))
        # the seats' clocks, when "your move" made them already (league.tasks.turn_notify), ran out with the table
        SeatClock.objects.filter(seat__table=table).update(turn_started_at=F("turn_started_at") - by)


def _what_was_played(table: Table) -> tuple:
    """Everything a timeout writes, without the ids of the rows."""
    table.refresh_from_db()
    moves = list(
        Move.objects.filter(table=table).values_list(
            "seq", "seat", "player", "payload", "auto", "hidden", "step_open", "at", "idempotency_key", "result"
        )
    )
    clocks = list(
        SeatClock.objects.filter(seat__table=table)
        .order_by("seat__index")
        .values_list("seat__index", "bank", "turn_started_at", "deadline", "consecutive_timeouts", "abandoned")
    )
    marks = list(Seat.objects.filter(table=table).order_by("index").values_list("index", "to_act"))
    return (table.state, table.version, table.step_open, table.deadline, table.status, moves, clocks, marks)


def test_the_batch_writes_a_timeout_exactly_as_the_move_pipeline_does() -> None:
    # given two tables dealt alike, by the same players, overdue alike
    players = PlayerFactory.create_batch(4)
    batched, piped = (table_for("coinche", players=players, seed="same", time_per_move=HOUR) for _ in range(2))
    Table.objects.filter(pk__in=[batched.pk, piped.pk]).update(deadline=timezone.now() - HOUR)
    now = timezone.now()
    # when one is swept by the batch and the other by the pipeline (the one-table task), twice (new clocks, then
    # the clocks made the first time)
    for later in (now, now + 2 * HOUR):
        # the two are due alike: the one with the lower id is taken first, and alone
        done = timeouts_apply(now=later, limit=1)
        assert [d.table_id for d in done] == [batched.pk]
        assert len(table_timeouts_apply(table_id=piped.pk, now=later)) == 1
    # then they hold the same state, moves, clocks and marks
    assert _what_was_played(batched) == _what_was_played(piped)
    assert batched.version == 2


def test_a_table_whose_deadline_was_early_only_gets_its_true_deadline() -> None:
    [table] = _coinche_tables(1)
    _overdue([table])
    timeouts_apply(now=timezone.now())
    table.refresh_from_db()
    deadline = table.deadline
    # a stored deadline earlier than its clocks say (as a vacation or a bank would leave it)
    Table.objects.filter(pk=table.pk).update(deadline=deadline - 2 * HOUR)

    assert timeouts_apply(now=deadline - timedelta(minutes=1)) == []

    table.refresh_from_db()
    assert (table.version, table.deadline) == (1, deadline)


def test_a_poisoned_table_is_marked_and_every_other_overdue_table_still_times_out(fake_game, caplog) -> None:
    # given 30 healthy overdue tables, and before them a table whose engine raises (its state is corrupt) and a
    # season table whose clock's time zone was edited to one that does not exist (bypassing every form)
    healthy = _coinche_tables(30)
    broken_state = _coinche_tables(1, seed="poison")[0]
    Table.objects.filter(pk=broken_state.pk).update(state={"corrupt": True})
    bad_zone = season_table(
        fake_game, start=at(2, 10), per_move=HOUR, pause_weekday=5, pause_start=time(0), pause_hours=48
    )
    SeasonClock.objects.filter(season__rounds__tables=bad_zone).update(time_zone="Europe/Pariss")
    late = timezone.now()
    Table.objects.filter(pk__in=[broken_state.pk, bad_zone.pk]).update(deadline=late - 3 * HOUR)
    _overdue(healthy)

    # when the sweep runs, in batches smaller than the backlog
    with caplog.at_level(logging.ERROR, logger="league.services.timeouts"):
        done = timeouts_apply(now=late, batch=8)

    # then every healthy table timed out once
    assert sorted(d.table_id for d in done) == sorted(t.pk for t in healthy)
    assert all(Move.objects.filter(table=t, auto=True).count() == 1 for t in healthy)
    # and each poisoned table is untouched, marked for an organizer with the reason, and logged
    for table, reason in ((broken_state, "KeyError"), (bad_zone, "Europe/Pariss")):
        table.refresh_from_db()
        assert (table.version, Move.objects.filter(table=table).count()) == (0, 0)
        assert reason in table.sweep_error
        assert table.sweep_failed_at == late
        assert any(record.exc_info and str(table.pk) in record.getMessage() for record in caplog.records)


def test_a_marked_table_is_played_and_unmarked_once_its_clock_is_fixed(fake_game) -> None:
    table = season_table(
        fake_game, start=at(2, 10), per_move=HOUR, pause_weekday=5, pause_start=time(0), pause_hours=48
    )
    clock = SeasonClock.objects.filter(season__rounds__tables=table)
    clock.update(time_zone="Europe/Pariss")
    assert timeouts_apply(now=at(2, 11)) == []

    clock.update(time_zone="Europe/Paris")
    done = timeouts_apply(now=at(2, 11))

    table.refresh_from_db()
    assert [(d.seat, d.seq) for d in done] == [(0, 1), (1, 2)]
    assert (table.sweep_error, table.sweep_failed_at) == ("", None)


def test_a_table_whose_rows_the_database_refuses_is_isolated_from_its_batch(caplog) -> None:
    # given overdue tables, one of which already holds a row at the seq its timeout would take (a stray move)
    tables = _coinche_tables(6)
    _overdue(tables)
    stray = tables[2]
    seat = Seat.objects.get(table=stray, index=0)
    Move.objects.create(table=stray, seq=1, seat=0, player_id=seat.player_id, payload={}, at=timezone.now() - 2 * HOUR)
    now = timezone.now()

    with caplog.at_level(logging.ERROR, logger="league.services.timeouts"):
        done = timeouts_apply(now=now)

    # then the batch's write failed, each table was written alone, and only the stray one is left and marked
    assert sorted(d.table_id for d in done) == sorted(t.pk for t in tables if t != stray)
    stray.refresh_from_db()
    assert stray.version == 0 and "IntegrityError" in stray.sweep_error
    assert not SeatClock.objects.filter(seat__table=stray).exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgres  # SQLite has no row locks: its writers are serialized, there is nothing to share
@pytest.mark.xdist_group("league-concurrency")
def test_two_sweepers_on_one_backlog_play_every_table_exactly_once() -> None:
    tables = _coinche_tables(60)
    _overdue(tables)
    now = timezone.now()
    barrier = threading.Barrier(2)
    done: list[list[TimeoutDone]] = [[], []]
    errors: list[BaseException] = []

    def sweep(index: int) -> None:
        try:
            barrier.wait(timeout=10)
            # small batches and one call at a time, as two workers of the beat task would take turns
            while batch := timeouts_apply(now=now, limit=10, batch=5):
                done[index] += batch
        except BaseException as error:  # the outcome under test, not a failure of the harness
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=sweep, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert errors == [] and not any(thread.is_alive() for thread in threads)
    swept = [d.table_id for d in done[0] + done[1]]
    assert len(swept) == len(set(swept)) == 60  # 0 doubled
    assert set(swept) == {t.pk for t in tables}  # 0 missed
    assert all(Move.objects.filter(table=t).count() == 1 for t in tables)
    assert not Table.objects.filter(deadline__lte=now, status=Table.Status.ACTIVE).exists()


def test_a_move_by_hand_after_the_sweep_is_checked_against_the_version_the_sweep_left(fake_game) -> None:
    """The batch raises the table's version as the pipeline does, so a client's move decided before the timeout is
    refused as stale."""
    [table] = _coinche_tables(1)
    _overdue([table])
    timeouts_apply(now=timezone.now())
    seat = Seat.objects.get(table=table, index=1)
    with pytest.raises(StaleVersion):
        move_submit(table_id=table.pk, player=seat.player, move={"type": "pass"}, expected_version=0)
