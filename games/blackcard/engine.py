"""The Black Card engine: the protocol of games.core.protocol over the phases of a hand.

A hand runs: antes and order cards (B-R5, B-R6) → first betting round → three rounds of two private cards, a
simultaneous reveal and a forced share (B-R7 to B-R9) → passives (B-R10) → the special round (B-R11 to B-R17) →
the last betting round and the showdown (B-R18, B-R19). `_advance` moves the hand on until some seat must decide, at
one of the steps of games/blackcard/choices.py; `STEPS` maps each step to its handlers (who acts, the legal moves,
checking and applying a move, the timeout default). Every function that changes the state appends the events of
what it did to the list it is handed, so `play_move` tells the story as it happens.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.blackcard import bot, powers
from games.blackcard import cards as bc
from games.blackcard.choices import BET, DECLARE_JOKER, REVEAL, Choice, Hand
from games.blackcard.share import SHARE_CHOICES, start_share, step_share
from games.blackcard.showdown import category_phrase, hand_key, winners
from games.blackcard.special_round import start_special, step_special
from games.core import betting
from games.core import choices as table_choices
from games.core.cards import COLOUR_JOKER
from games.core.errors import IllegalMove
from games.core.events import LoggedMove, public_moves_of, shown_later
from games.core.i18n import _, ngettext
from games.core.options import Option, defaults, options_check, schema_json
from games.core.protocol import Event, Move, Path, State
from games.core.rng import shuffled
from games.core.state import copied

NAME = "black-card"
TITLE = _("Black Card")
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # B-R1
LIMITS = betting.Limits(cap="pot", one_raise_each=True)  # B-R6, B-R18, B-D12
ROUNDS = 3  # B-R7
DEALT_PER_ROUND = 2  # B-R7

OPTIONS = [
    Option(
        "hand_limit",
        "int",
        20,
        _("Hands"),
        _("The match ends after this many hands, or sooner when one player holds every chip."),
        low=1,
        high=100_000,
        role="hand_limit",
        rule="B-D3",
    ),
    Option(
        "chips",
        "int",
        100,
        _("Starting chips"),
        _("The chips every player starts the match with."),
        low=1,
        high=100_000,
        role="stack",
        rule="B-R5",
    ),
    Option(
        "split",
        "bool",
        False,
        _("Split equal hands"),
        _(
            "Hands of one category and equal ranks split the pot, instead of going to the hand whose highest "
            "card has the higher suit."
        ),
        rule="B-D10",
        advanced=True,
    ),
    Option(
        "ante",
        "int",
        1,
        _("Ante"),
        _("The chips every player puts into the pot before a hand is dealt."),
        low=1,
        high=100_000,
        role="forced_bet",
        rule="B-R5",
        advanced=True,
    ),
    Option(
        "seat_stacks",
        "seat_ints",
        None,
        _("Chips of each seat"),
        _("The chips each seat starts with, in place of the starting chips (a tournament table)."),
        low=1,
        high=1_000_000_000,
        role="seat_stacks",
        rule="B-R5",
        advanced=True,
    ),
    Option(
        "button",
        "int",
        0,
        _("First order card"),
        _("The seat dealt the first order card; the others follow clockwise."),
        low=0,
        high=MAX_PLAYERS - 1,
        role="button",
        rule="B-R6",
        advanced=True,
    ),
]
DEFAULT_OPTIONS = defaults(OPTIONS)

# the keys each move may carry (a client may invent none: games/core/protocol.py)
MOVE_KEYS = betting.MOVE_KEYS | {
    "reveal": {"type", "card"},
    "declare": {"type", "card", "as"},
    "pay": {"type"},
    "double": {"type"},
    "single": {"type"},
    "target": {"type", "seat"},
    "decline": {"type"},
    "pick": {"type", "card", "index"},
    "keep": {"type", "card"},
}

EVENT_TYPES = {
    "hand_start": _("Hand {number}: {button} is dealt the first order card"),
    "order_card": _("{seat} draws the order card {card}"),
    "joker_declared": _("{seat} declares {joker} as {card}"),
    "betting_round": _("Betting, in the order {order}, with {amount} in the pot"),
    "round_start": _("Round {round}: two private cards to every player still in"),
    "cards_dealt": _("{seat} gets {cards}"),
    "reveal_chosen": _("{seat} has chosen the card to turn up"),
    "card_revealed": _("{seat} turns up {card}"),
    "forced_share": _("{seat} has the best public hand; the others pay {amount} or fold, in the order {order}"),
    "odd_bonus": _("All-odd public cards: {seats}"),
    "share_doubled": _("{seat} doubles the share to {amount}"),
    "share_single": _("{seat} does not double the share"),
    "share_paid": _("{seat} pays {amount}"),
    "share_paid_for": _("{seat} pays {amount} for {target}"),
    "share_skipped": _("{seat} is all-in and pays nothing"),
    "passive": _("{seat} has the passive {passive}"),
    "special_round_start": _("The special round, in the order {order}"),
    "ace21_draw": _("{seat} draws {cards} for A+21"),
    "ace21_keep": _("{seat} keeps {card}; {cards} go to the discards"),
    "power_used": _("{seat} uses {power}"),
    "power_disabled": _("{seat} uses {power}, without effect: {passive} disables it"),
    "player_named": _("{seat} names {target} for {power}"),
    "peek_declined": _("{seat} declines the peek"),
    "discarded": _("{seat} discards {card}"),
    "private_discarded": _("{seat} discards the private card {card}"),
    "card_drawn": _("{seat} draws {card} face up"),
    "luck_bonus": _("{seat} drew a club and gets {count} private cards"),
    "card_passed": _("{from_seat} hands {card} face up to {to_seat}"),
    "private_card_passed": _("{from_seat} hands a private card to {to_seat}"),
    "exchange_take": _("{seat} takes {card} from {target} in exchange"),
    "exchange_take_blind": _("{seat} takes one of {target}'s private cards, unseen, in exchange"),
    "peek_shown": _("{seat} shows {count} private cards to {target}"),
    "community_card": _("No power fired: {card} is turned up for everyone"),
    "special_round_end": _("The special round ends with pass {passes}"),
    "showdown": _("Showdown"),
    "showdown.hands": _("{seat} shows {cards}: {category}"),
    "pot_won": ngettext("{winners} wins {amount}", "{winners} win {amount}", "winners"),
    "hand_end": _("Hand {number} is over"),
    "bust": _("{seat} is out of chips"),
    "match_end": _("The match is over"),
} | betting.EVENT_TYPES

# the phases of a hand (the view shows them)
ORDER, FIRST_BETTING, REVEAL_PHASE, SHARE_START, SHARE = "order", "bet1", "reveal", "share_start", "share"
SPECIAL, LAST_BETTING, SHOWDOWN, DONE = "special", "bet2", "showdown", "done"
BETTING_PHASES = (FIRST_BETTING, LAST_BETTING)

CHOICES: dict[str, Choice] = powers.POWER_CHOICES | SHARE_CHOICES


# --- a hand ----------------------------------------------------------------------------------------------------------


def _live(hand: Hand) -> list[int]:
    return betting.live_seats(hand["chips"])


def _all_cards(hand: Hand, seat: int) -> list[str]:
    cards: list[str] = powers.public_cards(hand, seat) + hand["private"][seat] + hand["community"]
    return cards


def _open_betting(hand: Hand, order: list[int], events: list[Event]) -> None:
    hand["chips"] = betting.open_round(hand["chips"], order)
    if hand["chips"]["round"]["pending"]:
        events.append(
            {
                "type": "betting_round",
                "order": list(hand["chips"]["round"]["pending"]),
                "amount": betting.pot_total(hand["chips"]),
            }
        )


def _begin_hand(state: State, events: list[Event], deck: list[str] | None = None) -> None:
    """Antes and order cards of the next hand (B-R5, B-R6); `deck` (tests only) replaces the seeded deck."""
    n, index = state["players"], len(state["ledger"])
    if deck is None:
        deck = shuffled(bc.full_deck(), seed=state["seed"], label=f"deal-{index}")
    stacks = list(state["stacks"])
    seats_in = [seat for seat in range(n) if stacks[seat] > 0]
    # the order cards are dealt clockwise from the `button` seat (or the next seat still in): docs/rules
    dealing = betting.rotate_from(seats_in, state["options"]["button"], n)
    events.append({"type": "hand_start", "number": index + 1, "button": dealing[0]})
    chips = betting.new_hand(stacks, seats_in=seats_in)
    for seat in dealing:
        chips = betting.post(chips, seat, state["options"]["ante"])  # B-R5; a short stack posts it all-in (B-D4)
        events.append({"type": "ante", "seat": seat, "amount": chips["contrib"][seat]})
        if chips["stacks"][seat] == 0:
            events.append({"type": "all_in", "seat": seat})
    hand: Hand = {
        "index": index,
        "button": dealing[0],
        "dealt_in": dealing,
        "start_stacks": stacks,
        "deck": list(deck),
        "chips": chips,
        "public": [[] for _seat in range(n)],
        "private": [[] for _seat in range(n)],
        "peeked_by": [[] for _seat in range(n)],
        "jokers_declared": {},
        "community": [],
        "discards": [],
        "order_card_ranking": [],
        "deal_round": 0,
        "round3_ranking": [],
        "phase": ORDER,
        "reveal_choice": [None] * n,
        "forced_share": None,
        "passives": None,
        "special_round": None,
        "pending_choice": None,
        "jokers_to_declare": [],
        "hands_shown": False,
        "peeks": [],
    }
    for seat in dealing:
        card = hand["deck"].pop(0)
        hand["public"][seat].append(card)
        events.append({"type": "order_card", "seat": seat, "card": card})
        if bc.is_joker(card):
            powers.queue_declaration(hand, seat, card)
    state["hand"] = hand
    _advance(state, events)


def _deal_round(hand: Hand, events: list[Event]) -> None:
    """B-R7: two private cards to each player still in, in order-card order."""
    hand["deal_round"] += 1
    events.append({"type": "round_start", "round": hand["deal_round"]})
    for seat in hand["order_card_ranking"]:
        if not hand["chips"]["folded"][seat]:
            cards = powers.draw_private(hand, seat, DEALT_PER_ROUND)
            events.append({"type": "cards_dealt", "seat": seat, "cards": cards, "to": [seat]})
    hand["phase"] = REVEAL_PHASE


def _order_key(hand: Hand, seat: int) -> bc.Key:
    key = bc.key_of(hand["public"][seat][0], hand["jokers_declared"])
    assert key is not None  # an order-card joker is declared before the order is set (B-R3)
    return key


def _after_order_cards(state: State, events: list[Event]) -> bool:
    """B-R6: the order cards rank the players (declared jokers included); the first betting round follows."""
    hand = state["hand"]
    hand["order_card_ranking"] = sorted(hand["dealt_in"], key=lambda seat: _order_key(hand, seat), reverse=True)
    hand["phase"] = FIRST_BETTING
    _open_betting(hand, hand["order_card_ranking"], events)
    return False


def _after_betting(state: State, events: list[Event]) -> bool:
    hand = state["hand"]
    if betting.to_act(hand["chips"]) is not None:
        return True
    hand["chips"] = betting.close_round(hand["chips"])
    if hand["phase"] == FIRST_BETTING:
        _deal_round(hand, events)
    else:
        _start_showdown(hand)
    return False


def _after_reveal(state: State, events: list[Event]) -> bool:
    """B-R7: once every player has chosen, the chosen cards are turned up together, in order-card order."""
    hand = state["hand"]
    if any(hand["reveal_choice"][seat] is None for seat in _live(hand)):
        return True
    for seat in hand["order_card_ranking"]:
        index = hand["reveal_choice"][seat]
        if index is None:
            continue
        card = powers.take_private(hand, seat, index)
        hand["public"][seat].append(card)
        events.append({"type": "card_revealed", "seat": seat, "card": card})
        if bc.is_joker(card):
            powers.queue_declaration(hand, seat, card)
    hand["reveal_choice"] = [None] * state["players"]
    hand["phase"] = SHARE_START
    return False


def _share_start(state: State, events: list[Event]) -> bool:
    start_share(state["hand"], events)
    return False


def _after_share(state: State, events: list[Event]) -> bool:
    hand = state["hand"]
    if step_share(hand, events):
        if hand["deal_round"] < ROUNDS:
            _deal_round(hand, events)
        else:
            start_special(hand, events)
    return False


def _special(state: State, events: list[Event]) -> bool:
    hand = state["hand"]
    if step_special(hand, events):
        hand["phase"] = LAST_BETTING
        _open_betting(hand, [s for s in hand["round3_ranking"] if s in _live(hand)], events)
    return False


def _showdown(state: State, events: list[Event]) -> bool:
    _finish_showdown(state, events)
    return True


# each phase's step when no seat has to decide; True: wait (a seat decides, or the hand is over)
PHASES: dict[str, Callable[[State, list[Event]], bool]] = {
    ORDER: _after_order_cards,
    FIRST_BETTING: _after_betting,
    REVEAL_PHASE: _after_reveal,
    SHARE_START: _share_start,
    SHARE: _after_share,
    SPECIAL: _special,
    LAST_BETTING: _after_betting,
    SHOWDOWN: _showdown,
}


def _advance(state: State, events: list[Event]) -> None:
    """Move the hand on until a seat has to decide (or the match ends)."""
    while True:
        hand = state["hand"]
        if hand["phase"] == DONE or hand["jokers_to_declare"]:
            return
        pending = hand["pending_choice"]
        if pending is not None:
            choice = CHOICES[pending["kind"]]
            if not choice.made_when_forced:
                return
            moves = choice.moves(hand, pending)
            if len(moves) > 1:
                return
            # a forced choice is made for the seat (none left: the power has nothing to act on)
            hand["pending_choice"] = None
            if moves:
                choice.apply(hand, pending, moves[0], events)
            continue
        if hand["phase"] != ORDER and len(_live(hand)) == 1:
            _finish_by_folds(state, events)  # B-D13
            return
        if PHASES[hand["phase"]](state, events):
            return


def _start_showdown(hand: Hand) -> None:
    """B-R3: jokers kept face down to the end are declared now, every live hand being shown."""
    hand["hands_shown"] = True
    hand["phase"] = SHOWDOWN
    for seat in hand["round3_ranking"]:
        if seat in _live(hand):
            for card in hand["private"][seat]:
                if bc.is_joker(card) and card not in hand["jokers_declared"]:
                    powers.queue_declaration(hand, seat, card, at_showdown=True)


def _finish_showdown(state: State, events: list[Event]) -> None:
    """B-R19/B-D10: each pot to the best hand among the seats eligible for it (B-D4: pots are cut only at an
    all-in player's contribution, the forced shares leaving the others' contributions unequal)."""
    hand = state["hand"]
    live = _live(hand)
    jokers = hand["jokers_declared"]
    keys = {seat: hand_key(bc.keys_of(_all_cards(hand, seat), jokers)) for seat in live}
    events.append(
        {
            "type": "showdown",
            "hands": [
                {
                    "seat": seat,
                    "cards": powers.public_cards(hand, seat) + hand["private"][seat],
                    "category": category_phrase(keys[seat]),
                }
                for seat in hand["round3_ranking"]
                if seat in keys
            ],
        }
    )
    chips = hand["chips"]
    pots = betting.pots_cut(chips["contrib"], live, capped=[s for s in live if chips["stacks"][s] == 0])
    start = hand["order_card_ranking"][0]
    awards: dict[int, int] = {}
    for number, pot in enumerate(pots):
        best = winners({seat: keys[seat] for seat in pot["eligible"]}, split=state["options"]["split"])
        # B-D10 `split`: odd chips by seat from the order-card winner
        ordered = betting.rotate_from(best, start, state["players"])
        for seat, amount in betting.split(pot["amount"], ordered).items():
            awards[seat] = awards.get(seat, 0) + amount
        event: Event = {"type": "pot_won", "amount": pot["amount"], "winners": best}
        if len(pots) > 1:
            event["pot"] = number
        events.append(event)
    shown = {str(seat): _all_cards(hand, seat) for seat in live}
    _finish(
        state,
        awards,
        {
            "reason": "showdown",
            "shown": shown,
            "hands": {str(s): [k[0], list(k[1])] if len(k) > 1 else [] for s, k in keys.items()},
        },
        events,
    )


def _finish_by_folds(state: State, events: list[Event]) -> None:
    hand = state["hand"]
    winner = _live(hand)[0]
    pot = betting.pot_total(hand["chips"])
    events.append({"type": "pot_won", "amount": pot, "winners": [winner]})
    _finish(state, {winner: pot}, {"reason": "folds"}, events)


def _finish(state: State, awards: dict[int, int], result: dict[str, Any], events: list[Event]) -> None:
    """Pay the pot, write the hand's ledger row, mark busted players (B-D3) and deal the next hand."""
    hand = state["hand"]
    hand["chips"] = betting.pay_out(hand["chips"], awards)
    stacks = list(hand["chips"]["stacks"])
    hand["phase"] = DONE
    state["stacks"] = stacks
    deltas = [after - before for after, before in zip(stacks, hand["start_stacks"], strict=True)]
    state["ledger"].append(
        {
            "index": hand["index"],
            "deltas": deltas,
            "totals": stacks,
            "awards": {str(s): a for s, a in sorted(awards.items())},
            "reason": result["reason"],
        }
    )
    events.append({"type": "hand_end", "number": hand["index"] + 1, "deltas": deltas})
    for seat, chips in enumerate(stacks):
        if chips == 0 and state["busted"][seat] is None:
            state["busted"][seat] = hand["index"]
            events.append({"type": "bust", "seat": seat})
    special = hand["special_round"]
    # the table as the hand left it, face-up cards and discards in their order, and the players powers named: a
    # move can play out the rest of a hand at once, and the next hand's view must still tell what it did
    state["last_hand"] = {
        "index": hand["index"],
        "awards": {str(s): a for s, a in sorted(awards.items())},
        "jokers_declared": dict(hand["jokers_declared"]),
        "public": [list(row) for row in hand["public"]],
        "community": list(hand["community"]),
        "discards": list(hand["discards"]),
        "named": [] if special is None else [dict(name) for name in special["named"]],
        "peeks": [copied(peek) for peek in hand["peeks"]],
        **result,
    }
    if sum(1 for chips in stacks if chips > 0) <= 1 or len(state["ledger"]) >= state["options"]["hand_limit"]:
        state["over"] = True
        result_now = outcome(state)
        events.append({"type": "match_end", "placements": result_now["placements"], "scores": result_now["scores"]})
        return
    _begin_hand(state, events)


def _best_declaration(hand: Hand, seat: int, joker: str) -> str:
    """B-D11: the declaration that makes the best showdown hand (another undeclared joker at its best too)."""
    cards = _all_cards(hand, seat)
    pending = [c for c in cards if bc.is_joker(c) and c not in hand["jokers_declared"] and c != joker]
    best_card, best_key = joker, None
    for card in bc.declarable(joker):
        trial = {**hand["jokers_declared"], joker: card}
        options = [trial] if not pending else [{**trial, pending[0]: other} for other in bc.declarable(pending[0])]
        key = max(hand_key(bc.keys_of(cards, jokers)) for jokers in options)
        if best_key is None or key > best_key:
            best_card, best_key = card, key
    return best_card


# --- the steps at which a seat decides ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """How a seat plays one step: who acts, the legal moves, `check` (raises IllegalMove, in words a player
    understands, before anything is copied; returns what `apply` needs), `apply` (on the state's copy, appending
    the move's events) and the timeout default (B-D11)."""

    to_act: Callable[[Hand], list[int]]
    moves: Callable[[Hand, int], list[Move]]
    check: Callable[[Hand, int, Move], Any]
    apply: Callable[[Hand, int, Move, Any, list[Event]], None]
    timeout: Callable[[Hand, int, list[Move]], Move]


def _declaring(hand: Hand) -> dict[str, Any]:
    declaring: dict[str, Any] = hand["jokers_to_declare"][0]
    return declaring


def _declare_moves(hand: Hand, seat: int) -> list[Move]:
    joker = _declaring(hand)["joker"]
    return [{"type": "declare", "card": joker, "as": card} for card in bc.declarable(joker)]


def _declare_check(hand: Hand, seat: int, move: Move) -> None:
    joker = _declaring(hand)["joker"]
    if move.get("type") != "declare" or move.get("card") != joker:
        raise IllegalMove(
            "illegal_move", _("Declare the joker {joker} first: say which card it stands for."), joker=joker
        )
    if move.get("as") not in bc.declarable(joker):
        if joker == COLOUR_JOKER:
            raise IllegalMove("illegal_move", _("The colour joker stands for a diamond or a heart."))
        raise IllegalMove("illegal_move", _("The black-and-white joker stands for a spade or a club."))


def _declare_apply(hand: Hand, seat: int, move: Move, checked: Any, events: list[Event]) -> None:
    hand["jokers_to_declare"].pop(0)
    hand["jokers_declared"][move["card"]] = move["as"]
    events.append({"type": "joker_declared", "seat": seat, "joker": move["card"], "card": move["as"]})


def _declare_timeout(hand: Hand, seat: int, moves: list[Move]) -> Move:
    """B-D11: at the showdown the declaration that makes the best hand; turned up, the highest card it may be."""
    declaring = _declaring(hand)
    if declaring["at_showdown"]:
        return {"type": "declare", "card": declaring["joker"], "as": _best_declaration(hand, seat, declaring["joker"])}
    return moves[0]


def _bet_to_act(hand: Hand) -> list[int]:
    seat = betting.to_act(hand["chips"])
    return [] if seat is None else [seat]


def _bet_check(hand: Hand, seat: int, move: Move) -> Any:
    return betting.apply(hand["chips"], seat, move, LIMITS)


def _bet_apply(hand: Hand, seat: int, move: Move, chips_after: Any, events: list[Event]) -> None:
    events += betting.move_events(hand["chips"], seat, move, chips_after)
    hand["chips"] = chips_after


def _reveal_to_act(hand: Hand) -> list[int]:
    return [seat for seat in _live(hand) if hand["reveal_choice"][seat] is None]


def _reveal_check(hand: Hand, seat: int, move: Move) -> int:
    if move.get("type") != "reveal":
        raise IllegalMove("illegal_move", _("Every player now chooses one of their private cards to turn up."))
    card = move.get("card")
    if card not in hand["private"][seat]:
        raise IllegalMove("illegal_move", _("You do not hold {card} face down."), card=str(card))
    index: int = hand["private"][seat].index(card)
    return index


def _reveal_apply(hand: Hand, seat: int, move: Move, index: Any, events: list[Event]) -> None:
    """B-R7: the choice is kept as a position, hidden from the others until every player has chosen."""
    hand["reveal_choice"][seat] = index
    events.append({"type": "reveal_chosen", "seat": seat, "secret": {"to": [seat], "card": move["card"]}})


def public_moves(log: list[LoggedMove]) -> list[Move]:
    """B-R7: the card chosen to turn up is public once every live player has chosen (its `card_revealed`). Every
    other secret choice stays secret for ever: the private card passed in an exchange (B-D8) and the card kept
    hidden from a peek are seen by their two seats only, and a folded player's cards are never shown (B-D4)."""

    def turned_up(log: list[LoggedMove], index: int) -> bool:
        seat, move, _events = log[index]
        return move.get("type") == "reveal" and shown_later(
            log,
            index,
            lambda event: (
                event.get("type") == "card_revealed"
                and event.get("seat") == seat
                and event.get("card") == move.get("card")
            ),
        )

    return public_moves_of(log, turned_up)


def _reveal_timeout(hand: Hand, seat: int, moves: list[Move]) -> Move:
    """B-D11: the lower of the two new private cards."""
    newest = hand["private"][seat][-DEALT_PER_ROUND:]
    return {"type": "reveal", "card": min(newest, key=bc.timeout_order_key)}


def _choice_step(choice: Choice) -> Step:
    """A pending choice as a step: its seat decides among the choice's listed options."""

    def check(hand: Hand, seat: int, move: Move) -> None:
        if move not in choice.moves(hand, hand["pending_choice"]):
            raise IllegalMove("illegal_move", choice.refusal)

    def apply(hand: Hand, seat: int, move: Move, checked: Any, events: list[Event]) -> None:
        pending = hand["pending_choice"]
        hand["pending_choice"] = None
        choice.apply(hand, pending, move, events)

    return Step(
        to_act=lambda hand: [hand["pending_choice"]["seat"]],
        moves=lambda hand, seat: choice.moves(hand, hand["pending_choice"]),
        check=check,
        apply=apply,
        timeout=lambda hand, seat, moves: choice.timeout(hand, hand["pending_choice"], moves),
    )


STEPS: dict[str, Step] = {
    DECLARE_JOKER: Step(
        to_act=lambda hand: [_declaring(hand)["seat"]],
        moves=_declare_moves,
        check=_declare_check,
        apply=_declare_apply,
        timeout=_declare_timeout,
    ),
    BET: Step(
        to_act=_bet_to_act,
        moves=lambda hand, seat: betting.legal_moves(hand["chips"], seat, LIMITS),
        check=_bet_check,
        apply=_bet_apply,
        timeout=lambda hand, seat, moves: betting.timeout_move(hand["chips"], seat),
    ),
    REVEAL: Step(
        to_act=_reveal_to_act,
        moves=lambda hand, seat: [{"type": "reveal", "card": card} for card in hand["private"][seat]],
        check=_reveal_check,
        apply=_reveal_apply,
        timeout=_reveal_timeout,
    ),
} | {kind: _choice_step(choice) for kind, choice in CHOICES.items()}


def _step_kind(state: State) -> str | None:
    """The step at which the hand waits for a seat, None when nobody is to act."""
    if state["over"]:
        return None
    hand = state["hand"]
    if hand["jokers_to_declare"]:
        return DECLARE_JOKER
    if hand["pending_choice"] is not None:
        kind: str = hand["pending_choice"]["kind"]
        return kind
    if hand["phase"] in BETTING_PHASES:
        return BET
    if hand["phase"] == REVEAL_PHASE:
        return REVEAL
    return None


# --- the protocol ----------------------------------------------------------------------------------------------------


def check_options(options: dict[str, Any] | None, players: int) -> dict[str, Any]:
    """Every option filled in; IllegalMove("bad_options") for an unknown name or a bad value."""
    out = options_check(options, players, OPTIONS)
    if out["button"] >= players:
        raise IllegalMove(
            "bad_options", _("The first order card goes to one of the seats 0 to {last}."), last=players - 1
        )
    return out


def _new_state(players: int, seed: str, options: dict[str, Any] | None, events: list[Event]) -> State:
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalMove(
            "bad_players", _("Black Card is played by {low} to {high} players."), low=MIN_PLAYERS, high=MAX_PLAYERS
        )
    opts = check_options(options, players)
    stacks = list(opts["seat_stacks"]) if opts["seat_stacks"] is not None else [opts["chips"]] * players
    state: State = {
        "game": NAME,
        "players": players,
        "seed": seed,
        "options": opts,
        "stacks": stacks,
        "busted": [None] * players,
        "ledger": [],
        "over": False,
        "last_hand": None,
        "hand": None,
    }
    _begin_hand(state, events)
    return state


def new_game(*, players: int, seed: str, options: dict[str, Any] | None = None) -> State:
    return _new_state(players, seed, options, [])


def opening_events(state: State) -> list[Event]:
    """The first hand's events up to the first decision: the deal is a function of the seed and the options, so
    they are those of a new game from them (B-R5, B-R6: the antes, the order cards, and a first round dealt
    at once when nobody can bet)."""
    events: list[Event] = []
    _new_state(state["players"], state["seed"], state["options"], events)
    return events


def to_act(state: State) -> list[int]:
    kind = _step_kind(state)
    return [] if kind is None else STEPS[kind].to_act(state["hand"])


def secret_step(state: State) -> bool:
    """B-R7: the reveal is simultaneous, each choice hidden until every player has chosen (the rules have no
    other choice made at once)."""
    return _step_kind(state) == REVEAL


def legal_moves(state: State, seat: int) -> list[Move]:
    kind = _step_kind(state)
    if kind is None or seat not in STEPS[kind].to_act(state["hand"]):
        return []
    return STEPS[kind].moves(state["hand"], seat)


def _checked_step(state: State, seat: int, move: Move) -> Step:
    """The step the move plays; IllegalMove, in words a player understands, for a move the step cannot take."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise IllegalMove("bad_move", _("A move is a JSON object with a type."))
    if state["over"]:
        raise IllegalMove("match_over", _("The match is over."))
    kind = _step_kind(state)
    if kind is None or seat not in STEPS[kind].to_act(state["hand"]):
        raise IllegalMove("not_your_turn", _("It is not your turn."))
    allowed = MOVE_KEYS.get(move["type"])
    if allowed is not None and not set(move) <= allowed:
        raise IllegalMove(
            "unknown_field",
            _("A {kind} move has no field {fields}."),
            kind=move["type"],
            fields=", ".join(sorted(map(str, set(move) - allowed))),
        )
    return STEPS[kind]


def play_move(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """The new state and the events of the move: the move as the others may know it, then all that follows."""
    step = _checked_step(state, seat, move)
    checked = step.check(state["hand"], seat, move)
    out = copied(state)
    events: list[Event] = []
    step.apply(out["hand"], seat, move, checked, events)
    _advance(out, events)
    return out, events


def apply_move(state: State, seat: int, move: Move) -> State:
    return play_move(state, seat, move)[0]


def timeout_move(state: State, seat: int) -> Move:
    """B-D11 defaults."""
    kind = _step_kind(state)
    if kind is None or seat not in STEPS[kind].to_act(state["hand"]):
        raise IllegalMove("not_your_turn", _("You have nothing to decide now."))
    step = STEPS[kind]
    return step.timeout(state["hand"], seat, step.moves(state["hand"], seat))


def is_over(state: State) -> bool:
    return bool(state["over"])


def _chips_now(state: State) -> list[int]:
    chips = state["hand"]["chips"]
    return [s + c for s, c in zip(chips["stacks"], chips["contrib"], strict=True)]


def outcome(state: State) -> dict[str, Any]:
    """B-D3: placed by chips; busted players behind, a later bust ahead of an earlier one; ties share."""
    stacks = state["stacks"] if state["hand"]["phase"] == DONE else _chips_now(state)
    busted = state["busted"]

    def strength(seat: int) -> tuple[int, int]:
        return (1, stacks[seat]) if busted[seat] is None else (0, busted[seat])

    n = state["players"]
    placements = [1 + sum(1 for other in range(n) if strength(other) > strength(seat)) for seat in range(n)]
    return {
        "placements": placements,
        "scores": list(stacks),
        "busted_in_hand": list(busted),
        "hands_played": len(state["ledger"]),
    }


def ledger(state: State) -> list[dict[str, Any]]:
    return [copied(row) for row in state["ledger"]]


def ledger_count(state: State) -> int:
    return len(state["ledger"])


def _private_view(state: State, seat: int | None) -> list[list[str | None]]:
    """Each seat's private cards as `seat` sees them: its own, every live hand once shown, and cards it peeked at."""
    hand = state["hand"]
    live = set(_live(hand))
    bit = 0 if seat is None else 1 << seat
    rows: list[list[str | None]] = []
    for owner in range(state["players"]):
        open_row = owner == seat or (hand["hands_shown"] and owner in live)
        rows.append(
            [
                card if open_row or peeked & bit else None
                for card, peeked in zip(hand["private"][owner], hand["peeked_by"][owner], strict=True)
            ]
        )
    return rows


def _peeks_seen(peeks: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The 4-flush peeks `seat` took part in, with the cards shown (B-R15: to the peeking seat alone)."""
    return [peek for peek in peeks if seat in (peek["peeker"], peek["seat"])]


def _last_hand_seen(last_hand: dict[str, Any] | None, seat: int | None) -> dict[str, Any] | None:
    if last_hand is None:
        return None
    return last_hand | {"peeks": _peeks_seen(last_hand["peeks"], seat)}


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (None: a spectator), built from the state's own data and copied once at the end."""
    hand = state["hand"]
    chips = hand["chips"]
    rnd = chips["round"]
    pending = hand["pending_choice"]
    jokers = hand["jokers_declared"]
    out: dict[str, Any] = {
        "game": NAME,
        "players": state["players"],
        "options": state["options"],
        "over": state["over"],
        "hand": hand["index"],
        "button": hand["button"],
        "phase": hand["phase"],
        "to_act": to_act(state),
        "stacks": chips["stacks"],
        "contrib": chips["contrib"],
        "pot": betting.pot_total(chips),
        "pots": betting.pots_now(chips),
        "folded": chips["folded"],
        "busted": state["busted"],
        "betting": None if rnd is None else {k: rnd[k] for k in ("order", "bets", "pending", "raised")},
        "order": hand["order_card_ranking"],
        "round": hand["deal_round"],
        "public": [
            [{"card": e[:2], "as": jokers.get(e[:2]), "counts": not e.endswith(powers.GAINED)} for e in cards]
            for cards in hand["public"]
        ],
        "private": _private_view(state, seat),
        "jokers": dict(sorted(jokers.items())),
        "community": hand["community"],
        "discards": hand["discards"],
        "deck_count": len(hand["deck"]),
        "share": hand["forced_share"],
        "passives": hand["passives"],
        "special": hand["special_round"],
        "declaring": hand["jokers_to_declare"][0] if hand["jokers_to_declare"] else None,
        "pending_choice": None if pending is None else CHOICES[pending["kind"]].view(pending),
        "revealed_ready": [hand["reveal_choice"][s] is not None for s in range(state["players"])],
        "peeks": _peeks_seen(hand["peeks"], seat),
        "last_hand": _last_hand_seen(state["last_hand"], seat),
    }
    if seat is not None:
        out["seat"] = seat
        index = hand["reveal_choice"][seat]
        out["my_reveal"] = None if index is None else hand["private"][seat][index]
        out["legal_moves"] = legal_moves(state, seat)
    return copied(out)


def seat_choices(state: State, seat: int) -> dict[str, Any]:
    """The private cards in the order received (never sorted: a position says nothing of a card); the card to
    reveal (B-R8); a bet's slider offers its presets. Every other choice (a joker's card, a power's target, a card
    to keep or give up) is a labelled move."""
    held = list(state["hand"]["private"][seat])
    legal = legal_moves(state, seat)
    kind = _step_kind(state)
    if kind == REVEAL and legal:
        return table_choices.declared(held, pick=table_choices.single("reveal"))
    if kind == BET:
        return table_choices.declared(held, presets=betting.presets(state["hand"]["chips"], seat, legal))
    return table_choices.declared(held)


def conserved(state: State) -> dict[str, int]:
    hand = state["hand"]
    chips = hand["chips"]
    cards = len(hand["deck"]) + len(hand["community"]) + len(hand["discards"])
    cards += sum(len(p) for p in hand["public"]) + sum(len(p) for p in hand["private"])
    pending = hand["pending_choice"]
    if pending is not None and "cards" in pending:  # the A+21 cards drawn, not yet kept or discarded
        cards += len(pending["cards"])
    return {"chips": sum(chips["stacks"]) + sum(chips["contrib"]), "cards": cards}


def hidden_places(state: State, seat: int | None) -> list[list[Path]]:
    hand = state["hand"]
    live = set(_live(hand))
    paths: list[Path] = [("hand", "deck", i) for i in range(len(hand["deck"]))]
    bit = 0 if seat is None else 1 << seat
    for owner in range(state["players"]):
        if owner == seat or (hand["hands_shown"] and owner in live):
            continue
        paths.extend(
            ("hand", "private", owner, i) for i, peeked in enumerate(hand["peeked_by"][owner]) if not peeked & bit
        )
    return [paths]


def conformance_variants() -> list[dict[str, Any]]:
    return [
        {"hand_limit": 1},
        {"hand_limit": 2, "chips": 6},
        {"hand_limit": 2, "chips": 3, "split": True},
        {"hand_limit": 2},
        # a tournament table plays one hand from carried stacks; a variant cannot give `seat_stacks` for every
        # player count, so tests/games/blackcard/test_protocol.py plays those playouts
        {"hand_limit": 1, "button": 1, "chips": 9, "ante": 2},
    ]


def options_schema() -> list[dict[str, Any]]:
    return schema_json(OPTIONS)


def default_options() -> dict[str, Any]:
    return dict(DEFAULT_OPTIONS)


def teams(players: int) -> list[list[int]] | None:
    return None  # every seat plays for itself


def event_types() -> dict[str, str]:
    return dict(EVENT_TYPES)


def phases() -> dict[str, str]:
    return {
        ORDER: _("the order cards"),
        FIRST_BETTING: _("first betting round"),
        REVEAL_PHASE: _("revealing a card"),
        SHARE_START: _("the forced share"),
        SHARE: _("the forced share"),
        SPECIAL: _("the special round"),
        LAST_BETTING: _("last betting round"),
        SHOWDOWN: _("showdown"),
        DONE: _("hand over"),
    }


def bot_move(view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
    return bot.bot_move(view, legal, rng)


class BlackCardEngine:
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


ENGINE = BlackCardEngine()
