"""The steps at which a seat decides, by name, and how a pending choice is played.

A hand waits for a seat at one of these steps (the engine's dispatch table, `engine.STEPS`, maps each to its
handlers):
- `DECLARE_JOKER`: a joker turned face up, or held face down to the showdown, waits for its declaration (B-R3);
- `BET`: a betting round (B-R6, B-R18); `REVEAL`: the simultaneous reveal of a round (B-R7);
- a pending choice, `hand["pending_choice"]`: {"kind": one of the kinds below, "seat": the seat deciding, and the
  context the kind needs}. Powers and the forced share set them; `Choice` says how each kind is played.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core.protocol import Event, Move

Hand = dict[str, Any]
Pending = dict[str, Any]

# steps that are not pending choices
DECLARE_JOKER = "declare_joker"
BET = "bet"
REVEAL = "reveal"

# pending choices of the special round (B-R10, B-R13, B-R15)
ACE21_KEEP = "ace21_keep"  # {"cards"}: keep one of the three A+21 cards
NAME_PLAYER = "name_player"  # {"power"}: the J, spear, exchange or peek names another player still in (B-D19)
GIVE_UP_FACE_CARD = "give_up_face_card"  # {"power_owner"}: the player named by a J discards a public face card
QUEEN_PICK = "queen_pick"  # {"target", "targets_left"}: the Q player picks one face card of each other player
SPEAR_PUBLIC = "spear_public"  # {"target"}: the spear picks one of the target's public cards...
SPEAR_PRIVATE = "spear_private"  # {"target"}: ...then one of its private cards, blind, by position
EXCHANGE_TAKE = "exchange_take"  # {"target"}: the exchange picks the card it takes (a private one blind)...
EXCHANGE_GIVE = "exchange_give"  # {"target", "taken"}: ...then the card it gives
PEEK_KEEP_HIDDEN = "peek_keep_hidden"  # {"peeker"}: the player peeked at keeps one private card hidden
# pending choices of the forced share (B-R8, B-R9)
ODD_BONUS_DOUBLE = "odd_bonus_double"  # the all-odd best hand doubles the share or not
FORCED_SHARE = "forced_share"  # a payer pays the share or folds


def first_move(hand: Hand, pending: Pending, moves: list[Move]) -> Move:
    """B-D11: a missed power choice takes the first option (targets in seat order, cards in their order)."""
    return moves[0]


def public_context(pending: Pending) -> dict[str, Any]:
    """What every viewer sees of a pending choice: all of it (a private card picked blind is a position)."""
    return dict(pending)


@dataclass(frozen=True)
class Choice:
    """How one kind of pending choice is played."""

    moves: Callable[[Hand, Pending], list[Move]]  # the options of the deciding seat, in B-D11 order
    apply: Callable[[Hand, Pending, Move, list[Event]], None]  # play a listed option, appending its events
    refusal: str  # the sentence for a move that is not one of `moves` (marked with `_`)
    # a choice left with a single option (or none) is made for the seat at once (docs/rules/black-card.md)
    made_when_forced: bool = True
    timeout: Callable[[Hand, Pending, list[Move]], Move] = first_move
    view: Callable[[Pending], dict[str, Any]] = public_context


__all__ = [
    "ACE21_KEEP",
    "BET",
    "DECLARE_JOKER",
    "EXCHANGE_GIVE",
    "EXCHANGE_TAKE",
    "FORCED_SHARE",
    "GIVE_UP_FACE_CARD",
    "NAME_PLAYER",
    "ODD_BONUS_DOUBLE",
    "PEEK_KEEP_HIDDEN",
    "QUEEN_PICK",
    "REVEAL",
    "SPEAR_PRIVATE",
    "SPEAR_PUBLIC",
    "Choice",
    "Hand",
    "Pending",
]
