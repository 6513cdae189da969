"""The Court: the state machine of a match (C-D10) of hands.

A hand: antes (C-R4), 3 private cards each and a simultaneous face-down discard (C-R5, C-D2), three rounds of one
public card and a half-pot-capped betting round (C-R6..C-R11), then a fold win (C-R12) or a showdown (C-R13..C-R16).
The whole court deck is shuffled anew for every hand (C-D13) from the label "deal-<hand>".
"""

from functools import cache, lru_cache
from typing import Any

from games.core import betting
from games.core.cards import COURT_RANKS, court_deck
from games.core.errors import IllegalMove
from games.core.protocol import Move, Path, State
from games.core.rng import shuffled
from games.court import hands, showdown

NAME = "the-court"
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # C-R1
ROUNDS = 3  # C-R6
PRIVATE_DEALT = 3  # C-R5
OPTION_LIMITS = {  # name: (default, lowest, highest)
    "ante": (10, 1, 1_000_000),  # C-D1, C-D9: at least 1
    "starting_stack": (1000, 1, 1_000_000_000),  # C-D10
    "hand_limit": (30, 1, 1000),  # C-D10
    "min_bet": (1, 1, 1_000_000),  # C-D5
}
DEFAULT_OPTIONS = {name: spec[0] for name, spec in OPTION_LIMITS.items()} | {"kickers": False}  # C-R15 extension


@lru_cache(maxsize=256)
def _deck(seed: str, hand: int) -> tuple[str, ...]:
    """C-D13: hand n's deck, the whole court deck shuffled with the label "deal-n" (cached: a hand's end is
    replayed often, by callers who try moves and by verifiers, and the keyed shuffle is the costly part)."""
    return tuple(shuffled(court_deck(), seed=seed, label=f"deal-{hand}"))


@cache
def _limits(min_bet: int) -> betting.Limits:
    return betting.Limits(cap="half_pot", min_bet=min_bet)  # C-R10, C-D4, C-D5


def _clone(state: State, *, chips: betting.Chips | None = None) -> State:
    """A copy deep enough for one move (ledger rows and options are never changed once written); `chips` are new
    chips from the betting machinery, already a copy."""
    out = dict(state)
    if chips is None:
        chips = state["chips"]
        chips = {
            "stacks": list(chips["stacks"]),
            "contrib": list(chips["contrib"]),
            "folded": list(chips["folded"]),
            "round": None if chips["round"] is None else {
                key: list(value) if isinstance(value, list) else value for key, value in chips["round"].items()
            },
        }
    out["chips"] = chips
    for key in ("deck", "discards", "start_stacks", "busted", "bust_stacks"):
        out[key] = list(state[key])
    out["private"] = [list(cards) for cards in state["private"]]
    out["public"] = [list(cards) for cards in state["public"]]
    out["ledger"] = list(state["ledger"])
    return out


def check_options(options: dict[str, Any] | None, players: int) -> dict[str, Any]:
    """Every option filled in; IllegalMove("bad_options") for an unknown key or a bad value."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalMove("bad_options", "Options are a JSON object.")
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalMove("bad_options", f"The Court is for {MIN_PLAYERS} to {MAX_PLAYERS} players.")
    unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
    if unknown:
        raise IllegalMove("bad_options", f"Unknown option(s): {', '.join(map(str, unknown))}.")
    out = dict(DEFAULT_OPTIONS) | options
    for name, (_, low, high) in OPTION_LIMITS.items():
        value = out[name]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise IllegalMove("bad_options", f"{name} must be a whole number from {low} to {high}.")
    if not isinstance(out["kickers"], bool):
        raise IllegalMove("bad_options", "kickers must be true or false.")
    return out


def new_game(*, players: int, seed: str, options: dict[str, Any] | None = None) -> State:
    if not isinstance(seed, str) or not seed:
        raise IllegalMove("bad_seed", "The seed is a non-empty string.")
    opts = check_options(options, players)
    stacks = [opts["starting_stack"]] * players
    state: State = {
        "game": NAME,
        "players": players,
        "seed": seed,
        "options": opts,
        "phase": "discard",
        "hand": -1,
        "button": 0,
        "round": 0,
        "start_stacks": list(stacks),
        "chips": betting.new_hand(stacks),
        "deck": [],
        "private": [[] for _ in range(players)],
        "discards": [None] * players,
        "public": [[] for _ in range(players)],
        "busted": [None] * players,  # the hand in which the seat busted
        "bust_stacks": [0] * players,  # its chips at the start of that hand (C-D10's tie-break)
        "ledger": [],
    }
    _start_hand(state)
    return state


# --- the flow of a hand (these helpers change the state they are given: a fresh copy) ---------------------------


def _next_button(state: State) -> int:
    """C-D3: seat 0 first, then one seat left every hand, skipping busted players."""
    if state["hand"] < 0:
        return 0
    size = state["players"]
    for step in range(1, size + 1):
        seat = (state["button"] + step) % size
        if state["busted"][seat] is None:
            return seat
    return state["button"]


def _start_hand(state: State) -> None:
    """Move the button, take the antes, deal 3 private cards to every seat not busted."""
    size = state["players"]
    opts = state["options"]
    state["button"] = _next_button(state)
    state["hand"] += 1
    state["round"] = 0
    state["phase"] = "discard"
    stacks = state["chips"]["stacks"]
    state["start_stacks"] = list(stacks)
    seats_in = [seat for seat in range(size) if state["busted"][seat] is None]
    chips = betting.new_hand(stacks, seats_in=seats_in)
    dealing = showdown.left_of_button(seats_in, button=state["button"], size=size)
    for seat in dealing:
        chips = betting.post(chips, seat, opts["ante"])  # C-R4; a short stack posts it all-in (C-D9)
    state["chips"] = chips
    deck = _deck(state["seed"], state["hand"])
    private: list[list[str]] = [[] for _ in range(size)]
    position = 0
    for _ in range(PRIVATE_DEALT):
        for seat in dealing:
            private[seat].append(deck[position])
            position += 1
    state["deck"] = list(deck[position:])
    state["private"] = private
    state["public"] = [[] for _ in range(size)]
    state["discards"] = [None] * size


def _deal_round(state: State) -> None:
    """C-R6: one public card to every player still in, then a betting round led by the best public cards (C-R7)."""
    size = state["players"]
    state["round"] += 1
    state["phase"] = "betting"
    live = betting.live_seats(state["chips"])
    dealing = showdown.left_of_button(live, button=state["button"], size=size)
    for position, seat in enumerate(dealing):
        state["public"][seat].append(state["deck"][position])
    state["deck"] = state["deck"][len(dealing) :]
    first = hands.first_actor(state["public"], live, button=state["button"])
    state["chips"] = betting.open_round(state["chips"], betting.rotate_from(live, first, size))


def _finish_hand(state: State) -> None:
    """Pay the pot (C-R12 or C-R13..C-R16), write the hand's ledger row, bust, and start the next hand or end."""
    size = state["players"]
    chips = state["chips"]
    live = betting.live_seats(chips)
    # the stored row is compact (states are copied often); `ledger()` spells it out
    row: dict[str, Any] = {"button": state["button"]}
    if len(live) == 1:
        # C-R12, C-D14: the last player in takes everything and nobody shows
        stacks = list(chips["stacks"])
        stacks[live[0]] += betting.pot_total(chips)
        row |= {"end": "fold", "pots": [[betting.pot_total(chips), live]]}
    else:
        kickers = state["options"]["kickers"]
        cards = {seat: state["private"][seat] + state["public"][seat] for seat in live}
        result = showdown.settle(
            contrib=chips["contrib"],
            folded=chips["folded"],
            stacks=chips["stacks"],
            keys={seat: hands.hand_key(cards[seat], kickers=kickers) for seat in live},
            jester={seat for seat in live if hands.is_jester_crown(cards[seat])},
            button=state["button"],
        )
        stacks = result["stacks"]
        # C-R13: the players still in show their two private cards (then the public three)
        shown = [None if seat not in cards else "".join(_sorted(state["private"][seat]) + state["public"][seat])
                 for seat in range(size)]
        categories = [None if seat not in cards else hands.CATEGORY_NAMES[hands.classify(cards[seat])[0]]
                      for seat in range(size)]
        row |= {
            "end": "showdown",
            "pots": [[pot["amount"], pot["winners"]] for pot in result["pots"]],
            "shown": shown,
            "categories": categories,
        }
        if any(result["jester_paid"]):
            row["jester_paid"] = result["jester_paid"]
    row["deltas"] = [after - before for after, before in zip(stacks, state["start_stacks"], strict=True)]
    state["ledger"].append(row)
    state["chips"] = {"stacks": list(stacks), "contrib": [0] * size, "folded": list(chips["folded"]), "round": None}
    for seat in range(size):
        if state["busted"][seat] is None and stacks[seat] == 0:
            state["busted"][seat] = state["hand"]
            state["bust_stacks"][seat] = state["start_stacks"][seat]
    alive = [seat for seat in range(size) if stacks[seat] > 0]
    if len(alive) <= 1 or len(state["ledger"]) >= state["options"]["hand_limit"]:
        state["phase"] = "over"  # C-D10
        return
    _start_hand(state)


def _progress(state: State) -> None:
    """Run every step that needs no decision: dealing, rounds nobody can bet in, the end of the hand."""
    while True:
        phase = state["phase"]
        if phase == "discard":
            if any(len(cards) == PRIVATE_DEALT for cards in state["private"]):
                return
            _deal_round(state)
        elif phase == "betting":
            chips = state["chips"]
            if len(betting.live_seats(chips)) > 1 and not betting.round_over(chips):
                return
            if len(betting.live_seats(chips)) > 1 and state["round"] < ROUNDS:
                _deal_round(state)
            else:
                _finish_hand(state)
        else:
            return


# --- the protocol ---------------------------------------------------------------------------------------------------


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "discard":
        # C-D2: everyone discards at once, in any order
        return [seat for seat, cards in enumerate(state["private"]) if len(cards) == PRIVATE_DEALT]
    if phase == "betting":
        seat = betting.to_act(state["chips"])
        return [] if seat is None else [seat]
    return []


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat not in to_act(state):
        return []
    if state["phase"] == "discard":
        held = state["private"][seat]
        return [{"type": "discard", "card": rank} for rank in COURT_RANKS if rank in held]
    return betting.legal_moves(state["chips"], seat, _limits(state["options"]["min_bet"]))


_BETTING_MOVES = ("check", "bet", "call", "raise", "fold")  # C-R9 ("die" is fold)


def apply_move(state: State, seat: int, move: Move) -> State:
    if state["phase"] == "over":
        raise IllegalMove("game_over", "The match is over.")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["players"]:
        raise IllegalMove("bad_seat", "No such seat at this table.")
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("bad_move", "A move is a JSON object with a type.")
    if seat not in to_act(state):
        raise IllegalMove("not_your_turn", "It is not this seat's turn.")
    kind = move["type"]
    if state["phase"] == "discard":
        if kind != "discard":
            raise IllegalMove("unknown_move" if kind not in _BETTING_MOVES else "wrong_phase",
                              "Every player first discards one of their three cards.")
        card = move.get("card")
        if not isinstance(card, str) or card not in state["private"][seat]:
            raise IllegalMove("bad_card", "Discard one of the cards in your hand.")
        out = _clone(state)
        out["private"][seat].remove(card)
        out["discards"][seat] = card  # C-D2: face down, dead for the hand, never shown
    else:
        if kind not in _BETTING_MOVES:
            raise IllegalMove("unknown_move" if kind != "discard" else "wrong_phase", f"Unknown move {kind!r} now.")
        out = _clone(state, chips=betting.apply(state["chips"], seat, move, _limits(state["options"]["min_bet"])))
    _progress(out)
    return out


def timeout_move(state: State, seat: int) -> Move:
    """C-D11: a missed discard drops the lowest-ranked card; a missed bet checks if it can, else folds."""
    if seat not in to_act(state):
        raise IllegalMove("not_your_turn", "This seat has no move to time out.")
    if state["phase"] == "discard":
        held = state["private"][seat]
        return {"type": "discard", "card": max(held, key=COURT_RANKS.index)}
    return betting.timeout_move(state["chips"], seat)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything public (C-D2: discards are never shown), and for a seat its own 2 or 3 private cards."""
    size = state["players"]
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < size):
        raise IllegalMove("bad_seat", "No such seat at this table.")
    chips = state["chips"]
    rnd = chips["round"]
    out: dict[str, Any] = {
        "game": NAME,
        "players": size,
        "options": dict(state["options"]),
        "phase": state["phase"],
        "hand": state["hand"],
        "button": state["button"],
        "round": state["round"],
        "to_act": to_act(state),
        "stacks": list(chips["stacks"]),
        "pot": betting.pot_total(chips),
        "contrib": list(chips["contrib"]),
        "bets": list(rnd["bets"]) if rnd is not None else [0] * size,
        "folded": list(chips["folded"]),
        "busted": list(state["busted"]),
        "public": [list(cards) for cards in state["public"]],
        "private_count": [len(cards) for cards in state["private"]],
        "discarded": [card is not None for card in state["discards"]],
        "last_hand": _last_hand(state),
    }
    if state["phase"] == "over":
        out["outcome"] = outcome(state)
    if seat is not None:
        out["seat"] = seat
        out["cards"] = _sorted(state["private"][seat])
        out["legal_moves"] = legal_moves(state, seat)
    return out


def is_over(state: State) -> bool:
    return state["phase"] == "over"


def _standing(state: State, seat: int) -> tuple[int, int, int, int]:
    """C-D10: live players by chips above the busted; the busted by hand busted, then chips at that hand's start."""
    if state["busted"][seat] is None:
        return (1, state["chips"]["stacks"][seat], 0, 0)
    return (0, 0, state["busted"][seat], state["bust_stacks"][seat])


def outcome(state: State) -> dict[str, Any]:
    size = state["players"]
    standings = [_standing(state, seat) for seat in range(size)]
    return {
        "placements": [1 + sum(other > mine for other in standings) for mine in standings],
        "scores": list(state["chips"]["stacks"]),
        "busted": list(state["busted"]),
        "hands": len(state["ledger"]),
    }


def _sorted(cards: list[str]) -> list[str]:
    return sorted(cards, key=COURT_RANKS.index)


def _expand(state: State, index: int, totals: list[int]) -> dict[str, Any]:
    """The stored row of hand `index` spelled out; `totals` are the running totals after that hand."""
    size = state["players"]
    row = state["ledger"][index]
    shown = row.get("shown", [None] * size)
    return {
        "index": index,
        "button": row["button"],
        "end": row["end"],
        "deltas": list(row["deltas"]),
        "totals": totals,
        "stacks": [state["options"]["starting_stack"] + total for total in totals],
        "pot": sum(amount for amount, _ in row["pots"]),
        "pots": [{"amount": amount, "winners": list(winners)} for amount, winners in row["pots"]],
        "winners": sorted({seat for _, winners in row["pots"] for seat in winners}),
        "shown": [None if cards is None else list(cards[:2]) for cards in shown],
        "hands": [None if cards is None else hands.describe(list(cards)) for cards in shown],
        "jester_paid": list(row.get("jester_paid", [0] * size)),
    }


def _last_hand(state: State) -> dict[str, Any] | None:
    """The public record of the hand just played, for the view (the ledger has it all)."""
    if not state["ledger"]:
        return None
    row = state["ledger"][-1]
    size = state["players"]
    shown = row.get("shown", [None] * size)
    return {
        "index": len(state["ledger"]) - 1,
        "end": row["end"],
        "deltas": list(row["deltas"]),
        "pots": [{"amount": amount, "winners": list(winners)} for amount, winners in row["pots"]],
        "shown": [None if cards is None else list(cards[:2]) for cards in shown],
        "public": [None if cards is None else list(cards[2:]) for cards in shown],
        "hands": list(row.get("categories", [None] * size)),
        "jester_paid": list(row.get("jester_paid", [0] * size)),
    }


def ledger(state: State) -> list[dict[str, Any]]:
    """C-D10: one row per hand; the chip deltas of a hand sum to zero (Jester bonuses included)."""
    rows = []
    totals = [0] * state["players"]
    for index, row in enumerate(state["ledger"]):
        totals = [total + delta for total, delta in zip(totals, row["deltas"], strict=True)]
        rows.append(_expand(state, index, totals))
    return rows


def ledger_count(state: State) -> int:
    return len(state["ledger"])


def conserved(state: State) -> dict[str, int]:
    chips = state["chips"]
    cards = list(state["deck"])
    for seat in range(state["players"]):
        cards += state["private"][seat] + state["public"][seat]
    cards += [card for card in state["discards"] if card is not None]
    return {"chips": sum(chips["stacks"]) + sum(chips["contrib"])} | {f"cards_{r}": cards.count(r) for r in COURT_RANKS}


def hidden_places(state: State, seat: int | None) -> list[list[Path]]:
    """Every card face down to `seat`, as one group: the deck, every discard (C-D2), the others' private cards."""
    group: list[Path] = [("deck", i) for i in range(len(state["deck"]))]
    group += [("discards", s) for s, card in enumerate(state["discards"]) if card is not None]
    for other, cards in enumerate(state["private"]):
        if other != seat:
            group += [("private", other, i) for i in range(len(cards))]
    return [group]


def conformance_variants() -> list[dict[str, Any]]:
    return [
        {"hand_limit": 1},
        {"hand_limit": 3, "starting_stack": 60, "ante": 5},
        {"hand_limit": 3, "starting_stack": 35, "ante": 4, "kickers": True},
        {"hand_limit": 6, "starting_stack": 25, "ante": 3, "min_bet": 4},
    ]


class _CourtEngine:
    name = NAME
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    default_options = staticmethod(lambda: dict(DEFAULT_OPTIONS))
    check_options = staticmethod(check_options)
    new_game = staticmethod(new_game)
    to_act = staticmethod(to_act)
    legal_moves = staticmethod(legal_moves)
    apply_move = staticmethod(apply_move)
    view = staticmethod(view)
    timeout_move = staticmethod(timeout_move)
    is_over = staticmethod(is_over)
    outcome = staticmethod(outcome)
    ledger = staticmethod(ledger)
    ledger_count = staticmethod(ledger_count)
    conserved = staticmethod(conserved)
    hidden_places = staticmethod(hidden_places)
    conformance_variants = staticmethod(conformance_variants)


ENGINE = _CourtEngine()
