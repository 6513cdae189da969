"""The Coinche engine: the protocol of games.core.protocol, sequencing the pure rules of the sibling modules.

State (plain JSON): the table's options, the deal in progress (dealer, hands, auction, contract, trick), the won
card points and tricks of the deal, and the match's ledger rows and running totals. The functions that change a
state are handed the events list of the move and append to it as they go (games/coinche/events.py), so that
`play_move` and `apply_move` are one code path.
"""

import random
from typing import Any

from games.coinche import bidding, bot, events, play, scoring
from games.coinche.cards import LAST_TRICK_BONUS, cards_points, hand_sorted, timeout_order_key
from games.coinche.options import DEFAULT_OPTIONS, OPTIONS, PLAYERS, check_options
from games.core import choices
from games.core.cards import SUITS, coinche_deck
from games.core.errors import IllegalMove
from games.core.events import LoggedMove, public_moves_of
from games.core.i18n import _
from games.core.options import schema_json
from games.core.protocol import Event, Move, Path, State
from games.core.rng import choice_index, shuffled
from games.core.state import copied

TEAMS = ([0, 2], [1, 3])  # K-R1: partners sit opposite
PACKETS = (3, 3, 2)  # K-R4
TRICKS_PER_DEAL = 8

# the fields each move carries (a client may invent none: games/core/protocol.py)
MOVE_KEYS = {
    "pass": {"type"},
    "bid": {"type", "points", "suit"},
    "slam": {"type", "suit"},
    "coinche": {"type"},
    "surcoinche": {"type"},
    "play": {"type", "card"},
}
PHASE_MOVES = {
    "bidding": ("pass", "bid", "slam", "coinche"),
    "surcoinche": ("surcoinche", "pass"),
    "play": ("play",),
}
WRONG_PHASE = {
    "bidding": _("The auction is on: pass, bid, bid a slam or coinche."),
    "surcoinche": _("The contract is coinched: surcoinche or pass."),
    "play": _("The auction is over: play a card."),
}

__all__ = ["DEFAULT_OPTIONS", "ENGINE", "CoincheEngine", "team_of"]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def team_of(seat: int) -> int:
    return seat % 2


class CoincheEngine:
    name = "coinche"
    title = _("Coinche")
    min_players = PLAYERS
    max_players = PLAYERS

    # --- options ---

    def options_schema(self) -> list[dict[str, Any]]:
        return schema_json(OPTIONS)

    def default_options(self) -> dict[str, Any]:
        return dict(DEFAULT_OPTIONS)

    def check_options(self, options: dict[str, Any] | None, players: int) -> dict[str, Any]:
        return check_options(options, players)

    def teams(self, players: int) -> list[list[int]] | None:
        return [list(team) for team in TEAMS]

    # --- set-up ---

    def new_game(self, *, players: int, seed: str, options: dict[str, Any] | None = None) -> State:
        if not isinstance(seed, str) or not seed:
            raise IllegalMove("bad_seed", _("The seed is a non-empty string."))
        options = check_options(options, players)
        state: State = {
            "players": PLAYERS,
            "seed": seed,
            "options": options,
            "first_dealer": choice_index(4, seed=seed, label="first-dealer"),  # K-R3
            "totals": [0, 0],
            "ledger": [],
            "winner": None,
            "last_trick": None,
        }
        _deal(state, [], number=0, dealer=state["first_dealer"])
        return state

    def opening_events(self, state: State) -> list[Event]:
        """The first deal: its number and dealer, the cut, and each seat's eight cards to that seat (K-R4)."""
        return events.deal_started(state["deal"] + 1, dealer=state["dealer"], cut=state["cut"], hands=state["hands"])

    # --- turn order and moves ---

    def to_act(self, state: State) -> list[int]:
        phase = state["phase"]
        if phase == "bidding":
            return bidding.auction_to_act(state["auction"])
        if phase == "surcoinche":
            return [state["surcoinche_turns"][0]]
        if phase == "play":
            return [state["turn"]]
        return []

    def secret_step(self, state: State) -> bool:
        """Never: every call and card is made face up, and an out-of-turn coinche (K-D7) is public too."""
        return False

    def legal_moves(self, state: State, seat: int) -> list[Move]:
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

    def apply_move(self, state: State, seat: int, move: Move) -> State:
        return self.play_move(state, seat, move)[0]

    def play_move(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        self._check_move(state, seat, move)
        told: list[Event] = []
        phase = state["phase"]
        if phase == "bidding":
            new = _apply_call(state, seat, move, told)
        elif phase == "surcoinche":
            new = _apply_surcoinche(state, seat, move["type"], told)
        else:
            new = _apply_card(state, seat, move["card"], told)
        return new, told

    def _check_move(self, state: State, seat: Any, move: Any) -> None:
        """The refusals that do not depend on the rules of the phase: who, what shape, whose turn."""
        if not _is_int(seat) or not 0 <= seat < PLAYERS:
            raise IllegalMove("bad_seat", _("A seat is 0, 1, 2 or 3."))
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("bad_move", _("A move is a JSON object with a type."))
        kind = move["type"]
        keys = MOVE_KEYS.get(kind)
        if keys is None:
            raise IllegalMove("unknown_move", _("Coinche has no {kind} move."), kind=kind)
        if not move.keys() <= keys:
            raise IllegalMove(
                "unknown_field",
                _("A {kind} move has no field {fields}."),
                kind=kind,
                fields=", ".join(sorted(map(str, move.keys() - keys))),
            )
        if move.keys() != keys:
            raise IllegalMove(
                "bad_move", _("A {kind} move needs the fields {fields}."), kind=kind, fields=", ".join(sorted(keys))
            )
        phase = state["phase"]
        if phase == "over":
            raise IllegalMove("game_over", _("The match is over."))
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", _("It is not your turn."))
        if kind not in PHASE_MOVES[phase]:
            raise IllegalMove("wrong_phase", WRONG_PHASE[phase])
        if kind == "play" and not isinstance(move["card"], str):
            raise IllegalMove("bad_move", _("A play names a card, e.g. JH for the Jack of hearts."))

    def phases(self) -> dict[str, str]:
        return {"bidding": _("bidding"), "surcoinche": _("surcoinche"), "play": _("playing tricks"), "over": _("over")}

    def event_types(self) -> dict[str, str]:
        return dict(events.EVENT_TYPES)

    def public_moves(self, log: list[LoggedMove]) -> list[Move]:
        """Every call and every card of Coinche is made in public: no move keeps anything secret. The hands of a deal
        thrown in (K-R11) are never shown, and no move names them."""
        return public_moves_of(log, lambda _log, _index: False)

    def timeout_move(self, state: State, seat: int) -> Move:
        """K-D14: pass while bidding (never coinche); in play the lowest legal card."""
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", _("It is not your turn."))
        if state["phase"] in ("bidding", "surcoinche"):
            return dict(bidding.PASS)
        trump = state["contract"]["suit"]
        card = min(_legal_cards(state, seat), key=lambda c: timeout_order_key(c, trump))
        return {"type": "play", "card": card}

    def bot_move(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        return bot.bot_move(view, legal, rng)

    # --- reading ---

    def is_over(self, state: State) -> bool:
        return bool(state["phase"] == "over")

    def outcome(self, state: State) -> dict[str, Any]:
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

    def ledger(self, state: State) -> list[dict[str, Any]]:
        """K-D13: one row per deal, thrown-in deals included (they score nothing)."""
        return [copied(row) for row in state["ledger"]]

    def ledger_count(self, state: State) -> int:
        return len(state["ledger"])

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (K-R17, K-D16): its own hand only, the auction, the current and last trick."""
        if seat is not None and (not _is_int(seat) or not 0 <= seat < PLAYERS):
            raise IllegalMove("bad_seat", _("A seat is 0, 1, 2 or 3, or none for a spectator."))
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
                "calls": [dict(call) for call in auction["calls"]],
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

    def choices(self, state: State, seat: int) -> dict[str, Any]:
        """The hand sorted as the view shows it; in play the seat's card on turn, each other card refused as K-R18
        says (`play.card_refusal`); in the auction the bidding box of every bid and slam (K-R12)."""
        contract = state["contract"]
        hand = hand_sorted(state["hands"][seat], contract["suit"] if contract else None)
        grid = {
            "rows": [{"type": "bid", "points": points} for points in bidding.bid_levels(state["options"])]
            + [{"type": "slam"}],
            "columns": [{"suit": suit} for suit in SUITS],
        }
        if state["phase"] == "bidding" and seat == state["auction"]["turn"]:
            return choices.declared(hand, grid=grid)
        if state["phase"] != "play" or seat != state["turn"]:
            return choices.declared(hand)
        legal = _legal_cards(state, seat)
        refused = {
            card: choices.refusal(
                play.card_refusal(state["hands"][seat], state["trick"], state["leader"], contract["suit"])
            )
            for card in hand
            if card not in legal
        }
        return choices.declared(hand, pick=choices.single("play"), refused=refused)

    # --- conformance kit ---

    def conserved(self, state: State) -> dict[str, int]:
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

    def hidden_places(self, state: State, seat: int | None) -> list[list[Path]]:
        """Every card of every other hand; played cards are public (the move record shows them)."""
        group: list[Path] = [
            ("hands", other, i) for other in range(4) if other != seat for i in range(len(state["hands"][other]))
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


# --- the state machine, one step at a time (each returns a new state and appends the events it caused) ---


def _next(state: State) -> State:
    """The state a step builds on: a new top level sharing every part with `state`. No part of a stored state is
    ever changed in place: a step replaces each part it changes (a hand, the trick, the auction, the ledger list…),
    so the previous state, which may be the caller's, stays as it was.

    Kept instead of copying with `games.core.state.copied`: a move costs 11-15 µs, a marshal copy of the whole state
    12-16 µs more, and bench/engines.py's playouts ran at 38-40 % of the speed with it (docs/rules/coinche.md, "State
    and performance").
    """
    return dict(state)


def _deal(state: State, told: list[Event], *, number: int, dealer: int) -> None:
    """K-R4/K-D2: the seeded deck of deal `number`, cut by the dealer's left, dealt 3-3-2 from the dealer's right."""
    deck = shuffled(coinche_deck(), seed=state["seed"], label=f"deal-{number}")
    cut = 1 + choice_index(len(deck) - 1, seed=state["seed"], label=f"cut-{number}")
    deck = deck[cut:] + deck[:cut]
    hands: list[list[str]] = [[], [], [], []]
    position = 0
    for seat, size in _packets(dealer):
        hands[seat].extend(deck[position : position + size])
        position += size
    state.update(
        {
            "phase": "bidding",
            "deal": number,
            "dealer": dealer,
            "cut": cut,
            "hands": hands,
            "auction": bidding.auction_new(first=(dealer + 1) % 4),
            "contract": None,
            "surcoinche_turns": [],
            "turn": None,
            "leader": None,
            "trick": [],
            "won_points": [0, 0],
            "won_tricks": [0, 0],
            "belote_seat": None,
            "announcements": [],
        }
    )
    told += events.deal_started(number + 1, dealer=dealer, cut=cut, hands=hands)


def _packets(dealer: int) -> list[list[int]]:
    """K-D2: [seat, size] in dealing order: 3, 3 then 2 cards, counter-clockwise from the dealer's right."""
    return [[(dealer + step) % 4, size] for size in PACKETS for step in range(1, 5)]


def _trick_view(trick: list[str], leader: int | None) -> dict[str, Any]:
    if leader is None:
        return {"leader": None, "cards": []}
    return {"leader": leader, "cards": [[(leader + i) % 4, card] for i, card in enumerate(trick)]}


def _last_trick_view(last: dict[str, Any] | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {**_trick_view(last["cards"], last["leader"]), "winner": last["winner"]}


def _legal_cards(state: State, seat: int) -> list[str]:
    return play.legal_cards(
        state["hands"][seat],
        state["trick"],
        state["leader"],
        state["contract"]["suit"],
        undertrump=state["options"]["must_undertrump"],
    )


def _apply_call(state: State, seat: int, move: Move, told: list[Event]) -> State:
    auction = state["auction"]
    declines = move["type"] == "pass" and seat != auction["turn"]  # K-D7: an out-of-turn pass
    new_auction, status = bidding.call_apply(auction, seat, move, state["options"])
    new = _next(state)
    new["auction"] = new_auction
    if declines:
        told.append(events.coinche_declined(seat))
    else:
        bidder = auction["bid"]["seat"] if auction["bid"] is not None else None
        told.append(events.call_made(seat, move, target=bidder))
    if status == "open":
        return new
    if status == "thrown_in":
        # K-R11/K-D4: nothing scored, the deal passes on and the cards are dealt again
        told.append(events.thrown_in(state["dealer"]))
        row = _ledger_append(new, {"thrown_in": True, "contract": None})
        told.append(events.deal_ended(row))
        _deal(new, told, number=state["deal"] + 1, dealer=(state["dealer"] + 1) % 4)
        return new
    bid = new_auction["bid"]
    coinched = status == "coinched"
    new["contract"] = {
        "seat": bid["seat"],
        "team": team_of(bid["seat"]),
        "points": bid["points"],
        "suit": bid["suit"],
        "slam": status == "slam",
        "level": 2 if coinched else 1,
        "coinche_by": seat if coinched else None,
        "surcoinche_by": None,
    }
    if coinched:
        new["phase"] = "surcoinche"
        new["surcoinche_turns"] = bidding.surcoinche_order(seat)
        return new
    _start_play(new, told)
    return new


def _apply_surcoinche(state: State, seat: int, kind: str, told: list[Event]) -> State:
    """K-R14/K-D8: the contracting team's one chance to surcoinche; both passing starts play."""
    new = _next(state)
    call = {"type": kind}
    new["auction"] = {**state["auction"], "calls": [*state["auction"]["calls"], bidding.call_record(seat, call)]}
    told.append(events.call_made(seat, call))
    if kind == "surcoinche":
        new["contract"] = {**state["contract"], "level": 4, "surcoinche_by": seat}
        new["surcoinche_turns"] = []
        _start_play(new, told)
        return new
    new["surcoinche_turns"] = state["surcoinche_turns"][1:]
    if not new["surcoinche_turns"]:
        _start_play(new, told)
    return new


def _start_play(state: State, told: list[Event]) -> None:
    """K-R16: the contract is settled; K-R17: the dealer's right leads the first trick."""
    state["phase"] = "play"
    state["turn"] = (state["dealer"] + 1) % 4
    state["leader"] = state["turn"]
    state["belote_seat"] = play.belote_holder(state["hands"], state["contract"]["suit"])
    told.append(events.contract_closed(state["contract"]))


def _apply_card(state: State, seat: int, card: str, told: list[Event]) -> State:
    hand = state["hands"][seat]
    if card not in hand:
        raise IllegalMove("card_not_in_hand", _("You do not hold {card}."), card=card)
    trump = state["contract"]["suit"]
    if card not in _legal_cards(state, seat):
        raise play.card_refusal(hand, state["trick"], state["leader"], trump)
    new = _next(state)
    hands = list(state["hands"])
    hands[seat] = [held for held in hand if held != card]
    new["hands"] = hands
    new["last_trick"] = None  # K-D16: the last trick stays on view until the next card is played
    told.append(events.card_played(seat, card))
    # only the holder announces (K-R8), so the announcements so far are all its own
    call = play.belote_call(card, trump, seat, state["belote_seat"], len(state["announcements"]))
    if call is not None:
        new["announcements"] = [*state["announcements"], {"seat": seat, "call": call, "card": card}]
        told.append(events.belote_announced(seat, call, card))
    trick = [*state["trick"], card]
    if len(trick) < 4:
        new["trick"] = trick
        new["turn"] = (seat + 1) % 4
        return new
    leader = state["leader"]
    winner = play.trick_winner(trick, leader, trump)
    team = team_of(winner)
    won_tricks = list(state["won_tricks"])
    won_tricks[team] += 1
    number = sum(won_tricks)
    points = cards_points(trick, trump) + (LAST_TRICK_BONUS if number == TRICKS_PER_DEAL else 0)  # K-R7
    won_points = list(state["won_points"])
    won_points[team] += points
    told.append(events.trick_won(number, leader=leader, winner=winner, cards=trick, points=points))
    new.update(
        {
            "won_tricks": won_tricks,
            "won_points": won_points,
            "last_trick": {"leader": leader, "cards": trick, "winner": winner},
            "trick": [],
            "turn": winner,
            "leader": winner,
        }
    )
    if number == TRICKS_PER_DEAL:
        _deal_end(new, told, last_trick_team=team)
    return new


def _deal_end(state: State, told: list[Event], *, last_trick_team: int) -> None:
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
    row = _ledger_append(
        state,
        {
            "thrown_in": False,
            "contract": {key: contract[key] for key in ("points", "seat", "slam", "suit", "team")},
            "coinche": contract["level"],
            "card_points": card_points,
            "last_trick_team": last_trick_team,
            "tricks": list(state["won_tricks"]),
            "belote_team": belote_team,
            "points_made": result["points_made"],
            "made": result["made"],
            "all_tricks": result["all_tricks"],
            "raw_scores": result["raw"],
        },
        score=result["score"],
    )
    told.append(events.deal_scored(row, TEAMS))
    told.append(events.deal_ended(row))
    winner = scoring.match_winner(state["totals"], state["options"]["target_score"])
    if winner is not None:
        state["winner"] = winner
        state["phase"] = "over"
        state["turn"] = None
        told.append(events.match_ended(ENGINE.outcome(state), list(TEAMS[winner])))
        return
    _deal(state, told, number=state["deal"] + 1, dealer=(state["dealer"] + 1) % 4)


def _ledger_append(state: State, fields: dict[str, Any], *, score: list[int] | None = None) -> dict[str, Any]:
    """K-D13: one row per deal; a team's running total is always the sum of its deal scores. Returns the row."""
    score = score or [0, 0]
    totals = [state["totals"][t] + score[t] for t in (0, 1)]
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
    # in the key order of the rows the league stored when they were kept as sorted JSON text
    row = dict(sorted(row.items()))
    state["totals"] = totals
    state["ledger"] = [*state["ledger"], row]
    return row


ENGINE = CoincheEngine()
