"""Double elimination (T-R6…T-R9): an entrant is out after two lost matches.

The winners' bracket ("W<round>.<n>") is a single-elimination bracket whose losers drop into the losers' bracket
("L<round>.<n>") instead of going out. In a bracket of 2^k the losers' bracket has 2(k − 1) rounds (T-R7):
- L1: the losers of W1, two by two (the pairs of W1 matches next to each other);
- L2j (j = 1 … k − 1), a *drop* round: the winners of L(2j − 1) against the losers of W(j + 1);
- L2j + 1, an *inner* round: the winners of L2j against each other.
The winners' champion meets the losers' champion in the grand final "GF.1"; with `grand_final_reset` an LB champion
who wins it forces "GF.2", the deciding match (T-R8). Places: 1 and 2 from the grand final, then by the losers'
bracket round of elimination, 3, 4, 5–6, 7–8, 9–12, 13–16 … (T-R9).

The drop-downs of W(j + 1) enter L2j in an order that keeps entrants who met in the winners' bracket apart: see
`DROP_ORDERS` and docs/formats.md.
"""

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from league.tournaments import bracket
from league.tournaments.common import Event, State, entrants_check
from league.tournaments.seeding import bracket_size, seed_order

FORMAT = "double_elimination"
T = TypeVar("T")


def natural(items: Sequence[T]) -> list[T]:
    return list(items)


def reverse(items: Sequence[T]) -> list[T]:
    return list(reversed(items))


def half_shift(items: Sequence[T]) -> list[T]:
    """The second half first: the top half's drop-downs meet the bottom half's survivors, and back."""
    half = len(items) // 2
    return [*items[half:], *items[:half]]


def reverse_half_shift(items: Sequence[T]) -> list[T]:
    """Each half reversed in place."""
    half = len(items) // 2
    return [*reversed(items[:half]), *reversed(items[half:])]


# T-R7: the order of the drop-downs of W2, W3, W4 … (then again from the start): reversed, then shifted by half,
# then each half reversed, then as they come; the "superior" losers' bracket seeding of the bracket tools
# (brackets-manager, after a tl.net write-up). tests/league/tournaments/test_double_elimination.py works out, from
# the bracket's structure alone, the first losers' round where a match could be a rematch of a winners' bracket
# match: with these orders it is L3 at 8 entrants, L4 at 16, L5 at 32, L7 at 64, and no other choice among the
# four orders for each drop round makes it later (every combination tried up to 32; 64 and 128 checked once).
DROP_ORDERS: tuple[Callable[[Sequence[Any]], list[Any]], ...] = (reverse, half_shift, reverse_half_shift, natural)


def drop_order(j: int) -> Callable[[Sequence[Any]], list[Any]]:
    """The order in which W(j + 1)'s losers enter drop round L2j (j ≥ 1)."""
    return DROP_ORDERS[(j - 1) % len(DROP_ORDERS)]


def double_elimination_matches(
    field: int,
    *,
    grand_final_reset: bool = True,
    orders: Sequence[Callable[[Sequence[Any]], list[Any]]] | None = None,
) -> list[dict[str, Any]]:
    """The matches for `field` entrants, sources first, with the loser's place band of every losers' bracket match.

    `orders` (tests only) replaces `DROP_ORDERS`."""
    size = bracket_size(field)
    k = size.bit_length() - 1
    order = seed_order(size)

    def drops(j: int) -> Callable[[Sequence[Any]], list[Any]]:
        return orders[(j - 1) % len(orders)] if orders else drop_order(j)

    winners: list[list[dict[str, Any]]] = []
    for r in range(1, k + 1):
        row = []
        for i in range(size >> r):
            sources: list[dict[str, Any]]
            if r == 1:
                sources = [{"seed": order[2 * i]}, {"seed": order[2 * i + 1]}]
            else:
                sources = [{"winner": f"W{r - 1}.{2 * i + 1}"}, {"winner": f"W{r - 1}.{2 * i + 2}"}]
            row.append(bracket.match_new(f"W{r}.{i + 1}", "W", r, i + 1, sources))
        winners.append(row)
    # the losers' bracket, one round after another; L1 is fed by the losers of W1 two by two
    losers: list[list[dict[str, Any]]] = []
    if k >= 2:
        feeds = [{"loser": m["id"]} for m in winners[0]]
        for round_ in range(1, 2 * (k - 1) + 1):
            if round_ % 2:  # L1 and the inner rounds: the entrants so far, two by two
                pairs = [(feeds[2 * i], feeds[2 * i + 1]) for i in range(len(feeds) // 2)]
            else:  # a drop round: the survivors against the drop-downs of W(j + 1), in the round's order
                j = round_ // 2
                dropping = drops(j)([{"loser": m["id"]} for m in winners[j]])
                pairs = list(zip(feeds, dropping, strict=True))
            row = [bracket.match_new(f"L{round_}.{i + 1}", "L", round_, i + 1, pair) for i, pair in enumerate(pairs)]
            losers.append(row)
            feeds = [{"winner": m["id"]} for m in row]
        lb_champion = feeds[0]
    else:
        lb_champion = {"loser": winners[0][0]["id"]}  # a field of two: the final's loser is the losers' champion
    final = bracket.match_new(
        "GF.1",
        "GF",
        1,
        1,
        [{"winner": winners[-1][0]["id"]}, lb_champion],
        final="reset" if grand_final_reset else True,
    )
    matches = [m for row in winners for m in row] + [m for row in losers for m in row] + [final]
    if grand_final_reset:
        matches.append(bracket.match_new("GF.2", "GF", 2, 1, [{"winner": "GF.1"}, {"loser": "GF.1"}], final="again"))
    bracket.places_plan(matches, field, losers)
    return matches


def double_elimination_create(
    seeds: Sequence[int], *, best_of: int = 1, grand_final_reset: bool = True
) -> tuple[State, list[Event]]:
    """A double-elimination bracket for `seeds` (best first), its byes already given (T-R1); matches best of
    `best_of` tables (T-D2)."""
    seeds = entrants_check(seeds)
    if best_of < 1 or best_of % 2 == 0:
        raise ValueError("a match is best of an odd number of tables")
    matches = double_elimination_matches(len(seeds), grand_final_reset=grand_final_reset)
    state = bracket.state_new(FORMAT, seeds, matches, best_of=best_of, grand_final_reset=grand_final_reset)
    state["size"] = bracket_size(len(seeds))
    return bracket.settle(state)
