"""Two stages (T-R11, T-R12): a first stage ranks the field, its top K enter a playoff bracket.

The first stage is one of the league's own formats (a round robin, Swiss, multi-table rounds, the divisions of a
season) or groups: several round robins, drawn here by the snake (`groups_split`) and scheduled by
`league.pairing.round_robin`. What this module adds is the way in: the qualifiers and their playoff seeds, overall
(the first stage's ranking) or per group (winners against other groups' runners-up, group mates apart).
"""

import itertools
from collections.abc import Sequence
from typing import Any, Literal, Protocol

from league.pairing.round_robin import Pair, round_robin_schedule
from league.tournaments.common import Event, State, copied, entrants_check
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


# --- the group stage, played ---------------------------------------------------------------------------------------

GROUP_WIN, GROUP_DRAW = 2, 1  # match points: a win 2, a drawn table 1 each (Challonge's 1 / ½, doubled to stay whole)


def groups_stage_create(seeds: Sequence[int], *, groups: int, per_group: int) -> State:
    """T-R11: the group stage of a two-stage tournament: the field (best first) drawn into `groups` groups by the
    snake, and every match of each group's round robin, all playable at once (correspondence play has no rounds to
    wait for). A match is {"id": "G1.3", "group": 1, "entrants": [first seat, second seat], "winner", "decided"}."""
    seeds = entrants_check(seeds)
    drawn = groups_split(seeds, groups)
    if min(len(group) for group in drawn) < max(2, per_group):
        raise ValueError("every group needs two entrants and at least per_group of them")
    matches = []
    for number, schedule in enumerate(groups_schedule(drawn), start=1):
        pairs = [(a, b) for round_ in schedule for a, b in round_ if b is not None]
        for index, (a, b) in enumerate(pairs, start=1):
            matches.append(
                {"id": f"G{number}.{index}", "group": number, "entrants": [a, b], "winner": None, "decided": None}
            )
    return {
        "stage": "groups",
        "entrants": seeds,
        "groups": drawn,
        "per_group": per_group,
        "group_matches": matches,
        "withdrawn": [],
    }


def group_match_record(
    state: State, match_id: str, *, winner: int | None, decided: str = "played", note: str | None = None
) -> State:
    """A group match's result: its winner, or None for a drawn table (a group match is one table; a draw stands);
    a forfeit's `note` ("<entrant>: <reason>", as a bracket match's) is kept with it."""
    out = copied(state)
    match = next((m for m in out["group_matches"] if m["id"] == match_id), None)
    if match is None:
        raise KeyError(f"no match {match_id!r}")
    _group_result(match, winner=winner, decided=decided, note=note)
    return out


class GroupMatches(Protocol):
    """A group stage's matches handed out one at a time (the `part_` functions)."""

    def match(self, match_id: str) -> dict[str, Any]:
        """The match (never changed by the caller of this protocol); KeyError for none."""


def groups_header_of(state: State) -> State:
    """The group stage without its matches: a match's result needs none of it, and the stage's end reads it whole."""
    return {key: value for key, value in state.items() if key != "group_matches"}


def groups_assembled(header: State, matches: Sequence[dict[str, Any]]) -> State:
    """The whole group stage from its header and its matches in order ("group_matches" last, as jsonb orders it)."""
    return {**header, "group_matches": list(matches)}


def part_group_match_record(
    matches: GroupMatches, match_id: str, *, winner: int | None, decided: str = "played", note: str | None = None
) -> dict[str, dict[str, Any]]:
    """`group_match_record` on a group stage kept elsewhere: the match changed, by id (a result reaches no other)."""
    match = copied(matches.match(match_id))
    _group_result(match, winner=winner, decided=decided, note=note)
    return {match_id: match}


def _group_result(match: dict[str, Any], *, winner: int | None, decided: str, note: str | None) -> None:
    if match["decided"] is not None:
        raise ValueError(f"match {match['id']} is already decided")
    if winner is not None and winner not in match["entrants"]:
        raise ValueError(f"{winner} does not play match {match['id']}")
    match.update(winner=winner, decided=decided)
    if note:
        match["note"] = note


def group_withdraw(state: State, entrant: int) -> State:
    """T-D4 in the group stage: the withdrawn entrant's matches not played are forfeits won by their opponents, and
    the entrant ranks last of their group (never through to the playoff)."""
    out = copied(state)
    if entrant not in out["withdrawn"]:
        out["withdrawn"].append(entrant)
    for match in out["group_matches"]:
        if match["decided"] is None and entrant in match["entrants"]:
            other = match["entrants"][1 - match["entrants"].index(entrant)]
            match.update(winner=other, decided="forfeit")
    return out


def groups_over(state: State) -> bool:
    return all(m["decided"] is not None for m in state["group_matches"])


def group_rankings(state: State) -> list[list[dict[str, int]]]:
    """Each group's table, best first: {"entrant", "played", "wins", "draws", "losses", "points"}. Ranked by match
    points, then the points of the matches among the entrants level on points (head to head), then wins, then the
    better seed; a withdrawn entrant last (T-D4)."""
    seeds = {e: i for i, e in enumerate(state["entrants"])}
    withdrawn = set(state["withdrawn"])
    out = []
    for number, group in enumerate(state["groups"], start=1):
        rows = {e: {"entrant": e, "played": 0, "wins": 0, "draws": 0, "losses": 0, "points": 0} for e in group}
        played = [m for m in state["group_matches"] if m["group"] == number and m["decided"] is not None]
        for match in played:
            for entrant in match["entrants"]:
                row = rows[entrant]
                row["played"] += 1
                if match["winner"] is None:
                    row["draws"] += 1
                    row["points"] += GROUP_DRAW
                elif match["winner"] == entrant:
                    row["wins"] += 1
                    row["points"] += GROUP_WIN
                else:
                    row["losses"] += 1
        mutual = {e: _head_to_head(e, group, rows, played) for e in group}
        ranked = sorted(
            group,
            key=lambda e: (e in withdrawn, -rows[e]["points"], -mutual[e], -rows[e]["wins"], seeds[e]),
        )
        out.append([rows[e] for e in ranked])
    return out


def _head_to_head(
    entrant: int, group: Sequence[int], rows: dict[int, dict[str, int]], played: Sequence[dict[str, Any]]
) -> int:
    """The match points the entrant took from the entrants level with it on points."""
    level = {e for e in group if rows[e]["points"] == rows[entrant]["points"]}
    total = 0
    for match in played:
        if entrant in match["entrants"] and set(match["entrants"]) <= level:
            total += GROUP_DRAW if match["winner"] is None else GROUP_WIN * (match["winner"] == entrant)
    return total


def group_qualifiers(state: State) -> list[int]:
    """T-R12: the playoff's seeds from the finished groups (`playoff_seeds_groups`)."""
    rankings = [[row["entrant"] for row in table] for table in group_rankings(state)]
    return playoff_seeds_groups(rankings, per_group=int(state["per_group"]))


def group_places(state: State) -> list[dict[str, int]]:
    """The places of the entrants the groups eliminated, below every qualifier: those ranked K+1 in their groups
    share the band just below the playoff, then those ranked K+2, and so on (T-R5's bands, by group rank)."""
    tables = group_rankings(state)
    per_group = int(state["per_group"])
    place = 1 + sum(min(per_group, len(table)) for table in tables)
    out = []
    for rank in range(per_group, max(len(table) for table in tables)):
        band = [table[rank]["entrant"] for table in tables if len(table) > rank]
        out += [{"entrant": e, "place": place, "shared": len(band)} for e in band]
        place += len(band)
    return out
