"""Two stages (T-R11, T-R12): a first stage ranks the field, its top K enter a playoff bracket.

The first stage is one of the league's own formats (a round robin, Swiss, multi-table rounds, the divisions of a
season) or groups: several round robins, drawn here by the snake (`groups_split`) and scheduled by
`league.pairing.round_robin`. What this module adds is the way in: the qualifiers and their playoff seeds, overall
(the first stage's ranking) or per group (winners against other groups' runners-up, group mates apart).
"""

import itertools
from collections.abc import Sequence
from typing import Literal

from league.pairing.round_robin import Pair, round_robin_schedule
from league.tournaments.common import Event, State, entrants_check
from league.tournaments.double_elimination import double_elimination_create
from league.tournaments.seeding import bracket_size, seed_order
from league.tournaments.single_elimination import single_elimination_create

EXACT_POT = 6  # pots of up to 6 entrants are placed by trying every order (720); larger ones greedily


def groups_split(seeds: Sequence[int], count: int) -> list[list[int]]:
    """T-R11: the field (best first) in `count` groups by the snake, as Challonge and Toornament draw groups: seeds
    1…count one to a group, the next row back the other way, so every group gets an even share of the seeds."""
    seeds = entrants_check(seeds, at_least=1)
    if not 1 <= count <= len(seeds):
        raise ValueError("need between one group and one group per entrant")
    groups: list[list[int]] = [[] for _ in range(count)]
    for i, entrant in enumerate(seeds):
        row, col = divmod(i, count)
        groups[col if row % 2 == 0 else count - 1 - col].append(entrant)
    return groups


def groups_schedule(groups: Sequence[Sequence[int]], *, double: bool = False) -> list[list[list[Pair]]]:
    """T-R11: each group's round robin (circle method), group by group."""
    return [round_robin_schedule(group, double=double) for group in groups]


def playoff_seeds_overall(ranking: Sequence[int], *, top: int) -> list[int]:
    """T-R12: the top `top` of the first stage's ranking, seeded in that order."""
    ranking = entrants_check(ranking)
    if not 2 <= top <= len(ranking):
        raise ValueError("the playoff takes between 2 and all of the ranked entrants")
    return ranking[:top]


def playoff_seeds_groups(rankings: Sequence[Sequence[int]], *, per_group: int) -> list[int]:
    """T-R12: the top `per_group` of each group (`rankings`: each group's final order, best first, groups in order
    A, B, C …), as playoff seeds: the group winners first (A1, B1 …), then the runners-up, and so on, each *pot* of
    equal-ranked qualifiers placed so that

    1. entrants of one group meet as late as the bracket allows (fewest pairs of group mates who could meet in
       round 1, then in round 2 …);
    2. then group winners meet runners-up of the paired group in round 1 (A1–B2, B1–A2, C1–D2 …);
    3. then the earlier group takes the better seed.
    """
    if per_group < 1 or any(len(r) < per_group for r in rankings) or len(rankings) < 1:
        raise ValueError("every group needs per_group ranked entrants")
    qualifiers = [list(r[:per_group]) for r in rankings]
    entrants_check([e for q in qualifiers for e in q])
    count = len(rankings)
    size = bracket_size(count * per_group)
    position = {seed: slot for slot, seed in enumerate(seed_order(size))}
    placed: dict[int, tuple[int, int]] = {}  # seed -> (group, rank in group)
    for pot in range(per_group):
        numbers = list(range(pot * count + 1, (pot + 1) * count + 1))
        members = [(g, pot) for g in range(count)]
        chosen = _pot_place(members, numbers, placed, position, pot)
        placed.update(zip(chosen, members, strict=True))
    return [qualifiers[g][rank] for _, (g, rank) in sorted(placed.items())]


def playoff_create(
    seeds: Sequence[int],
    *,
    kind: Literal["single_elimination", "double_elimination"] = "single_elimination",
    best_of: int = 1,
    third_place: bool = False,
    grand_final_reset: bool = True,
) -> tuple[State, list[Event]]:
    """T-R11: the playoff bracket of the qualifiers, seeded as given."""
    if kind == "single_elimination":
        return single_elimination_create(seeds, best_of=best_of, third_place=third_place)
    if kind == "double_elimination":
        return double_elimination_create(seeds, best_of=best_of, grand_final_reset=grand_final_reset)
    raise ValueError(f"unknown playoff kind {kind!r}")


def meeting_round(position_a: int, position_b: int) -> int:
    """The round in which the entrants of two bracket slots (0-based, top to bottom) can first meet."""
    return (position_a ^ position_b).bit_length()


def _pot_place(
    members: list[tuple[int, int]],
    numbers: list[int],
    placed: dict[int, tuple[int, int]],
    position: dict[int, int],
    pot: int,
) -> list[int]:
    """The seed numbers for `members` (group, rank), one each, by the order of `playoff_seeds_groups`."""
    rounds = max(position.values()).bit_length()

    def clashes(member: tuple[int, int], number: int) -> list[int]:
        """Per round, how many group mates already placed this entrant could meet there (index 0 = round 1)."""
        out = [0] * rounds
        for other, (group, _) in placed.items():
            if group == member[0]:
                out[meeting_round(position[number], position[other]) - 1] += 1
        return out

    def crossed(member: tuple[int, int], number: int) -> int:
        """1 when a runner-up meets the winner of the paired group (A↔B, C↔D …) in round 1."""
        if pot != 1:
            return 0
        opponent = next(s for s, slot in position.items() if slot == position[number] ^ 1)
        group, _ = placed.get(opponent, (-1, 0))
        return int(group == member[0] ^ 1)

    table = {(m, n): (clashes(m, n), crossed(m, n)) for m in members for n in numbers}

    def cost(assignment: Sequence[int]) -> tuple[list[int], int, tuple[int, ...]]:
        total = [0] * rounds
        cross = 0
        for member, number in zip(members, assignment, strict=True):
            clash, crosses = table[(member, number)]
            total = [a + b for a, b in zip(total, clash, strict=True)]
            cross += crosses
        return total, -cross, tuple(assignment)

    if len(members) <= EXACT_POT:
        orders: list[tuple[int, ...]] = list(itertools.permutations(numbers))
        best_order = min(orders, key=cost)
        return list(best_order)
    # a large pot: in group order, each member takes the number best for it; then swap two while that is better
    free = list(numbers)
    chosen: list[int] = []
    for member in members:
        best = min(free, key=lambda n: (table[(member, n)][0], -table[(member, n)][1], n))
        free.remove(best)
        chosen.append(best)
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(chosen)), 2):
            swapped = list(chosen)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            if cost(swapped)[:2] < cost(chosen)[:2]:
                chosen, improved = swapped, True
    return chosen
