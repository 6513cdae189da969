import itertools
import random
from collections import Counter

import pytest

from league.pairing.partners import rotating_partners_seat, team_seats


def test_fixed_teams_sit_opposite_and_swap_seats_every_other_round():
    assert team_seats([1, 3], [2, 4], round_number=1) == [1, 2, 3, 4]
    assert team_seats([1, 3], [2, 4], round_number=2) == [3, 4, 1, 2]


def _record(tables, partnered, met, seats):
    for t in tables:
        for i, e in enumerate(t):
            seats[(e, i)] += 1
        partnered[frozenset((t[0], t[2]))] += 1
        partnered[frozenset((t[1], t[3]))] += 1
        for a, b in ((0, 1), (0, 3), (2, 1), (2, 3)):
            met[frozenset((t[a], t[b]))] += 1


def test_eight_players_never_repeat_a_partner_in_seven_rounds():
    """K-R1 tables of four: with 8 players, 7 rounds can give everyone 7 different partners."""
    partnered, met, seats = Counter(), Counter(), Counter()
    for number in range(7):
        result = rotating_partners_seat(list(range(8)), partnered=partnered, met=met, seat_counts=seats, seed=number)
        assert all(
            partnered[frozenset((t[0], t[2]))] == 0 and partnered[frozenset((t[1], t[3]))] == 0 for t in result.tables
        )
        _record(result.tables, partnered, met, seats)
    assert set(partnered.values()) == {1}
    assert len(partnered) == 28


@pytest.mark.parametrize("seed", range(20))
def test_random_seasons_seat_fours_and_spread_partners(seed):
    """Property: tables of exactly four, the rest sit out with byes spread, and no partner repeats while the
    players of a table could be split without one."""
    rng = random.Random(seed)
    count = rng.randrange(4, 15)
    partnered, met, seats, byes = Counter(), Counter(), Counter(), Counter()
    for number in range(5):
        ranked = rng.sample(range(count), count)
        result = rotating_partners_seat(ranked, partnered=partnered, met=met, seat_counts=seats, byes=byes, seed=number)
        assert all(len(t) == 4 for t in result.tables)
        assert len(result.byes) == count % 4
        assert sorted([e for t in result.tables for e in t] + result.byes) == list(range(count))
        for entrant in result.byes:
            assert byes[entrant] == min(byes[e] for e in range(count))
            byes[entrant] += 1
        for t in result.tables:
            chosen = partnered[frozenset((t[0], t[2]))] + partnered[frozenset((t[1], t[3]))]
            best = min(
                partnered[frozenset((a, b))] + partnered[frozenset(set(t) - {a, b})]
                for a, b in itertools.combinations(t, 2)
            )
            assert chosen == best
        _record(result.tables, partnered, met, seats)
