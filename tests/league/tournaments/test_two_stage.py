"""Two stages: T-R11, T-R12 (docs/formats.md, "Two stages")."""

import pytest

from league.tournaments import bracket
from league.tournaments.seeding import bracket_size, first_round, seed_order
from league.tournaments.two_stage import (
    groups_schedule,
    groups_split,
    meeting_round,
    playoff_create,
    playoff_seeds_groups,
    playoff_seeds_overall,
)


def _groups(count, per_group):
    """Group g's entrants are 100 g + rank (A1 = 101, B2 = 202 ...)."""
    return [[100 * g + r for r in range(1, per_group + 1)] for g in range(1, count + 1)]


def _label(entrant):
    return None if entrant is None else "ABCDEFGHIJKLMNOP"[entrant // 100 - 1] + str(entrant % 100)


def test_t_r11_groups_are_drawn_by_the_snake():
    assert groups_split(list(range(1, 9)), 2) == [[1, 4, 5, 8], [2, 3, 6, 7]]
    assert groups_split(list(range(1, 11)), 3) == [[1, 6, 7], [2, 5, 8], [3, 4, 9, 10]]


def test_t_r11_each_group_plays_a_round_robin():
    schedules = groups_schedule([[1, 2, 3, 4], [5, 6, 7]])
    assert len(schedules[0]) == 3 and len(schedules[1]) == 3
    met = {frozenset(p) for rnd in schedules[1] for p in rnd if None not in p}
    assert met == {frozenset((5, 6)), frozenset((5, 7)), frozenset((6, 7))}


def test_t_r11_the_top_k_of_the_first_stage_enter_the_playoff():
    seeds = playoff_seeds_overall([9, 4, 7, 1, 3, 8], top=4)
    assert seeds == [9, 4, 7, 1]
    state, _ = playoff_create(seeds, kind="double_elimination")
    assert state["format"] == "double_elimination" and state["entrants"] == [9, 4, 7, 1]
    with pytest.raises(ValueError):
        playoff_create(seeds, kind="swiss")  # type: ignore[arg-type]


def test_t_r12_overall_the_playoff_seeds_follow_the_first_stage_ranking():
    state, _ = playoff_create(playoff_seeds_overall([9, 4, 7, 1], top=4))
    assert bracket.match_get(state, "W1.1")["entrants"] == [9, 1]
    assert bracket.match_get(state, "W1.2")["entrants"] == [4, 7]


def test_t_r12_two_groups_cross_a1_b2_and_b1_a2():
    seeds = playoff_seeds_groups(_groups(2, 2), per_group=2)
    assert [tuple(map(_label, p)) for p in first_round(seeds)] == [("A1", "B2"), ("B1", "A2")]


def test_t_r12_four_groups_winners_meet_the_paired_groups_runners_up_and_group_mates_only_in_the_final():
    seeds = playoff_seeds_groups(_groups(4, 2), per_group=2)
    pairs = {tuple(map(_label, p)) for p in first_round(seeds)}
    assert pairs == {("A1", "B2"), ("B1", "A2"), ("C1", "D2"), ("D1", "C2")}
    slot = {seed: i for i, seed in enumerate(seed_order(8))}
    for group in _groups(4, 2):
        a, b = (seeds.index(e) + 1 for e in group)
        assert meeting_round(slot[a], slot[b]) == 3  # the final


@pytest.mark.parametrize(("count", "per_group"), [(2, 2), (3, 2), (4, 2), (8, 2), (16, 2), (4, 4), (8, 4), (7, 3)])
def test_t_r12_group_mates_are_kept_apart_as_long_as_the_bracket_allows(count, per_group):
    # given: the qualifiers of `count` groups, `per_group` each
    seeds = playoff_seeds_groups(_groups(count, per_group), per_group=per_group)
    size = bracket_size(len(seeds))
    slot = {seed: i for i, seed in enumerate(seed_order(size))}
    rounds = size.bit_length() - 1
    # then: mates meet no earlier than when the bracket has as many parts as a group has qualifiers
    best_possible = rounds - (per_group - 1).bit_length() + 1
    for group in _groups(count, per_group):
        positions = [slot[seeds.index(e) + 1] for e in group]
        earliest = min(meeting_round(a, b) for i, a in enumerate(positions) for b in positions[i + 1 :])
        assert earliest == best_possible
    # and: the group winners are the top seeds, in group order
    assert seeds[:count] == [100 * g + 1 for g in range(1, count + 1)]


def test_t_r12_every_group_needs_its_qualifiers():
    with pytest.raises(ValueError):
        playoff_seeds_groups([[1, 2], [3]], per_group=2)
