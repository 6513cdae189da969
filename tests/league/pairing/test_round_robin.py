from collections import Counter

import pytest

from league.pairing.round_robin import round_robin_schedule


@pytest.mark.parametrize("count", range(2, 17))
def test_every_pair_meets_exactly_once(count):
    rounds = round_robin_schedule(list(range(count)))
    pairs = [frozenset(p) for r in rounds for p in r if p[1] is not None]
    assert len(rounds) == (count if count % 2 else count - 1)
    assert Counter(pairs) == Counter({frozenset((a, b)): 1 for a in range(count) for b in range(a + 1, count)})


@pytest.mark.parametrize("count", range(2, 17))
def test_everyone_plays_once_per_round_and_odd_counts_spread_the_byes(count):
    rounds = round_robin_schedule(list(range(count)))
    for r in rounds:
        seen = [e for pair in r for e in pair if e is not None]
        assert sorted(seen) == list(range(count))
    byes = Counter(a for r in rounds for a, b in r if b is None)
    assert byes == (Counter(range(count)) if count % 2 else Counter())


@pytest.mark.parametrize("count", range(2, 17))
def test_first_seat_is_shared_as_evenly_as_possible(count):
    rounds = round_robin_schedule(list(range(count)))
    firsts = Counter(a for r in rounds for a, b in r if b is not None)
    games = count - 1
    assert {firsts[e] for e in range(count)} <= {games // 2, (games + 1) // 2}


def test_double_round_robin_repeats_with_seats_swapped():
    single = round_robin_schedule([10, 20, 30, 40, 50])
    double = round_robin_schedule([10, 20, 30, 40, 50], double=True)
    assert double[:5] == single
    for first, second in zip(single, double[5:], strict=True):
        assert second == [(b, a) if b is not None else (a, None) for a, b in first]
    firsts = Counter(a for r in double for a, b in r if b is not None)
    assert set(firsts.values()) == {4}


def test_rejects_duplicates_and_too_few():
    with pytest.raises(ValueError):
        round_robin_schedule([1, 1, 2])
    with pytest.raises(ValueError):
        round_robin_schedule([1])
