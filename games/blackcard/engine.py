"""The Black Card engine: the protocol of games.core.protocol over the phases of a hand.

A hand runs: antes and order cards (B-R5, B-R6) → first betting round → three rounds of two private cards, a
simultaneous reveal and a forced share (B-R7 to B-R9) → passives (B-R10) → the special round (B-R11 to B-R17) →
the last betting round and the showdown (B-R18, B-R19). `_advance` moves the hand on until some seat must decide:
a joker declaration (queue `declare`), a betting move, a reveal, or a choice held in `need`.
"""

import pickle
from typing import Any

from games.blackcard import cards as bc
from games.blackcard import passives as passive_rules
from games.blackcard import powers
from games.blackcard.public_hands import ranking
from games.blackcard.showdown import hand_key, winners
from games.blackcard.showdown import pots as side_pots
from games.core import betting
from games.core.errors import IllegalMove
from games.core.rng import shuffled

LIMITS = betting.Limits(cap="pot", one_raise_each=True)  # B-R6, B-R18, B-D12
DEFAULT_OPTIONS = {"hand_limit": 20, "chips": 100, "split": False}
AUTO_NEEDS = {"target", "face", "qpick", "spear_pub", "spear_priv", "heart_take", "heart_give", "peek_keep", "keep"}

State = dict[str, Any]
Move = dict[str, Any]


def _clone(data: Any) -> Any:
    return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))


# --- a hand ----------------------------------------------------------------------------------------------------------


def _begin_hand(state: State, deck: list[str] | None = None) -> None:
    """Antes and order cards of the next hand (B-R5, B-R6); `deck` (tests only) replaces the seeded deck."""
    n, index = state["players"], len(state["ledger"])
    if deck is None:
        deck = shuffled(bc.full_deck(), seed=state["seed"], label=f"deal-{index}")
    stacks = list(state["stacks"])
    seats_in = [seat for seat in range(n) if stacks[seat] > 0]
    chips = betting.new_hand(stacks, seats_in=seats_in)
    for seat in seats_in:
        chips = betting.post(chips, seat, 1)
    hand: dict[str, Any] = {
        "index": index,
        "dealt": seats_in,
        "start_stacks": stacks,
        "deck": list(deck),
        "chips": chips,
        "pub": [[] for _ in range(n)],
        "priv": [[] for _ in range(n)],
        "seen": [[] for _ in range(n)],
        "jokers": {},
        "community": [],
        "discards": [],
        "order": [],
        "round": 0,
        "r3order": [],
        "phase": "order",
        "chosen": [None] * n,
        "share": None,
        "passives": None,
        "sp": None,
        "need": None,
        "declare": [],
        "shown": False,
    }
    for seat in seats_in:
        card = hand["deck"].pop(0)
        hand["pub"][seat].append(card)
        if bc.is_joker(card):
            hand["declare"].append([seat, card, "up"])
    state["hand"] = hand
    _advance(state)


def _public_keys(hand: dict[str, Any], seat: int) -> list[bc.Key]:
    return bc.keys_of(powers.public_cards(hand, seat), hand["jokers"])


def _all_cards(hand: dict[str, Any], seat: int) -> list[str]:
    return powers.public_cards(hand, seat) + hand["priv"][seat] + hand["community"]


def _deal_round(hand: dict[str, Any]) -> None:
    """B-R7: two private cards to each player still in, in order-card order."""
    hand["round"] += 1
    for seat in hand["order"]:
        if not hand["chips"]["folded"][seat]:
            powers.draw_private(hand, seat, 2)
    hand["phase"] = "reveal"


def _live(hand: dict[str, Any]) -> list[int]:
    return betting.live_seats(hand["chips"])


def _share_amount(hand: dict[str, Any]) -> int:
    share = hand["share"]
    return share["amount"] * (2 if share["double"] else 1)


def _start_share(hand: dict[str, Any]) -> None:
    """B-R8/B-D4/B-D14: the amount is fixed from the pot before anyone pays; payers answer best hand first."""
    live = _live(hand)
    order = ranking({seat: _public_keys(hand, seat) for seat in live})
    best = order[0]
    odd: list[int] = []
    if hand["round"] == 2:  # B-R9
        odd = [s for s in live if all(bc.is_odd(k[0]) for k in _public_keys(hand, s)) and hand["pub"][s]]
    hand["share"] = {
        "amount": betting.pot_total(hand["chips"]) // len(hand["dealt"]),
        "best": best,
        "queue": order[1:],
        "odd": odd,
        "double": None if best in odd else False,
    }
    if hand["round"] == 3:
        hand["r3order"] = order
    if best in odd:
        hand["need"] = {"kind": "double", "seat": best}
    hand["phase"] = "share"


def _step_share(hand: dict[str, Any]) -> bool:
    """Settle automatic payers; True when the share is over."""
    share = hand["share"]
    while share["queue"]:
        seat = share["queue"][0]
        if seat in share["odd"]:
            # B-R9/B-D16: the best hand pays an all-odd payer's share, as far as it can; the payer stays in
            hand["chips"] = betting.post(hand["chips"], share["best"], _share_amount(hand))
            share["queue"].pop(0)
            continue
        if hand["chips"]["stacks"][seat] == 0:
            share["queue"].pop(0)  # all-in already: nothing to pay, still in
            continue
        hand["need"] = {"kind": "share", "seat": seat}
        return False
    return True


def _start_special(hand: dict[str, Any]) -> None:
    """B-R10/B-R11: passives judged once, then the order: A+21 players, then lowest round-3 hand to highest."""
    live = _live(hand)
    judged = passive_rules.judge({seat: _public_keys(hand, seat) for seat in live})
    rest = [seat for seat in reversed(hand["r3order"]) if seat in live and seat not in judged["a21"]]
    hand["passives"] = judged
    hand["sp"] = {"order": judged["a21"] + rest, "a21q": list(judged["a21"]), "pos": 0, "turn": None, "todo": [],
                  "fired": False, "passes": 1}
    hand["phase"] = "special"


def _step_special(hand: dict[str, Any]) -> bool:
    """One step of the special round; True when the round is over."""
    sp = hand["sp"]
    if sp["a21q"]:
        seat = sp["a21q"].pop(0)
        drawn = [card for card in (powers.draw(hand) for _ in range(3)) if card is not None]
        if drawn:
            hand["need"] = {"kind": "keep", "seat": seat, "cards": drawn}
        return False
    if sp["todo"]:
        powers.start(hand, sp["todo"].pop(0), sp["turn"])
        return False
    if sp["turn"] is not None:
        sp["turn"] = None
        sp["pos"] += 1
        return False
    if sp["pos"] < len(sp["order"]):
        seat = sp["order"][sp["pos"]]
        todo = powers.turn_powers(powers.power_keys(hand, seat), seat, hand["passives"])
        if todo:
            sp["fired"], sp["todo"], sp["turn"] = True, todo, seat
        else:
            sp["pos"] += 1
        return False
    if sp["fired"] or not hand["deck"]:  # B-R16, B-D9
        return True
    card = powers.draw(hand)
    hand["community"].append(card)
    if bc.is_joker(card):
        hand["declare"].append([sp["order"][0], card, "up"])  # B-D17
    sp["pos"], sp["passes"] = 0, sp["passes"] + 1
    return False


def _advance(state: State) -> None:
    """Move the hand on until a seat has to decide (or the match ends)."""
    while True:
        hand = state["hand"]
        if hand["phase"] == "done" or hand["declare"]:
            return
        need = hand["need"]
        if need is not None:
            if need["kind"] in AUTO_NEEDS:
                options = powers.need_options(hand, need)
                if len(options) <= 1:
                    # a forced choice is made for the seat (none left: the power has nothing to act on)
                    if options:
                        powers.need_apply(hand, need, options[0])
                    else:
                        hand["need"] = None
                    continue
            return
        phase, chips = hand["phase"], hand["chips"]
        if phase != "order" and len(_live(hand)) == 1:
            _finish_by_folds(state)  # B-D13
            return
        if phase == "order":
            hand["order"] = sorted(hand["dealt"], key=lambda s: bc.key_of(hand["pub"][s][0], hand["jokers"]),
                                   reverse=True)
            hand["chips"] = betting.open_round(chips, hand["order"])
            hand["phase"] = "bet1"
        elif phase in ("bet1", "bet2"):
            if betting.to_act(chips) is not None:
                return
            hand["chips"] = betting.close_round(chips)
            if phase == "bet1":
                _deal_round(hand)
            else:
                _start_showdown(hand)
        elif phase == "reveal":
            if any(hand["chosen"][seat] is None for seat in _live(hand)):
                return
            for seat in hand["order"]:
                index = hand["chosen"][seat]
                if index is None:
                    continue
                card = powers.take_private(hand, seat, index)
                hand["pub"][seat].append(card)
                if bc.is_joker(card):
                    hand["declare"].append([seat, card, "up"])
            hand["chosen"] = [None] * state["players"]
            hand["phase"] = "share_start"
        elif phase == "share_start":
            _start_share(hand)
        elif phase == "share":
            if _step_share(hand):
                if hand["round"] < 3:
                    _deal_round(hand)
                else:
                    _start_special(hand)
        elif phase == "special":
            if _step_special(hand):
                hand["chips"] = betting.open_round(hand["chips"], [s for s in hand["r3order"] if s in _live(hand)])
                hand["phase"] = "bet2"
        elif phase == "showdown":
            _finish_showdown(state)
            return


def _start_showdown(hand: dict[str, Any]) -> None:
    """B-R3: jokers kept face down to the end are declared now, every live hand being shown."""
    hand["shown"] = True
    hand["phase"] = "showdown"
    for seat in hand["r3order"]:
        if seat in _live(hand):
            for card in hand["priv"][seat]:
                if bc.is_joker(card) and card not in hand["jokers"]:
                    hand["declare"].append([seat, card, "showdown"])


def _finish_showdown(state: State) -> None:
    """B-R19/B-D10: each pot to the best hand among the seats eligible for it."""
    hand = state["hand"]
    keys = {seat: hand_key(bc.keys_of(_all_cards(hand, seat), hand["jokers"])) for seat in _live(hand)}
    awards: dict[int, int] = {}
    chips = hand["chips"]
    live = _live(hand)
    pots = side_pots(chips["contrib"], live, [s for s in live if chips["stacks"][s] == 0])
    start = hand["order"][0]
    for pot in pots:
        best = winners({seat: keys[seat] for seat in pot["eligible"]}, split=state["options"]["split"])
        ordered = betting.rotate_from(best, start, state["players"])
        for seat, amount in betting.split(pot["amount"], ordered).items():
            awards[seat] = awards.get(seat, 0) + amount
    shown = {str(seat): _all_cards(hand, seat) for seat in _live(hand)}
    _finish(state, awards, {"reason": "showdown", "shown": shown,
                            "hands": {str(s): [k[0], list(k[1])] if len(k) > 1 else [] for s, k in keys.items()}})


def _finish_by_folds(state: State) -> None:
    hand = state["hand"]
    winner = _live(hand)[0]
    _finish(state, {winner: betting.pot_total(hand["chips"])}, {"reason": "folds"})


def _finish(state: State, awards: dict[int, int], result: dict[str, Any]) -> None:
    """Pay the pot, write the hand's ledger row, mark busted players (B-D3) and deal the next hand."""
    hand = state["hand"]
    hand["chips"] = betting.pay_out(hand["chips"], awards)
    stacks = list(hand["chips"]["stacks"])
    hand["phase"] = "done"
    state["stacks"] = stacks
    deltas = [after - before for after, before in zip(stacks, hand["start_stacks"], strict=True)]
    state["ledger"].append({"index": hand["index"], "deltas": deltas, "totals": stacks,
                            "awards": {str(s): a for s, a in sorted(awards.items())}, "reason": result["reason"]})
    for seat, chips in enumerate(stacks):
        if chips == 0 and state["busted"][seat] is None:
            state["busted"][seat] = hand["index"]
    state["last"] = {"index": hand["index"], "awards": {str(s): a for s, a in sorted(awards.items())},
                     "jokers": dict(hand["jokers"]), **result}
    if sum(1 for chips in stacks if chips > 0) <= 1 or len(state["ledger"]) >= state["options"]["hand_limit"]:
        state["over"] = True
        return
    _begin_hand(state)


# --- the protocol ----------------------------------------------------------------------------------------------------


class BlackCardEngine:
    name = "black-card"
    min_players = 2
    max_players = 5

    def default_options(self) -> dict[str, Any]:
        return dict(DEFAULT_OPTIONS)

    def check_options(self, options: dict[str, Any] | None, players: int) -> dict[str, Any]:
        options = dict(options or {})
        unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
        if unknown:
            raise IllegalMove("bad_options", f"Unknown options: {', '.join(unknown)}.")
        out = {**DEFAULT_OPTIONS, **options}
        for key in ("hand_limit", "chips"):
            value = out[key]
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 100_000:
                raise IllegalMove("bad_options", f"{key} must be a whole number from 1 to 100000.")
        if not isinstance(out["split"], bool):
            raise IllegalMove("bad_options", "split must be true or false.")
        return out

    def new_game(self, *, players: int, seed: str, options: dict[str, Any] | None = None) -> State:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise IllegalMove("bad_players", "Black Card is played by 2 to 5 players.")
        opts = self.check_options(options, players)
        state: State = {
            "game": self.name,
            "players": players,
            "seed": seed,
            "options": opts,
            "stacks": [opts["chips"]] * players,
            "busted": [None] * players,
            "ledger": [],
            "over": False,
            "last": None,
            "hand": None,
        }
        _begin_hand(state)
        return state

    # who moves, and with what

    def to_act(self, state: State) -> list[int]:
        if state["over"]:
            return []
        hand = state["hand"]
        if hand["declare"]:
            return [hand["declare"][0][0]]
        if hand["need"] is not None:
            return [hand["need"]["seat"]]
        if hand["phase"] in ("bet1", "bet2"):
            seat = betting.to_act(hand["chips"])
            return [] if seat is None else [seat]
        if hand["phase"] == "reveal":
            return [seat for seat in _live(hand) if hand["chosen"][seat] is None]
        return []

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        hand = state["hand"]
        if hand["declare"]:
            joker = hand["declare"][0][1]
            return [{"type": "declare", "card": joker, "as": card} for card in bc.declarable(joker)]
        need = hand["need"]
        if need is not None:
            if need["kind"] == "double":
                return [{"type": "double"}, {"type": "single"}]
            if need["kind"] == "share":
                return [{"type": "pay"}, {"type": "fold"}]
            return powers.need_options(hand, need)
        if hand["phase"] == "reveal":
            return [{"type": "reveal", "card": card} for card in hand["priv"][seat]]
        return betting.legal_moves(hand["chips"], seat, LIMITS)

    def apply_move(self, state: State, seat: int, move: Move) -> State:
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("bad_move", "A move is a JSON object with a type.")
        if state["over"]:
            raise IllegalMove("match_over", "The match is over.")
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", "It is not this seat's turn.")
        hand = state["hand"]
        if hand["phase"] in ("bet1", "bet2") and not hand["declare"] and hand["need"] is None:
            out = _clone(state)
            out["hand"]["chips"] = betting.apply(hand["chips"], seat, move, LIMITS)
            _advance(out)
            return out
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("illegal_move", f"{move!r} is not one of this seat's legal moves now.")
        out = _clone(state)
        hand = out["hand"]
        kind = move["type"]
        if hand["declare"]:
            hand["declare"].pop(0)
            hand["jokers"][move["card"]] = move["as"]
        elif hand["need"] is not None:
            need = hand["need"]
            if need["kind"] == "double":
                hand["need"] = None
                hand["share"]["double"] = kind == "double"
            elif need["kind"] == "share":
                hand["need"] = None
                hand["share"]["queue"].pop(0)
                if kind == "pay":
                    hand["chips"] = betting.post(hand["chips"], seat, _share_amount(hand))
                else:
                    hand["chips"] = betting.fold(hand["chips"], seat)
            else:
                powers.need_apply(hand, need, move)
        else:
            hand["chosen"][seat] = hand["priv"][seat].index(move["card"])
        _advance(out)
        return out

    def timeout_move(self, state: State, seat: int) -> Move:
        """B-D11 defaults."""
        legal = self.legal_moves(state, seat)
        if not legal:
            raise IllegalMove("not_your_turn", "This seat has nothing to decide now.")
        hand = state["hand"]
        if hand["declare"]:
            _, joker, when = hand["declare"][0]
            if when == "showdown":
                return {"type": "declare", "card": joker, "as": _best_declaration(hand, seat, joker)}
            return legal[0]  # turned up: the highest card it may stand for
        need = hand["need"]
        if need is not None:
            if need["kind"] == "double":
                return {"type": "single"}
            if need["kind"] == "share":
                return {"type": "pay"}
            return legal[0]
        if hand["phase"] == "reveal":
            newest = hand["priv"][seat][-2:]
            return {"type": "reveal", "card": min(newest, key=bc.timeout_order_key)}
        return betting.timeout_move(hand["chips"], seat)

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def outcome(self, state: State) -> dict[str, Any]:
        """B-D3: placed by chips; busted players behind, a later bust ahead of an earlier one; ties share."""
        stacks = state["stacks"] if state["hand"]["phase"] == "done" else _chips_now(state)
        busted = state["busted"]

        def strength(seat: int) -> tuple[int, int]:
            return (1, stacks[seat]) if busted[seat] is None else (0, busted[seat])

        n = state["players"]
        placements = [1 + sum(1 for other in range(n) if strength(other) > strength(seat)) for seat in range(n)]
        return {"placements": placements, "scores": list(stacks), "busted_in_hand": list(busted),
                "hands_played": len(state["ledger"])}

    def ledger(self, state: State) -> list[dict[str, Any]]:
        return _clone(state["ledger"])

    def ledger_count(self, state: State) -> int:
        return len(state["ledger"])

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        hand = state["hand"]
        chips = hand["chips"]
        live = set(_live(hand))
        private: list[list[str | None]] = []
        for owner in range(state["players"]):
            row: list[str | None] = []
            open_row = owner == seat or (hand["shown"] and owner in live)
            bit = 0 if seat is None else 1 << seat
            for card, seen in zip(hand["priv"][owner], hand["seen"][owner], strict=True):
                row.append(card if open_row or seen & bit else None)
            private.append(row)
        rnd = chips["round"]
        need = hand["need"]
        out: dict[str, Any] = {
            "game": self.name,
            "players": state["players"],
            "options": state["options"],
            "over": state["over"],
            "hand": hand["index"],
            "phase": hand["phase"],
            "to_act": self.to_act(state),
            "stacks": list(chips["stacks"]),
            "contrib": list(chips["contrib"]),
            "pot": betting.pot_total(chips),
            "folded": list(chips["folded"]),
            "busted": list(state["busted"]),
            "betting": None if rnd is None else {k: rnd[k] for k in ("order", "bets", "pending", "raised")},
            "order": list(hand["order"]),
            "round": hand["round"],
            "public": [[{"card": e[:2], "as": hand["jokers"].get(e[:2]), "counts": len(e) == 2} for e in cards]
                       for cards in hand["pub"]],
            "private": private,
            "jokers": dict(sorted(hand["jokers"].items())),
            "community": list(hand["community"]),
            "discards": list(hand["discards"]),
            "deck_count": len(hand["deck"]),
            "share": _clone(hand["share"]),
            "passives": _clone(hand["passives"]),
            "special": None if hand["sp"] is None else {k: _clone(hand["sp"][k]) for k in
                                                        ("order", "pos", "turn", "todo", "fired", "passes")},
            "declaring": None if not hand["declare"] else list(hand["declare"][0]),
            "need": None if need is None else dict(need),
            "revealed_ready": [hand["chosen"][s] is not None for s in range(state["players"])],
            "last": _clone(state["last"]),
        }
        if seat is not None:
            out["seat"] = seat
            index = hand["chosen"][seat]
            out["my_reveal"] = None if index is None else hand["priv"][seat][index]
            out["legal_moves"] = self.legal_moves(state, seat)
        return out

    # --- the conformance kit's introspection ---

    def conserved(self, state: State) -> dict[str, int]:
        hand = state["hand"]
        chips = hand["chips"]
        cards = len(hand["deck"]) + len(hand["community"]) + len(hand["discards"])
        cards += sum(len(p) for p in hand["pub"]) + sum(len(p) for p in hand["priv"])
        if hand["need"] is not None and hand["need"]["kind"] == "keep":
            cards += len(hand["need"]["cards"])
        return {"chips": sum(chips["stacks"]) + sum(chips["contrib"]), "cards": cards}

    def hidden_places(self, state: State, seat: int | None) -> list[list[tuple]]:
        hand = state["hand"]
        live = set(_live(hand))
        paths: list[tuple] = [("hand", "deck", i) for i in range(len(hand["deck"]))]
        for owner in range(state["players"]):
            if owner == seat or (hand["shown"] and owner in live):
                continue
            bit = 0 if seat is None else 1 << seat
            for i, seen in enumerate(hand["seen"][owner]):
                if not seen & bit:
                    paths.append(("hand", "priv", owner, i))
        return [paths]

    def conformance_variants(self) -> list[dict[str, Any]]:
        return [
            {"hand_limit": 1},
            {"hand_limit": 2, "chips": 6},
            {"hand_limit": 2, "chips": 3, "split": True},
            {"hand_limit": 2},
        ]


def _chips_now(state: State) -> list[int]:
    chips = state["hand"]["chips"]
    return [s + c for s, c in zip(chips["stacks"], chips["contrib"], strict=True)]


def _best_declaration(hand: dict[str, Any], seat: int, joker: str) -> str:
    """B-D11: the declaration that makes the best showdown hand (another undeclared joker at its best too)."""
    cards = _all_cards(hand, seat)
    pending = [c for c in cards if bc.is_joker(c) and c not in hand["jokers"] and c != joker]
    best_card, best_key = None, None
    for card in bc.declarable(joker):
        trial = {**hand["jokers"], joker: card}
        options = [trial] if not pending else [{**trial, pending[0]: other} for other in bc.declarable(pending[0])]
        key = max(hand_key(bc.keys_of(cards, jokers)) for jokers in options)
        if best_key is None or key > best_key:
            best_card, best_key = card, key
    return best_card


ENGINE = BlackCardEngine()
