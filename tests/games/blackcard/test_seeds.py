"""Replay the scripted hands of seeds/blackcard/*.json: each walks one power or passive to its expected result.

A seed lays out the cards (`public[s]`: order card then the card seat s reveals in rounds 1-3; `private[s]`: the
card it keeps face down in rounds 1-3; `after`: the next cards of the deck) and a script of steps:
{"auto_to": phase | "choice:<kind>" | "done"} plays every B-D11 default (jokers as the seed's `declare` says),
{"reveal_rounds": true} plays the three rounds with the reveals laid out ({"reveal_round": r}: one),
{"move": [seat, move]} plays one move,
{"expect": {...}} checks the spectator's view (and `view_of` a seat's own view).
"""

import json
import pathlib
from typing import Any

import pytest

from tests.games.blackcard.helpers import ENGINE, deck_for, game_and_events_with_deck

SEEDS = sorted((pathlib.Path(__file__).resolve().parents[3] / "seeds" / "blackcard").glob("*.json"))


def _default(state: dict[str, Any], seat: int, declare: dict[str, str]) -> dict[str, Any]:
    pending = state["hand"]["jokers_to_declare"]
    if pending and pending[0]["joker"] in declare:
        return {"type": "declare", "card": pending[0]["joker"], "as": declare[pending[0]["joker"]]}
    return ENGINE.timeout_move(state, seat)


def _reached(state: dict[str, Any], target: str) -> bool:
    if target == "done":
        return ENGINE.is_over(state) or state["hand"]["index"] > 0 or state["hand"]["phase"] == "done"
    hand = state["hand"]
    if hand["jokers_to_declare"]:
        return False
    if target.startswith("choice:"):
        return (hand["pending_choice"] or {}).get("kind") == target[len("choice:") :]
    return hand["phase"] == target


def _play(state: dict[str, Any], seat: int, move: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    state, move_events = ENGINE.play_move(state, seat, move)
    events.extend(move_events)
    return state


def _auto_to(
    state: dict[str, Any], target: str, declare: dict[str, str], events: list[dict[str, Any]]
) -> dict[str, Any]:
    for _ in range(300):
        if _reached(state, target):
            return state
        assert not ENGINE.is_over(state), f"the match ended before {target}"
        seat = ENGINE.to_act(state)[0]
        state = _play(state, seat, _default(state, seat, declare), events)
    raise AssertionError(f"never reached {target}")


def _observed(state: dict[str, Any], key: str, view: dict[str, Any]) -> Any:
    hand = state["hand"]
    if key == "public_cards":
        return [[entry["card"] for entry in row] for row in view["public"]]
    if key == "private_cards":
        return hand["private"]
    if key == "choice_kind":
        return (hand["pending_choice"] or {}).get("kind")
    if key == "stacks":
        return state["stacks"]
    if key == "last_reason":
        return state["last_hand"]["reason"]
    return view[key]


def _check(state: dict[str, Any], expect: dict[str, Any], where: str) -> None:
    for key, wanted in expect.items():
        if key == "view_of":
            for seat, fields in wanted.items():
                view = ENGINE.view(state, int(seat))
                for field, value in fields.items():
                    assert view[field] == value, f"{where}: view of {seat}: {field}"
            continue
        got = _observed(state, key, ENGINE.view(state, None))
        assert got == wanted, f"{where}: {key} is {got!r}, expected {wanted!r}"


def run_seed(seed: dict[str, Any], events: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The state after the seed's script; `events` (if given) receives every event from the first deal on."""
    n, declare = seed["players"], seed.get("declare", {})
    events = [] if events is None else events
    rounds = [[[seed["public"][s][r], seed["private"][s][r - 1]] for s in range(n)] for r in (1, 2, 3)]
    deck = deck_for([row[0] for row in seed["public"]], rounds, seed.get("after", []))
    state, opening = game_and_events_with_deck(n, deck, seed.get("options"))
    events.extend(opening)
    for i, step in enumerate(seed["script"]):
        where = f"{seed['name']} step {i}"
        if "auto_to" in step:
            state = _auto_to(state, step["auto_to"], declare, events)
        elif "reveal_rounds" in step:
            for r in (1, 2, 3):
                state = _auto_to(state, "reveal", declare, events)
                for seat in ENGINE.to_act(state):
                    state = _play(state, seat, {"type": "reveal", "card": seed["public"][seat][r]}, events)
        elif "reveal_round" in step:
            state = _auto_to(state, "reveal", declare, events)
            for seat in ENGINE.to_act(state):
                card = seed["public"][seat][step["reveal_round"]]
                state = _play(state, seat, {"type": "reveal", "card": card}, events)
        elif "move" in step:
            seat, move = step["move"]
            assert seat in ENGINE.to_act(state), f"{where}: seat {seat} is not to act"
            state = _play(state, seat, move, events)
        elif "expect" in step:
            _check(state, step["expect"], where)
        else:
            raise AssertionError(f"{where}: unknown step {step}")
    return state


@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_seeded_hand_plays_out_as_scripted(path: pathlib.Path) -> None:
    """Each seed names the rules it walks through (B-R..., B-D...) in its "rules" list."""
    run_seed(json.loads(path.read_text()))


def test_every_power_and_passive_has_a_seed():
    rules = {rule for path in SEEDS for rule in json.loads(path.read_text())["rules"]}
    assert {"B-R10", "B-R13", "B-R14", "B-R15", "B-R16", "B-R9"} <= rules


def _seed(stem: str) -> dict[str, Any]:
    return json.loads((SEEDS[0].parent / f"{stem}.json").read_text())


def test_b_d5_a21_cards_not_kept_go_face_up_to_the_discards():
    state = run_seed(_seed("10_a21_and_four_suits"))
    assert state["hand"]["discards"][:2] == ["2D", "QS"]


def test_b_r11_a21_players_open_then_lowest_round_three_hand_to_highest():
    assert run_seed(_seed("10_a21_and_four_suits"))["hand"]["special_round"]["order"] == [0, 1]
    assert run_seed(_seed("03_three_straight"))["hand"]["special_round"]["order"] == [0, 2, 1]


def test_b_d8_exchange_takes_a_private_card_blind_and_it_stays_private():
    state = run_seed(_seed("08_heart_exchange"))
    assert ENGINE.view(state, 1)["private"][0] == [None, None, None]


def test_b_d16_best_hand_pays_the_all_odd_players_share():
    state = run_seed(_seed("02_queen_picks_and_jokers"))
    assert state["hand"]["chips"]["contrib"] == [4, 4, 3]


def test_b_d18_gained_cards_are_public_and_do_not_count_for_conditions():
    state = run_seed(_seed("07_diamond_and_club"))
    assert state["hand"]["public"][1][-1] == "QC+"


def test_b_d24_a_straight_spares_its_owners_own_cards():
    state = run_seed(_seed("03_three_straight"))
    assert "4H" in state["hand"]["private"][0]


def test_b_d9_the_special_round_ends_when_the_deck_runs_out():
    seed = _seed("11_community_cards")
    seed["script"] = [{"reveal_rounds": True}]
    state = run_seed(seed)  # the round-3 share is under way: seat 0 (best) waits for seat 1's answer
    state["hand"]["discards"].extend(state["hand"]["deck"])
    state["hand"]["deck"] = []
    state = ENGINE.apply_move(state, 1, {"type": "pay"})
    assert state["hand"]["phase"] == "bet2"
    assert state["hand"]["community"] == [] and state["hand"]["special_round"]["power_fired"] is False


def test_b_r15_peeked_cards_are_not_hidden_from_the_peeking_seat_only():
    state = run_seed(_seed("09_four_flush_peek"))
    (for_peeker,) = ENGINE.hidden_places(state, 0)
    (for_other,) = ENGINE.hidden_places(state, 1)
    seat2 = [("hand", "private", 2, i) for i in range(3)]
    assert [path in for_peeker for path in seat2] == [False, True, False]
    assert all(path in for_other for path in seat2)
    assert ("hand", "deck", 0) in for_peeker


def test_b_r15_exchanged_private_card_is_seen_by_its_new_holder_only():
    state = run_seed(_seed("08_heart_exchange"))
    assert ("hand", "private", 0, 2) not in ENGINE.hidden_places(state, 0)[0]
    assert ("hand", "private", 0, 2) in ENGINE.hidden_places(state, 1)[0]
