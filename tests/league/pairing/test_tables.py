import itertools
import random
from collections import Counter

import pytest

from league.pairing.tables import byes_choose, groups_optimize, met_cost, seatable_count, table_sizes, tables_seat


@pytest.mark.parametrize(
    ("count", "low", "high", "sizes"),
    [
        (7, 2, 6, [4, 3]),
        (12, 2, 6, [6, 6]),
        (13, 2, 6, [5, 4, 4]),
        (13, 2, 4, [4, 3, 3, 3]),
        (10, 4, 5, [5, 5]),
        (8, 4, 4, [4, 4]),
        (2, 2, 5, [2]),
    ],
)
def test_table_sizes_are_the_fewest_tables_as_even_as_possible(count, low, high, sizes):
    assert table_sizes(count, min_size=low, max_size=high) == sizes


@pytest.mark.parametrize(
    ("count", "low", "high", "seated"), [(11, 4, 5, 10), (10, 4, 4, 8), (3, 4, 4, 0), (9, 2, 6, 9)]
)
def test_seatable_count_leaves_out_only_what_cannot_fit(count, low, high, seated):
    assert seatable_count(count, min_size=low, max_size=high) == seated


def test_table_sizes_refuses_an_impossible_split():
    with pytest.raises(ValueError):
        table_sizes(11, min_size=4, max_size=5)


def test_byes_go_to_fewest_byes_then_lowest_ranked():
    assert byes_choose([1, 2, 3, 4, 5, 6], 2, byes={6: 1}) == [5, 4]


@pytest.mark.parametrize("seed", range(30))
def test_random_seasons_balance_sizes_and_seat_everyone_once(seed):
    """Property: every round seats each entrant once or gives it a bye, at tables within the limits whose sizes
    differ by at most one; byes are spread (nobody gets a second while someone has none)."""
    rng = random.Random(seed)
    low = rng.randrange(2, 5)
    high = rng.randrange(low, 7)
    count = rng.randrange(low, 25)
    met, seats, byes = Counter(), Counter(), Counter()
    for number in range(6):
        ranked = rng.sample(range(count), count)
        result = tables_seat(ranked, min_size=low, max_size=high, met=met, seat_counts=seats, byes=byes, seed=number)
        seated = [e for t in result.tables for e in t]
        assert sorted(seated + result.byes) == list(range(count))
        sizes = [len(t) for t in result.tables]
        assert all(low <= s <= high for s in sizes)
        assert max(sizes) - min(sizes) <= 1
        assert len(result.byes) == count - seatable_count(count, min_size=low, max_size=high)
        for entrant in result.byes:
            assert byes[entrant] == min(byes[e] for e in range(count))
            byes[entrant] += 1
        for table in result.tables:
            for i, e in enumerate(table):
                seats[(e, i)] += 1
            for pair in itertools.combinations(table, 2):
                met[frozenset(pair)] += 1


def _optimum(entrants, sizes, cost):
    """Exhaustive minimum over every split (small cases only)."""
    best = None
    for order in itertools.permutations(entrants):
        groups, start = [], 0
        for size in sizes:
            groups.append(order[start : start + size])
            start += size
        total = sum(cost(g) for g in groups)
        best = total if best is None else min(best, total)
    return best


@pytest.mark.parametrize("seed", range(15))
def test_fewest_repeat_opponents_on_small_cases(seed):
    """Property: on up to 8 entrants the search finds the fewest repeat meetings an exhaustive search finds."""
    rng = random.Random(seed)
    count = rng.randrange(5, 9)
    met = Counter({frozenset(p): rng.randrange(3) for p in itertools.combinations(range(count), 2)})
    sizes = table_sizes(count, min_size=2, max_size=4)
    groups = groups_optimize(list(range(count)), sizes, cost=met_cost(met), rng=random.Random(seed), restarts=8)
    assert sum(met_cost(met)(g) for g in groups) == _optimum(list(range(count)), sizes, met_cost(met))


def test_no_repeat_opponents_while_avoidable():
    # given: 8 entrants met at two tables of four; then: the next round mixes them two and two
    met = Counter(frozenset(p) for t in ([0, 1, 2, 3], [4, 5, 6, 7]) for p in itertools.combinations(t, 2))
    result = tables_seat(list(range(8)), min_size=2, max_size=4, met=met, seed=1)
    # and a round of tables of two repeats nobody
    pairs = tables_seat(list(range(8)), min_size=2, max_size=2, met=met, seed=1)
    assert all(len({e < 4 for e in t}) == 2 for t in result.tables)
    assert all(met[frozenset(t)] == 0 for t in pairs.tables)


def test_seats_rotate_over_a_season():
    """Property: over six rounds of the same three players, each has each seat twice."""
    seats = Counter()
    for number in range(6):
        result = tables_seat([1, 2, 3], min_size=3, max_size=3, seat_counts=seats, seed=number)
        for i, e in enumerate(result.tables[0]):
            seats[(e, i)] += 1
    assert seats == Counter({(e, i): 2 for e in (1, 2, 3) for i in range(3)})


def test_same_seed_same_seating():
    kwargs = {"min_size": 2, "max_size": 5, "met": Counter({frozenset((1, 2)): 1}), "seed": "s"}
    assert tables_seat(list(range(11)), **kwargs) == tables_seat(list(range(11)), **kwargs)


@pytest.mark.parametrize("seed", range(5))
def test_local_search_avoids_repeats_on_a_larger_field(seed):
    # given: 16 entrants who met at four tables of four (too many splits to try them all)
    old = [list(range(k, k + 4)) for k in range(0, 16, 4)]
    met = Counter(frozenset(p) for t in old for p in itertools.combinations(t, 2))
    # when: the next round is seated; then: no two who met sit together again
    result = tables_seat(list(range(16)), min_size=4, max_size=4, met=met, seed=seed)
    assert [len(t) for t in result.tables] == [4, 4, 4, 4]
    assert sum(met[frozenset(p)] for t in result.tables for p in itertools.combinations(t, 2)) == 0
