"""move_submit under real concurrent transactions: two threads, each with its own database connection, submit to
the same table at the same moment (league/services/moves.py; run on PostgreSQL)."""

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from games import get_engine
from league.errors import StaleVersion
from league.models import Move, Table
from league.services.moves import MoveResult, move_submit
from league.services.verification import table_verify
from tests.league.factories import table_for

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.xdist_group("league-concurrency"),
    pytest.mark.postgres,  # SQLite serializes whole transactions: there is no race to test
]


def _at_once(*calls: Callable[[], MoveResult]) -> list[Any]:
    """Run the calls in threads released together; each returns its result or the exception it raised."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[Any] = [None] * len(calls)

    def run(index: int, call: Callable[[], MoveResult]) -> None:
        try:
            barrier.wait(timeout=10)
            outcomes[index] = call()
        except Exception as error:  # the outcome under test, not a failure of the harness
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)
    return outcomes


def _bet_phase(game: str) -> tuple[Table, dict, int]:
    table = table_for(game)
    players = {seat.index: seat.player for seat in table.seats.select_related("player")}
    move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 1}, expected_version=0)
    move_submit(table_id=table.pk, player=players[1], move={"type": "pick", "value": 2}, expected_version=0)
    table.refresh_from_db()
    return table, players, get_engine(game).to_act(table.state)[0]


def test_two_submissions_on_the_same_version_one_applies_the_other_conflicts(fake_game: str) -> None:
    table, players, bettor = _bet_phase(fake_game)

    def submit(amount: int) -> Callable[[], MoveResult]:
        return lambda: move_submit(
            table_id=table.pk, player=players[bettor], move={"type": "bet", "amount": amount}, expected_version=2
        )

    outcomes = _at_once(submit(1), submit(4))

    applied = [o for o in outcomes if isinstance(o, MoveResult)]
    refused = [o for o in outcomes if isinstance(o, StaleVersion)]
    assert (len(applied), len(refused)) == (1, 1)
    assert (applied[0].version, refused[0].current) == (3, 3)
    assert Move.objects.filter(table=table).count() == 3
    table.refresh_from_db()
    assert table_verify(table=table) == []


def test_two_retries_with_the_same_key_apply_once(fake_game: str) -> None:
    table, players, bettor = _bet_phase(fake_game)

    def submit() -> MoveResult:
        return move_submit(
            table_id=table.pk,
            player=players[bettor],
            move={"type": "bet", "amount": 2},
            expected_version=2,
            idempotency_key="retry-1",
        )

    outcomes = _at_once(submit, submit)

    assert all(isinstance(o, MoveResult) for o in outcomes), outcomes
    assert sorted(o.replayed for o in outcomes) == [False, True]
    assert {(o.seq, o.version) for o in outcomes} == {(3, 3)}
    assert list(Move.objects.filter(table=table).values_list("seq", "idempotency_key")) == [
        (1, ""),
        (2, ""),
        (3, "retry-1"),
    ]


def test_two_seats_of_a_simultaneous_step_submitting_at_once_are_both_applied(fake_game: str) -> None:
    table = table_for(fake_game)
    players = {seat.index: seat.player for seat in table.seats.select_related("player")}

    def pick(seat: int) -> Callable[[], MoveResult]:
        return lambda: move_submit(
            table_id=table.pk, player=players[seat], move={"type": "pick", "value": seat + 2}, expected_version=0
        )

    outcomes = _at_once(pick(0), pick(1))

    assert sorted(o.version for o in outcomes) == [1, 2]
    table.refresh_from_db()
    assert table.state["revealed"] == [2, 3]
    assert table_verify(table=table) == []


def test_palace_rows_submitted_at_once_are_both_applied() -> None:
    """P-R3: the two rows are committed independently of each other, whichever transaction gets the lock first."""
    engine = get_engine("palace-infighting")
    table = table_for("palace-infighting")
    players = {seat.index: seat.player for seat in table.seats.select_related("player")}

    def row(seat: int) -> Callable[[], MoveResult]:
        return lambda: move_submit(
            table_id=table.pk, player=players[seat], move=engine.timeout_move(table.state, seat), expected_version=0
        )

    outcomes = _at_once(row(0), row(1))

    assert sorted(o.version for o in outcomes) == [1, 2], outcomes
    table.refresh_from_db()
    assert len(table.state["played"]) == 1
    assert table_verify(table=table) == []


def test_two_bids_on_the_same_coinche_version_one_applies_the_other_conflicts() -> None:
    """The same player from two devices at once, on a real engine's ordinary turn (K-R12 bids)."""
    engine = get_engine("coinche")
    table = table_for("coinche", players=4, seed="two-devices")
    opener = engine.to_act(table.state)[0]
    player = table.seats.get(index=opener).player
    first, second = [m for m in engine.legal_moves(table.state, opener) if m["type"] == "bid"][:2]

    def bid(move: dict) -> Callable[[], MoveResult]:
        return lambda: move_submit(table_id=table.pk, player=player, move=move, expected_version=0)

    outcomes = _at_once(bid(first), bid(second))

    assert sorted(type(o).__name__ for o in outcomes) == ["MoveResult", "StaleVersion"]
    assert Move.objects.filter(table=table).count() == 1
    table.refresh_from_db()
    assert table_verify(table=table) == []
