import random
from collections import Counter
from fractions import Fraction

import networkx as nx
import pytest

from league.pairing.swiss import SwissEntrant, bye_choose, swiss_pair


def _repeat_free_pairing_exists(ids, played):
    """Brute truth: a perfect matching of `ids` that avoids every played pair."""
    graph = nx.Graph()
    graph.add_nodes_from(ids)
    graph.add_edges_from((a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if frozenset((a, b)) not in played)
    return len(nx.max_weight_matching(graph, maxcardinality=True)) * 2 == len(ids)


def _season(count, rounds, rng, *, block=24, window=8):
    """Play a random Swiss season; yields each round's input and output."""
    scores = dict.fromkeys(range(count), Fraction(0))
    byes = Counter()
    played = set()
    for _ in range(rounds):
        ranked = sorted(range(count), key=lambda e: (-scores[e], e))
        entrants = [SwissEntrant(id=e, score=scores[e], byes=byes[e]) for e in ranked]
        result = swiss_pair(entrants, played=played, block=block, window=window)
        yield entrants, set(played), result
        for a, b in result.pairs:
            played.add(frozenset((a, b)))
            outcome = rng.choice([(1, 0), (0, 1), (Fraction(1, 2), Fraction(1, 2))])
            scores[a] += outcome[0]
            scores[b] += outcome[1]
        if result.bye is not None:
            byes[result.bye] += 1
            scores[result.bye] += 1


def test_round_one_pairs_the_upper_half_against_the_lower_half():
    result = swiss_pair([SwissEntrant(id=i) for i in range(8)])
    assert result.pairs == [(0, 4), (1, 5), (2, 6), (3, 7)]
    assert result.bye is None


def test_score_groups_pair_inside_themselves_first():
    # given: two leaders on 2 who have met, three on 1, three on 0
    entrants = [SwissEntrant(0, 2), SwissEntrant(1, 2), SwissEntrant(2, 1), SwissEntrant(3, 1), SwissEntrant(4, 1)]
    entrants += [SwissEntrant(5, 0), SwissEntrant(6, 0), SwissEntrant(7, 0)]
    result = swiss_pair(entrants, played=[frozenset((0, 1))])
    # then: each leader drops to the 1-group, the odd one of the 1-group drops to the 0-group
    assert sorted(frozenset(p) for p in result.pairs) == sorted(
        [frozenset((0, 3)), frozenset((1, 2)), frozenset((4, 5)), frozenset((6, 7))]
    )


def test_bye_goes_to_the_lowest_ranked_without_one():
    entrants = [SwissEntrant(i, byes=1 if i in (6, 4) else 0) for i in range(7)]
    assert bye_choose(entrants) == 5
    assert swiss_pair(entrants).bye == 5


def test_bye_when_everyone_had_one_goes_to_the_lowest_ranked():
    entrants = [SwissEntrant(i, byes=1) for i in range(5)]
    assert bye_choose(entrants) == 4


def test_first_seat_goes_to_whoever_had_it_less():
    a = SwissEntrant(1, 1, first_seats=2, second_seats=0)
    b = SwissEntrant(2, 1, first_seats=0, second_seats=2)
    assert swiss_pair([a, b]).pairs == [(2, 1)]


@pytest.mark.parametrize("seed", range(40))
def test_no_repeat_pairing_while_one_is_avoidable(seed):
    """Property over random seasons: a repeat appears only when no repeat-free pairing of that round exists."""
    rng = random.Random(seed)
    count = rng.randrange(4, 15)
    rounds = rng.randrange(3, count + 2)
    for entrants, played, result in _season(count, rounds, rng, block=6, window=3):
        paired = [e.id for e in entrants if e.id != result.bye]
        assert sorted(x for p in result.pairs for x in p) == sorted(paired)
        repeats = [p for p in result.pairs if frozenset(p) in played]
        if repeats:
            assert not _repeat_free_pairing_exists(paired, played)


@pytest.mark.parametrize("seed", range(20))
def test_byes_are_spread(seed):
    """Property: nobody gets a second bye while someone has none."""
    rng = random.Random(seed)
    count = rng.choice([5, 7, 9, 11])
    byes = Counter()
    for _, _, result in _season(count, count, rng):
        before = dict(byes)
        byes[result.bye] += 1
        if before.get(result.bye, 0) >= 1:
            assert all(before.get(e, 0) >= 1 for e in range(count))
    assert max(byes.values()) - min(byes[e] for e in range(count)) <= 1


def test_a_thousand_entrants_with_three_rounds_played_are_all_paired_without_a_rematch():
    # the time it takes is bench/pairing.py's figure, not a test's
    rng = random.Random(7)
    ranked = sorted(
        (SwissEntrant(id=i, score=Fraction(rng.randrange(9), 2)) for i in range(1000)), key=lambda e: -e.score
    )
    # three earlier rounds' worth of pairs among neighbours in the ranking
    played = {frozenset((ranked[i].id, ranked[i + d].id)) for d in (1, 2, 5) for i in range(0, 995, 2)}
    result = swiss_pair(ranked, played=played)
    assert sorted(x for p in result.pairs for x in p) == list(range(1000))
    assert not [p for p in result.pairs if frozenset(p) in played]
