"""The Court: the state machine of a match (C-D10) of hands, and the engine protocol (games/core/protocol.py).

A hand: antes (C-R4), 3 private cards each and a simultaneous face-down discard (C-R5, C-D2), three rounds of one
public card and a half-pot-capped betting round (C-R6..C-R11), then a fold win (C-R12) or a showdown (C-R13..C-R16).
The whole court deck is shuffled anew for every hand (C-D13) from the label "deal-<hand>".

The functions that change a state are handed the events list of the move and append to it as they go, so that
`play_move` and `apply_move` are one code path.
"""

import random
from functools import cache, lru_cache
from typing import Any

from games.core import betting, choices
from games.core.cards import COURT_RANKS, court_deck
from games.core.errors import IllegalMove
from games.core.events import LoggedMove, public_moves_of
from games.core.i18n import _, ngettext
from games.core.options import Option, defaults, options_check, schema_json
from games.core.protocol import Event, Move, Path, State
from games.core.rng import shuffled
from games.core.state import copied
from games.court import bot, hands, showdown

NAME = "the-court"
TITLE = _("The Court")
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # C-R1
ROUNDS = 3  # C-R6
PRIVATE_DEALT = 3  # C-R5

OPTIONS = [
    Option(
        "ante",
        "int",
        10,
        _("Ante"),
        _("The chips every player puts into the pot before a hand is dealt."),
        low=1,
        high=1_000_000,
        role="forced_bet",
        rule="C-D1",
    ),
    Option(
        "starting_stack",
        "int",
        1000,
        _("Starting stack"),
        _("The chips every player starts the match with."),
        low=1,
        high=1_000_000_000,
        role="stack",
        rule="C-D10",
    ),
    Option(
        "hand_limit",
        "int",
        30,
        _("Hands"),
        _("The match ends after this many hands, or sooner when one player holds every chip."),
        low=1,
        high=1000,
        role="hand_limit",
        rule="C-D10",
    ),
    Option(
        "min_bet",
        "int",
        1,
        _("Smallest bet"),
        _("The fewest chips a bet, or a raise on top of the call, adds."),
        low=1,
        high=1_000_000,
        role="forced_bet",
        rule="C-D5",
        advanced=True,
    ),
    Option(
        "kickers",
        "bool",
        False,
        _("Kickers break ties"),
        _("Equal hands compare the cards outside their combination before they split the pot."),
        rule="C-R15",
        advanced=True,
    ),
    Option(
        "seat_stacks",
        "seat_ints",
        None,
        _("Chips of each seat"),
        _("The chips each seat starts with, in place of the starting stack (a tournament table)."),
        low=1,
        high=1_000_000_000,
        role="seat_stacks",
        rule="C-D10",
        advanced=True,
    ),
    Option(
        "button",
        "int",
        0,
        _("First button"),
        _("The seat that holds the button in the first hand."),
        low=0,
        high=MAX_PLAYERS - 1,
        role="button",
        rule="C-D3",
        advanced=True,
    ),
]
DEFAULT_OPTIONS = defaults(OPTIONS)

# the keys each move may carry (a client may invent none)
MOVE_KEYS = {"discard": {"type", "card"}} | betting.MOVE_KEYS

EVENT_TYPES = {
    "hand_start": _("Hand {number}: {button} holds the button"),
    "cards_dealt": _("{seat} is dealt {cards}"),
    "discard": _("{seat} discards a card face down"),
    "cards_turned": _("Round {round}: a card face up to every player still in"),
    "cards_turned.dealt": _("{seat} gets {card}"),
    "showdown": _("Showdown"),
    "showdown.hands": _("{seat} shows {cards} with {public}: {category}"),
    "pot_won": ngettext("{winners} takes {amount}", "{winners} take {amount}", "winners"),
    "jester_bonus": _("{seat} pays {winner} {amount} for the Jester's Crown"),
    "hand_end": _("Hand {number} is over"),
    "bust": _("{seat} is out of chips"),
    "match_end": _("The match is over"),
} | betting.EVENT_TYPES


@lru_cache(maxsize=256)
def _deck(seed: str, hand: int) -> tuple[str, ...]:
    """C-D13: hand n's deck, the whole court deck shuffled with the label "deal-n" (cached: a hand's end is
    replayed often, by callers who try moves and by verifiers, and the keyed shuffle is the costly part)."""
    return tuple(shuffled(court_deck(), seed=seed, label=f"deal-{hand}"))


@cache
def _limits(min_bet: int) -> betting.Limits:
    return betting.Limits(cap="half_pot", min_bet=min_bet)  # C-R10, C-D4, C-D5


def _clone(state: State, *, chips: betting.Chips | None = None) -> State:
    """A copy deep enough for one move: ledger rows and options are never changed once written, so they are
    shared; `chips` are new chips from the betting machinery, already a copy.

    Kept instead of `games.core.state.copied` because it measures much cheaper here: 12 µs against 60 µs per state
    of real playouts (timeit, states of 2 to 6 players up to a 30-hand ledger), and 6,300 against 4,800 moves/s in
    bench/engines.py (the two run alternately on one loaded machine); marshal copies every ledger row and every card
    of the deck at every move.
    """
    out = dict(state)
    if chips is None:
        chips = state["chips"]
        chips = {
            "stacks": list(chips["stacks"]),
            "contrib": list(chips["contrib"]),
            "folded": list(chips["folded"]),
            "round": None
            if chips["round"] is None
            else {key: list(value) if isinstance(value, list) else value for key, value in chips["round"].items()},
        }
    out["chips"] = chips
    for key in ("deck", "discards", "start_stacks", "busted", "bust_stacks"):
        out[key] = list(state[key])
    out["private"] = [list(cards) for cards in state["private"]]
    out["public"] = [list(cards) for cards in state["public"]]
    out["ledger"] = list(state["ledger"])
    return out


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_options(options: dict[str, Any] | None, players: int) -> dict[str, Any]:
    """Every option filled in; IllegalMove("bad_options") for an unknown key or a bad value."""
    if not _is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalMove(
            "bad_options", _("The Court is for {low} to {high} players."), low=MIN_PLAYERS, high=MAX_PLAYERS
        )
    out = options_check(options, players, OPTIONS)
    if out["button"] >= players:
        raise IllegalMove("bad_options", _("The first button is one of the seats 0 to {last}."), last=players - 1)
    return out


def _initial_stacks(options: dict[str, Any], players: int) -> list[int]:
    """Each seat's chips at the start of the match: `seat_stacks` when a tournament sets them (C-D10)."""
    seat_stacks: list[int] | None = options["seat_stacks"]
    return list(seat_stacks) if seat_stacks is not None else [options["starting_stack"]] * players


def new_game(*, players: int, seed: str, options: dict[str, Any] | None = None) -> State:
    if not isinstance(seed, str) or not seed:
        raise IllegalMove("bad_seed", _("The seed is a non-empty string."))
    opts = check_options(options, players)
    stacks = _initial_stacks(opts, players)
    state: State = {
        "game": NAME,
        "players": players,
        "seed": seed,
        "options": opts,
        "phase": "discard",
        "hand": -1,
        "button": opts["button"],
        "round": 0,
        "start_stacks": list(stacks),
        "chips": betting.new_hand(stacks),
        "deck": [],
        "private": [[] for _seat in range(players)],
        "discards": [None] * players,
        "public": [[] for _seat in range(players)],
        "busted": [None] * players,  # the hand in which the seat busted
        "bust_stacks": [0] * players,  # its chips at the start of that hand (C-D10's tie-break)
        "ledger": [],
    }
    _start_hand(state, [])
    return state


# --- the flow of a hand (these helpers change the state they are given, a fresh copy, and append its events) ------


def _next_button(state: State) -> int:
    """C-D3: the `button` option's seat first (seat 0 by default), then one seat left every hand, skipping busted
    players."""
    if state["hand"] < 0:
        button: int = state["options"]["button"]
        return button
    size: int = state["players"]
    current: int = state["button"]
    for step in range(1, size + 1):
        seat = (current + step) % size
        if state["busted"][seat] is None:
            return seat
    return current


def _seats_dealt(state: State) -> list[int]:
    """The seats not busted, in dealing order: from the first seat left of the button."""
    size = state["players"]
    seats_in = [seat for seat in range(size) if state["busted"][seat] is None]
    return showdown.left_of_button(seats_in, button=state["button"], size=size)


def _start_hand(state: State, events: list[Event]) -> None:
    """Move the button, take the antes, deal 3 private cards to every seat not busted."""
    size = state["players"]
    state["button"] = _next_button(state)
    state["hand"] += 1
    state["round"] = 0
    state["phase"] = "discard"
    stacks = state["chips"]["stacks"]
    state["start_stacks"] = list(stacks)
    dealing = _seats_dealt(state)
    chips = betting.new_hand(stacks, seats_in=dealing)
    for seat in dealing:
        chips = betting.post(chips, seat, state["options"]["ante"])  # C-R4; a short stack posts it all-in (C-D9)
    state["chips"] = chips
    deck = _deck(state["seed"], state["hand"])
    private: list[list[str]] = [[] for _seat in range(size)]
    position = 0
    for _lap in range(PRIVATE_DEALT):
        for seat in dealing:
            private[seat].append(deck[position])
            position += 1
    state["deck"] = list(deck[position:])
    state["private"] = private
    state["public"] = [[] for _seat in range(size)]
    state["discards"] = [None] * size
    events += _hand_start_events(state)


def _hand_start_events(state: State) -> list[Event]:
    """The start of the hand just dealt: its number and button, each ante (C-R4) with the all-in of a stack it
    emptied (C-D9), and each seat's 3 private cards, to that seat alone (C-R5)."""
    chips = state["chips"]
    dealing = _seats_dealt(state)
    events: list[Event] = [{"type": "hand_start", "number": state["hand"] + 1, "button": state["button"]}]
    for seat in dealing:
        events.append({"type": "ante", "seat": seat, "amount": chips["contrib"][seat]})
        if chips["stacks"][seat] == 0:
            events.append({"type": "all_in", "seat": seat})
    for seat in dealing:
        events.append({"type": "cards_dealt", "seat": seat, "cards": _sorted(state["private"][seat]), "to": [seat]})
    return events


def _deal_round(state: State, events: list[Event]) -> None:
    """C-R6: one public card to every player still in, then a betting round led by the best public cards (C-R7)."""
    size = state["players"]
    state["round"] += 1
    state["phase"] = "betting"
    live = betting.live_seats(state["chips"])
    dealing = showdown.left_of_button(live, button=state["button"], size=size)
    for position, seat in enumerate(dealing):
        state["public"][seat].append(state["deck"][position])
    state["deck"] = state["deck"][len(dealing) :]
    events.append(
        {
            "type": "cards_turned",
            "round": state["round"],
            "dealt": [{"seat": seat, "card": state["public"][seat][-1]} for seat in live],
        }
    )
    first = hands.first_actor(state["public"], live, button=state["button"])
    state["chips"] = betting.open_round(state["chips"], betting.rotate_from(live, first, size))


def _pot_events(pots: list[dict[str, Any]]) -> list[Event]:
    """One `pot_won` per pot, numbered (main pot 0) when the hand has several."""
    events: list[Event] = []
    for index, pot in enumerate(pots):
        event: Event = {"type": "pot_won", "amount": pot["amount"], "winners": list(pot["winners"])}
        if len(pots) > 1:
            event["pot"] = index
        events.append(event)
    return events


def _showdown(state: State, events: list[Event]) -> tuple[list[int], dict[str, Any]]:
    """C-R13..C-R16: the live hands shown, every pot paid to the best hand eligible, the Jester's Crown bonuses;
    returns the stacks after it and the ledger row's fields."""
    size = state["players"]
    chips = state["chips"]
    live = betting.live_seats(chips)
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
    # C-R13: the players still in show their two private cards (then the public three)
    events.append(
        {
            "type": "showdown",
            "hands": [
                {
                    "seat": seat,
                    "cards": _sorted(state["private"][seat]),
                    "public": list(state["public"][seat]),
                    "category": hands.category_phrase(cards[seat]),
                }
                for seat in live
            ],
        }
    )
    events += _pot_events(result["pots"])
    several = len(result["pots"]) > 1
    for payment in result["jester_bonuses"]:
        event: Event = {
            "type": "jester_bonus",
            "seat": payment["seat"],
            "winner": payment["winner"],
            "amount": payment["amount"],
        }
        if several:
            event["pot"] = payment["pot"]
        events.append(event)
    row: dict[str, Any] = {
        "end": "showdown",
        "pots": [[pot["amount"], pot["winners"]] for pot in result["pots"]],
        "shown": [
            None if seat not in cards else "".join(_sorted(state["private"][seat]) + state["public"][seat])
            for seat in range(size)
        ],
        "categories": [
            None if seat not in cards else hands.CATEGORY_NAMES[hands.classify(cards[seat])[0]] for seat in range(size)
        ],
    }
    if any(result["jester_paid"]):
        row["jester_paid"] = result["jester_paid"]
    stacks: list[int] = result["stacks"]
    return stacks, row


def _finish_hand(state: State, events: list[Event]) -> None:
    """Pay the pot (C-R12 or C-R13..C-R16), write the hand's ledger row, bust, and start the next hand or end."""
    size = state["players"]
    chips = state["chips"]
    live = betting.live_seats(chips)
    # the stored row is compact (states are copied often); `ledger()` spells it out
    row: dict[str, Any] = {"button": state["button"]}
    if len(live) == 1:
        # C-R12, C-D14: the last player in takes everything and nobody shows
        pot = betting.pot_total(chips)
        stacks = betting.pay_out(chips, {live[0]: pot})["stacks"]
        row |= {"end": "fold", "pots": [[pot, live]]}
        events += _pot_events([{"amount": pot, "winners": live}])
    else:
        stacks, fields = _showdown(state, events)
        row |= fields
    row["deltas"] = [after - before for after, before in zip(stacks, state["start_stacks"], strict=True)]
    state["ledger"].append(row)
    events.append({"type": "hand_end", "number": state["hand"] + 1, "deltas": list(row["deltas"])})
    state["chips"] = {"stacks": list(stacks), "contrib": [0] * size, "folded": list(chips["folded"]), "round": None}
    for seat in range(size):
        if state["busted"][seat] is None and stacks[seat] == 0:
            state["busted"][seat] = state["hand"]
            state["bust_stacks"][seat] = state["start_stacks"][seat]
            events.append({"type": "bust", "seat": seat})
    alive = [seat for seat in range(size) if stacks[seat] > 0]
    if len(alive) <= 1 or len(state["ledger"]) >= state["options"]["hand_limit"]:
        state["phase"] = "over"  # C-D10
        result = outcome(state)
        events.append({"type": "match_end", "placements": result["placements"], "scores": result["scores"]})
        return
    _start_hand(state, events)


def _progress(state: State, events: list[Event]) -> None:
    """Run every step that needs no decision: dealing, rounds nobody can bet in, the end of the hand."""
    while True:
        phase = state["phase"]
        if phase == "discard":
            if any(len(cards) == PRIVATE_DEALT for cards in state["private"]):
                return
            _deal_round(state, events)
        elif phase == "betting":
            chips = state["chips"]
            if len(betting.live_seats(chips)) > 1 and not betting.round_over(chips):
                return
            if len(betting.live_seats(chips)) > 1 and state["round"] < ROUNDS:
                _deal_round(state, events)
            else:
                _finish_hand(state, events)
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


def _checked_move(state: State, seat: int, move: Move) -> str:
    """The type of a move the rules allow now; IllegalMove, in words a player understands, for any other."""
    if state["phase"] == "over":
        raise IllegalMove("game_over", _("The match is over."))
    if not _is_int(seat) or not 0 <= seat < state["players"]:
        raise IllegalMove("bad_seat", _("There is no such seat at this table."))
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("bad_move", _("A move is a JSON object with a type."))
    kind: str = move["type"]
    if kind in MOVE_KEYS and not set(move) <= MOVE_KEYS[kind]:
        raise IllegalMove(
            "unknown_field",
            _("A {kind} move has no field {fields}."),
            kind=kind,
            fields=", ".join(sorted(map(str, set(move) - MOVE_KEYS[kind]))),
        )
    if seat not in to_act(state):
        raise IllegalMove("not_your_turn", _("It is not your turn."))
    if kind not in MOVE_KEYS:
        raise IllegalMove("unknown_move", _("The Court has no move {kind}."), kind=repr(kind))
    if state["phase"] == "discard":
        if kind != "discard":
            raise IllegalMove("wrong_phase", _("Every player first discards one of their three cards."))
        card = move.get("card")
        if not isinstance(card, str) or card not in state["private"][seat]:
            raise IllegalMove("bad_card", _("Discard one of the three cards you hold."))
    elif kind == "discard":
        raise IllegalMove("wrong_phase", _("The discards are over: check, bet, call, raise or fold."))
    return kind


def play_move(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """The new state and the events of the move: the move as the others may know it, then all that follows."""
    kind = _checked_move(state, seat, move)
    events: list[Event] = []
    if kind == "discard":
        out = _clone(state)
        card = move["card"]
        out["private"][seat].remove(card)
        out["discards"][seat] = card  # C-D2: face down, dead for the hand, never shown
        # C-D2: recorded alike whatever the card, even the one discard a seat holding three of a rank has
        events.append({"type": "discard", "seat": seat, "secret": {"to": [seat], "card": card}})
    else:
        chips = betting.apply(state["chips"], seat, move, _limits(state["options"]["min_bet"]))
        events += betting.move_events(state["chips"], seat, move, chips)
        out = _clone(state, chips=chips)
    _progress(out, events)
    return out, events


def apply_move(state: State, seat: int, move: Move) -> State:
    return play_move(state, seat, move)[0]


def opening_events(state: State) -> list[Event]:
    """The first hand's start: hand 1 and its button, the antes, each seat's 3 private cards to that seat."""
    return _hand_start_events(state)


def secret_step(state: State) -> bool:
    """C-D2: the discard is simultaneous and face down."""
    return bool(state["phase"] == "discard")


def event_types() -> dict[str, str]:
    return dict(EVENT_TYPES)


def public_moves(log: list[LoggedMove]) -> list[Move]:
    """C-D2: a discard is face down and never shown, so it stays a discard without its card for ever; a fold's
    two cards are never shown either (C-R12, C-D14), and nothing else is secret."""
    return public_moves_of(log, lambda _log, _index: False)


def phases() -> dict[str, str]:
    return {"discard": _("discarding"), "betting": _("betting"), "over": _("over")}


def timeout_move(state: State, seat: int) -> Move:
    """C-D11: a missed discard drops the lowest-ranked card; a missed bet checks if it can, else folds."""
    if seat not in to_act(state):
        raise IllegalMove("not_your_turn", _("This seat has no move to make now."))
    if state["phase"] == "discard":
        held = state["private"][seat]
        return {"type": "discard", "card": max(held, key=COURT_RANKS.index)}
    return betting.timeout_move(state["chips"], seat)


def bot_move(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    return bot.bot_move(view, legal, rng)


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything public (C-D2: discards are never shown), and for a seat its own 2 or 3 private cards."""
    size = state["players"]
    if seat is not None and (not _is_int(seat) or not 0 <= seat < size):
        raise IllegalMove("bad_seat", _("There is no such seat at this table."))
    chips = state["chips"]
    rnd = chips["round"]
    out: dict[str, Any] = {
        "game": NAME,
        "players": size,
        "options": copied(state["options"]),
        "phase": state["phase"],
        "hand": state["hand"],
        "button": state["button"],
        "round": state["round"],
        "to_act": to_act(state),
        "stacks": list(chips["stacks"]),
        "pot": betting.pot_total(chips),
        "pots": betting.pots_now(chips),
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
    return bool(state["phase"] == "over")


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


def seat_choices(state: State, seat: int) -> dict[str, Any]:
    """The private cards sorted as the view shows them; at the discard each held rank may go (C-R4), and a bet's
    slider offers its presets."""
    hand = _sorted(state["private"][seat])
    legal = legal_moves(state, seat)
    if state["phase"] == "discard" and legal:
        return choices.declared(hand, pick=choices.single("discard"))
    return choices.declared(hand, presets=betting.presets(state["chips"], seat, legal))


def _sorted(cards: list[str]) -> list[str]:
    return sorted(cards, key=COURT_RANKS.index)


def _expand(state: State, index: int, totals: list[int], initial: list[int]) -> dict[str, Any]:
    """The stored row of hand `index` spelled out; `totals` are the running totals after that hand, `initial` the
    stacks the match started with."""
    size = state["players"]
    row = state["ledger"][index]
    shown = row.get("shown", [None] * size)
    return {
        "index": index,
        "button": row["button"],
        "end": row["end"],
        "deltas": list(row["deltas"]),
        "totals": totals,
        "stacks": [start + total for start, total in zip(initial, totals, strict=True)],
        "pot": sum(amount for amount, _winners in row["pots"]),
        "pots": [{"amount": amount, "winners": list(winners)} for amount, winners in row["pots"]],
        "winners": sorted({seat for _amount, winners in row["pots"] for seat in winners}),
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
    initial = _initial_stacks(state["options"], state["players"])
    for index, row in enumerate(state["ledger"]):
        totals = [total + delta for total, delta in zip(totals, row["deltas"], strict=True)]
        rows.append(_expand(state, index, totals, initial))
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
        # a tournament table (issue 22) plays one hand from carried stacks; `conformance_variants` cannot give
        # `seat_stacks` for every player count, so tests/games/court/test_protocol.py plays those playouts
        {"hand_limit": 1, "button": 1, "starting_stack": 30, "ante": 4},
    ]


def options_schema() -> list[dict[str, Any]]:
    return schema_json(OPTIONS)


def default_options() -> dict[str, Any]:
    return dict(DEFAULT_OPTIONS)


def teams(players: int) -> list[list[int]] | None:
    return None  # every seat plays for itself


class _CourtEngine:
    name = NAME
    title = TITLE
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    options_schema = staticmethod(options_schema)
    default_options = staticmethod(default_options)
    check_options = staticmethod(check_options)
    teams = staticmethod(teams)
    new_game = staticmethod(new_game)
    opening_events = staticmethod(opening_events)
    to_act = staticmethod(to_act)
    secret_step = staticmethod(secret_step)
    legal_moves = staticmethod(legal_moves)
    apply_move = staticmethod(apply_move)
    play_move = staticmethod(play_move)
    event_types = staticmethod(event_types)
    public_moves = staticmethod(public_moves)
    phases = staticmethod(phases)
    view = staticmethod(view)
    choices = staticmethod(seat_choices)
    timeout_move = staticmethod(timeout_move)
    bot_move = staticmethod(bot_move)
    is_over = staticmethod(is_over)
    outcome = staticmethod(outcome)
    ledger = staticmethod(ledger)
    ledger_count = staticmethod(ledger_count)
    conserved = staticmethod(conserved)
    hidden_places = staticmethod(hidden_places)
    conformance_variants = staticmethod(conformance_variants)


ENGINE = _CourtEngine()
