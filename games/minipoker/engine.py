"""The Mini Poker state machine: the match, the deals, betting rounds, showdown and regames (M-R1..M-R7, M-R13,
M-R19, M-D1..M-D4, M-D9, M-D11, M-D12, M-D14, M-D15). Evaluation lives in ranking.py, specials.py and showdown.py.

Phases: "turn_up" (three_card: everyone chooses a card to turn up, at once), "bet", "show" (three_card and holdem:
everyone chooses the cards to show, at once), "regame_call" (regamer holders, one at a time from 선), "buy_back"
(folded players, one at a time from 선), "over". A hand's pots stay in `chips["contrib"]` until a regame, which moves
them into `hand["carried"]` ({"amount", "eligible"} pots) so that a regame's betting starts afresh.
"""

import marshal
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from games.core import betting
from games.core.betting import Limits
from games.core.cards import standard_deck
from games.core.errors import IllegalMove
from games.core.rng import shuffled
from games.minipoker import showdown
from games.minipoker.options import DEFAULTS, options_check
from games.minipoker.ranking import RANK_VALUE, Hand, Rules, card_strength, evaluate, rules_from_options


def _copy(state: dict[str, Any]) -> dict[str, Any]:
    # states are plain JSON data: marshal copies them several times faster than copy.deepcopy
    return marshal.loads(marshal.dumps(state))


def _options(state: dict[str, Any]) -> dict[str, Any]:
    """The table's full options (the state keeps only those that differ from the defaults)."""
    return _full_options(tuple(sorted(state["options"].items())))


@lru_cache(maxsize=256)
def _full_options(changed: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    return {**DEFAULTS, **dict(changed)}


@lru_cache(maxsize=64)
def _limits(limit: str, ante: int, bet_cap: int) -> Limits:
    """M-D4: the minimum bet is the ante, a raise adds at least the previous increment."""
    common = {"min_bet": ante, "min_raise_is_last_increment": True}
    if limit == "three_raises":
        return Limits(max_raises=3, **common)
    if limit == "max_bet":
        return Limits(cap="fixed", fixed_cap=bet_cap, **common)
    if limit == "pot_limit":
        return Limits(cap="pot", **common)
    return Limits(**common)


class MiniPokerEngine:
    name = "mini-poker"
    min_players = 2  # M-D1
    max_players = 8

    # --- options ------------------------------------------------------------------------------------------------

    def default_options(self) -> dict[str, Any]:
        return dict(DEFAULTS)

    def check_options(self, options: dict[str, Any] | None, players: int) -> dict[str, Any]:
        return options_check(options, players)

    def conformance_variants(self) -> list[dict[str, Any]]:
        short = {"hands": 3, "stack": 20}
        return [
            {**short},
            {**short, "deal": "two_at_once", "limit": "no_limit"},
            {**short, "deal": "three_card"},
            {**short, "deal": "holdem", "limit": "pot_limit"},
            {**short, "deal": "holdem", "back_combos": False, "limit": "max_bet", "bet_cap": 4},
            {**short, "limit": "max_bet", "bet_cap": 5, "top_scoring": "kkeut"},
            {**short, "rules": "original", "tie": "regame", "limit": "no_limit"},
            {**short, "rules": "original", "deal": "three_card", "triple": True, "flush_pair_hunter": True,
             "flush_black_knight": True, "spade_flush_regamer": True},
            {**short, "rules": "original", "deal": "holdem", "triple": True, "top_scoring": "kkeut",
             "limit": "pot_limit"},
            {**short, "tie": "regame", "top_kicker": True, "deal": "two_at_once", "ante": 2},
            {"hands": 2, "stack": 6, "ante": 2, "tie": "regame", "limit": "no_limit"},
            {"hands": 5, "stack": 4, "deal": "three_card", "limit": "pot_limit", "specials": False},
        ]

    # --- the match ----------------------------------------------------------------------------------------------

    def new_game(self, *, players: int, seed: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
        opts = self.check_options(options, players)
        state: dict[str, Any] = {
            "players": players,
            "seed": seed,
            # only the options that differ from the defaults: the kit copies the state at every step
            "options": {key: value for key, value in opts.items() if value != DEFAULTS[key]},
            "phase": "deal",
            "hand_no": 0,
            "sun": 0,
            "chips": betting.new_hand([opts["stack"]] * players),
            "hand": None,
            "rows": [],
            "busted": [None] * players,
            "last_showdown": None,
        }
        _start_hand(state)
        return state

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["phase"] == "over"

    def to_act(self, state: dict[str, Any]) -> list[int]:
        phase = state["phase"]
        if phase == "bet":
            seat = betting.to_act(state["chips"])
            return [] if seat is None else [seat]
        if phase in ("turn_up", "show"):
            pending = state["hand"]["pending"]
            return [seat for seat in betting.live_seats(state["chips"]) if pending[seat] is None]
        if phase == "regame_call":
            return state["hand"]["callers"][:1]
        if phase == "buy_back":
            return state["hand"]["buyers"][:1]
        return []

    def legal_moves(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
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

    def timeout_move(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
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
        raise IllegalMove("not_your_turn", "Nobody is to act.")

    def apply_move(self, state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(move, dict):
            raise IllegalMove("bad_move", "A move is a JSON object with a type.")
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", "It is not this seat's turn.")
        phase = state["phase"]
        kind = move.get("type")
        if phase == "bet":
            limits = _table_limits(state)
            _check_bet(state["chips"], seat, move, limits)
            chips = betting.apply(state["chips"], seat, move, limits)
            out = _copy(state)
            out["chips"] = chips
            if betting.round_over(chips):
                _end_street(out)
            return out
        if phase == "turn_up":
            return _turn_up(state, seat, move, kind)
        if phase == "show":
            return _show(state, seat, move, kind)
        if phase == "regame_call":
            if kind == "call_regame":
                out = _copy(state)
                _regame_called(out)
                return out
            if kind == "decline_regame":
                out = _copy(state)
                _queue_next(out, "callers", then=_settle)
                return out
            raise IllegalMove("unknown_move", "Call the regame or decline it.")
        if kind == "buy_back":
            out = _copy(state)
            hand = out["hand"]
            out["chips"]["stacks"][seat] -= hand["price"]
            hand["bought"] += hand["price"]
            hand["comers"].append(seat)
            _queue_next(out, "buyers", then=_deal_called_regame)
            return out
        if kind == "stay_out":
            out = _copy(state)
            _queue_next(out, "buyers", then=_deal_called_regame)
            return out
        raise IllegalMove("unknown_move", "Buy back in or stay out.")

    # --- what each seat sees ------------------------------------------------------------------------------------

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        chips = state["chips"]
        hand = state["hand"]
        out: dict[str, Any] = {
            "game": self.name,
            "phase": state["phase"],
            "to_act": self.to_act(state),
            "players": state["players"],
            "options": dict(_options(state)),
            "last_showdown": _stage_view(state["last_showdown"], state),
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

    def hidden_places(self, state: dict[str, Any], seat: int | None) -> list[list[tuple[str | int, ...]]]:
        hand = state["hand"]
        if hand is None:
            return []
        paths: list[tuple[str | int, ...]] = [("hand", "deck", i) for i in range(len(hand["deck"]))]
        for other in range(state["players"]):
            if other == seat:
                continue
            paths += [("hand", "hole", other, i) for i in range(len(hand["hole"][other]))]
            choice = hand["pending"][other]
            if isinstance(choice, str):
                paths.append(("hand", "pending", other))
            elif isinstance(choice, list):
                paths += [("hand", "pending", other, i) for i in range(len(choice))]
        return [paths]

    def conserved(self, state: dict[str, Any]) -> dict[str, int]:
        return {"chips": sum(state["chips"]["stacks"]) + _pot(state)}

    # --- results ------------------------------------------------------------------------------------------------

    def outcome(self, state: dict[str, Any]) -> dict[str, Any]:
        """Placements by chips; a busted player below every survivor, a later bust above an earlier one."""
        stacks = state["chips"]["stacks"]
        busted = state["busted"]
        keys = [(0, busted[seat]) if busted[seat] is not None else (1, stacks[seat]) for seat in range(len(stacks))]
        places = [1 + sum(other > mine for other in keys) for mine in keys]
        return {"placements": places, "scores": list(stacks), "busted_in": list(busted), "hands": len(state["rows"])}

    def ledger(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        totals = [_options(state)["stack"]] * state["players"]
        out = []
        for index, row in enumerate(state["rows"]):
            totals = [total + delta for total, delta in zip(totals, row["deltas"], strict=True)]
            out.append({"index": index, "deltas": list(row["deltas"]), "totals": totals, "sun": row["sun"],
                        "winner": row["winner"], "regames": row["regames"]})
        return out

    def ledger_count(self, state: dict[str, Any]) -> int:
        return len(state["rows"])


# --- the sequence of a hand ------------------------------------------------------------------------------------


def _table_limits(state: dict[str, Any]) -> Limits:
    opts = _options(state)
    limits = _limits(opts["limit"], opts["ante"], opts["bet_cap"])
    carried = sum(pot["amount"] for pot in state["hand"]["carried"])
    if opts["limit"] == "pot_limit" and carried:
        # a regame's pot includes the pots carried over, which `chips` does not hold
        chips = state["chips"]
        seat = betting.to_act(chips)
        call = betting.to_call(chips, seat) if seat is not None else 0
        return Limits(cap="fixed", fixed_cap=betting.pot_total(chips) + carried + call, min_bet=limits.min_bet,
                      min_raise_is_last_increment=True)
    return limits


def _check_bet(chips: dict[str, Any], seat: int, move: dict[str, Any], limits: Limits) -> None:
    """Refuse a betting move before `betting.apply` copies the chips: the kit probes many illegal ones."""
    kind = move.get("type")
    entry = next((entry for entry in betting.legal_moves(chips, seat, limits) if entry["type"] == kind), None)
    if entry is None:
        if kind in ("check", "call", "fold", "bet", "raise"):
            raise IllegalMove(f"cannot_{kind}", f"A {kind} is not allowed now.")
        raise IllegalMove("unknown_move", f"Unknown betting move {kind!r}.")
    if "min" in entry:
        amount = move.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalMove("bad_amount", "A bet or raise needs a whole number of chips as its amount.")
        if not entry["min"] <= amount <= entry["max"]:
            raise IllegalMove("amount_out_of_range", f"The amount must be between {entry['min']} and {entry['max']}.")


def _pot(state: dict[str, Any]) -> int:
    hand = state["hand"]
    if hand is None:
        return 0
    return betting.pot_total(state["chips"]) + sum(pot["amount"] for pot in hand["carried"]) + hand["bought"]


def _rotation(seats: list[int], state: dict[str, Any]) -> list[int]:
    """Seats in play order from 선 (seat + 1 next, M-D2)."""
    return betting.rotate_from(seats, state["sun"], state["players"])


def _deal_round(state: dict[str, Any], seats: list[int], count: int) -> None:
    hand = state["hand"]
    for _ in range(count):
        for seat in _rotation(seats, state):
            hand["hole"][seat].append(hand["deck"].pop())


def _new_hand_record(state: dict[str, Any], deck: list[str], seats: list[int]) -> dict[str, Any]:
    n = state["players"]
    return {
        "deck": deck,
        "draw": None,
        "hole": [[] for _ in range(n)],
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


def _start_hand(state: dict[str, Any]) -> None:
    """Antes, the first draw of the match (M-R3, M-D2) and the first cards of the deal variant (M-R2)."""
    opts = _options(state)
    n = state["players"]
    stacks = state["chips"]["stacks"]
    seats = [seat for seat in range(n) if stacks[seat] > 0]
    if len(seats) < 2 or state["hand_no"] >= opts["hands"]:
        state["phase"] = "over"
        state["hand"] = None
        state["chips"] = betting.new_hand(stacks)
        return
    deck = shuffled(standard_deck(), seed=state["seed"], label=f"deal-{state['hand_no']}")
    hand = _new_hand_record(state, deck, seats)
    state["hand"] = hand
    if state["hand_no"] == 0:
        # M-D2: the first 선 draws the highest card off the hand's own shuffle, suit S > D > H > C breaking ties
        hand["draw"] = [None] * n
        for seat in seats:
            hand["draw"][seat] = deck.pop()
        state["sun"] = max(seats, key=lambda seat: card_strength(hand["draw"][seat]))
    elif state["sun"] not in seats:
        state["sun"] = _rotation(seats, state)[0]
    chips = betting.new_hand(stacks, seats_in=seats)
    for seat in seats:
        # M-R4 (as betting.post, without a copy per seat): a stack short of the ante goes all-in
        paid = min(opts["ante"], chips["stacks"][seat])
        chips["stacks"][seat] -= paid
        chips["contrib"][seat] += paid
    state["chips"] = chips
    deal = opts["deal"]
    _deal_round(state, seats, 1 if deal == "two_card" else 2)
    if deal == "three_card":
        state["phase"] = "turn_up"  # M-D12: everyone chooses the card to turn up at once
        return
    _open_betting(state)


def _first_to_bet(state: dict[str, Any], live: list[int]) -> int:
    """M-R3: 선; in three_card the highest face-up card (M-D3: equal ranks to the nearest from 선, or by suit)."""
    hand = state["hand"]
    if _options(state)["deal"] != "three_card" or hand["regame"]:
        return state["sun"]
    ordered = _rotation(live, state)
    if _options(state)["rules"] == "original":
        return max(ordered, key=lambda seat: card_strength(hand["up"][seat]))
    return max(ordered, key=lambda seat: RANK_VALUE[hand["up"][seat][0]])  # max keeps the first of equals


def _open_betting(state: dict[str, Any]) -> None:
    hand = state["hand"]
    live = betting.live_seats(state["chips"])
    first = _first_to_bet(state, live)
    order = betting.rotate_from(hand["seats"], first, state["players"])
    state["chips"] = betting.open_round(state["chips"], order)
    state["phase"] = "bet"
    if betting.round_over(state["chips"]):
        _end_street(state)


def _end_street(state: dict[str, Any]) -> None:
    """After a betting round: the next card, the choice of cards to show, or the showdown."""
    hand = state["hand"]
    opts = _options(state)
    hand["last_bet"] = max(state["chips"]["round"]["bets"])
    state["chips"] = betting.close_round(state["chips"])
    live = betting.live_seats(state["chips"])
    if len(live) == 1:
        _settle(state)
        return
    deal = opts["deal"]
    if hand["regame"] == 0 and deal != "two_at_once" and hand["street"] == 0:
        hand["street"] = 1
        if deal == "holdem":
            hand["community"].append(hand["deck"].pop())
        else:
            _deal_round(state, live, 1)  # two_card: the 2nd card; three_card: the 3rd card, private (M-D12)
        _open_betting(state)
        return
    if hand["regame"] == 0 and deal in ("three_card", "holdem"):
        state["phase"] = "show"
        return
    for seat in live:
        hand["shown"][seat] = hand["hole"][seat]
        hand["hole"][seat] = []
    _showdown(state)


def _showable(hand: dict[str, Any], seat: int) -> list[str]:
    up = hand["up"][seat]
    return hand["hole"][seat] + ([up] if up else []) + hand["community"]


def _stage_view(stage: dict[str, Any] | None, state: dict[str, Any]) -> dict[str, Any] | None:
    """A showdown as players see it: the shown cards with the name of each hand."""
    if stage is None:
        return None
    rules = rules_from_options(_options(state))
    names = [evaluate(cards, rules).name if cards else None for cards in stage["shown"]]
    return {**stage, "hands": names}


def _turn_up(state: dict[str, Any], seat: int, move: dict[str, Any], kind: Any) -> dict[str, Any]:
    if kind != "turn_up":
        raise IllegalMove("unknown_move", "Choose the card to turn up.")
    card = move.get("card")
    if not isinstance(card, str) or card not in state["hand"]["hole"][seat]:
        raise IllegalMove("bad_card", "Turn up one of your own two cards.")
    out = _copy(state)
    hand = out["hand"]
    hand["pending"][seat] = card
    live = betting.live_seats(out["chips"])
    if all(hand["pending"][other] is not None for other in live):
        for other in live:
            choice = hand["pending"][other]
            hand["hole"][other].remove(choice)
            hand["up"][other] = choice
        hand["pending"] = [None] * out["players"]
        _open_betting(out)
    return out


def _show(state: dict[str, Any], seat: int, move: dict[str, Any], kind: Any) -> dict[str, Any]:
    if kind != "show":
        raise IllegalMove("unknown_move", "Choose the cards to show.")
    cards = move.get("cards")
    rules = rules_from_options(_options(state))
    allowed = showdown.choices(_showable(state["hand"], seat), rules)
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise IllegalMove("bad_cards", "Show a list of your cards.")
    match = [choice for choice in allowed if sorted(choice) == sorted(cards)]
    if not match:
        raise IllegalMove("bad_cards", "Show two of your cards (or all three of a Triple).")
    out = _copy(state)
    hand = out["hand"]
    hand["pending"][seat] = list(cards)
    live = betting.live_seats(out["chips"])
    if all(hand["pending"][other] is not None for other in live):
        for other in live:
            shown = hand["pending"][other]
            hand["shown"][other] = shown
            hand["hole"][other] = [card for card in hand["hole"][other] if card not in shown]
        hand["pending"] = [None] * out["players"]
        _showdown(out)
    return out


def _hands(state: dict[str, Any], rules: Rules) -> dict[int, Hand]:
    shown = state["hand"]["shown"]
    return {seat: evaluate(shown[seat], rules) for seat in betting.live_seats(state["chips"])}


def _showdown(state: dict[str, Any]) -> None:
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
    callers = _rotation(showdown.regame_callers(hands, result, rules), state)
    if callers:
        hand["callers"] = callers
        state["phase"] = "regame_call"
        return
    _settle(state)


def _queue_next(state: dict[str, Any], queue: str, *, then: Callable[[dict[str, Any]], None]) -> None:
    """The head of a one-at-a-time queue (regame callers, buyers) has answered: the next seat answers, and once
    everyone has, the step ends with `then` (settle the hand, deal the regame)."""
    waiting = state["hand"][queue]
    waiting.pop(0)
    if not waiting:
        then(state)


def _regame_called(state: dict[str, Any]) -> None:
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
        return
    _deal_called_regame(state)


def _deal_called_regame(state: dict[str, Any]) -> None:
    hand = state["hand"]
    live = betting.live_seats(state["chips"])
    pots = []
    for pot in [*betting.side_pots(state["chips"]), *_carried_pots(state, live)]:
        if len(pot["eligible"]) == 1:
            # an uncalled bet goes back now, so that nobody who comes back can win it
            state["chips"]["stacks"][pot["eligible"][0]] += pot["amount"]
        else:
            pots.append(pot)
    comers = hand["comers"]
    if comers:
        # those who came back play for the whole pot, their price in its main layer
        pots = pots or [{"amount": 0, "eligible": list(live)}]
        pots[0]["amount"] += hand["bought"]
        for pot in pots:
            pot["eligible"] = sorted(set(pot["eligible"]) | set(comers))
    _deal_regame(state, sorted(set(live) | set(comers)), pots)


def _carried_pots(state: dict[str, Any], live: list[int]) -> list[dict[str, Any]]:
    """Pots carried from an earlier stage, contested by their eligible players still in (all of them, if none)."""
    out = []
    for pot in state["hand"]["carried"]:
        eligible = [seat for seat in pot["eligible"] if seat in live] or list(live)
        out.append({"amount": pot["amount"], "eligible": eligible})
    return out


def _deal_regame(state: dict[str, Any], seats: list[int], pots: list[dict[str, Any]]) -> None:
    """M-R19, M-D14, M-D15: 2 cards at once to the players of the regame, one betting round, a showdown."""
    hand = state["hand"]
    n = state["players"]
    number = hand["regame"] + 1
    deck = shuffled(standard_deck(), seed=state["seed"], label=f"deal-{state['hand_no']}-regame-{number}")
    chips = state["chips"]
    state["chips"] = {"stacks": chips["stacks"], "contrib": [0] * n, "folded": [seat not in seats for seat in range(n)],
                      "round": None}
    hand.update(
        {
            "deck": deck,
            "hole": [[] for _ in range(n)],
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
    _deal_round(state, seats, 2)
    _open_betting(state)


def _settle(state: dict[str, Any]) -> None:
    """Pay every pot to its winners (M-R7 side pots, M-R13 ties), or play the tied pots again (tie = regame)."""
    chips = state["chips"]
    live = betting.live_seats(chips)
    pots = [*_carried_pots(state, live), *betting.side_pots(chips)]
    stacks = list(chips["stacks"])
    if len(live) == 1:
        stacks[live[0]] += sum(pot["amount"] for pot in pots)
        _finish_hand(state, stacks, live[0])
        return
    rules = rules_from_options(_options(state))
    hands = _hands(state, rules)
    tied = []
    for pot in pots:
        result = showdown.resolve({seat: hands[seat] for seat in pot["eligible"]}, rules)
        if len(result.winners) > 1 and _options(state)["tie"] == "regame":
            tied.append({"amount": pot["amount"], "eligible": result.winners})
            continue
        # the odd chips go to the winners nearest 선
        for seat, amount in betting.split(pot["amount"], _rotation(result.winners, state)).items():
            stacks[seat] += amount
    if tied:
        state["chips"] = {**chips, "stacks": stacks, "contrib": [0] * state["players"]}
        _deal_regame(state, sorted({seat for pot in tied for seat in pot["eligible"]}), tied)
        return
    winners = showdown.resolve(hands, rules).winners
    _finish_hand(state, stacks, winners[0] if len(winners) == 1 else None)


def _finish_hand(state: dict[str, Any], stacks: list[int], winner: int | None) -> None:
    """The ledger row; 선 passes to the winner (stays after a split, M-D2); the next hand or the end of the match."""
    hand = state["hand"]
    n = state["players"]
    state["rows"].append(
        {
            # the ledger's index and totals are derived (ledger()): the kit copies the state at every step
            "deltas": [stacks[seat] - hand["start"][seat] for seat in range(n)],
            "sun": state["sun"],
            "winner": winner,
            "regames": hand["regame"],
        }
    )
    state["last_showdown"] = hand["stages"][-1] if hand["stages"] else None
    for seat in range(n):
        if stacks[seat] == 0 and state["busted"][seat] is None:
            state["busted"][seat] = state["hand_no"]
    if winner is not None:
        state["sun"] = winner
    state["chips"] = betting.new_hand(stacks)
    state["hand_no"] += 1
    _start_hand(state)


ENGINE = MiniPokerEngine()
