"""Two stages: T-R11, T-R12 (docs/formats.md, "Two stages")."""

import pytest

from league.tournaments import bracket
from league.tournaments.seeding import bracket_size, first_round, seed_order
from league.tournaments.two_stage import (
    group_match_record,
    group_places,
    group_qualifiers,
    group_rankings,
    group_withdraw,
    groups_over,
    groups_schedule,
    groups_split,
    groups_stage_create,
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


def _play(state, winners):
    """Record each group match's winner by the match's id (None: drawn)."""
    for match_id, winner in winners.items():
        state = group_match_record(state, match_id, winner=winner)
    return state


def test_t_r11_the_group_stage_draws_the_snake_and_plays_every_round_robin_match():
    state = groups_stage_create(list(range(1, 8)), groups=2, per_group=2)
    assert state["groups"] == [[1, 4, 5], [2, 3, 6, 7]]
    per_group = [sorted(frozenset(m["entrants"]) for m in state["group_matches"] if m["group"] == g) for g in (1, 2)]
    # every pair of a group meets once: 3 matches of three, 6 of four
    assert [len(matches) for matches in per_group] == [3, 6]
    assert len(set(map(frozenset, per_group[1]))) == 6
    assert not groups_over(state)


def test_t_r11_a_group_too_small_for_its_qualifiers_is_refused():
    with pytest.raises(ValueError):
        groups_stage_create([1, 2, 3, 4, 5], groups=2, per_group=3)


def test_group_tables_rank_by_points_then_head_to_head_then_wins_then_seed():
    # given: one group of four, seeds 1-4
    state = groups_stage_create([1, 2, 3, 4], groups=1, per_group=2)
    ids = {frozenset(m["entrants"]): m["id"] for m in state["group_matches"]}
    # 2 and 3 level on 4 points, 3 beat 2; 1 and 4 drew, each beating nobody else
    state = _play(
        state,
        {
            ids[frozenset({1, 2})]: 2,
            ids[frozenset({1, 3})]: 3,
            ids[frozenset({1, 4})]: None,
            ids[frozenset({2, 3})]: 3,
            ids[frozenset({2, 4})]: 2,
            ids[frozenset({3, 4})]: 4,
        },
    )
    (table,) = group_rankings(state)
    # 3: 4 points, 2: 4 points (3 ahead head to head), 4: 3 points, 1: 1 point
    assert [(row["entrant"], row["points"]) for row in table] == [(3, 4), (2, 4), (4, 3), (1, 1)]
    assert groups_over(state)
    assert group_places(state) == [{"entrant": 4, "place": 3, "shared": 1}, {"entrant": 1, "place": 4, "shared": 1}]


def test_t_r12_group_winners_meet_the_other_groups_runners_up():
    state = groups_stage_create([1, 2, 3, 4, 5, 6, 7, 8], groups=2, per_group=2)
    # the better seed wins every match: group A ranks 1, 4, 5, 8; group B 2, 3, 6, 7
    state = _play(state, {m["id"]: min(m["entrants"]) for m in state["group_matches"]})
    seeds = group_qualifiers(state)
    playoff, _ = playoff_create(seeds)
    first = [sorted(m["entrants"]) for m in playoff["matches"] if m["round"] == 1]
    assert sorted(first) == [[1, 3], [2, 4]]  # A1-B2, B1-A2
    # the groups' thirds share 5-6, their fourths 7-8
    assert [(p["entrant"], p["place"], p["shared"]) for p in group_places(state)] == [
        (5, 5, 2), (6, 5, 2), (8, 7, 2), (7, 7, 2)
    ]  # fmt: skip


def test_t_d4_a_withdrawn_entrant_forfeits_its_group_matches_and_ranks_last():
    state = groups_stage_create([1, 2, 3], groups=1, per_group=1)
    state = group_withdraw(state, 1)
    forfeited = [m for m in state["group_matches"] if 1 in m["entrants"]]
    assert all(m["decided"] == "forfeit" and m["winner"] != 1 for m in forfeited)
    (table,) = group_rankings(state)
    assert table[-1]["entrant"] == 1
