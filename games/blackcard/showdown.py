"""The seven-card showdown (B-R19, B-D10, B-D23): the best five of every card a player holds.

A hand's key is (category, ranks, top card): categories 8 straight flush, 7 four of a kind, 6 full house, 5 flush,
4 straight, 3 three of a kind, 2 two pair, 1 one pair, 0 high card; ranks are the category's ranks then the
kickers; the top card is the highest card of the cards that make the category (as in Korean seven poker), whose
suit breaks a tie of category and ranks (B-R2). With fewer than five cards the hand is ranked on what it has, a
missing card below any card (B-D23): a shorter rank tuple that is a prefix of a longer one is lower.
"""

from collections import defaultdict

from games.blackcard.cards import ACE, Key

EMPTY: tuple = (-1,)


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
    return max(card for card in cards if card[0] == rank)


def hand_key(cards: list[Key]) -> tuple:
    """Sortable strength of the best hand among `cards` (undeclared jokers must be declared first)."""
    if not cards:
        return EMPTY
    by_suit: dict[int, list[Key]] = defaultdict(list)
    by_rank: dict[int, list[Key]] = defaultdict(list)
    for card in cards:
        by_suit[card[1]].append(card)
        by_rank[card[0]].append(card)
    best_sf = None
    for suited in by_suit.values():
        if len(suited) >= 5:
            top = _straight_top({c[0] for c in suited})
            if top is not None:
                candidate = (8, (top,), _top_of(suited, top))
                best_sf = candidate if best_sf is None or candidate > best_sf else best_sf
    if best_sf is not None:
        return best_sf
    ranks_desc = sorted(by_rank, reverse=True)
    quads = [r for r in ranks_desc if len(by_rank[r]) >= 4]
    trips = [r for r in ranks_desc if len(by_rank[r]) >= 3]
    pairs = [r for r in ranks_desc if len(by_rank[r]) >= 2]

    def kickers(exclude: set[int], count: int) -> tuple[int, ...]:
        return tuple(r for r in ranks_desc if r not in exclude)[:count]

    if quads:
        q = quads[0]
        return (7, (q, *kickers({q}, 1)), max(by_rank[q]))
    if trips and len([r for r in pairs if r != trips[0]]) >= 1:
        t = trips[0]
        p = next(r for r in pairs if r != t)
        return (6, (t, p), max(by_rank[t]))
    flushes = []
    for suited in by_suit.values():
        if len(suited) >= 5:
            top5 = sorted(suited, reverse=True)[:5]
            flushes.append((5, tuple(c[0] for c in top5), top5[0]))
    if flushes:
        return max(flushes)
    top = _straight_top(set(by_rank))
    if top is not None:
        return (4, (top,), _top_of(cards, top))
    if trips:
        t = trips[0]
        return (3, (t, *kickers({t}, 2)), max(by_rank[t]))
    if len(pairs) >= 2:
        high, low = pairs[0], pairs[1]
        return (2, (high, low, *kickers({high, low}, 1)), max(by_rank[high]))
    if pairs:
        p = pairs[0]
        return (1, (p, *kickers({p}, 3)), max(by_rank[p]))
    top5 = ranks_desc[:5]
    return (0, tuple(top5), max(cards))


def winners(keys: dict[int, tuple], *, split: bool) -> list[int]:
    """Seats holding the best hand: with `split` the top card's suit breaks no tie (B-D10); seats with no card
    lose to any seat with cards (B-D23)."""
    if not keys:
        return []
    cut = (lambda k: k[:2]) if split else (lambda k: k)
    best = max(cut(k) for k in keys.values())
    return sorted(seat for seat, k in keys.items() if cut(k) == best)


def pots(contrib: list[int], live: list[int], all_in: list[int]) -> list[dict]:
    """The main pot and side pots, main first: [{"amount", "eligible"}].

    The forced shares (B-R8) leave live players with unequal contributions although nobody is short, so a pot is
    capped only at an all-in player's contribution (B-D4): a player who is not all-in is eligible for every chip.
    Chips above the last cap go to the last pot's contenders when no one may contest them otherwise.
    """
    caps = sorted({contrib[seat] for seat in all_in})
    out: list[dict] = []
    floor = 0
    for cap in caps:
        amount = sum(min(c, cap) - min(c, floor) for c in contrib)
        eligible = [s for s in live if s not in all_in or contrib[s] >= cap]
        if amount:
            out.append({"amount": amount, "eligible": eligible})
        floor = cap
    rest = sum(c - min(c, floor) for c in contrib)
    if rest:
        eligible = [s for s in live if s not in all_in]
        if eligible:
            out.append({"amount": rest, "eligible": eligible})
        elif out:
            out[-1]["amount"] += rest
    return out
