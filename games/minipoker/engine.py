"""The Mini Poker state machine: the match, the deals, betting rounds, showdown and regames (M-R1..M-R7, M-R13,
M-R19, M-D1..M-D4, M-D9, M-D11, M-D12, M-D14, M-D15), and the engine protocol (games/core/protocol.py). Evaluation
lives in ranking.py, specials.py and showdown.py; the sentences of the events in events.py.

Phases: "turn_up" (three_card: everyone chooses a card to turn up, at once), "bet", "show" (three_card and holdem:
everyone chooses the cards to show, at once), "regame_call" (regamer holders, one at a time from 선), "buy_back"
(folded players, one at a time from 선), "over". A hand's pots stay in `chips["contrib"]` until a regame, which moves
them into `hand["carried"]` ({"amount", "eligible"} pots) so that a regame's betting starts afresh.

The functions that change a state are handed a fresh copy and the events list of the move, and append to it as
they go: `play_move` and `apply_move` are one code path.
"""

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from games.core import betting, choices
from games.core.betting import Limits
from games.core.cards import standard_deck
from games.core.errors import IllegalMove
from games.core.events import LoggedMove, public_moves_of, shown_later
from games.core.i18n import _
from games.core.options import schema_json
from games.core.protocol import Event, Move, Path, State
from games.core.rng import shuffled
from games.core.state import copied
from games.minipoker import bot, showdown
from games.minipoker.events import EVENT_TYPES, category_phrase
from games.minipoker.options import DEFAULTS, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, options_check
from games.minipoker.ranking import RANK_VALUE, Hand, Rules, card_strength, evaluate, rules_from_options

# the keys each move may carry (a client may invent none); `price` is the one the legal buy-back move shows
MOVE_KEYS = betting.MOVE_KEYS | {
    "turn_up": {"type", "card"},
    "show": {"type", "cards"},
    "call_regame": {"type"},
    "decline_regame": {"type"},
    "buy_back": {"type", "price"},
    "stay_out": {"type"},
}
SECRET_PHASES = ("turn_up", "show")  # M-D12: chosen by everyone at once, hidden until all have chosen

Step = Callable[[State, list[Event]], None]  # what ends a one-at-a-time step


def _options(state: State) -> dict[str, Any]:
    """The table's full options (the state keeps only those that differ from the defaults)."""
    changed = state["options"]
    if "seat_stacks" in changed:  # the one list, which a cache key cannot hold
        changed = {**changed, "seat_stacks": tuple(changed["seat_stacks"])}
    return _full_options(tuple(sorted(changed.items())))


@lru_cache(maxsize=256)
def _full_options(changed: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    return {**DEFAULTS, **{name: list(value) if isinstance(value, tuple) else value for name, value in changed}}


def _starting_stacks(options: dict[str, Any], players: int) -> list[int]:
    """Each seat's chips at the start of the match: `seat_stacks` when a tournament sets them, else `stack` each."""
    seat_stacks: list[int] | None = options["seat_stacks"]
    return list(seat_stacks) if seat_stacks is not None else [options["stack"]] * players


@lru_cache(maxsize=64)
def _limits(limit: str, ante: int, bet_cap: int) -> Limits:
    """M-D4: the minimum bet is the ante, a raise adds at least the previous increment."""
    if limit == "three_raises":
        return Limits(max_raises=3, min_bet=ante, min_raise_is_last_increment=True)
    if limit == "max_bet":
        return Limits(cap="fixed", fixed_cap=bet_cap, min_bet=ante, min_raise_is_last_increment=True)
    if limit == "pot_limit":
        return Limits(cap="pot", min_bet=ante, min_raise_is_last_increment=True)
    return Limits(min_bet=ante, min_raise_is_last_increment=True)


class MiniPokerEngine:
    name = "mini-poker"
    title = _("Mini Poker")
    min_players = MIN_PLAYERS  # M-D1
    max_players = MAX_PLAYERS

    # --- options ------------------------------------------------------------------------------------------------

    def options_schema(self) -> list[dict[str, Any]]:
        return schema_json(OPTIONS)

    def default_options(self) -> dict[str, Any]:
        return dict(DEFAULTS)

    def check_options(self, options: dict[str, Any] | None, players: int) -> dict[str, Any]:
        return options_check(options, players)

    def teams(self, players: int) -> list[list[int]] | None:
        return None  # every seat plays for itself

    def conformance_variants(self) -> list[dict[str, Any]]:
        # a start from seat stacks (a tournament table) needs one stack per seat, which no variant can give for
        # every player count: tests/games/minipoker/test_protocol.py plays those playouts
        short = {"hands": 3, "stack": 20}
        return [
            {**short},
            {**short, "deal": "two_at_once", "limit": "no_limit"},
            {**short, "deal": "three_card"},
            {**short, "deal": "holdem", "limit": "pot_limit"},
            {**short, "deal": "holdem", "back_combos": False, "limit": "max_bet", "bet_cap": 4},
            {**short, "limit": "max_bet", "bet_cap": 5, "top_scoring": "kkeut"},
            {**short, "rules": "original", "tie": "regame", "limit": "no_limit"},
            {
                **short,
                "rules": "original",
                "deal": "three_card",
                "triple": True,
                "flush_pair_hunter": True,
                "flush_black_knight": True,
                "spade_flush_regamer": True,
            },
            {
                **short,
                "rules": "original",
                "deal": "holdem",
                "triple": True,
                "top_scoring": "kkeut",
                "limit": "pot_limit",
            },
            {**short, "tie": "regame", "top_kicker": True, "deal": "two_at_once", "ante": 2},
            {"hands": 2, "stack": 6, "ante": 2, "tie": "regame", "limit": "no_limit"},
            {"hands": 5, "stack": 4, "deal": "three_card", "limit": "pot_limit", "specials": False},
        ]

    # --- the match ----------------------------------------------------------------------------------------------

    def new_game(self, *, players: int, seed: str, options: dict[str, Any] | None = None) -> State:
        return _new_match(players, seed, self.check_options(options, players), [])

    def opening_events(self, state: State) -> list[Event]:
        """The events of the start of the match, told again: a new game is a function of players, seed and
        options, and the first deal may play on by itself (a short stack all-in on its ante)."""
        events: list[Event] = []
        _new_match(state["players"], state["seed"], _options(state), events)
        return events

    def phases(self) -> dict[str, str]:
        return {
            "deal": _("dealing"),
            "bet": _("betting"),
            "turn_up": _("turning a card up"),
            "show": _("choosing the cards to show"),
            "regame_call": _("regame call"),
            "buy_back": _("buy-back"),
            "over": _("over"),
        }

    def event_types(self) -> dict[str, str]:
        return dict(EVENT_TYPES)

    def public_moves(self, log: list[LoggedMove]) -> list[Move]:
        """The card chosen to turn up is public once every live seat has chosen (its `turned_up`), and the cards
        chosen to show once the showdown shows them; a third card kept back from a showdown and a folded seat's
        cards are never shown (M-R5), so a move that would name them keeps only its type."""
        return public_moves_of(log, _shown_later)

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "over")

    def to_act(self, state: State) -> list[int]:
        phase = state["phase"]
        if phase == "bet":
            seat = betting.to_act(state["chips"])
            return [] if seat is None else [seat]
        if phase in SECRET_PHASES:
            pending = state["hand"]["pending"]
            return [seat for seat in betting.live_seats(state["chips"]) if pending[seat] is None]
        if phase == "regame_call":
            return list(state["hand"]["callers"][:1])
        if phase == "buy_back":
            return list(state["hand"]["buyers"][:1])
        return []

    def secret_step(self, state: State) -> bool:
        return state["phase"] in SECRET_PHASES

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        hand = state["hand"]
        if phase == "bet":
            return betting.legal_moves(state["chips"], seat, _table_limits(state))
        if phase == "turn_up":
            return [{"type": "turn_up", "card": card} for card in hand["hole"][seat]]
        if phase == "show":
            rules = rules_from_options(_options(state))
            choices = showdown.choices(_showable(hand, seat), rules)
            return [{"type": "show", "cards": list(choice)} for choice in choices]
        if phase == "regame_call":
            return [{"type": "call_regame"}, {"type": "decline_regame"}]
        return [{"type": "buy_back", "price": hand["price"]}, {"type": "stay_out"}]

    def timeout_move(self, state: State, seat: int) -> Move:
        """M-D9: check or fold; the best-ranked choice of cards; never a regame, never a buy-back."""
        phase = state["phase"]
        hand = state["hand"]
        if phase == "bet":
            return betting.timeout_move(state["chips"], seat)
        if phase == "turn_up":
            # the best-ranked choice of a card to turn up is the higher one (docs/rules/mini-poker.md)
            return {"type": "turn_up", "card": max(hand["hole"][seat], key=card_strength)}
        if phase == "show":
            rules = rules_from_options(_options(state))
            return {"type": "show", "cards": list(showdown.best_choice(_showable(hand, seat), rules))}
        if phase == "regame_call":
            return {"type": "decline_regame"}
        if phase == "buy_back":
            return {"type": "stay_out"}
        raise IllegalMove("not_your_turn", _("The match is over."))

    def bot_move(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        return bot.bot_move(view, legal, rng)

    def apply_move(self, state: State, seat: int, move: Move) -> State:
        return self.play_move(state, seat, move)[0]

    def play_move(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        if not isinstance(move, dict):
            raise IllegalMove("bad_move", _("A move is a JSON object with a type."))
        if seat not in self.to_act(state):
            if self.is_over(state):
                raise IllegalMove("not_your_turn", _("The match is over."))
            raise IllegalMove("not_your_turn", _("It is not your turn."))
        kind = move.get("type")
        keys = MOVE_KEYS.get(kind) if isinstance(kind, str) else None
        if keys is not None and not move.keys() <= keys:
            raise IllegalMove(
                "unknown_field",
                _("A {kind} move has no field {fields}."),
                kind=kind,
                fields=", ".join(sorted(map(str, move.keys() - keys))),
            )
        events: list[Event] = []
        phase = state["phase"]
        if phase == "bet":
            out = _bet(state, seat, move, events)
        elif phase == "turn_up":
            out = _turn_up(state, seat, move, events)
        elif phase == "show":
            out = _show(state, seat, move, events)
        elif phase == "regame_call":
            out = _answer_regame(state, seat, move, events)
        else:
            out = _answer_buy_back(state, seat, move, events)
        return out, events

    # --- what each seat sees ------------------------------------------------------------------------------------

    def choices(self, state: State, seat: int) -> dict[str, Any]:
        """The hole cards in the order dealt; the card to turn up (M-R7), or the cards to show from the hole, the
        up card and the community (M-R24); a bet's slider offers its presets on the whole pot (carried pots too)."""
        hand = state["hand"]
        if hand is None:
            return choices.nothing()
        legal = self.legal_moves(state, seat)
        held = list(hand["hole"][seat])
        if state["phase"] == "turn_up" and legal:
            return choices.declared(held, pick=choices.single("turn_up"))
        if state["phase"] == "show" and legal:
            sizes = [len(move["cards"]) for move in legal]
            return choices.declared(_showable(hand, seat), pick=choices.several("show", sizes, ordered=False))
        if state["phase"] == "bet":
            return choices.declared(held, presets=betting.presets(state["chips"], seat, legal, pot=_pot(state)))
        return choices.declared(held)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        chips = state["chips"]
        hand = state["hand"]
        out: dict[str, Any] = {
            "game": self.name,
            "phase": state["phase"],
            "to_act": self.to_act(state),
            "players": state["players"],
            "options": {
                name: list(value) if isinstance(value, list) else value for name, value in _options(state).items()
            },
            "last_showdown": _stage_view(state["last_showdowns"][-1], state) if state["last_showdowns"] else None,
            "last_showdowns": [_stage_view(stage, state) for stage in state["last_showdowns"]],
            "hand_no": state["hand_no"],
            "sun": state["sun"],
            "stacks": list(chips["stacks"]),
            "busted": list(state["busted"]),
            "last_hand": self.ledger(state)[-1] if state["rows"] else None,
        }
        if hand is not None:
            rnd = chips["round"]
            out.update(
                {
                    "seats": list(hand["seats"]),
                    "contrib": list(chips["contrib"]),
                    "folded": list(chips["folded"]),
                    "bets": list(rnd["bets"]) if rnd else None,
                    "raises": rnd["raises"] if rnd else 0,
                    "pot": _pot(state),
                    "pots": betting.pots_now(chips),
                    "carried": hand["carried"],
                    "regame": hand["regame"],
                    "street": hand["street"],
                    "draw": hand["draw"],
                    "up": hand["up"],
                    "community": hand["community"],
                    "chosen": [choice is not None for choice in hand["pending"]],
                    "shown": hand["shown"],
                    "showdowns": [_stage_view(stage, state) for stage in hand["stages"]],
                    "callers": list(hand["callers"]),
                    "buyers": list(hand["buyers"]),
                    "price": hand["price"],
                }
            )
        if seat is not None:
            out["seat"] = seat
            if hand is not None:
                out["cards"] = list(hand["hole"][seat])
                out["choice"] = hand["pending"][seat]
            out["legal_moves"] = self.legal_moves(state, seat)
        return out

    def hidden_places(self, state: State, seat: int | None) -> list[list[Path]]:
        """The deck and the other seats' private cards. A pending choice (M-D12) names cards of its seat's own
        private cards, so it is not a place of its own: exchanging private cards already hides it."""
        hand = state["hand"]
        if hand is None:
            return []
        paths: list[Path] = [("hand", "deck", i) for i in range(len(hand["deck"]))]
        for other in range(state["players"]):
            if other != seat:
                paths += [("hand", "hole", other, i) for i in range(len(hand["hole"][other]))]
        return [paths]

    def conserved(self, state: State) -> dict[str, int]:
        return {"chips": sum(state["chips"]["stacks"]) + _pot(state)}

    # --- results ------------------------------------------------------------------------------------------------

    def outcome(self, state: State) -> dict[str, Any]:
        """Placements by chips; a busted player below every survivor, a later bust above an earlier one."""
        return {
            "placements": _placements(state),
            "scores": list(state["chips"]["stacks"]),
            "busted_in": list(state["busted"]),
            "hands": len(state["rows"]),
        }

    def ledger(self, state: State) -> list[dict[str, Any]]:
        totals = _starting_stacks(_options(state), state["players"])
        out = []
        for index, row in enumerate(state["rows"]):
            totals = [total + delta for total, delta in zip(totals, row["deltas"], strict=True)]
            out.append(
                {
                    "index": index,
                    "deltas": list(row["deltas"]),
                    "totals": totals,
                    "sun": row["sun"],
                    "winner": row["winner"],
                    "regames": row["regames"],
                }
            )
        return out

    def ledger_count(self, state: State) -> int:
        return len(state["rows"])


def _placements(state: State) -> list[int]:
    stacks = state["chips"]["stacks"]
    busted = state["busted"]
    keys = [(0, busted[seat]) if busted[seat] is not None else (1, stacks[seat]) for seat in range(len(stacks))]
    return [1 + sum(other > mine for other in keys) for mine in keys]


# --- the moves ------------------------------------------------------------------------------------------------


def _bet(state: State, seat: int, move: Move, events: list[Event]) -> State:
    limits = _table_limits(state)
    before = state["chips"]
    _check_bet(before, seat, move, limits)
    chips = betting.apply(before, seat, move, limits)
    events += betting.move_events(before, seat, move, chips)
    out = copied(state)
    out["chips"] = chips
    if betting.round_over(chips):
        _end_street(out, events, played=True)
    return out


def _check_bet(chips: betting.Chips, seat: int, move: Move, limits: Limits) -> None:
    """Refuse a betting move before `betting.apply` copies the chips: the kit probes many illegal ones."""
    kind = move.get("type")
    legal = betting.legal_moves(chips, seat, limits)
    entry = next((entry for entry in legal if entry["type"] == kind), None)
    if entry is None:
        if kind == "check":
            raise IllegalMove("cannot_check", _("There is a bet of {call} to call."), call=betting.to_call(chips, seat))
        if kind in ("call", "fold"):
            raise IllegalMove(f"cannot_{kind}", _("There is no bet to call: check instead."))
        if kind == "bet" and any(other["type"] == "raise" for other in legal):
            raise IllegalMove("cannot_bet", _("There is a bet already: raise instead."))
        if kind == "raise" and any(other["type"] == "bet" for other in legal):
            raise IllegalMove("cannot_raise", _("Nobody has bet yet: bet instead."))
        if kind in ("bet", "raise"):
            raise IllegalMove(f"cannot_{kind}", _("You may not bet or raise now."))
        raise IllegalMove("unknown_move", _("Check, call, bet, raise or fold."))
    if "min" in entry:
        amount = move.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalMove("bad_amount", _("A bet or raise needs a whole number of chips as its amount."))
        if not entry["min"] <= amount <= entry["max"]:
            raise IllegalMove(
                "amount_out_of_range",
                _("The amount must be between {low} and {high}."),
                low=entry["min"],
                high=entry["max"],
            )


def _turn_up(state: State, seat: int, move: Move, events: list[Event]) -> State:
    if move.get("type") != "turn_up":
        raise IllegalMove("unknown_move", _("Choose the card to turn up."))
    card = move.get("card")
    hole = state["hand"]["hole"][seat]
    if not isinstance(card, str) or card not in hole:
        raise IllegalMove("bad_card", _("Turn up one of your own cards: {cards}."), cards=" ".join(hole))
    out = copied(state)
    hand = out["hand"]
    hand["pending"][seat] = card
    events.append({"type": "card_chosen", "seat": seat, "secret": {"to": [seat], "card": card}})
    live = betting.live_seats(out["chips"])
    if all(hand["pending"][other] is not None for other in live):
        for other in _rotation(live, out):
            choice = hand["pending"][other]
            hand["hole"][other] = [held for held in hand["hole"][other] if held != choice]
            hand["up"][other] = choice
            events.append({"type": "turned_up", "seat": other, "card": choice})
        hand["pending"] = [None] * out["players"]
        _open_betting(out, events)
    return out


def _show(state: State, seat: int, move: Move, events: list[Event]) -> State:
    if move.get("type") != "show":
        raise IllegalMove("unknown_move", _("Choose the cards to show."))
    cards = move.get("cards")
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise IllegalMove("bad_cards", _("Show a list of your cards."))
    rules = rules_from_options(_options(state))
    allowed = showdown.choices(_showable(state["hand"], seat), rules)
    if not any(sorted(choice) == sorted(cards) for choice in allowed):
        raise IllegalMove("bad_cards", _("Show two of your cards (or all three of a Triple)."))
    out = copied(state)
    hand = out["hand"]
    hand["pending"][seat] = list(cards)
    events.append({"type": "cards_chosen", "seat": seat, "secret": {"to": [seat], "cards": list(cards)}})
    live = betting.live_seats(out["chips"])
    if all(hand["pending"][other] is not None for other in live):
        for other in live:
            shown = hand["pending"][other]
            hand["shown"][other] = shown
            hand["hole"][other] = [card for card in hand["hole"][other] if card not in shown]
        hand["pending"] = [None] * out["players"]
        _showdown(out, events)
    return out


def _answer_regame(state: State, seat: int, move: Move, events: list[Event]) -> State:
    kind = move.get("type")
    if kind == "call_regame":
        out = copied(state)
        events.append({"type": "regame_called", "seat": seat})
        _regame_called(out, events)
        return out
    if kind == "decline_regame":
        out = copied(state)
        events.append({"type": "regame_declined", "seat": seat})
        _queue_next(out, "callers", events, then=_settle)
        return out
    raise IllegalMove("unknown_move", _("Call the regame or decline it."))


def _answer_buy_back(state: State, seat: int, move: Move, events: list[Event]) -> State:
    kind = move.get("type")
    price = state["hand"]["price"]
    if kind == "buy_back":
        offered = move.get("price", price)
        if not isinstance(offered, int) or isinstance(offered, bool) or offered != price:
            raise IllegalMove("bad_price", _("Coming back in costs {price}."), price=price)
        out = copied(state)
        hand = out["hand"]
        out["chips"]["stacks"][seat] -= price
        hand["bought"] += price
        hand["comers"].append(seat)
        events.append({"type": "bought_back", "seat": seat, "price": price})
        _queue_next(out, "buyers", events, then=_deal_called_regame)
        return out
    if kind == "stay_out":
        out = copied(state)
        events.append({"type": "stayed_out", "seat": seat})
        _queue_next(out, "buyers", events, then=_deal_called_regame)
        return out
    raise IllegalMove("unknown_move", _("Come back in for {price} or stay out."), price=price)


# --- the sequence of a hand (these helpers change the state they are given, a fresh copy, and append its events)


def _new_match(players: int, seed: str, opts: dict[str, Any], events: list[Event]) -> State:
    """A new match from checked options: the first hand dealt."""
    state: State = {
        "players": players,
        "seed": seed,
        # only the options that differ from the defaults: the kit copies the state at every step
        "options": copied({key: value for key, value in opts.items() if value != DEFAULTS[key]}),
        "phase": "deal",
        "hand_no": 0,
        "sun": opts["button"],
        "chips": betting.new_hand(_starting_stacks(opts, players)),
        "hand": None,
        "rows": [],
        "busted": [None] * players,
        # every showdown of the hand(s) the last hand-ending move finished (usually one hand, one showdown)
        "last_showdowns": [],
    }
    _start_hand(state, events)
    return state


def _table_limits(state: State) -> Limits:
    opts = _options(state)
    limits = _limits(opts["limit"], opts["ante"], opts["bet_cap"])
    carried = sum(pot["amount"] for pot in state["hand"]["carried"])
    if opts["limit"] == "pot_limit" and carried:
        # a regame's pot includes the pots carried over, which `chips` does not hold
        chips = state["chips"]
        seat = betting.to_act(chips)
        call = betting.to_call(chips, seat) if seat is not None else 0
        return Limits(
            cap="fixed",
            fixed_cap=betting.pot_total(chips) + carried + call,
            min_bet=limits.min_bet,
            min_raise_is_last_increment=True,
        )
    return limits


def _pot(state: State) -> int:
    hand = state["hand"]
    if hand is None:
        return 0
    carried: int = sum(pot["amount"] for pot in hand["carried"])
    bought: int = hand["bought"]
    return betting.pot_total(state["chips"]) + carried + bought


def _rotation(seats: list[int], state: State) -> list[int]:
    """Seats in play order from 선 (seat + 1 next, M-D2)."""
    return betting.rotate_from(seats, state["sun"], state["players"])


def _deal_round(state: State, seats: list[int], count: int, events: list[Event]) -> None:
    """`count` private cards to each seat, one at a time in play order from 선; each seat told its own."""
    hand = state["hand"]
    order = _rotation(seats, state)
    dealt: dict[int, list[str]] = {seat: [] for seat in order}
    for _lap in range(count):
        for seat in order:
            card = hand["deck"].pop()
            hand["hole"][seat].append(card)
            dealt[seat].append(card)
    events += [{"type": "cards_dealt", "seat": seat, "cards": cards, "to": [seat]} for seat, cards in dealt.items()]


def _new_hand_record(state: State, deck: list[str], seats: list[int]) -> dict[str, Any]:
    n = state["players"]
    return {
        "deck": deck,
        "draw": None,
        "hole": [[] for _seat in range(n)],
        "up": [None] * n,
        "community": [],
        "pending": [None] * n,
        "shown": [None] * n,
        "street": 0,
        "regame": 0,
        "seats": seats,
        "carried": [],
        "bought": 0,
        "last_bet": 0,
        "callers": [],
        "buyers": [],
        "comers": [],
        "price": 0,
        "stages": [],
        "start": list(state["chips"]["stacks"]),
    }


def _start_hand(state: State, events: list[Event]) -> None:
    """Antes, the first draw of the match (M-R3, M-D2) and the first cards of the deal variant (M-R2); or the end
    of the match."""
    opts = _options(state)
    n = state["players"]
    stacks = state["chips"]["stacks"]
    seats = [seat for seat in range(n) if stacks[seat] > 0]
    if len(seats) < 2 or state["hand_no"] >= opts["hands"]:
        state["phase"] = "over"
        state["hand"] = None
        state["chips"] = betting.new_hand(stacks)
        events.append({"type": "match_end", "placements": _placements(state)})
        return
    deck = shuffled(standard_deck(), seed=state["seed"], label=f"deal-{state['hand_no']}")
    hand = _new_hand_record(state, deck, seats)
    state["hand"] = hand
    # a table started from seat stacks (a tournament's hand) is told its first 선 (`button`, docs/rules)
    drawn = state["hand_no"] == 0 and opts["seat_stacks"] is None
    if drawn:
        # M-D2: the first 선 draws the highest card off the hand's own shuffle, suit S > D > H > C breaking ties
        hand["draw"] = [None] * n
        for seat in seats:
            hand["draw"][seat] = deck.pop()
        state["sun"] = max(seats, key=lambda seat: card_strength(hand["draw"][seat]))
    elif state["sun"] not in seats:
        state["sun"] = _rotation(seats, state)[0]
    events.append({"type": "hand_start", "number": state["hand_no"] + 1, "button": state["sun"]})
    if drawn:
        events.append(
            {
                "type": "first_draw",
                "winner": state["sun"],
                "draws": [{"seat": seat, "card": hand["draw"][seat]} for seat in seats],
            }
        )
    chips = betting.new_hand(stacks, seats_in=seats)
    for seat in _rotation(seats, state):
        # M-R4 (as betting.post, without a copy per seat): a stack short of the ante goes all-in
        paid = min(opts["ante"], chips["stacks"][seat])
        chips["stacks"][seat] -= paid
        chips["contrib"][seat] += paid
        events.append({"type": "ante", "seat": seat, "amount": paid})
        if chips["stacks"][seat] == 0:
            events.append({"type": "all_in", "seat": seat})
    state["chips"] = chips
    deal = opts["deal"]
    _deal_round(state, seats, 1 if deal == "two_card" else 2, events)
    if deal == "three_card":
        state["phase"] = "turn_up"  # M-D12: everyone chooses the card to turn up at once
        return
    _open_betting(state, events)


def _first_to_bet(state: State, live: list[int]) -> int:
    """M-R3: 선; in three_card the highest face-up card (M-D3: equal ranks to the nearest from 선, or by suit)."""
    hand = state["hand"]
    sun: int = state["sun"]
    if _options(state)["deal"] != "three_card" or hand["regame"]:
        return sun
    ordered = _rotation(live, state)
    if _options(state)["rules"] == "original":
        return max(ordered, key=lambda seat: card_strength(hand["up"][seat]))
    return max(ordered, key=lambda seat: RANK_VALUE[hand["up"][seat][0]])  # max keeps the first of equals


def _open_betting(state: State, events: list[Event]) -> None:
    hand = state["hand"]
    live = betting.live_seats(state["chips"])
    first = _first_to_bet(state, live)
    order = betting.rotate_from(hand["seats"], first, state["players"])
    state["chips"] = betting.open_round(state["chips"], order)
    state["phase"] = "bet"
    if betting.round_over(state["chips"]):
        events.append({"type": "no_betting"})
        _end_street(state, events, played=False)


def _end_street(state: State, events: list[Event], *, played: bool) -> None:
    """After a betting round (`played`, or skipped because fewer than two players could bet): the next card, the
    choice of cards to show, or the showdown."""
    hand = state["hand"]
    opts = _options(state)
    if played:
        # M-D15: the price to come back is the last bet of the final round that was played; a skipped round's
        # zero bets do not count
        hand["last_bet"] = max(state["chips"]["round"]["bets"])
    state["chips"] = betting.close_round(state["chips"])
    live = betting.live_seats(state["chips"])
    if len(live) == 1:
        _settle(state, events)
        return
    deal = opts["deal"]
    if hand["regame"] == 0 and deal != "two_at_once" and hand["street"] == 0:
        hand["street"] = 1
        if deal == "holdem":
            card = hand["deck"].pop()
            hand["community"].append(card)
            events.append({"type": "community_card", "card": card})
        else:
            _deal_round(state, live, 1, events)  # two_card: the 2nd card; three_card: the 3rd card, private (M-D12)
        _open_betting(state, events)
        return
    if hand["regame"] == 0 and deal in ("three_card", "holdem"):
        state["phase"] = "show"
        return
    for seat in live:
        hand["shown"][seat] = hand["hole"][seat]
        hand["hole"][seat] = []
    _showdown(state, events)


def _showable(hand: dict[str, Any], seat: int) -> list[str]:
    up = hand["up"][seat]
    cards: list[str] = hand["hole"][seat] + ([up] if up else []) + hand["community"]
    return cards


def _stage_view(stage: dict[str, Any], state: State) -> dict[str, Any]:
    """A showdown as players see it: the shown cards with the name of each hand."""
    rules = rules_from_options(_options(state))
    names = [evaluate(cards, rules).name if cards else None for cards in stage["shown"]]
    return {**stage, "hands": names}


def _hands(state: State, rules: Rules) -> dict[int, Hand]:
    shown = state["hand"]["shown"]
    return {seat: evaluate(shown[seat], rules) for seat in betting.live_seats(state["chips"])}


def _showdown(state: State, events: list[Event]) -> None:
    """All hands are shown: record them, then let an eligible regamer call a regame (M-D7) or settle the pots."""
    rules = rules_from_options(_options(state))
    hand = state["hand"]
    hands = _hands(state, rules)
    result = showdown.resolve(hands, rules)
    hand["stages"].append(
        {
            "regame": hand["regame"],
            "shown": [list(hand["shown"][seat]) if seat in hands else None for seat in range(state["players"])],
            "best": result.winners,
            "caught_by": result.caught_by,
        }
    )
    events.append(
        {
            "type": "showdown",
            "hands": [
                {"seat": seat, "cards": list(hand["shown"][seat]), "category": category_phrase(hands[seat], rules)}
                for seat in _rotation(list(hands), state)
            ],
        }
    )
    callers = _rotation(showdown.regame_callers(hands, result, rules), state)
    if callers:
        hand["callers"] = callers
        state["phase"] = "regame_call"
        events.append({"type": "regame_offered", "seats": list(callers)})
        return
    _settle(state, events)


def _queue_next(state: State, queue: str, events: list[Event], *, then: Step) -> None:
    """The head of a one-at-a-time queue (regame callers, buyers) has answered: the next seat answers, and once
    everyone has, the step ends with `then` (settle the hand, deal the regame)."""
    waiting = state["hand"][queue]
    waiting.pop(0)
    if not waiting:
        then(state, events)


def _regame_called(state: State, events: list[Event]) -> None:
    """M-R19, M-D15: the pot stays; folded players may come back for the last bet (the ante if checked through)."""
    hand = state["hand"]
    hand["callers"] = []
    hand["stages"][-1]["regame_called"] = True
    price = hand["last_bet"] or _options(state)["ante"]
    live = betting.live_seats(state["chips"])
    stacks = state["chips"]["stacks"]
    hand["price"] = price
    hand["buyers"] = [seat for seat in _rotation(hand["seats"], state) if seat not in live and stacks[seat] >= price]
    if hand["buyers"]:
        state["phase"] = "buy_back"
        events.append({"type": "buy_back_offered", "seats": list(hand["buyers"]), "price": price})
        return
    _deal_called_regame(state, events)


def _pots_of_this_game(state: State) -> list[dict[str, Any]]:
    """The pots of the (re)game's own betting (M-R7), as a regame carries them: amount and eligible seats."""
    return [{"amount": pot["amount"], "eligible": pot["eligible"]} for pot in betting.side_pots(state["chips"])]


def _deal_called_regame(state: State, events: list[Event]) -> None:
    hand = state["hand"]
    stacks = state["chips"]["stacks"]
    live = betting.live_seats(state["chips"])
    pots = []
    for pot in _pots_of_this_game(state):
        if len(pot["eligible"]) == 1:
            # an uncalled bet goes back now, so that nobody who comes back can win it
            stacks[pot["eligible"][0]] += pot["amount"]
            events.append({"type": "bet_returned", "seat": pot["eligible"][0], "amount": pot["amount"]})
        else:
            pots.append(pot)
    for pot in _carried_pots(state, live):
        if len(pot["eligible"]) == 1:
            # a pot carried from an earlier stage that only one player still in may win is that player's
            stacks[pot["eligible"][0]] += pot["amount"]
            events.append({"type": "pot_won", "amount": pot["amount"], "winners": list(pot["eligible"])})
        else:
            pots.append(pot)
    comers = hand["comers"]
    if comers:
        # those who came back play for the whole pot, their price in its main layer
        pots = pots or [{"amount": 0, "eligible": list(live)}]
        pots[0]["amount"] += hand["bought"]
        for pot in pots:
            pot["eligible"] = sorted(set(pot["eligible"]) | set(comers))
    _deal_regame(state, sorted(set(live) | set(comers)), pots, events)


def _carried_pots(state: State, live: list[int]) -> list[dict[str, Any]]:
    """Pots carried from an earlier stage, contested by their eligible players still in (all of them, if none)."""
    out = []
    for pot in state["hand"]["carried"]:
        eligible = [seat for seat in pot["eligible"] if seat in live] or list(live)
        out.append({"amount": pot["amount"], "eligible": eligible})
    return out


def _deal_regame(state: State, seats: list[int], pots: list[dict[str, Any]], events: list[Event]) -> None:
    """M-R19, M-D14, M-D15: 2 cards at once to the players of the regame, one betting round, a showdown."""
    hand = state["hand"]
    n = state["players"]
    number = hand["regame"] + 1
    deck = shuffled(standard_deck(), seed=state["seed"], label=f"deal-{state['hand_no']}-regame-{number}")
    chips = state["chips"]
    state["chips"] = {
        "stacks": chips["stacks"],
        "contrib": [0] * n,
        "folded": [seat not in seats for seat in range(n)],
        "round": None,
    }
    hand.update(
        {
            "deck": deck,
            "hole": [[] for _seat in range(n)],
            "up": [None] * n,
            "community": [],
            "pending": [None] * n,
            "shown": [None] * n,
            "street": 0,
            "regame": number,
            "seats": seats,
            "carried": pots,
            "bought": 0,
            "last_bet": 0,
            "callers": [],
            "buyers": [],
            "comers": [],
            "price": 0,
        }
    )
    events.append(
        {"type": "regame_start", "number": number, "seats": list(seats), "amount": sum(pot["amount"] for pot in pots)}
    )
    _deal_round(state, seats, 2, events)
    _open_betting(state, events)


def _settle(state: State, events: list[Event]) -> None:
    """Pay every pot to its winners (M-R7 side pots, M-R13 ties), or play the tied pots again (tie = regame)."""
    chips = state["chips"]
    live = betting.live_seats(chips)
    pots = [*_carried_pots(state, live), *_pots_of_this_game(state)]
    stacks = list(chips["stacks"])
    if len(live) == 1:
        for index, pot in enumerate(pots):
            stacks[live[0]] += pot["amount"]
            events.append(_pot_won(pot["amount"], live, index, len(pots)))
        _finish_hand(state, stacks, live[0], events)
        return
    rules = rules_from_options(_options(state))
    hands = _hands(state, rules)
    tied = []
    for index, pot in enumerate(pots):
        result = showdown.resolve({seat: hands[seat] for seat in pot["eligible"]}, rules)
        if len(result.winners) > 1 and _options(state)["tie"] == "regame":
            tied.append({"amount": pot["amount"], "eligible": result.winners})
            continue
        # the odd chips go to the winners nearest 선
        for seat, amount in betting.split(pot["amount"], _rotation(result.winners, state)).items():
            stacks[seat] += amount
        events.append(_pot_won(pot["amount"], result.winners, index, len(pots)))
    if tied:
        state["chips"] = {**chips, "stacks": stacks, "contrib": [0] * state["players"]}
        _deal_regame(state, sorted({seat for pot in tied for seat in pot["eligible"]}), tied, events)
        return
    winners = showdown.resolve(hands, rules).winners
    _finish_hand(state, stacks, winners[0] if len(winners) == 1 else None, events)


def _pot_won(amount: int, winners: list[int], index: int, pots: int) -> Event:
    """A pot paid; numbered (the main pot 0) when the hand has several."""
    event: Event = {"type": "pot_won", "amount": amount, "winners": list(winners)}
    if pots > 1:
        event["pot"] = index
    return event


def _finish_hand(state: State, stacks: list[int], winner: int | None, events: list[Event]) -> None:
    """The ledger row; 선 passes to the winner (stays after a split, M-D2); the next hand or the end of the match."""
    hand = state["hand"]
    n = state["players"]
    deltas = [stacks[seat] - hand["start"][seat] for seat in range(n)]
    # the ledger's index and totals are derived (ledger()): the kit copies the state at every step
    state["rows"].append({"deltas": deltas, "sun": state["sun"], "winner": winner, "regames": hand["regame"]})
    events.append({"type": "hand_end", "number": state["hand_no"] + 1, "deltas": list(deltas)})
    # a move may finish several hands (a hand nobody can bet in plays itself out): the view keeps every showdown
    # the move told
    ended_earlier = any(event["type"] == "hand_end" for event in events[:-1])
    state["last_showdowns"] = (state["last_showdowns"] if ended_earlier else []) + hand["stages"]
    for seat in range(n):
        if stacks[seat] == 0 and state["busted"][seat] is None:
            state["busted"][seat] = state["hand_no"]
            events.append({"type": "bust", "seat": seat})
    if winner is not None:
        state["sun"] = winner
    state["chips"] = betting.new_hand(stacks)
    state["hand_no"] += 1
    _start_hand(state, events)


ENGINE = MiniPokerEngine()


def _shown_later(log: list[LoggedMove], index: int) -> bool:
    """Whether a secret choice of the log (a card to turn up, the cards to show) was shown by a later public event."""
    seat, move, _events = log[index]
    if move.get("type") == "turn_up":
        return shown_later(
            log,
            index,
            lambda event: (
                event.get("type") == "turned_up" and event.get("seat") == seat and event.get("card") == move.get("card")
            ),
        )
    if move.get("type") == "show":
        chosen = sorted(move.get("cards") or [])
        return shown_later(
            log,
            index,
            lambda event: (
                event.get("type") == "showdown"
                and any(
                    hand.get("seat") == seat and sorted(hand.get("cards") or []) == chosen for hand in event["hands"]
                )
            ),
        )
    return False
