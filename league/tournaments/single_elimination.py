"""Single elimination (T-R3): each match eliminates its loser, the winner takes the slot of the next round, the last
match is the final; an optional third-place match (T-R4); places by round (T-R5).

Match ids: "W<round>.<number>" (the final is "W<k>.1" in a bracket of 2^k), and "P3.1" for the third-place match.
Rounds are best of N tables (T-D2), drawn tables are replayed up to three in a row (T-D3), forfeits and withdrawals
as T-D4 says; all of it in `league.tournaments.bracket`, which this module only builds for.
"""

from collections.abc import Sequence
from typing import Any

from league.tournaments import bracket
from league.tournaments.common import Event, State, entrants_check
from league.tournaments.seeding import bracket_size, seed_order

FORMAT = "single_elimination"


def single_elimination_matches(field: int, *, third_place: bool = False) -> list[dict[str, Any]]:
    """The matches of a bracket for `field` entrants, sources first: round 1 from the seeds in the standard order
    (T-R2), each later match from the winners of the two above it, the third-place match from the semifinals'
    losers (T-R4), and each match's place band for its loser (T-R5)."""
    size = bracket_size(field)
    rounds = size.bit_length() - 1
    order = seed_order(size)
    matches: list[dict[str, Any]] = []
    by_round: list[list[dict[str, Any]]] = []
    for r in range(1, rounds + 1):
        row = []
        for i in range(size >> r):
            sources: list[dict[str, Any]]
            if r == 1:
                sources = [{"seed": order[2 * i]}, {"seed": order[2 * i + 1]}]
            else:
                sources = [{"winner": f"W{r - 1}.{2 * i + 1}"}, {"winner": f"W{r - 1}.{2 * i + 2}"}]
            row.append(bracket.match_new(f"W{r}.{i + 1}", "W", r, i + 1, sources, final=r == rounds))
        by_round.append(row)
        matches += row
    with_third = third_place and rounds >= 2
    if with_third:
        semis = by_round[-2]
        third = bracket.match_new("P3.1", "P3", rounds, 2, [{"loser": semis[0]["id"]}, {"loser": semis[1]["id"]}])
        third["winner_place"] = [3, 1]
        third["loser_place"] = [4, 1]
        matches.append(third)
    # T-R5: the losers of a round share its band; with a third-place match the semifinal losers play on for 3 and 4
    stages = by_round[:-2] if with_third else by_round
    bracket.places_plan(matches, field, stages)
    by_round[-1][0]["loser_place"] = None  # the final's loser is second, by `final`
    return matches


def single_elimination_create(
    seeds: Sequence[int], *, best_of: int = 1, third_place: bool = False
) -> tuple[State, list[Event]]:
    """A single-elimination bracket for `seeds` (best first; see `league.tournaments.seeding`), its byes already
    given (T-R1). `best_of` is N of T-D2 (odd)."""
    seeds = entrants_check(seeds)
    if best_of < 1 or best_of % 2 == 0:
        raise ValueError("a match is best of an odd number of tables")
    matches = single_elimination_matches(len(seeds), third_place=third_place)
    state = bracket.state_new(FORMAT, seeds, matches, best_of=best_of, third_place=third_place)
    state["size"] = bracket_size(len(seeds))
    return bracket.settle(state)
