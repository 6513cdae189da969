"""The Coinche engine: the protocol of games.core.protocol, sequencing the pure rules of the sibling modules.

State (plain JSON): the table's options, the deal in progress (dealer, hands, auction, contract, trick), the won
card points and tricks of the deal, and the match's ledger and running totals. The options, the last trick and the
auction's parts are never changed in place once stored, so a new state may share them with the old one.
Every move copies the state, and the conformance kit deep-copies it several times per move, so the state is kept
small: the auction's calls are compact text, and each ledger row is stored as its canonical JSON text (a finished
deal's row never changes); `ledger()` and the views decode them.
"""

import json
from typing import Any

from games.coinche import bidding, play, scoring
from games.coinche.cards import LAST_TRICK_BONUS, cards_points, hand_sorted, timeout_order_key
from games.core.cards import coinche_deck
from games.core.errors import IllegalMove
from games.core.rng import choice_index, shuffled

TEAMS = ([0, 2], [1, 3])  # K-R1: partners sit opposite
PACKETS = (3, 3, 2)  # K-R4
MOVE_TYPES = ("pass", "bid", "slam", "coinche", "surcoinche", "play")

DEFAULT_OPTIONS: dict[str, Any] = {
    "target_score": 2000,  # K-R27
    "lowest_bid": 80,  # K-R12
    "bid_step": 10,  # K-R12
    "belote_counts_for_contract": True,  # K-D6
    "made_contract_scores": "points_and_bid",  # K-R21; or "bid_only"
    "all_tricks_bonus": 250,  # K-R22; or 252
    "must_undertrump": True,  # K-R18.2
}


def _bad(message: str) -> IllegalMove:
    return IllegalMove("bad_options", message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def team_of(seat: int) -> int:
    return seat % 2


class CoincheEngine:
    name = "coinche"
    min_players = 4
    max_players = 4

    # --- options ---

    def default_options(self) -> dict[str, Any]:
        return dict(DEFAULT_OPTIONS)

    def check_options(self, options: dict[str, Any] | None, players: int) -> dict[str, Any]:
        """K-D15: every table setting with its default; IllegalMove("bad_options") on anything else."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise _bad("options must be an object")
        if players != 4:
            raise _bad("Coinche is played by exactly 4 players")
        unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
        if unknown:
            raise _bad(f"unknown options: {', '.join(map(str, unknown))}")
        out = {**DEFAULT_OPTIONS, **options}
        if not _is_int(out["target_score"]) or not 100 <= out["target_score"] <= 10_000:
            raise _bad("target_score must be an integer from 100 to 10000")
        if not _is_int(out["lowest_bid"]) or not 50 <= out["lowest_bid"] <= bidding.HIGHEST_BID:
            raise _bad(f"lowest_bid must be an integer from 50 to {bidding.HIGHEST_BID}")
        if not _is_int(out["bid_step"]) or not 5 <= out["bid_step"] <= 50 or out["bid_step"] % 5:
            raise _bad("bid_step must be a multiple of 5 from 5 to 50")
        for key in ("belote_counts_for_contract", "must_undertrump"):
            if not isinstance(out[key], bool):
                raise _bad(f"{key} must be true or false")
        if out["made_contract_scores"] not in ("points_and_bid", "bid_only"):
            raise _bad('made_contract_scores must be "points_and_bid" or "bid_only"')
        if out["all_tricks_bonus"] not in (250, 252) or isinstance(out["all_tricks_bonus"], bool):
            raise _bad("all_tricks_bonus must be 250 or 252")
        return out

    # --- set-up ---

    def new_game(self, *, players: int, seed: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
        if not isinstance(seed, str) or not seed:
            raise IllegalMove("bad_seed", "the seed must be a non-empty string")
        options = self.check_options(options, players)
        state: dict[str, Any] = {
            "players": 4,
            "seed": seed,
            "options": options,
            "first_dealer": choice_index(4, seed=seed, label="first-dealer"),  # K-R3
            "totals": [0, 0],
            "ledger": [],
            "winner": None,
        }
        _deal(state, number=0, dealer=state["first_dealer"])
        return state

    # --- turn order and moves ---

    def to_act(self, state: dict[str, Any]) -> list[int]:
        phase = state["phase"]
        if phase == "bidding":
            return bidding.auction_to_act(state["auction"])
        if phase == "surcoinche":
            return [state["surcoinche_turns"][0]]
        if phase == "play":
            return [state["turn"]]
        return []

    def legal_moves(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        phase = state["phase"]
        if phase == "bidding":
            return bidding.legal_calls(state["auction"], seat, state["options"])
        if phase == "surcoinche":
            if seat != state["surcoinche_turns"][0]:
                return []
            return [dict(bidding.SURCOINCHE), dict(bidding.PASS)]
        if phase == "play":
            if seat != state["turn"]:
                return []
            return [{"type": "play", "card": card} for card in _legal_cards(state, seat)]
        return []

    def apply_move(self, state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
        if not _is_int(seat) or not 0 <= seat < 4:
            raise IllegalMove("bad_seat", "seat must be 0, 1, 2 or 3")
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("bad_move", "a move is an object with a string type")
        if move["type"] not in MOVE_TYPES:
            raise IllegalMove("unknown_move", f"unknown move type {move['type']!r}")
        phase = state["phase"]
        if phase == "over":
            raise IllegalMove("game_over", "the match is over")
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", f"seat {seat} is not to act")
        if phase == "bidding":
            if move["type"] not in ("pass", "bid", "slam", "coinche"):
                raise IllegalMove("wrong_phase", f"no {move['type']} while bidding")
            return _apply_call(state, seat, move)
        if phase == "surcoinche":
            if move["type"] not in ("pass", "surcoinche"):
                raise IllegalMove("wrong_phase", f"only surcoinche or pass now, not {move['type']}")
            if set(move) != {"type"}:
                raise IllegalMove("bad_move", f"a {move['type']} has only a type")
            return _apply_surcoinche(state, seat, move["type"])
        if move["type"] != "play":
            raise IllegalMove("wrong_phase", f"no {move['type']} during play")
        if set(move) != {"type", "card"} or not isinstance(move["card"], str):
            raise IllegalMove("bad_move", 'a play is {"type": "play", "card": code}')
        return _apply_card(state, seat, move["card"])

    def timeout_move(self, state: dict[str, Any], seat: int) -> dict[str, Any]:
        """K-D14: pass while bidding (never coinche); in play the lowest legal card."""
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", f"seat {seat} is not to act")
        if state["phase"] in ("bidding", "surcoinche"):
            return dict(bidding.PASS)
        trump = state["contract"]["suit"]
        card = min(_legal_cards(state, seat), key=lambda c: timeout_order_key(c, trump))
        return {"type": "play", "card": card}

    # --- reading ---

    def is_over(self, state: dict[str, Any]) -> bool:
        return state["phase"] == "over"

    def outcome(self, state: dict[str, Any]) -> dict[str, Any]:
        """Placements by team (the winning team's two seats first); before the end, the standing so far."""
        totals = state["totals"]
        winner = state["winner"]
        if winner is None:
            winner = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
        places = [1 if winner is None or team_of(seat) == winner else 2 for seat in range(4)]
        return {
            "placements": places,
            "scores": [totals[team_of(seat)] for seat in range(4)],
            "teams": [list(team) for team in TEAMS],
            "team_scores": list(totals),
            "winner_team": state["winner"],
            "final": state["phase"] == "over",
        }

    def ledger(self, state: dict[str, Any]) -> list[dict[str, Any]]:
        """K-D13: one row per deal, thrown-in deals included (they score nothing)."""
        return [json.loads(row) for row in state["ledger"]]

    def ledger_count(self, state: dict[str, Any]) -> int:
        return len(state["ledger"])

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """What `seat` may see (K-R17, K-D16): its own hand only, the auction, the current and last trick."""
        if seat is not None and (not _is_int(seat) or not 0 <= seat < 4):
            raise IllegalMove("bad_seat", "seat must be 0, 1, 2 or 3, or None for a spectator")
        contract = state["contract"]
        trump = contract["suit"] if contract else None
        auction = state["auction"]
        out: dict[str, Any] = {
            "game": "coinche",
            "phase": state["phase"],
            "seat": seat,
            "to_act": self.to_act(state),
            "options": dict(state["options"]),
            "teams": [list(team) for team in TEAMS],
            "deal": state["deal"],
            "dealer": state["dealer"],
            "cut": {"by": (state["dealer"] + 3) % 4, "at": state["cut"]},
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "auction": {
                "calls": [bidding.call_record(call) for call in auction["calls"]],
                "bid": dict(auction["bid"]) if auction["bid"] else None,
                "on_turn": auction["turn"] if state["phase"] == "bidding" else None,
                "coinche_waived": list(auction["waived"]),
            },
            "contract": dict(contract) if contract else None,
            "surcoinche_turn": state["surcoinche_turns"][0] if state["phase"] == "surcoinche" else None,
            "turn": state["turn"] if state["phase"] == "play" else None,
            "trick": _trick_view(state["trick"], state["leader"]),
            "last_trick": _last_trick_view(state["last_trick"]),
            "announcements": [dict(a) for a in state["announcements"]],
            "tricks": list(state["won_tricks"]),
            "scores": list(state["totals"]),
            "deals": len(state["ledger"]),
            "winner_team": state["winner"],
        }
        if seat is not None:
            out["hand"] = hand_sorted(state["hands"][seat], trump)
            out["legal_moves"] = self.legal_moves(state, seat)
        return out

    # --- conformance kit ---

    def conserved(self, state: dict[str, Any]) -> dict[str, int]:
        """32 cards, and 162 points per deal (K-R7): won card points + the cards still out + the pending last trick."""
        contract = state["contract"]
        # before a contract no card is won, and the 32 cards are worth 152 whichever suit will be trump
        trump = contract["suit"] if contract else "S"
        out_cards = [card for hand in state["hands"] for card in hand] + state["trick"]
        pending = LAST_TRICK_BONUS if out_cards else 0
        return {
            "cards": len(out_cards) + 4 * sum(state["won_tricks"]),
            "deal_points": sum(state["won_points"]) + cards_points(out_cards, trump) + pending,
        }

    def hidden_places(self, state: dict[str, Any], seat: int | None) -> list[list[tuple]]:
        """Every card of every other hand; played cards are public (the move record shows them)."""
        group = [
            ("hands", other, i)
            for other in range(4) if other != seat
            for i in range(len(state["hands"][other]))
        ]
        return [group] if group else []

    def conformance_variants(self) -> list[dict[str, Any]]:
        return [
            {},  # the full race to 2000 under the default rules
            {"target_score": 300},
            {"target_score": 500, "must_undertrump": False, "all_tricks_bonus": 252},
            {"target_score": 300, "belote_counts_for_contract": False, "made_contract_scores": "bid_only"},
            {"target_score": 400, "lowest_bid": 90, "bid_step": 20},
        ]


# --- the state machine, one step at a time (each returns a new state) ---


def _copy(state: dict[str, Any]) -> dict[str, Any]:
    """A new state whose mutable parts are fresh; stored rows, tricks and options are shared (never changed)."""
    new = dict(state)
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["trick"] = list(state["trick"])
    new["won_points"] = list(state["won_points"])
    new["won_tricks"] = list(state["won_tricks"])
    new["totals"] = list(state["totals"])
    new["ledger"] = list(state["ledger"])
    new["announcements"] = list(state["announcements"])
    new["surcoinche_turns"] = list(state["surcoinche_turns"])
    if state["contract"] is not None:
        new["contract"] = dict(state["contract"])
    return new


def _deal(state: dict[str, Any], *, number: int, dealer: int) -> None:
    """K-R4/K-D2: the seeded deck of deal `number`, cut by the dealer's left, dealt 3-3-2 from the dealer's right."""
    deck = shuffled(coinche_deck(), seed=state["seed"], label=f"deal-{number}")
    cut = 1 + choice_index(len(deck) - 1, seed=state["seed"], label=f"cut-{number}")
    deck = deck[cut:] + deck[:cut]
    hands: list[list[str]] = [[], [], [], []]
    position = 0
    for seat, size in _packets(dealer):
        hands[seat].extend(deck[position:position + size])
        position += size
    first = (dealer + 1) % 4
    state.update({
        "phase": "bidding",
        "deal": number,
        "dealer": dealer,
        "cut": cut,
        "hands": hands,
        "auction": bidding.auction_new(first=first),
        "contract": None,
        "surcoinche_turns": [],
        "turn": None,
        "leader": None,
        "trick": [],
        "won_points": [0, 0],
        "won_tricks": [0, 0],
        "belote_seat": None,
        "announcements": [],
    })
    state.setdefault("last_trick", None)


def _packets(dealer: int) -> list[list[int]]:
    """K-D2: [seat, size] in dealing order: 3, 3 then 2 cards, counter-clockwise from the dealer's right."""
    return [[(dealer + step) % 4, size] for size in PACKETS for step in range(1, 5)]


def _trick_view(trick: list[str], leader: int | None) -> dict[str, Any]:
    return {"leader": leader, "cards": [[(leader + i) % 4, card] for i, card in enumerate(trick)]}


def _last_trick_view(last: dict[str, Any] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {**_trick_view(last["cards"], last["leader"]), "winner": last["winner"]}


def _legal_cards(state: dict[str, Any], seat: int) -> list[str]:
    return play.legal_cards(
        state["hands"][seat], state["trick"], state["leader"], state["contract"]["suit"],
        undertrump=state["options"]["must_undertrump"],
    )


def _apply_call(state: dict[str, Any], seat: int, move: dict[str, Any]) -> dict[str, Any]:
    auction, status = bidding.call_apply(state["auction"], seat, move, state["options"])
    new = _copy(state)
    new["auction"] = auction
    if status == "open":
        return new
    if status == "thrown_in":
        # K-R11/K-D4: nothing scored, the deal passes on and the cards are dealt again
        _ledger_append(new, {"thrown_in": True, "contract": None})
        _deal(new, number=state["deal"] + 1, dealer=(state["dealer"] + 1) % 4)
        return new
    bid = auction["bid"]
    new["contract"] = {
        "seat": bid["seat"],
        "team": team_of(bid["seat"]),
        "points": bid["points"],
        "suit": bid["suit"],
        "slam": status == "slam",
        "level": 1,
        "coinche_by": None,
        "surcoinche_by": None,
    }
    if status == "coinched":
        new["contract"]["level"] = 2
        new["contract"]["coinche_by"] = seat
        new["phase"] = "surcoinche"
        new["surcoinche_turns"] = bidding.surcoinche_order(seat)
        return new
    _start_play(new)
    return new


def _apply_surcoinche(state: dict[str, Any], seat: int, kind: str) -> dict[str, Any]:
    """K-R14/K-D8: the contracting team's one chance to surcoinche; both passing starts play."""
    new = _copy(state)
    calls = [*state["auction"]["calls"], bidding.call_text(seat, {"type": kind})]
    new["auction"] = {**state["auction"], "calls": calls}
    if kind == "surcoinche":
        new["contract"]["level"] = 4
        new["contract"]["surcoinche_by"] = seat
        new["surcoinche_turns"] = []
        _start_play(new)
        return new
    new["surcoinche_turns"].pop(0)
    if not new["surcoinche_turns"]:
        _start_play(new)
    return new


def _start_play(state: dict[str, Any]) -> None:
    """K-R17: the dealer's right leads the first trick."""
    state["phase"] = "play"
    state["turn"] = (state["dealer"] + 1) % 4
    state["leader"] = state["turn"]
    state["belote_seat"] = play.belote_holder(state["hands"], state["contract"]["suit"])


def _apply_card(state: dict[str, Any], seat: int, card: str) -> dict[str, Any]:
    hand = state["hands"][seat]
    if card not in hand:
        raise IllegalMove("card_not_in_hand", f"{card!r} is not in seat {seat}'s hand")
    if card not in _legal_cards(state, seat):
        raise IllegalMove("illegal_card", f"{card} may not be played now (K-R18)")
    trump = state["contract"]["suit"]
    new = _copy(state)
    new["hands"][seat].remove(card)
    new["last_trick"] = None  # K-D16: the last trick stays on view until the next card is played
    announced = sum(1 for a in state["announcements"] if a["seat"] == seat)
    call = play.belote_call(card, trump, seat, state["belote_seat"], announced)
    if call is not None:
        new["announcements"].append({"seat": seat, "call": call, "card": card})
    new["trick"].append(card)
    if len(new["trick"]) < 4:
        new["turn"] = (seat + 1) % 4
        return new
    winner = play.trick_winner(new["trick"], state["leader"], trump)
    team = team_of(winner)
    new["won_points"][team] += cards_points(new["trick"], trump)
    new["won_tricks"][team] += 1
    new["last_trick"] = {"leader": state["leader"], "cards": new["trick"], "winner": winner}
    new["trick"] = []
    new["turn"] = winner
    new["leader"] = winner
    if any(new["hands"]):
        return new
    new["won_points"][team] += LAST_TRICK_BONUS  # K-R7
    _deal_end(new, last_trick_team=team)
    return new


def _deal_end(state: dict[str, Any], *, last_trick_team: int) -> None:
    """Score the deal (K-R20..K-R26), write its ledger row (K-D13), end the match or deal again."""
    contract = state["contract"]
    belote_seat = state["belote_seat"]
    belote_team = team_of(belote_seat) if belote_seat is not None else None
    card_points = list(state["won_points"])
    card_points[last_trick_team] -= LAST_TRICK_BONUS
    result = scoring.deal_score(
        contract=contract,
        card_points=card_points,
        last_trick_team=last_trick_team,
        tricks=state["won_tricks"],
        belote_team=belote_team,
        options=state["options"],
    )
    _ledger_append(state, {
        "thrown_in": False,
        "contract": {key: contract[key] for key in ("seat", "team", "points", "suit", "slam")},
        "coinche": contract["level"],
        "card_points": card_points,
        "last_trick_team": last_trick_team,
        "tricks": list(state["won_tricks"]),
        "belote_team": belote_team,
        "points_made": result["points_made"],
        "made": result["made"],
        "all_tricks": result["all_tricks"],
        "raw_scores": result["raw"],
    }, score=result["score"])
    winner = scoring.match_winner(state["totals"], state["options"]["target_score"])
    if winner is not None:
        state["winner"] = winner
        state["phase"] = "over"
        state["turn"] = None
        return
    _deal(state, number=state["deal"] + 1, dealer=(state["dealer"] + 1) % 4)


def _ledger_append(state: dict[str, Any], fields: dict[str, Any], *, score: list[int] | None = None) -> None:
    """K-D13: one row per deal; a team's running total is always the sum of its deal scores."""
    score = score or [0, 0]
    totals = [state["totals"][t] + score[t] for t in (0, 1)]
    state["totals"] = totals
    row = {
        "index": len(state["ledger"]),
        "deal": state["deal"],
        "dealer": state["dealer"],
        **fields,
        "team_scores": list(score),
        "team_totals": list(totals),
        "deltas": [score[team_of(seat)] for seat in range(4)],
        "totals": [totals[team_of(seat)] for seat in range(4)],
    }
    state["ledger"].append(json.dumps(row, sort_keys=True, separators=(",", ":")))


ENGINE = CoincheEngine()
