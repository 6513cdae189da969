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
    assert own[0]["events"] == [{"type": "pick", "seat": 2, "value": 3}]
    name = players[2].display_name
    for log in (other, spectator):
        assert {k: v for k, v in log[0].items() if k != "at"} == {
            "seq": 1,
            "seat": 2,
            "display_name": name,
            "type": "pick",
            "auto": False,
            "hidden": True,
            "events": [{"type": "pick", "seat": 2}],
            "story": [{"type": "pick", "text": f"{name} picks ", "items": []}],
        }


def test_a_hidden_move_stays_hidden_after_the_step_is_revealed(fake_game: str) -> None:
    """The engine's view carries what the step revealed; the log never adds a payload another seat chose in secret
    (The Court's discards are never shown to anyone, C-D2)."""
    table = table_for(fake_game)
    players = _players(table)
    move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 3}, expected_version=0)
    move_submit(table_id=table.pk, player=players[1], move={"type": "pick", "value": 1}, expected_version=0)

    log = table_view_for(table=table, player=players[1])["moves"]

    assert "payload" not in log[0] and log[0]["events"] == [{"type": "pick", "seat": 0}]
    assert log[1]["payload"] == {"type": "pick", "value": 1}
    # the last pick is secret too; what the step revealed follows it, for everyone
    assert log[1]["events"] == [{"type": "pick", "seat": 1, "value": 1}, {"type": "picks_revealed", "picks": [3, 1]}]


def test_a_bet_shows_its_amount_to_everyone(fake_game: str) -> None:
    table = table_for(fake_game)
    players = _players(table)
    move_submit(table_id=table.pk, player=players[0], move={"type": "pick", "value": 3}, expected_version=0)
    move_submit(table_id=table.pk, player=players[1], move={"type": "pick", "value": 1}, expected_version=0)
    table.refresh_from_db()
    bettor = get_engine(fake_game).to_act(table.state)[0]
    move_submit(table_id=table.pk, player=players[bettor], move={"type": "bet", "amount": 4}, expected_version=2)

    entry = table_view_for(table=table, player=None)["moves"][2]

    assert (entry["events"], entry["hidden"], "payload" in entry) == (
        [{"type": "bet", "seat": bettor, "amount": 4}],
        False,
        False,
    )


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


def test_coinche_calls_are_public_in_the_log_in_words_and_as_data() -> None:
    # given: a Coinche table where the seat on turn bids 80 hearts
    table = table_for("coinche", players=4)
    engine = get_engine("coinche")
    bidder = engine.to_act(table.state)[0]
    player = table.seats.get(index=bidder).player
    move_submit(table_id=table.pk, player=player, move={"type": "bid", "points": 80, "suit": "H"}, expected_version=0)
    # then: a spectator's log shows the whole call
    entry = table_view_for(table=Table.objects.get(pk=table.pk), player=None)["moves"][-1]
    assert (entry["type"], entry["events"]) == ("bid", [{"type": "bid", "points": 80, "suit": "H", "seat": bidder}])
    assert entry["story"][0]["text"] == f"{player.display_name} bids 80 Hearts ♥"


def test_a_stored_move_that_is_not_a_list_of_events_shows_nothing_and_breaks_nothing() -> None:
    # given: rows edited by hand, events that are not events
    table = table_for("black-card", players=3)
    mover = table.seats.get(index=0).player
    now = table.created_at
    Move.objects.create(table=table, seq=1, seat=0, player=mover, payload={"type": "x"}, events="junk", at=now)
    Move.objects.create(
        table=table, seq=2, seat=0, player=mover, payload=[1], events=[1, {"type": "call", "amount": "<b>"}], at=now
    )
    # then: the log reads them without failing; the odd event is shown as it is, as data
    first, second = table_view_for(table=table, player=None)["moves"]
    assert (first["events"], first["type"]) == ([], None)
    assert second["events"] == [{"type": "call", "amount": "<b>"}]


def test_the_opening_events_of_a_seat_hold_its_own_cards_only() -> None:
    table = table_for("the-court", players=3)
    engine = get_engine("the-court")

    mine = table_view_for(table=table, player=table.seats.get(index=1).player)["opening_events"]
    spectator = table_view_for(table=table, player=None)["opening_events"]

    dealt = [event for event in mine if event["type"] == "cards_dealt"]
    assert [event["seat"] for event in dealt] == [1]
    assert dealt[0]["cards"] == engine.view(table.state, 1)["cards"]
    assert not [event for event in spectator if event["type"] == "cards_dealt"]


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
