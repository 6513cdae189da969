"""The move pipeline (league/services/moves.py): one writer per table, version check, idempotency, simultaneous steps,
ledger and results written as the match goes, the clock."""

import io
import random
from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import IllegalMove, available_games, get_engine
from league.errors import IdempotencyMismatch, IllegalMoveError, NotSeated, StaleVersion, TableClosed
from league.models import LedgerEntry, Move, Result, Seat, Table
from league.selectors.tables import table_view_for
from league.services.moves import move_submit, move_timeout
from league.services.tables import table_annul
from league.services.verification import table_verify
from tests.league.factories import PlayerFactory, table_for
from tests.league.playing import play_moves, seat_count, short_options

pytestmark = pytest.mark.django_db


def _players(table: Table) -> dict:
    return {seat.index: seat.player for seat in table.seats.select_related("player")}


def _snapshot(table: Table) -> tuple:
    table.refresh_from_db()
    return table.version, table.state, Move.objects.filter(table=table).count(), LedgerEntry.objects.count()


def _to_bet_phase(table: Table) -> Table:
    """Both picks of a two-seat test-duel in: seat order of the bets follows."""
    players = _players(table)
    move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 2}, expected_version=0)
    move_submit(table_id=table.pk, player=players[1], move={"type": "pick", "value": 3}, expected_version=0)
    table.refresh_from_db()
    return table


# --- whole matches ------------------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", available_games())
def test_whole_match_of_each_game_through_move_submit_verifies_clean(game: str) -> None:
    engine = get_engine(game)
    table = table_for(game, players=seat_count(game), options=short_options(game), seed=f"match-{game}")

    table = play_moves(table, random.Random(game))

    assert table.status == Table.Status.FINISHED
    assert table.deadline is None
    assert table.version == Move.objects.filter(table=table).count()
    assert [e.row for e in LedgerEntry.objects.filter(table=table).order_by("index")] == engine.ledger(table.state)
    outcome = engine.outcome(table.state)
    results = Result.objects.filter(table=table).order_by("seat")
    assert [r.place for r in results] == outcome["placements"]
    assert [r.score for r in results] == outcome["scores"]
    assert not Seat.objects.filter(table=table, to_act=True).exists()
    assert table_verify(table=table) == []
    out = io.StringIO()
    call_command("verify_tables", "--table", str(table.pk), stdout=out)
    assert out.getvalue() == "1 tables verified: no difference.\n"


def test_whole_match_of_the_test_game_writes_a_ledger_row_per_round_and_results(fake_game: str) -> None:
    table = table_for(fake_game, players=3, options={"rounds": 4})

    table = play_moves(table, random.Random(1))

    assert table.status == Table.Status.FINISHED
    assert LedgerEntry.objects.filter(table=table).count() == 4
    assert sorted(Result.objects.filter(table=table).values_list("seat", flat=True)) == [0, 1, 2]
    assert table_verify(table=table) == []


# --- refusals change nothing --------------------------------------------------------------------------------------


def test_illegal_move_is_refused_with_the_engines_code_and_nothing_changes(fake_game: str) -> None:
    table = table_for(fake_game)
    before = _snapshot(table)

    with pytest.raises(IllegalMoveError) as error:
        move_submit(table_id=table.pk, player=_players(table)[0], move={"type": "pick", "value": 9}, expected_version=0)

    assert error.value.code == "bad_move"
    assert error.value.status == 422
    assert _snapshot(table) == before


@pytest.mark.parametrize("game", available_games())
def test_illegal_move_in_each_game_is_refused_and_nothing_changes(game: str) -> None:
    engine = get_engine(game)
    table = table_for(game, players=seat_count(game), options=short_options(game))
    seat = engine.to_act(table.state)[0]
    with pytest.raises(IllegalMove) as refusal:
        engine.apply_move(table.state, seat, {"type": "no-such-move"})
    before = _snapshot(table)

    with pytest.raises(IllegalMoveError) as error:
        move_submit(table_id=table.pk, player=_players(table)[seat], move={"type": "no-such-move"}, expected_version=0)

    assert (error.value.code, error.value.message) == (refusal.value.code, refusal.value.message)
    assert _snapshot(table) == before


def test_stale_version_is_a_conflict_with_the_current_version(fake_game: str) -> None:
    table = _to_bet_phase(table_for(fake_game))
    bettor = get_engine(fake_game).to_act(table.state)[0]
    before = _snapshot(table)

    with pytest.raises(StaleVersion) as error:
        move_submit(
            table_id=table.pk, player=_players(table)[bettor], move={"type": "bet", "amount": 1}, expected_version=1
        )

    assert (error.value.current, error.value.status) == (2, 409)
    assert _snapshot(table) == before


def test_a_version_from_the_future_is_a_conflict(fake_game: str) -> None:
    table = table_for(fake_game)

    with pytest.raises(StaleVersion):
        move_submit(table_id=table.pk, player=_players(table)[0], move={"type": "pick", "value": 1}, expected_version=1)


def test_a_player_without_a_seat_is_refused(fake_game: str) -> None:
    table = table_for(fake_game)

    with pytest.raises(NotSeated):
        move_submit(table_id=table.pk, player=PlayerFactory(), move={"type": "pick", "value": 1}, expected_version=0)


def test_a_move_on_an_annulled_table_is_refused(fake_game: str) -> None:
    table = table_for(fake_game)
    table_annul(table_id=table.pk, reason="test")

    with pytest.raises(TableClosed):
        move_submit(table_id=table.pk, player=_players(table)[0], move={"type": "pick", "value": 1}, expected_version=0)
    assert Move.objects.filter(table=table).count() == 0


# --- idempotency --------------------------------------------------------------------------------------------------


def test_a_retry_with_the_same_key_returns_the_first_result_and_applies_once(fake_game: str) -> None:
    table = table_for(fake_game)
    player = _players(table)[0]
    move = {"type": "pick", "value": 2}

    first = move_submit(table_id=table.pk, player=player, move=move, expected_version=0, idempotency_key="k1")
    retry = move_submit(table_id=table.pk, player=player, move=move, expected_version=0, idempotency_key="k1")

    assert (first.seq, first.version, first.replayed) == (1, 1, False)
    assert (retry.seq, retry.version, retry.deadline, retry.replayed) == (1, 1, first.deadline, True)
    assert retry.view == first.view
    assert Move.objects.filter(table=table).count() == 1
    table.refresh_from_db()
    assert table.version == 1


def test_the_same_key_with_a_different_move_is_an_error(fake_game: str) -> None:
    table = table_for(fake_game)
    player = _players(table)[0]
    move_submit(
        table_id=table.pk, player=player, move={"type": "pick", "value": 2}, expected_version=0, idempotency_key="k1"
    )
    before = _snapshot(table)

    with pytest.raises(IdempotencyMismatch) as error:
        move_submit(
            table_id=table.pk,
            player=player,
            move={"type": "pick", "value": 3},
            expected_version=1,
            idempotency_key="k1",
        )

    assert error.value.code == "idempotency_mismatch"
    assert _snapshot(table) == before


def test_keys_are_per_player(fake_game: str) -> None:
    table = table_for(fake_game)
    players = _players(table)

    move_submit(
        table_id=table.pk,
        player=players[0],
        move={"type": "pick", "value": 2},
        expected_version=0,
        idempotency_key="same",
    )
    second = move_submit(
        table_id=table.pk,
        player=players[1],
        move={"type": "pick", "value": 1},
        expected_version=1,
        idempotency_key="same",
    )

    assert (second.seq, second.replayed) == (2, False)


# --- simultaneous steps -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("order", [(0, 1, 2), (2, 0, 1), (1, 2, 0)])
def test_simultaneous_step_accepts_the_seats_in_any_order_on_the_version_they_saw(fake_game: str, order) -> None:
    table = table_for(fake_game, players=3)
    players = _players(table)

    for seat in order:
        # every seat decided on version 0: only hidden moves of the same step were applied since
        move_submit(
            table_id=table.pk, player=players[seat], move={"type": "pick", "value": seat + 1}, expected_version=0
        )

    table.refresh_from_db()
    assert table.state["revealed"] == [1, 2, 3]
    assert table.version == 3
    # the last pick is as secret as the others (the engine declares it so); the reveal that follows closes the step
    assert list(Move.objects.filter(table=table).values_list("seat", "hidden", "step_open")) == [
        (order[0], True, True),
        (order[1], True, True),
        (order[2], True, False),
    ]


def test_simultaneous_step_reveals_nothing_until_all_are_in(fake_game: str) -> None:
    table = table_for(fake_game)
    players = _players(table)
    move_submit(table_id=table.pk, player=players[1], move={"type": "pick", "value": 3}, expected_version=0)
    table.refresh_from_db()

    other = get_engine(fake_game).view(table.state, 0)

    assert (other["my_pick"], other["revealed"], other["picked"]) == (None, None, [False, True])


def test_a_seat_whose_own_move_came_after_its_version_is_stale(fake_game: str) -> None:
    """A client that saw version 0 and already moved (from another device) cannot decide on version 0 again."""
    table = table_for(fake_game, players=3)
    players = _players(table)
    move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 1}, expected_version=0)

    with pytest.raises(StaleVersion):
        move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 2}, expected_version=0)


def test_a_version_from_before_the_step_closed_is_stale(fake_game: str) -> None:
    table = _to_bet_phase(table_for(fake_game))
    bettor = get_engine(fake_game).to_act(table.state)[0]

    # version 1: seat 0's pick was in, the reveal (move 2) had not happened
    with pytest.raises(StaleVersion):
        move_submit(
            table_id=table.pk, player=_players(table)[bettor], move={"type": "bet", "amount": 0}, expected_version=1
        )


@pytest.mark.parametrize("first", [0, 1])
def test_palace_rows_are_accepted_in_either_order(first: int) -> None:
    """P-R3: both rows are committed before anything is revealed, whichever comes first."""
    engine = get_engine("palace-infighting")
    table = table_for("palace-infighting", players=2)
    players = _players(table)
    rows = {seat: engine.timeout_move(table.state, seat) for seat in (0, 1)}

    move_submit(table_id=table.pk, player=players[first], move=rows[first], expected_version=0)
    table.refresh_from_db()
    assert engine.view(table.state, 1 - first)["row"] is None
    assert table.state["played"] == []
    move_submit(table_id=table.pk, player=players[1 - first], move=rows[1 - first], expected_version=0)

    table.refresh_from_db()
    assert table.version == 2
    assert len(table.state["played"]) == 1
    assert table_verify(table=table) == []


def test_k_d7_a_public_out_of_turn_call_is_not_a_hidden_move() -> None:
    """K-D7: either opponent of the last bidder may coinche out of turn, so two seats are to act at once, but their
    calls are public: a version from before such a call is stale for the seat on turn."""
    engine = get_engine("coinche")
    table = table_for("coinche", players=4, seed="k-d7")
    players = _players(table)
    opener = engine.to_act(table.state)[0]
    bid = next(m for m in engine.legal_moves(table.state, opener) if m["type"] == "bid")
    move_submit(table_id=table.pk, player=players[opener], move=bid, expected_version=0)
    table.refresh_from_db()
    on_turn = table.state["auction"]["turn"]
    (outsider,) = set(engine.to_act(table.state)) - {on_turn}
    move_submit(
        table_id=table.pk, player=players[outsider], move=engine.timeout_move(table.state, outsider), expected_version=1
    )

    assert Move.objects.filter(table=table, seq=2).values_list("hidden", "step_open").get() == (False, False)
    with pytest.raises(StaleVersion):
        move_submit(table_id=table.pk, player=players[on_turn], move={"type": "pass"}, expected_version=1)


@pytest.mark.parametrize("game", ["the-court", "black-card", "palace-infighting"])
def test_the_secret_choices_of_a_simultaneous_step_are_hidden_and_keep_it_open(game: str) -> None:
    """C-D2 (Court discards), B-R7 (Black Card reveals), P-R3 (Palace rows): every seat of the step but the last
    may move on the version that opened it, and the payloads are hidden moves."""
    engine = get_engine(game)
    table = table_for(game, players=seat_count(game), options=short_options(game), seed=f"step-{game}")
    rng = random.Random(game)
    while len(engine.to_act(table.state)) < 2:  # play on to the first simultaneous step
        table = play_moves(table, rng, count=1)
    opened, seats = table.version, engine.to_act(table.state)
    players = _players(table)

    for seat in seats[:-1]:
        table.refresh_from_db()
        move_submit(
            table_id=table.pk,
            player=players[seat],
            move=engine.timeout_move(table.state, seat),
            expected_version=opened,
        )

    step = list(Move.objects.filter(table=table, seq__gt=opened).values_list("seat", "hidden", "step_open"))
    assert step == [(seat, True, True) for seat in seats[:-1]]
    table.refresh_from_db()
    last = seats[-1]
    move_submit(
        table_id=table.pk, player=players[last], move=engine.timeout_move(table.state, last), expected_version=opened
    )
    assert Move.objects.get(table=table, seq=opened + len(seats)).step_open is False
    table.refresh_from_db()
    assert table_verify(table=table) == []


# --- bookkeeping: ledger, seats to act, the clock -----------------------------------------------------------------


def test_ledger_rows_are_appended_never_rewritten(fake_game: str) -> None:
    table = table_for(fake_game, options={"rounds": 3})
    rng = random.Random(2)
    table = play_moves(table, rng, count=4)  # two picks and two bets: the first round
    first = LedgerEntry.objects.get(table=table)

    table = play_moves(table, rng, count=4)

    rows = list(LedgerEntry.objects.filter(table=table).order_by("index"))
    assert [r.index for r in rows] == [0, 1]
    assert (rows[0].pk, rows[0].row) == (first.pk, first.row)


def test_seats_to_act_follow_the_engine(fake_game: str) -> None:
    table = _to_bet_phase(table_for(fake_game))

    flagged = list(Seat.objects.filter(table=table, to_act=True).values_list("index", flat=True))

    assert flagged == get_engine(fake_game).to_act(table.state)


def test_the_deadline_restarts_on_a_new_turn_and_holds_during_an_open_step(fake_game: str) -> None:
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        table = table_for(fake_game, time_per_move=timedelta(hours=1))
    players = _players(table)
    assert table.deadline == start + timedelta(hours=1)

    with time_machine.travel(start + timedelta(minutes=10), tick=False):
        move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 1}, expected_version=0)
    table.refresh_from_db()
    assert table.deadline == start + timedelta(hours=1)

    with time_machine.travel(start + timedelta(minutes=20), tick=False):
        move_submit(table_id=table.pk, player=players[1], move={"type": "pick", "value": 1}, expected_version=1)
    table.refresh_from_db()
    assert table.deadline == start + timedelta(minutes=20, hours=1)


def test_a_finished_table_has_no_deadline(fake_game: str) -> None:
    table = play_moves(table_for(fake_game, options={"rounds": 1}), random.Random(3))

    assert (table.status, table.deadline, table.finished_at is not None) == (Table.Status.FINISHED, None, True)


def test_the_cost_of_a_move_does_not_grow_with_the_game(fake_game: str) -> None:
    """No replay on the hot path: a move late in a long match takes as many queries as an early one."""
    table = table_for(fake_game, players=2, options={"rounds": 20})
    players = _players(table)

    def bet_queries() -> int:
        table.refresh_from_db()
        seat = get_engine(fake_game).to_act(table.state)[0]
        with CaptureQueriesContext(connection) as queries:
            move_submit(
                table_id=table.pk,
                player=players[seat],
                move={"type": "bet", "amount": 1},
                expected_version=table.version,
            )
        return len(queries)

    rng = random.Random(4)
    play_moves(table, rng, count=2)
    early = bet_queries()
    play_moves(table, rng, count=63)  # round 17's picks: the next move is again a round's first bet
    late = bet_queries()

    assert late == early


# --- timeouts -----------------------------------------------------------------------------------------------------


def test_timeout_before_the_deadline_does_nothing(fake_game: str) -> None:
    table = table_for(fake_game)

    assert move_timeout(table_id=table.pk, seat=0, now=table.deadline - timedelta(seconds=1)) is None
    assert Move.objects.filter(table=table).count() == 0


def test_timeout_plays_the_engines_default_as_an_automatic_move(fake_game: str) -> None:
    table = _to_bet_phase(table_for(fake_game))
    bettor = get_engine(fake_game).to_act(table.state)[0]

    result = move_timeout(table_id=table.pk, seat=bettor, now=table.deadline + timedelta(seconds=1))

    move = Move.objects.get(table=table, seq=3)
    assert (result.seq, move.seat, move.payload, move.auto) == (3, bettor, {"type": "bet", "amount": 0}, True)


def test_timeout_of_a_seat_not_to_act_or_run_twice_does_nothing(fake_game: str) -> None:
    table = _to_bet_phase(table_for(fake_game))
    bettor = get_engine(fake_game).to_act(table.state)[0]
    late = table.deadline + timedelta(seconds=1)

    assert move_timeout(table_id=table.pk, seat=1 - bettor, now=late) is None
    assert move_timeout(table_id=table.pk, seat=bettor, now=late) is not None
    assert move_timeout(table_id=table.pk, seat=bettor, now=late) is None
    assert Move.objects.filter(table=table).count() == 3


def test_timeouts_of_a_simultaneous_step_share_its_clock(fake_game: str) -> None:
    table = table_for(fake_game)
    late = table.deadline + timedelta(seconds=1)

    move_timeout(table_id=table.pk, seat=0, now=late)
    move_timeout(table_id=table.pk, seat=1, now=late)

    table.refresh_from_db()
    assert table.state["revealed"] == [1, 1]
    assert table_verify(table=table) == []


def test_the_table_keeps_whether_its_last_move_left_a_step_open(fake_game: str) -> None:
    """The move pipeline reads the open step from the table row, not from the move log; both must agree."""
    table = table_for(fake_game, players=3)
    players = _players(table)

    marks = []
    for seat in (2, 0, 1):
        move_submit(table_id=table.pk, player=players[seat], move={"type": "pick", "value": 1}, expected_version=0)
        table.refresh_from_db()
        marks.append((table.step_open, Move.objects.get(table=table, seq=table.version).step_open))

    assert marks == [(True, True), (True, True), (False, False)]


def test_c_d2_the_last_discard_of_a_step_is_as_secret_as_the_others() -> None:
    """Only one seat is to act for the last discard, so only the open step (kept on the table) tells the pipeline
    that this choice is secret too: its card must not reach the public move log."""
    engine = get_engine("the-court")
    table = table_for("the-court", players=3, options=short_options("the-court"), seed="last-discard")
    seats = engine.to_act(table.state)
    assert len(seats) == 3  # C-D2: everyone discards at once
    players = _players(table)
    for seat in seats:
        table.refresh_from_db()
        move_submit(
            table_id=table.pk,
            player=players[seat],
            move=engine.timeout_move(table.state, seat),
            expected_version=table.version,
        )

    last = Move.objects.get(table=table, seq=3)
    assert (last.seat, last.hidden, last.step_open) == (seats[-1], True, False)


# --- what the engine declares (issue 17) --------------------------------------------------------------------------

# a Court deal where seat 1 holds three of a kind (two Scholars and one more of a rank): one legal discard
FORCED_SEED = "forced-2"


def test_c_d2_a_forced_discard_is_logged_exactly_like_every_other_discard() -> None:
    """The discard of a seat with one legal choice is as secret as any other: the engine declares it so, where the
    old guess (no alternative changes the others' views) called it public and leaked that the kept cards pair."""
    engine = get_engine("the-court")
    table = table_for("the-court", players=2, seed=FORCED_SEED)
    assert engine.legal_moves(table.state, 1) == [{"type": "discard", "card": "S"}]
    players = _players(table)

    for seat in (1, 0):
        table.refresh_from_db()
        move_submit(
            table_id=table.pk, player=players[seat], move=engine.legal_moves(table.state, seat)[0], expected_version=0
        )

    forced, free = (Move.objects.get(table=table, seq=seq) for seq in (1, 2))
    assert (forced.hidden, forced.step_open, free.hidden, free.step_open) == (True, True, True, False)
    log = {entry["seat"]: entry for entry in table_view_for(table=table, player=None)["moves"]}
    assert log[1]["events"][0] == {"type": "discard", "seat": 1}
    assert log[0]["events"][0] == {"type": "discard", "seat": 0}
    assert (log[1]["hidden"], log[1]["type"]) == (log[0]["hidden"], log[0]["type"]) == (True, "discard")


def test_docs_clocks_a_forced_move_in_a_secret_step_restarts_no_clock() -> None:
    """docs/clocks.md: a simultaneous step runs on one clock; the forced discard leaves it open, so the other seat
    keeps its deadline (not a fresh full turn) and may still move on the version that opened the step."""
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        table = table_for("the-court", players=2, seed=FORCED_SEED, time_per_move=timedelta(hours=2))
    opened = table.deadline
    players = _players(table)
    forced = get_engine("the-court").legal_moves(table.state, 1)[0]

    with time_machine.travel(start + timedelta(hours=1), tick=False):
        move_submit(table_id=table.pk, player=players[1], move=forced, expected_version=0)

    table.refresh_from_db()
    assert (table.step_open, table.deadline) == (True, opened)
    free = get_engine("the-court").legal_moves(table.state, 0)[0]
    with time_machine.travel(start + timedelta(hours=1, minutes=5), tick=False):
        assert move_submit(table_id=table.pk, player=players[0], move=free, expected_version=0).seq == 2


@pytest.mark.parametrize("game", available_games())
def test_an_invented_key_in_a_move_is_refused_as_unknown_field_and_nothing_changes(game: str) -> None:
    engine = get_engine(game)
    table = table_for(game, players=seat_count(game), options=short_options(game))
    seat = engine.to_act(table.state)[0]
    legal = engine.legal_moves(table.state, seat)[0]
    move = {key: value for key, value in legal.items() if key not in ("min", "max")}
    if "min" in legal:
        move["amount"] = legal["min"]
    before = _snapshot(table)

    with pytest.raises(IllegalMoveError) as refused:
        move_submit(
            table_id=table.pk,
            player=_players(table)[seat],
            move={**move, "note": "x<script>"},
            expected_version=0,
        )

    assert refused.value.code == "unknown_field"
    assert _snapshot(table) == before


def test_each_move_stores_the_events_its_engine_declared(fake_game: str) -> None:
    table = table_for(fake_game)
    players = _players(table)
    move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 3}, expected_version=0)

    table.refresh_from_db()
    assert table.opening_events == [{"type": "hand_start", "number": 1}]
    assert Move.objects.get(table=table, seq=1).events == [
        {"type": "pick", "seat": 0, "secret": {"to": [0], "value": 3}}
    ]
