"""The seven-card showdown (B-R19, B-D10, B-D23): the best hand of every card a player holds.

A hand's key is (category, ranks, top card): categories 8 straight flush, 7 four of a kind, 6 full house, 5 flush,
4 straight, 3 three of a kind, 2 two pair, 1 one pair, 0 high card. B-D10 compares hands of one category as in
Korean seven poker, by the cards that make the category only:

    straight flush, straight   the run: its top rank (A-2-3-4-5 is 5 high, the lowest)
    four of a kind             the four: their rank
    full house                 its three of a kind: their rank (the pair never counts)
    flush                      its highest card: its rank
    three of a kind            the three: their rank
    two pair                   both pairs: the higher pair's rank, then the lower's
    one pair                   the pair: its rank
    high card                  the highest card: its rank

then the suit (B-R2) of the highest card of those cards, a declared joker above the card it stands for (B-R3).
Cards outside them (kickers) never count, so two hands built on the same cards (a shared community card) are equal.
With fewer than five cards a hand is ranked on the cards it has (B-D23): four cards make no straight or flush, and
with no kickers nothing else is missing; a seat with no card at all is below any hand.
"""

from collections import defaultdict
from typing import Any

from games.blackcard.cards import ACE, RANK_WORDS, Key, identity_code
from games.core.i18n import _

HandKey = tuple[Any, ...]
EMPTY: HandKey = (-1,)  # no card: below every hand (B-D23)

STRAIGHT_FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, FLUSH, STRAIGHT, THREE_OF_A_KIND, TWO_PAIR, ONE_PAIR, HIGH_CARD = (
    8,
    7,
    6,
    5,
    4,
    3,
    2,
    1,
    0,
)


def _straight_top(ranks: set[int]) -> int | None:
    """The top rank of the highest five-card run (A high or low, no wrap; the wheel's top is the 5)."""
    present = set(ranks)
    if ACE in present:
        present.add(-1)
    for top in range(ACE, 2, -1):
        if all(r in present for r in range(top - 4, top + 1)):
            return top
    return None


def _top_of(cards: list[Key], rank: int) -> Key:
    """The highest card of one rank: the suit that decides between hands of equal ranks (B-D10)."""
    return max(card for card in cards if card[0] == rank)


def _straight_flush(by_suit: dict[int, list[Key]]) -> HandKey | None:
    best: HandKey | None = None
    for suited in by_suit.values():
        if len(suited) >= 5:
            top = _straight_top({card[0] for card in suited})
            if top is not None:
                candidate = (STRAIGHT_FLUSH, (top,), _top_of(suited, top))
                best = candidate if best is None or candidate > best else best
    return best


def hand_key(cards: list[Key]) -> HandKey:
    """Sortable strength of the best hand among `cards` (undeclared jokers must be declared first)."""
    if not cards:
        return EMPTY
    by_suit: dict[int, list[Key]] = defaultdict(list)
    by_rank: dict[int, list[Key]] = defaultdict(list)
    for card in cards:
        by_suit[card[1]].append(card)
        by_rank[card[0]].append(card)
    straight_flush = _straight_flush(by_suit)
    if straight_flush is not None:
        return straight_flush
    ranks_desc = sorted(by_rank, reverse=True)
    quads = [r for r in ranks_desc if len(by_rank[r]) >= 4]
    trips = [r for r in ranks_desc if len(by_rank[r]) >= 3]
    pairs = [r for r in ranks_desc if len(by_rank[r]) >= 2]
    if quads:
        return (FOUR_OF_A_KIND, (quads[0],), max(by_rank[quads[0]]))
    if trips and any(r != trips[0] for r in pairs):
        return (FULL_HOUSE, (trips[0],), max(by_rank[trips[0]]))
    flush_tops = [max(suited) for suited in by_suit.values() if len(suited) >= 5]
    if flush_tops:
        top_card = max(flush_tops)
        return (FLUSH, (top_card[0],), top_card)
    top = _straight_top(set(by_rank))
    if top is not None:
        return (STRAIGHT, (top,), _top_of(cards, top))
    if trips:
        return (THREE_OF_A_KIND, (trips[0],), max(by_rank[trips[0]]))
    if len(pairs) >= 2:
        return (TWO_PAIR, (pairs[0], pairs[1]), max(by_rank[pairs[0]]))
    if pairs:
        return (ONE_PAIR, (pairs[0],), max(by_rank[pairs[0]]))
    top_card = max(cards)
    return (HIGH_CARD, (top_card[0],), top_card)


def winners(keys: dict[int, HandKey], *, split: bool) -> list[int]:
    """Seats holding the best hand: with `split` the top card's suit breaks no tie (B-D10); seats with no card
    lose to any seat with cards (B-D23)."""
    if not keys:
        return []

    def cut(key: HandKey) -> HandKey:
        return key[:2] if split else key

    best = max(cut(key) for key in keys.values())
    return sorted(seat for seat, key in keys.items() if cut(key) == best)


_PHRASES = {
    STRAIGHT_FLUSH: _("Straight flush, {card} high"),
    FOUR_OF_A_KIND: _("Four of a kind: {rank}, {card} highest"),
    FULL_HOUSE: _("Full house: three {rank}, {card} highest"),
    FLUSH: _("Flush, {card} high"),
    STRAIGHT: _("Straight, {card} high"),
    THREE_OF_A_KIND: _("Three of a kind: {rank}, {card} highest"),
    TWO_PAIR: _("Two pair: {rank} and {low}, {card} highest"),
    ONE_PAIR: _("One pair: {rank}, {card} highest"),
    HIGH_CARD: _("High card, {card}"),
}
_NAMED_BY_TOP_CARD = (STRAIGHT_FLUSH, FLUSH, STRAIGHT, HIGH_CARD)  # the top card says all there is


def category_phrase(key: HandKey) -> dict[str, Any]:
    """The category of a hand key as a phrase (games/core/events.py) naming what decides it: the ranks of the
    cards that make it and the highest of them (B-D10)."""
    if key == EMPTY:
        return {"text": _("No cards")}
    category, ranks, top = key
    phrase: dict[str, Any] = {"text": _PHRASES[category], "card": identity_code(top)}
    if category not in _NAMED_BY_TOP_CARD:
        phrase["rank"] = RANK_WORDS[ranks[0]]
    if category == TWO_PAIR:
        phrase["low"] = RANK_WORDS[ranks[1]]
    return phrase
