"""table_view_for, legal_moves_for and tables_waiting_for (league/selectors/tables.py): what each viewer may see,
"your turn"."""

import json
import random
from datetime import timedelta

import pytest

from games import available_games, get_engine
from league.errors import NotFound
from league.models import Move, Table
from league.selectors.tables import legal_moves_for, table_view_for, tables_waiting_for
from league.services.moves import move_submit
from league.services.tables import table_annul
from tests.league.factories import PlayerFactory, table_for
from tests.league.playing import play_moves, seat_count, short_options

pytestmark = pytest.mark.django_db


def _players(table: Table) -> dict:
    return {seat.index: seat.player for seat in table.seats.select_related("player")}


@pytest.mark.parametrize("game", available_games())
def test_no_view_contains_the_seed(game: str) -> None:
    table = table_for(game, players=seat_count(game), options=short_options(game), seed="very-secret-seed-4711")
    play_moves(table, random.Random(5), count=3)
    viewers = [*_players(table).values(), None, PlayerFactory()]

    for viewer in viewers:
        assert "very-secret-seed-4711" not in json.dumps(table_view_for(table=table, player=viewer), default=str)


def test_a_seated_player_gets_their_seats_engine_view_and_legal_moves(fake_game: str) -> None:
    table = table_for(fake_game)
    players = _players(table)
    move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 3}, expected_version=0)
    table.refresh_from_db()
    engine = get_engine(fake_game)

    mine = table_view_for(table=table, player=players[0])
    theirs = table_view_for(table=table, player=players[1])

    assert (mine["seat"], mine["state"], mine["your_turn"], mine["legal_moves"]) == (
        0,
        engine.view(table.state, 0),
        False,
        [],
    )
    assert (theirs["seat"], theirs["your_turn"], theirs["legal_moves"]) == (1, True, engine.legal_moves(table.state, 1))
    assert [s["to_act"] for s in theirs["seats"]] == [False, True]


def test_a_spectator_gets_the_spectator_view(fake_game: str) -> None:
    table = table_for(fake_game)

    view = table_view_for(table=table, player=None)

    spectator = get_engine(fake_game).view(table.state, None)
    assert (view["seat"], view["state"], view["legal_moves"]) == (None, spectator, [])


def test_a_hidden_move_shows_its_payload_only_to_its_own_seat(fake_game: str) -> None:
    table = table_for(fake_game, players=3)
    players = _players(table)
    move_submit(table_id=table.pk, player=players[2], move={"type": "pick", "value": 3}, expected_version=0)

    own = table_view_for(table=table, player=players[2])["moves"]
    other = table_view_for(table=table, player=players[0])["moves"]
    spectator = table_view_for(table=table, player=None)["moves"]

    assert own[0]["payload"] == {"type": "pick", "value": 3}
    for log in (other, spectator):
        assert {k: v for k, v in log[0].items() if k != "at"} == {
            "seq": 1,
            "seat": 2,
            "display_name": players[2].display_name,
            "type": "pick",
            "auto": False,
            "hidden": True,
        }


def test_a_hidden_move_stays_hidden_after_the_step_is_revealed(fake_game: str) -> None:
    """The engine's view carries what the step revealed; the log never adds a payload another seat chose in secret
    (The Court's discards are never shown to anyone, C-D2)."""
    table = table_for(fake_game)
    players = _players(table)
    move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 3}, expected_version=0)
    move_submit(table_id=table.pk, player=players[1], move={"type": "pick", "value": 1}, expected_version=0)

    log = table_view_for(table=table, player=players[1])["moves"]

    assert "payload" not in log[0] and "value" not in log[0]
    assert log[1]["payload"] == {"type": "pick", "value": 1}


def test_a_bet_shows_its_amount_to_everyone(fake_game: str) -> None:
    table = table_for(fake_game)
    players = _players(table)
    move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 3}, expected_version=0)
    move_submit(table_id=table.pk, player=players[1], move={"type": "pick", "value": 1}, expected_version=0)
    table.refresh_from_db()
    bettor = get_engine(fake_game).to_act(table.state)[0]
    move_submit(table_id=table.pk, player=players[bettor], move={"type": "bet", "amount": 4}, expected_version=2)

    entry = table_view_for(table=table, player=None)["moves"][2]

    assert (entry["type"], entry["amount"], entry["hidden"], "payload" in entry) == ("bet", 4, False, False)


def test_the_log_limit_keeps_the_latest_moves(fake_game: str) -> None:
    table = play_moves(table_for(fake_game, options={"rounds": 2}), random.Random(6), count=6)

    view = table_view_for(table=table, player=None, log_limit=2)

    assert ([m["seq"] for m in view["moves"]], view["moves_total"]) == ([5, 6], 6)


def test_a_finished_table_lists_its_results(fake_game: str) -> None:
    table = play_moves(table_for(fake_game, options={"rounds": 1}), random.Random(9))
    outcome = get_engine(fake_game).outcome(table.state)

    view = table_view_for(table=table, player=None)

    assert [r["place"] for r in view["results"]] == outcome["placements"]
    assert [r["score"] for r in view["results"]] == outcome["scores"]
    assert (view["status"], view["to_act"]) == ("finished", [])


def test_waiting_for_lists_the_tables_where_the_player_is_to_act_most_urgent_first(fake_game: str) -> None:
    me, other = PlayerFactory(), PlayerFactory()
    later = table_for(fake_game, players=[me, other], time_per_move=timedelta(hours=5))
    sooner = table_for(fake_game, players=[other, me], time_per_move=timedelta(hours=1))
    done = table_for(fake_game, players=[me, other])
    move_submit(table_id=done.pk, player=me, move={"type": "pick", "value": 1}, expected_version=0)
    annulled = table_for(fake_game, players=[me, other])
    table_annul(table_id=annulled.pk)
    table_for(fake_game, players=[other, PlayerFactory()])

    assert list(tables_waiting_for(player=me)) == [sooner, later]


def test_coinche_calls_and_cards_are_public_in_the_log_but_a_black_card_pick_names_no_card() -> None:
    # given: a Coinche table where the seat on turn bids 80 hearts
    table = table_for("coinche", players=4)
    engine = get_engine("coinche")
    bidder = engine.to_act(table.state)[0]
    player = table.seats.get(index=bidder).player
    move_submit(table_id=table.pk, player=player, move={"type": "bid", "points": 80, "suit": "H"}, expected_version=0)
    # then: a spectator's log shows the whole call
    entry = table_view_for(table=Table.objects.get(pk=table.pk), player=None)["moves"][-1]
    assert (entry["type"], entry["points"], entry["suit"]) == ("bid", 80, "H")


def test_a_black_card_power_shows_its_target_but_not_the_card_it_names() -> None:
    # given: a Black Card table whose log holds a power's target choice and a pick naming a card
    table = table_for("black-card", players=3)
    mover = table.seats.get(index=0).player
    now = table.created_at
    Move.objects.create(table=table, seq=1, seat=0, player=mover, payload={"type": "target", "seat": 2}, at=now)
    Move.objects.create(table=table, seq=2, seat=0, player=mover, payload={"type": "pick", "card": "7H"}, at=now)
    # then: a spectator sees the target under its own name, the mover's seat intact, and no card
    first, second = table_view_for(table=table, player=None)["moves"]
    assert (first["seat"], first["type"], first["target"]) == (0, "target", 2)
    assert second == {**second, "type": "pick"} and "card" not in second


# --- legal_moves_for: the read before a move -----------------------------------------------------------------------


@pytest.mark.parametrize("game", available_games())
def test_legal_moves_for_gives_each_seat_what_the_full_view_gives_it(game: str) -> None:
    table = table_for(game, players=seat_count(game), options=short_options(game), seed=f"legal-{game}")
    play_moves(table, random.Random(3), count=2)
    table.refresh_from_db()

    for viewer in [*_players(table).values(), None, PlayerFactory()]:
        view = table_view_for(table=table, player=viewer, log_limit=0)
        expected = {key: view[key] for key in ("version", "seat", "your_turn", "legal_moves")}
        assert legal_moves_for(table_id=table.pk, player=viewer) == {"table_id": table.pk, **expected}


def test_legal_moves_for_an_annulled_table_offers_nothing(fake_game: str) -> None:
    table = table_for(fake_game)
    table_annul(table_id=table.pk, reason="test")
    player = _players(table)[0]

    assert legal_moves_for(table_id=table.pk, player=player) == {
        "table_id": table.pk,
        "version": 0,
        "seat": 0,
        "your_turn": False,
        "legal_moves": [],
    }


def test_legal_moves_for_an_unknown_table_is_not_found() -> None:
    with pytest.raises(NotFound):
        legal_moves_for(table_id=987_654_321, player=None)
