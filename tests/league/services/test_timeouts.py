"""The clock sweep by batches (league/services/timeouts.py): the plain timeouts written together exactly as the move
pipeline writes them, a failing table isolated and marked for an organizer while every other overdue table times
out (issue 19, item 5), and sweepers running at once playing every table of a backlog exactly once (issue 24)."""

import logging
import threading
from datetime import time, timedelta
from typing import Any

import pytest
from django.db import connection
from django.db.models import F
from django.utils import timezone

from league.errors import PermissionDenied, StaleVersion
from league.models import Membership, Move, Player, SeasonClock, Seat, SeatClock, Table
from league.services.moves import move_submit
from league.services.timeouts import (
    RETRY_FIRST,
    RETRY_MOST,
    TimeoutDone,
    table_sweep_mark_clear,
    table_timeouts_apply,
    timeouts_apply,
)
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
    # and each poisoned table is untouched, marked for an organizer with the reason and its next try, and logged
    # at ERROR with its traceback
    for table, reason in ((broken_state, "KeyError"), (bad_zone, "Europe/Pariss")):
        table.refresh_from_db()
        assert (table.version, Move.objects.filter(table=table).count()) == (0, 0)
        assert reason in table.sweep_error
        assert table.sweep_failed_at == late
        assert late + 0.75 * RETRY_FIRST <= table.sweep_retry_at <= late + 1.25 * RETRY_FIRST
        assert any(
            record.levelno == logging.ERROR and record.exc_info and str(table.pk) in record.getMessage()
            for record in caplog.records
        )


def test_an_engines_message_is_kept_from_the_mark_which_organizers_read(caplog) -> None:
    # given an overdue table whose engine raises with a message (which may name cards: a hand in a ValueError)
    [table] = _coinche_tables(1)
    _overdue([table])
    Table.objects.filter(pk=table.pk).update(state={"corrupt": True})
    # when the sweep fails to play it
    with caplog.at_level(logging.ERROR, logger="league.services.timeouts"):
        timeouts_apply(now=timezone.now())
    # then the mark keeps the error's type alone; the log has the whole of it
    table.refresh_from_db()
    assert table.sweep_error == "KeyError (raised by the game's engine; its message is in the server's log)"
    assert [record.exc_info[0] for record in caplog.records if record.exc_info] == [KeyError]


def _broken_zone(fake_game) -> tuple[Table, Any]:
    table = season_table(
        fake_game, start=at(2, 10), per_move=HOUR, pause_weekday=5, pause_start=time(0), pause_hours=48
    )
    clock = SeasonClock.objects.filter(season__rounds__tables=table)
    clock.update(time_zone="Europe/Pariss")
    return table, clock


def test_a_marked_table_is_played_and_unmarked_at_its_next_try_once_its_clock_is_fixed(fake_game) -> None:
    table, clock = _broken_zone(fake_game)
    assert timeouts_apply(now=at(2, 11)) == []
    clock.update(time_zone="Europe/Paris")

    # before its time to try again the sweep leaves it alone
    assert timeouts_apply(now=at(2, 11) + RETRY_FIRST / 2) == []
    # at that time it is played, and unmarked
    done = timeouts_apply(now=at(2, 11) + 1.25 * RETRY_FIRST)

    table.refresh_from_db()
    assert [(d.seat, d.seq) for d in done] == [(0, 1), (1, 2)]
    assert (table.sweep_error, table.sweep_failed_at, table.sweep_retry_at) == ("", None, None)


def test_a_table_that_keeps_failing_is_tried_further_apart_and_alerts_once(fake_game, caplog) -> None:
    table, _clock = _broken_zone(fake_game)
    first = at(2, 11)
    tries = []
    now = first
    with caplog.at_level(logging.WARNING, logger="league.services.timeouts"):
        for _ in range(5):
            timeouts_apply(now=now)
            table.refresh_from_db()
            tries.append(now)
            now = table.sweep_retry_at
    waits = [b - a for a, b in zip(tries, [*tries[1:], now], strict=True)]
    # then each wait is about as long as the table has been failing (a quarter either way), from two minutes up
    for failing, wait in zip([timedelta(0), *(t - first for t in tries[1:])], waits, strict=True):
        expected = min(max(failing, RETRY_FIRST), RETRY_MOST)
        assert 0.75 * expected <= wait <= 1.25 * expected
    assert table.sweep_failed_at == first
    # and the table alerted once, at ERROR; its later failures are warnings
    mine = [record for record in caplog.records if str(table.pk) in record.getMessage()]
    assert [record.levelno for record in mine] == [logging.ERROR] + [logging.WARNING] * 4


def test_marked_tables_are_left_out_of_the_claim_so_the_healthy_ones_behind_them_time_out(caplog) -> None:
    # given 6 tables that fail, overdue before 3 healthy ones, and a sweep of 5 tables a call
    broken = _coinche_tables(6, seed="broken")
    healthy = _coinche_tables(3, seed="healthy")
    Table.objects.filter(pk__in=[t.pk for t in broken]).update(state={"corrupt": True})
    _overdue(broken, by=2 * HOUR)
    _overdue(healthy)
    now = timezone.now()
    # when the sweep runs twice (the first meets broken tables only)
    with caplog.at_level(logging.ERROR, logger="league.services.timeouts"):
        first = timeouts_apply(now=now, limit=5, batch=2)
        second = timeouts_apply(now=now + timedelta(minutes=1), limit=5, batch=2)
    # then the second reached every healthy table: the 5 tables marked by the first were not claimed again
    assert first == []
    assert sorted(d.table_id for d in second) == sorted(t.pk for t in healthy)
    assert Table.objects.filter(sweep_failed_at__isnull=False).count() == 6


def test_a_sweep_retries_at_most_its_share_of_the_marked_tables_after_the_healthy_ones() -> None:
    broken = _coinche_tables(3, seed="broken")
    Table.objects.filter(pk__in=[t.pk for t in broken]).update(state={"corrupt": True})
    _overdue(broken, by=2 * HOUR)
    now = timezone.now()
    timeouts_apply(now=now)
    [healthy] = _coinche_tables(1, seed="healthy")
    _overdue([healthy])
    later = now + RETRY_MOST * 2
    retried_before = {t.pk: Table.objects.get(pk=t.pk).sweep_retry_at for t in broken}

    done = timeouts_apply(now=later, retries=2)

    assert [d.table_id for d in done] == [healthy.pk]
    retried = [t.pk for t in broken if Table.objects.get(pk=t.pk).sweep_retry_at != retried_before[t.pk]]
    assert len(retried) == 2


def test_an_organizer_clears_a_mark_and_the_next_sweep_tries_the_table(fake_game) -> None:
    table, clock = _broken_zone(fake_game)
    assert timeouts_apply(now=at(2, 11)) == []
    clock.update(time_zone="Europe/Paris")
    organizer = Membership.objects.filter(club=table.club, role=Membership.Role.ORGANIZER).first()
    stranger = PlayerFactory()

    with pytest.raises(PermissionDenied):
        table_sweep_mark_clear(table_id=table.pk, by=stranger)
    table_sweep_mark_clear(table_id=table.pk, by=organizer.player if organizer else None)

    table.refresh_from_db()
    assert (table.sweep_error, table.sweep_failed_at, table.sweep_retry_at) == ("", None, None)
    assert [(d.seat, d.seq) for d in timeouts_apply(now=at(2, 11))] == [(0, 1), (1, 2)]


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
