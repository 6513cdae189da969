"""A tiny game that follows the engine protocol, so the pipeline is tested on both kinds of step whatever engines
have landed: a simultaneous hidden step (every seat picks 1-3 in secret) and a sequential step (each seat in turn
bets a free amount 0-5 after the picks are revealed). The best pick + bet takes the others' bets; a round is one
ledger row; the match is `rounds` rounds.
"""

import copy
from typing import Any

from games.core.errors import IllegalMove
from games.core.events import public_moves_of, shown_later
from games.core.rng import choice_index

NAME = "test-duel"


class FakeEngine:
    name = NAME
    title = "Test duel"
    min_players = 2
    max_players = 4

    def options_schema(self) -> list[dict[str, Any]]:
        return [
            {"name": "rounds", "kind": "int", "default": 3, "label": "Rounds", "help": "", "advanced": False}
            | {"min": 1, "max": 20}
        ]

    def teams(self, players: int) -> list[list[int]] | None:
        return None

    def default_options(self) -> dict[str, Any]:
        return {"rounds": 3}

    def check_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        full = {**self.default_options(), **options}
        if set(full) != {"rounds"} or not isinstance(full["rounds"], int) or not 1 <= full["rounds"] <= 20:
            raise IllegalMove("bad_options", "rounds is a whole number from 1 to 20")
        return full

    def new_game(self, *, players: int, seed: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return {
            "players": players,
            "seed": seed,
            "rounds": self.check_options(options or {}, players)["rounds"],
            "round": 0,
            "phase": "pick",
            "picks": [None] * players,
            "revealed": None,
            "bets": [None] * players,
            "turn": choice_index(players, seed=seed, label="starter"),
            "totals": [0] * players,
            "ledger": [],
        }

    def to_act(self, state: dict[str, Any]) -> list[int]:
        if state["phase"] == "pick":
            return [seat for seat, pick in enumerate(state["picks"]) if pick is None]
        if state["phase"] == "bet":
            return [state["turn"]]
        return []

    def legal_moves(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        if state["phase"] == "pick":
            return [{"type": "pick", "value": value} for value in (1, 2, 3)]
        return [{"type": "bet", "min": 0, "max": 5}]

    def apply_move(self, state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
        return self.play_move(state, seat, move)[0]

    def play_move(
        self, state: dict[str, Any], seat: int, move: dict[str, Any]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        if not isinstance(move, dict) or seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", "this seat is not to act")
        known = {"pick": {"type", "value"}, "bet": {"type", "amount"}}.get(move.get("type"), {"type"})
        if set(move) - known:
            raise IllegalMove("unknown_field", "this move has a field the game does not define")
        new = copy.deepcopy(state)
        if state["phase"] == "pick":
            if move.get("type") != "pick" or move.get("value") not in (1, 2, 3):
                raise IllegalMove("bad_move", "pick a value from 1 to 3")
            new["picks"][seat] = move["value"]
            events = [{"type": "pick", "seat": seat, "secret": {"to": [seat], "value": move["value"]}}]
            if None not in new["picks"]:
                new["phase"], new["revealed"] = "bet", new["picks"]
                events.append({"type": "picks_revealed", "picks": list(new["picks"])})
            return new, events
        amount = move.get("amount")
        if move.get("type") != "bet" or type(amount) is not int or not 0 <= amount <= 5:
            raise IllegalMove("bad_move", "bet a whole amount from 0 to 5")
        new["bets"][seat] = amount
        new["turn"] = (seat + 1) % state["players"]
        events = [{"type": "bet", "seat": seat, "amount": amount}]
        if None not in new["bets"]:
            _settle(new)
            events.append({"type": "hand_end", "number": new["round"]})
            if new["phase"] == "pick":
                events.append({"type": "hand_start", "number": new["round"] + 1})
        return new, events

    def opening_events(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"type": "hand_start", "number": 1}]

    def secret_step(self, state: dict[str, Any]) -> bool:
        return bool(state["phase"] == "pick")

    def phases(self) -> dict[str, str]:
        return {"pick": "picking", "bet": "betting", "over": "over"}

    def public_moves(self, log: list[tuple[int, dict[str, Any], list[dict[str, Any]]]]) -> list[dict[str, Any]]:
        # a pick is public once the step reveals every pick
        def revealed(log: list[Any], index: int) -> bool:
            seat, move, _events = log[index]
            return shown_later(
                log, index, lambda event: event["type"] == "picks_revealed" and event["picks"][seat] == move["value"]
            )

        return public_moves_of(log, revealed)

    def event_types(self) -> dict[str, str]:
        return {
            "hand_start": "Round {number}",
            "pick": "{seat} picks {value}",
            "picks_revealed": "The picks: {picks}",
            "bet": "{seat} bets {amount}",
            "hand_end": "Round {number} is over",
        }

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out = {key: state[key] for key in ("round", "rounds", "phase", "revealed", "bets", "totals", "ledger")}
        out["picked"] = [pick is not None for pick in state["picks"]]
        out["to_act"] = self.to_act(state)
        if seat is not None:
            out["my_pick"] = state["picks"][seat]
        return out

    def choices(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        # no cards: the pick is a labelled move, the bet a slider from its bounds
        bets = [{"name": "min", "amount": 0}, {"name": "all_in", "amount": 5}]
        presets = {"bet": bets} if state["phase"] == "bet" and seat in self.to_act(state) else {}
        return {"hand": [], "pick": None, "refused": {}, "grid": None, "presets": presets}

    def timeout_move(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        return {"type": "pick", "value": 1} if state["phase"] == "pick" else {"type": "bet", "amount": 0}

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: dict[str, Any]) -> dict[str, Any]:
        totals = state["totals"]
        return {"placements": [1 + sum(other > mine for other in totals) for mine in totals], "scores": list(totals)}

    def ledger(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return copy.deepcopy(state["ledger"])

    def ledger_count(self, state: dict[str, Any]) -> int:
        return len(state["ledger"])

    def conserved(self, state: dict[str, Any]) -> dict[str, int]:
        return {"points": sum(state["totals"])}

    def hidden_places(self, state: dict[str, Any], seat: int | None) -> list[list[tuple[Any, ...]]]:
        return [[("picks", other)] for other in range(state["players"]) if other != seat]

    def conformance_variants(self) -> list[dict[str, Any]]:
        return [{"rounds": 2}]


def _settle(state: dict[str, Any]) -> None:
    strength = [pick + bet for pick, bet in zip(state["revealed"], state["bets"], strict=True)]
    winner = strength.index(max(strength))
    deltas = [-bet for bet in state["bets"]]
    deltas[winner] = sum(bet for seat, bet in enumerate(state["bets"]) if seat != winner)
    state["totals"] = [total + delta for total, delta in zip(state["totals"], deltas, strict=True)]
    state["ledger"].append(
        {
            "index": state["round"],
            "deltas": deltas,
            "totals": list(state["totals"]),
            "picks": state["revealed"],
            "bets": state["bets"],
        }
    )
    state["round"] += 1
    state["picks"], state["revealed"], state["bets"] = [None] * state["players"], None, [None] * state["players"]
    state["phase"] = "over" if state["round"] == state["rounds"] else "pick"


ENGINE = FakeEngine()
