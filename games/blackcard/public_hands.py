"""Public hands (B-R8, B-D15): the best poker hand among a player's face-up cards, without straights or flushes.

Categories: four of a kind 4, three of a kind 3, two pair 2, one pair 1, high card 0. Hands compare by category,
then the ranks inside the category, then the suit of the highest card inside the category (a declared joker above
the card it duplicates). Real cards are all distinct and the two jokers cannot stand for the same card, so two
players' public hands never tie.
"""

from collections import defaultdict
from typing import Any

from games.blackcard.cards import Key

PublicKey = tuple[Any, ...]
NO_HAND: PublicKey = (-1,)


def public_hand_key(keys: list[Key]) -> PublicKey:
    """Sortable strength of a public hand (higher is better); an empty hand is below every other."""
    if not keys:
        return NO_HAND
    by_rank: dict[int, list[Key]] = defaultdict(list)
    for key in keys:
        by_rank[key[0]].append(key)
    groups = sorted(by_rank.items(), key=lambda item: (len(item[1]), item[0]), reverse=True)
    size, rank = len(groups[0][1]), groups[0][0]
    if size >= 4:
        return (4, (rank,), max(groups[0][1]))
    if size == 3:
        return (3, (rank,), max(groups[0][1]))
    pairs = [(r, cards) for r, cards in groups if len(cards) == 2]
    if len(pairs) >= 2:
        (high, high_cards), (low, _) = pairs[0], pairs[1]
        return (2, (high, low), max(high_cards))
    if len(pairs) == 1:
        return (1, (pairs[0][0],), max(pairs[0][1]))
    top = max(keys)
    return (0, (top[0],), top)


def ranking(hands: dict[int, list[Key]]) -> list[int]:
    """Seats from the best public hand to the worst (seat number breaks a tie, which only empty hands can have)."""
    return sorted(hands, key=lambda seat: (public_hand_key(hands[seat]), -seat), reverse=True)
