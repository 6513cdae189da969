"""games/core/conformance.py: the kit passes an honest engine and catches bad ones.

The engines here are tiny fakes built for the purpose: "high card", two hands of two seats, each seat in turn
passes or bets 1..3 on its hidden card; the higher card takes the larger bet from the other. Each bad engine
differs from the honest one by exactly one defect, so the kit's ConformanceError is that defect's doing.
"""

import copy
import random
from typing import Any

import pytest

from games.core import choices, conformance
from games.core.conformance import ConformanceError
from games.core.errors import IllegalMove
from games.core.events import public_moves_of, shown_later
from games.core.options import Option, options_check, schema_json
from games.core.rng import shuffled

CARDS = ["1", "2", "3", "4", "5", "6"]
HANDS = 2
OPTIONS = [Option("stake_cap", "int", 3, "Highest bet", low=1, high=3)]


class HighCard:
    name = "high-card"
    title = "High card"
    min_players = 2
    max_players = 2
    secret = False  # bets are made in turn, in the open

    def options_schema(self) -> list[dict[str, Any]]:
        return schema_json(OPTIONS)

    def default_options(self) -> dict[str, Any]:
        return {option.name: option.default for option in OPTIONS}

    def check_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        return options_check(options, players, OPTIONS)

    def teams(self, players: int) -> list[list[int]] | None:
        return None

    def phases(self) -> dict[str, str]:
        return {"bet": "betting", "over": "over"}

    def event_types(self) -> dict[str, str]:
        return {
            "bet": "{seat} bets {amount}",
            "pass": "{seat} passes",
            "hand": "{winner} wins the hand",
            "card": "{seat} holds {card}",
        }

    def opening_events(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"type": "card", "seat": seat, "card": state["cards"][seat], "to": [seat]} for seat in range(2)]

    def secret_step(self, state: dict[str, Any]) -> bool:
        return self.secret and not self.is_over(state)

    def bot_move(self, view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        return {"type": "pass"}

    def play_move(self, state: dict[str, Any], seat: int, move: dict[str, Any]) -> tuple[dict, list[dict]]:
        new = self.apply_move(state, seat, move)
        events = [self._move_event(seat, move)]
        if new["hand"] != state["hand"]:
            last = new["log"][-1]
            winner = 0 if last["cards"][0] > last["cards"][1] else 1
            events.append({"type": "hand", "winner": winner, "cards": last["cards"], "bets": last["bets"]})
            events += self.opening_events(new)
        return new, events

    def public_moves(self, log: list[tuple[int, dict[str, Any], list[dict[str, Any]]]]) -> list[dict[str, Any]]:
        # a secret bet is shown by the end of its hand, which tells both bets
        def shown(log: list[Any], index: int) -> bool:
            seat, move, _events = log[index]
            amount = move.get("amount", 0)
            return shown_later(log, index, lambda event: event["type"] == "hand" and event["bets"][seat] == amount)

        return public_moves_of(log, shown)

    def _move_event(self, seat: int, move: dict[str, Any]) -> dict[str, Any]:
        if move["type"] == "pass":
            return {"type": "pass", "seat": seat}
        return {"type": "bet", "seat": seat, "amount": move["amount"]}

    def new_game(self, *, players: int, seed: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
        state = {
            "players": players,
            "seed": seed,
            "hand": 0,
            "turn": 0,
            "bets": [None, None],
            "points": [10, 10],
            "log": [],
        }
        self._deal(state)
        return state

    def _deal(self, state: dict[str, Any]) -> None:
        deck = shuffled(CARDS, seed=state["seed"], label=f"deal-{state['hand']}")
        state["cards"], state["deck"] = deck[:2], deck[2:]

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["hand"] == HANDS

    def to_act(self, state: dict[str, Any]) -> list[int]:
        return [] if self.is_over(state) else [state["turn"]]

    def legal_moves(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        if seat not in self.to_act(state):
            return []
        return [{"type": "pass"}, {"type": "bet", "min": 1, "max": 3}]

    def _bet_of(self, state: dict[str, Any], seat: Any, move: Any) -> int:
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", "wait")
        if isinstance(move, dict) and set(move) - {"type", "amount"}:
            raise IllegalMove("unknown_field", "a move has a type and an amount")
        if move == {"type": "pass"}:
            return 0
        if not isinstance(move, dict) or move.get("type") != "bet" or set(move) != {"type", "amount"}:
            raise IllegalMove("bad_move", "pass or bet")
        amount = move["amount"]
        if not isinstance(amount, int) or isinstance(amount, bool) or not 1 <= amount <= 3:
            raise IllegalMove("bad_amount", "1 to 3")
        return amount

    def apply_move(self, state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
        bet = self._bet_of(state, seat, move)
        new = copy.deepcopy(state)
        self._record(new, seat, bet)
        return new

    def _record(self, new: dict[str, Any], seat: int, bet: int) -> None:
        new["bets"][seat] = bet
        new["turn"] = 1 - seat
        if None in new["bets"]:
            return
        high, low = (0, 1) if new["cards"][0] > new["cards"][1] else (1, 0)
        stake = max(new["bets"])
        new["points"][high] += stake
        new["points"][low] -= stake
        new["log"].append({"cards": new["cards"], "bets": new["bets"], "points": list(new["points"])})
        new["hand"] += 1
        new["bets"] = [None, None]
        new["turn"] = new["hand"] % 2
        self._deal(new)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out = {
            "phase": "over" if self.is_over(state) else "bet",
            "to_act": self.to_act(state),
            "points": state["points"],
            "bets": state["bets"],
            "log": state["log"],
        }
        if seat is not None:
            out["card"] = state["cards"][seat]
            out["legal_moves"] = self.legal_moves(state, seat)
        return copy.deepcopy(out)

    def choices(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        presets = {"bet": [{"name": "min", "amount": 1}, {"name": "all_in", "amount": 3}]}
        return choices.declared([state["cards"][seat]], presets=presets if seat in self.to_act(state) else {})

    def timeout_move(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        return {"type": "pass"}

    def outcome(self, state: dict[str, Any]) -> dict[str, Any]:
        points = state["points"]
        return {"placements": [1 if p == max(points) else 2 for p in points], "scores": list(points)}

    def ledger(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        rows, before = [], [10, 10]
        for index, entry in enumerate(state["log"]):
            rows.append(
                {
                    "index": index,
                    "deltas": [a - b for a, b in zip(entry["points"], before, strict=True)],
                    "totals": entry["points"],
                }
            )
            before = entry["points"]
        return rows

    def ledger_count(self, state: dict[str, Any]) -> int:
        return len(state["log"])

    def conserved(self, state: dict[str, Any]) -> dict[str, int]:
        return {"points": sum(state["points"]), "cards": len(state["cards"]) + len(state["deck"])}

    def hidden_places(self, state: dict[str, Any], seat: int | None) -> list[list[tuple]]:
        if self.is_over(state):
            return []
        hidden = [("cards", s) for s in range(2) if s != seat] + [("deck", i) for i in range(len(state["deck"]))]
        return [hidden]

    def conformance_variants(self) -> list[dict[str, Any]]:
        return [{}]


class LeakyView(HighCard):
    """Shows a seated player the opponent's card."""

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        if seat is not None:
            out["opponent_card"] = state["cards"][1 - seat]
        return out


class MutatesInput(HighCard):
    """Writes the bet into the state it was given before copying it."""

    def apply_move(self, state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
        bet = self._bet_of(state, seat, move)
        state["bets"][seat] = bet
        new = copy.deepcopy(state)
        self._record(new, seat, bet)
        return new


class AcceptsIllegalAmount(HighCard):
    """Forgets the upper bound of a bet."""

    def _bet_of(self, state: dict[str, Any], seat: Any, move: Any) -> int:
        if isinstance(move, dict) and move.get("type") == "bet" and isinstance(move.get("amount"), int):
            if seat not in self.to_act(state):
                raise IllegalMove("not_your_turn", "wait")
            if move["amount"] < 1:
                raise IllegalMove("bad_amount", "at least 1")
            return move["amount"]
        return super()._bet_of(state, seat, move)


class AcceptsMoveOutOfTurn(HighCard):
    """Lets the seat that is not on turn bet for the one that is."""

    def _bet_of(self, state: dict[str, Any], seat: Any, move: Any) -> int:
        return super()._bet_of(state, state["turn"], move)


class NotDeterministic(HighCard):
    """Deals the next hand from the global random: the seed and the moves no longer decide the state."""

    def _deal(self, state: dict[str, Any]) -> None:
        if state["hand"] == 0:
            super()._deal(state)
            return
        deck = list(CARDS)
        random.shuffle(deck)
        state["cards"], state["deck"] = deck[:2], deck[2:]


class SeedInView(HighCard):
    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "table": f"seed {state['seed']}"}


class LeaksPoints(HighCard):
    """The winner gains a point more than the loser pays."""

    def _record(self, new: dict[str, Any], seat: int, bet: int) -> None:
        hand = new["hand"]
        super()._record(new, seat, bet)
        if new["hand"] != hand:
            new["points"][0] += 1


class MiscountsLedger(HighCard):
    """Counts the hand in play as a ledger row before it is over."""

    def ledger_count(self, state: dict[str, Any]) -> int:
        return len(state["log"]) + (not self.is_over(state))


class LegalMoveThatDoesNotApply(HighCard):
    def legal_moves(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        moves = super().legal_moves(state, seat)
        return [*moves, {"type": "raise"}] if moves else moves


class SecretBids(HighCard):
    """Both seats bet at once and in secret; the bets show when both are in (a simultaneous secret step)."""

    secret = True

    def to_act(self, state: dict[str, Any]) -> list[int]:
        return [] if self.is_over(state) else [seat for seat in range(2) if state["bets"][seat] is None]

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out = super().view(state, seat)
        # a seat sees its own bet; of the other's, only whether it is in
        out["bets"] = [bet if other == seat else bet is not None for other, bet in enumerate(state["bets"])]
        return out

    def _move_event(self, seat: int, move: dict[str, Any]) -> dict[str, Any]:
        return {"type": "bet", "seat": seat, "secret": {"to": [seat], "amount": move.get("amount", 0)}}


class AcceptsUnknownKey(HighCard):
    def _bet_of(self, state: dict[str, Any], seat: Any, move: Any) -> int:
        if isinstance(move, dict):
            move = {key: value for key, value in move.items() if key in ("type", "amount")}
        return super()._bet_of(state, seat, move)


class CardInEvent(HighCard):
    """Announces the mover's hidden card with every pass."""

    def _move_event(self, seat: int, move: dict[str, Any]) -> dict[str, Any]:
        return super()._move_event(seat, move) | {"card": self._cards[seat]}

    def play_move(self, state: dict[str, Any], seat: int, move: dict[str, Any]) -> tuple[dict, list[dict]]:
        self._cards = state["cards"]
        return super().play_move(state, seat, move)


class SecretBidShownInView(SecretBids):
    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "amounts": list(state["bets"])}


class BetsNeverShown(SecretBids):
    """The end of a hand does not show the secret bets, yet every bet is published once the match is over."""

    def play_move(self, state: dict[str, Any], seat: int, move: dict[str, Any]) -> tuple[dict, list[dict]]:
        new, events = super().play_move(state, seat, move)
        return new, [{key: value for key, value in event.items() if key != "bets"} for event in events]

    def public_moves(self, log: list[tuple[int, dict[str, Any], list[dict[str, Any]]]]) -> list[dict[str, Any]]:
        return [move for _seat, move, _events in log]


class BetsNeverShownConcealed(BetsNeverShown):
    """As above, but honest about it: the bets stay concealed, and then nothing public tells the points won."""

    def public_moves(self, log: list[tuple[int, dict[str, Any], list[dict[str, Any]]]]) -> list[dict[str, Any]]:
        return public_moves_of(log, lambda _log, _index: False)


class ConcealsOpenBets(HighCard):
    """Conceals bets that everyone saw made."""

    def public_moves(self, log: list[tuple[int, dict[str, Any], list[dict[str, Any]]]]) -> list[dict[str, Any]]:
        return [{"type": move["type"]} for _seat, move, _events in log]


class SecretBidInEvent(SecretBids):
    def _move_event(self, seat: int, move: dict[str, Any]) -> dict[str, Any]:
        return {"type": "bet", "seat": seat, "amount": move.get("amount", 0)}


class DealtCardToEveryone(HighCard):
    def opening_events(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"type": "card", "seat": seat, "card": state["cards"][seat]} for seat in range(2)]


class SchemaDisagrees(HighCard):
    def default_options(self) -> dict[str, Any]:
        return {"stake_cap": 2}


class LooseBounds(HighCard):
    def check_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        return self.default_options() | options


class ChoicesShowTheOtherCard(HighCard):
    def choices(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        return choices.declared(list(state["cards"]))


class PresetOutOfBounds(HighCard):
    def choices(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        presets = {"bet": [{"name": "pot", "amount": 4}]}
        return choices.declared([state["cards"][seat]], presets=presets if seat in self.to_act(state) else {})


class PicksAMoveThatTakesNoCard(HighCard):
    def choices(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        pick = choices.single("pass") if seat in self.to_act(state) else None
        return choices.declared([state["cards"][seat]], pick=pick)


class UndeclaredPhase(HighCard):
    def phases(self) -> dict[str, str]:
        return {"over": "over"}


def _run(engine: HighCard) -> dict[str, int]:
    return conformance.run(engine, playouts=20, seed_prefix="kit-test")


@pytest.mark.parametrize("engine", [HighCard(), SecretBids()], ids=["in-turn", "secret-step"])
def test_the_honest_fakes_pass(engine: HighCard) -> None:
    counts = _run(engine)
    assert counts["playouts"] == 20
    assert counts["ledger_rows"] == 20 * HANDS


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        (LeakyView(), "changes when cards hidden from it are exchanged"),
        (MutatesInput(), "apply_move mutated its input"),
        (AcceptsIllegalAmount(), r"illegal move \{'type': 'bet', 'amount': 4\} by seat \d was accepted"),
        (AcceptsMoveOutOfTurn(), r"illegal move .* by seat \d was accepted"),
        (NotDeterministic(), "replaying seed \\+ moves gives a different state|give different states"),
        (SeedInView(), "contains the seed"),
        (LeaksPoints(), "conserved"),
        (MiscountsLedger(), "ledger_count differs from the ledger"),
        (AcceptsUnknownKey(), "a move with an unknown key .* was accepted"),
        (CardInEvent(), "the events seen by .* change when cards hidden from it are exchanged"),
        (SecretBidShownInView(), "in an open secret step, seat \\d's choice shows in \\d's view"),
        (SecretBidInEvent(), "the events of seat \\d's move tell \\S+ which choice it made"),
        (DealtCardToEveryone(), "the opening events seen by .* change when cards hidden from it are exchanged"),
        (BetsNeverShown(), "public_moves tells seat \\d's secret choice .* which nothing public tells apart"),
        (BetsNeverShownConcealed(), "the public record does not replay"),
        (ConcealsOpenBets(), "is neither the move nor its concealed form of a secret move"),
        (SchemaDisagrees(), "default_options differs from the schema's defaults"),
        (LooseBounds(), "options .* were accepted"),
        (UndeclaredPhase(), "the view's phase 'bet' is not among engine.phases"),
        (ChoicesShowTheOtherCard(), "the choices of seat \\d change when cards hidden from it are exchanged"),
        (PresetOutOfBounds(), "the preset .* of 'bet' is outside 1..3"),
        (PicksAMoveThatTakesNoCard(), "the legal move \\{'type': 'pass'\\} takes 0 cards"),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, HighCard) else "",
)
def test_the_kit_catches_a_bad_engine(engine: HighCard, message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        _run(engine)


def test_the_kit_catches_a_legal_move_that_does_not_apply() -> None:
    # the kit applies every listed move; the engine's own refusal surfaces as the IllegalMove it raised
    with pytest.raises((ConformanceError, IllegalMove)):
        _run(LegalMoveThatDoesNotApply())


def test_concrete_fills_a_free_amount_within_its_range() -> None:
    rng = random.Random(3)
    amounts = {conformance.concrete({"type": "bet", "min": 2, "max": 9}, rng)["amount"] for _ in range(200)}
    assert amounts <= set(range(2, 10))
    assert {2, 9} <= amounts
    assert conformance.concrete({"type": "pass"}, rng) == {"type": "pass"}


def test_replay_applies_the_moves_to_a_new_game() -> None:
    engine = HighCard()
    playout = conformance.play(engine, players=2, seed="replay", options={})
    assert conformance.replay(engine, players=2, seed="replay", options={}, moves=playout.moves) == playout.final


def test_the_kits_shuffle_draws_as_random_shuffle_does():
    # given: two generators on one seed, and lists of every length the kit exchanges (a group of 0 to 120 places)
    for size in range(121):
        ours, theirs = random.Random(f"kit-{size}"), random.Random(f"kit-{size}")
        mine, reference = list(range(size)), list(range(size))
        # when: the kit shuffles one list and random.shuffle the other
        conformance._shuffle(mine, ours)
        theirs.shuffle(reference)
        # then: the same permutation, and the generators stand at the same point (the playouts go on alike)
        assert mine == reference
        assert ours.random() == theirs.random()
