"""Issue 17's done-when, through the doors people use: the table page (league/templatetags/tablestory.py) and the
API tell a finished deal in full, auction and every card of Coinche, the showdown of the poker-like games."""

import random

import pytest
from django.test import Client

from games import get_engine
from games.core.conformance import concrete
from league.models import Move, Table
from league.services.moves import move_submit
from tests.league.factories import table_for
from tests.league.playing import seat_count, short_options

pytestmark = pytest.mark.django_db

PASSIVE = ("check", "call", "discard", "show", "turn_up", "pick", "reveal", "stay_out", "decline")


def _play_until(table: Table, done, rng: random.Random, *, passive: bool = False, limit: int = 3000) -> Table:
    """Random legal moves until `done(table)`; with `passive`, checks and calls first, so hands reach showdown."""
    engine = get_engine(table.game)
    players = {seat.index: seat.player for seat in table.seats.select_related("player")}
    for _ in range(limit):
        table.refresh_from_db()
        if done(table) or table.status != Table.Status.ACTIVE:
            return table
        seat = rng.choice(engine.to_act(table.state))
        legal = engine.legal_moves(table.state, seat)
        calm = [m for m in legal if m.get("type") in PASSIVE] if passive else []
        move = concrete(rng.choice(calm or legal), rng)
        move_submit(table_id=table.pk, player=players[seat], move=move, expected_version=table.version)
    raise AssertionError("the table did not get there")


def _spectator_events(table: Table) -> list[dict]:
    body = Client().get(f"/api/tables/{table.pk}/moves/").json()
    return [event for move in body["moves"] for event in move["events"]]


def test_a_spectators_log_of_a_finished_coinche_deal_lists_the_whole_auction_and_all_four_hands_plays() -> None:
    table = table_for("coinche", players=4, seed="story-coinche")
    engine = get_engine("coinche")
    table = _play_until(
        table, lambda t: engine.ledger_count(t.state) >= 1 and t.state["phase"] != "play", random.Random(2)
    )
    log = Client().get(f"/api/tables/{table.pk}/moves/").json()["moves"]
    ends = [i for i, move in enumerate(log) if any(e["type"] in ("hand_end", "thrown_in") for e in move["events"])]
    deal = log[: ends[0] + 1]
    payloads = {move.seq: move.payload for move in Move.objects.filter(table=table)}

    # every call of the auction and every card, as made: the move's own event carries all of it
    for move in deal:
        made, told = payloads[move["seq"]], move["events"][0]
        if (made["type"], told["type"]) == ("pass", "coinche_declined"):
            made = {"type": "coinche_declined"}  # K-D7: an out-of-turn pass declines to coinche
        assert told == {**made, "seat": move["seat"], **({"target": told["target"]} if "target" in told else {})}
    events = [event for move in deal for event in move["events"]]
    if any(e["type"] == "contract" for e in events):
        plays = [e for e in events if e["type"] == "play"]
        assert sorted(p["seat"] for p in plays) == sorted([0, 1, 2, 3] * 8)
        assert len({p["card"] for p in plays}) == 32
        assert [len(t["plays"]) for t in events if t["type"] == "trick"] == [4] * 8
    page = Client().get(f"/tables/{table.pk}/").content.decode()
    assert "Trick 8 goes to" in page or "Everyone passed" in page


@pytest.mark.parametrize("game", ["mini-poker", "the-court", "black-card"])
def test_a_finished_hand_shows_its_showdown_on_the_page_and_in_the_api(game: str) -> None:
    def shown(t: Table) -> bool:
        stored = Move.objects.filter(table=t).values_list("events", flat=True)
        return any(event.get("type") == "showdown" for events in stored for event in events)

    for attempt in range(8):  # a match may end before any hand reaches its showdown: another deal then
        table = table_for(game, players=seat_count(game), options=short_options(game), seed=f"story-{game}-{attempt}")
        table = _play_until(table, shown, random.Random(attempt), passive=True)
        if shown(table):
            break
    showdowns = [e for e in _spectator_events(table) if e["type"] == "showdown"]
    assert showdowns, [e["type"] for e in _spectator_events(table)]
    showdown = showdowns[0]

    hands = showdown["hands"]
    assert hands and all("cards" in hand and "category" in hand for hand in hands)
    page = Client().get(f"/tables/{table.pk}/").content.decode()
    assert 'class="event ev-showdown"' in page
    # each shown hand is a line with its cards drawn and its category in words
    assert page.count('src="/static/cards/') >= sum(len(hand["cards"]) for hand in hands)
    api = Client().get(f"/api/tables/{table.pk}/moves/").json()
    lines = [line for move in api["moves"] for line in move["story"] if line["type"] == "showdown"]
    assert lines[0]["items"] and all(": " in item for item in lines[0]["items"])
