"""Build Black Card states with the cards a test needs: a new game whose first hand is dealt from a chosen deck.

The engine API is unchanged: the helper only swaps the seeded deck of hand 0 for one laid out by the test.
"""

from typing import Any

from games.blackcard import engine as engine_module
from games.blackcard.cards import full_deck, key_of

ENGINE = engine_module.ENGINE


def deck_for(
    order: list[str], rounds: list[list[list[str]]] | None = None, after: list[str] | None = None
) -> list[str]:
    """A deck dealing `order[s]` as seat s's order card, then each round's two cards per seat (given in seat
    order, dealt in order-card order, B-R6/B-R7), then `after` (draws, community cards), then the rest."""
    # a joker order card ranks by its declaration, unknown here: lay out rounds only with real order cards
    ranking = sorted(range(len(order)), key=lambda s: key_of(order[s], {}) or (-1, 0, 0), reverse=True)
    top = list(order)
    for per_seat in rounds or []:
        for seat in ranking:
            if seat < len(per_seat) and per_seat[seat]:
                top.extend(per_seat[seat])
    top.extend(after or [])
    assert len(set(top)) == len(top), "a card is used twice"
    return top + [card for card in full_deck() if card not in top]


def game_with_deck(players: int, deck: list[str], options: dict[str, Any] | None = None) -> dict[str, Any]:
    return game_and_events_with_deck(players, deck, options)[0]


def game_and_events_with_deck(
    players: int, deck: list[str], options: dict[str, Any] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The new game and its opening events (the first hand dealt from `deck`)."""
    state = ENGINE.new_game(players=players, seed="helper", options=options)
    events: list[dict[str, Any]] = []
    engine_module._begin_hand(state, events, deck=deck)
    return state, events


def play(state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
    return ENGINE.apply_move(state, seat, move)


def auto_until(state: dict[str, Any], stop) -> dict[str, Any]:
    """Play every seat's B-D11 default move until `stop(state)` holds (or the match ends)."""
    for _ in range(500):
        if ENGINE.is_over(state) or stop(state):
            return state
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply_move(state, seat, ENGINE.timeout_move(state, seat))
    raise AssertionError("auto_until never stopped")


def phase_is(phase: str):
    return lambda state: state["hand"]["phase"] == phase


def choice_is(kind: str):
    return lambda state: (state["hand"]["pending_choice"] or {}).get("kind") == kind


def reveal(state: dict[str, Any], choices: dict[int, str]) -> dict[str, Any]:
    """Every seat's reveal of one round (B-R7), given as {seat: card}."""
    for seat, card in choices.items():
        state = play(state, seat, {"type": "reveal", "card": card})
    return state
