"""Who wins a pot at showdown (M-D7, M-D8) and who may then call a regame; the best choice of 2 (or 3) cards."""

from itertools import combinations
from typing import NamedTuple

from games.minipoker.ranking import Hand, Rules, evaluate
from games.minipoker.specials import CATCHERS, REGAMERS, catcher_strength, catches, may_regame


class Result(NamedTuple):
    winners: list[int]  # seats, ascending; several = a tie (M-R13)
    winning: Hand  # the best hand W as counted; a winning catcher counts as the hand it caught
    caught_by: str | None  # the special that caught W, if one did


def resolve(hands: dict[int, Hand], rules: Rules) -> Result:
    """M-D7: W is the best hand, specials counted as what they play as; a catcher still in that catches W wins
    alone (several: the strongest, M-R23/M-R24, else a tie). Not a pairwise comparison of every hand (M-D8)."""
    best_key = max(hand.key for hand in hands.values())
    best = sorted(seat for seat, hand in hands.items() if hand.key == best_key)
    winning = hands[best[0]]
    catchers = [
        seat for seat, hand in hands.items() if hand.special in CATCHERS and catches(hand.special, winning, rules)
    ]
    if not catchers:
        return Result(best, winning, None)
    strongest = max(catcher_strength(hands[seat], rules) for seat in catchers)
    winners = sorted(seat for seat in catchers if catcher_strength(hands[seat], rules) == strongest)
    return Result(winners, winning, hands[winners[0]].special)


def regame_callers(hands: dict[int, Hand], result: Result, rules: Rules) -> list[int]:
    """Seats holding a regamer, not among the winners, whose range covers the winning hand (M-D7, M-R19)."""
    return sorted(
        seat
        for seat, hand in hands.items()
        if hand.special in REGAMERS
        and seat not in result.winners
        and may_regame(hand.special, result.winning, result.caught_by, rules)
    )


def choices(cards: list[str], rules: Rules) -> list[tuple[str, ...]]:
    """The sets of cards a player may show: any 2, or all 3 of a rank when Triples count (M-R24)."""
    out = [tuple(pair) for pair in combinations(cards, 2)]
    if rules.triple and len(cards) == 3 and cards[0][0] == cards[1][0] == cards[2][0]:
        out.append(tuple(cards))
    return out


def best_choice(cards: list[str], rules: Rules) -> tuple[str, ...]:
    """M-D9: the best-ranked choice, specials counted as what they play as (the first of equals)."""
    options = choices(cards, rules)
    return max(options, key=lambda choice: evaluate(choice, rules).key)
