"""Trick play: the legal cards (K-R18), the trick winner (K-R19) and belote-rebelote (K-R8, K-D3).

A trick is the list of its cards in play order with the seat that led it: card i was played by (leader + i) % 4.
"""

from games.coinche.cards import strength
from games.core.cards import SUIT_SYMBOLS
from games.core.errors import IllegalMove
from games.core.i18n import _


def trick_winner(trick: list[str], leader: int, trump: str) -> int:
    """K-R19: the seat of the highest trump played, or if none, of the highest card of the led suit."""
    led = trick[0][1]
    best_index, best = 0, strength(trick[0], trump)
    for index, card in enumerate(trick[1:], start=1):
        if card[1] != led and card[1] != trump:
            continue
        value = strength(card, trump)
        if value > best:
            best_index, best = index, value
    return (leader + best_index) % 4


def _highest_trump(trick: list[str], trump: str) -> int:
    return max((strength(card, trump) for card in trick if card[1] == trump), default=-1)


def legal_cards(hand: list[str], trick: list[str], leader: int, trump: str, *, undertrump: bool = True) -> list[str]:
    """K-R18: the cards the next player may play from `hand` on `trick` (led by `leader`); `undertrump` is the
    table's K-R18.2 setting."""
    if not trick:
        return list(hand)  # K-R17: any lead
    seat = (leader + len(trick)) % 4
    led = trick[0][1]
    follow = [card for card in hand if card[1] == led]
    if led == trump:
        if not follow:
            return list(hand)  # K-R18.4
        # K-R18.5: beat the highest trump if able, partner winning or not; else any trump
        best = _highest_trump(trick, trump)
        higher = [card for card in follow if strength(card, trump) > best]
        return higher or follow
    if follow:
        return follow  # K-R18.1: follow, no need to beat
    trumps = [card for card in hand if card[1] == trump]
    if not trumps:
        return list(hand)  # K-R18.4
    if (trick_winner(trick, leader, trump) - seat) % 2 == 0:
        return list(hand)  # K-R18.3: the partner holds the trick
    best = _highest_trump(trick, trump)
    higher = [card for card in trumps if strength(card, trump) > best]
    if higher:
        return higher  # K-R18.2: trump, overtrumping an opponent's trump
    if undertrump:
        return trumps  # K-R18.2: unable to overtrump, still trump
    return list(hand)  # the table setting without the undertrump obligation: a discard is allowed


def _best_trump_card(trick: list[str], trump: str) -> str:
    return max((card for card in trick if card[1] == trump), key=lambda card: strength(card, trump))


def card_refusal(hand: list[str], trick: list[str], leader: int, trump: str) -> IllegalMove:
    """Why K-R18 forbids a held card that `legal_cards` left out, as the player reads it."""
    led = trick[0][1]
    has_trump = any(card[1] == trump for card in hand)
    if led == trump:
        best = _best_trump_card(trick, trump)
        if any(card[1] == trump and strength(card, trump) > strength(best, trump) for card in hand):
            return IllegalMove("illegal_card", _("Trumps were led: play a trump higher than {card}."), card=best)
        return IllegalMove("illegal_card", _("Trumps were led: play a trump."))
    if any(card[1] == led for card in hand):
        return IllegalMove("illegal_card", _("You must follow suit: play a {suit}."), suit=SUIT_SYMBOLS[led])
    if has_trump and any(card[1] == trump for card in trick):
        best = _best_trump_card(trick, trump)
        if any(card[1] == trump and strength(card, trump) > strength(best, trump) for card in hand):
            return IllegalMove(
                "illegal_card", _("Your opponents have trumped: play a trump higher than {card}."), card=best
            )
        return IllegalMove("illegal_card", _("You cannot beat {card}, but you must still play a trump."), card=best)
    return IllegalMove("illegal_card", _("Your opponents hold the trick: play a trump."))


def belote_holder(hands: list[list[str]], trump: str) -> int | None:
    """K-R8: the seat holding both King and Queen of trump when play starts, if any."""
    pair = {"K" + trump, "Q" + trump}
    for seat, hand in enumerate(hands):
        if pair <= set(hand):
            return seat
    return None


def belote_call(card: str, trump: str, seat: int, holder: int | None, announced: int) -> str | None:
    """K-R8/K-D3: "belote" with the first of the pair played by its holder, "rebelote" with the second."""
    if seat != holder or card[1] != trump or card[0] not in "KQ":
        return None
    return "belote" if announced == 0 else "rebelote"
