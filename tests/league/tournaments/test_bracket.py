"""The `part_` functions of `league.tournaments.bracket`: the change a result or a forfeit makes, on a bracket kept
elsewhere and handed out a match at a time, is the change the whole-state functions make, and reads few matches."""

import random
from functools import partial

import pytest

from league.tournaments import bracket
from league.tournaments.double_elimination import double_elimination_create
from league.tournaments.single_elimination import single_elimination_create


class Held:
    """A bracket kept as the league keeps it: one entry per match with where its winner and loser go, handed out
    as asked (the `Matches` protocol), counting what was asked for."""

    def __init__(self, state: dict) -> None:
        self.by_id = {m["id"]: m for m in state["matches"]}
        self.position = {m["id"]: i for i, m in enumerate(state["matches"])}
        self.goes_to = bracket.destinations(state["matches"])
        self.asked: set[str] = set()

    def match(self, match_id: str) -> dict:
        self.asked.add(match_id)
        return self.by_id[match_id]

    def fed(self, match_id: str) -> list[str]:
        return sorted((to for to in self.goes_to[match_id] if to), key=self.position.__getitem__)

    def apply(self, changed: dict) -> None:
        self.by_id.update(changed)
        self.asked = set()

    def matches(self) -> list[dict]:
        return sorted(self.by_id.values(), key=lambda m: self.position[m["id"]])


BRACKETS = [
    ("single", partial(single_elimination_create)),
    ("single, third place", partial(single_elimination_create, third_place=True)),
    ("double", partial(double_elimination_create)),
    ("double, no reset", partial(double_elimination_create, grand_final_reset=False)),
]


@pytest.mark.parametrize(("name", "create"), BRACKETS, ids=[name for name, _ in BRACKETS])
@pytest.mark.parametrize("field", [2, 3, 5, 8, 13, 16, 27])
def test_a_change_on_the_matches_it_reaches_is_the_change_on_the_whole_state(name, create, field):
    for trial in range(4):
        rnd = random.Random(f"{name}-{field}-{trial}")
        # given: a bracket (byes where the field is not a power of two), held whole and held a match at a time
        state, _ = create(list(range(100, 100 + field)), best_of=1 if trial % 2 else 3)
        held = Held(state)
        header = bracket.header_of(state)
        while not bracket.is_over(state):
            match = bracket.match_get(state, rnd.choice(bracket.matches_ready(state)))
            # when: a table's result (a drawn one now and then) or a forfeit is recorded both ways
            if rnd.random() < 0.1:
                entrant = rnd.choice(match["entrants"])
                state, events = bracket.match_forfeit(state, match["id"], entrant=entrant)
                changed, part_events = bracket.part_match_forfeit(header, held, match["id"], entrant=entrant)
            else:
                winner = None if rnd.random() < 0.1 else rnd.choice(match["entrants"])
                state, events = bracket.table_record(state, match["id"], winner=winner)
                changed, part_events = bracket.part_results_record(header, held, [(match["id"], winner)])
            # then: the same events, and the matches changed are exactly those that differ
            assert part_events == events
            before = held.matches()
            held.apply(changed)
            assert held.matches() == state["matches"]
            assert set(changed) == {m["id"] for m, old in zip(state["matches"], before, strict=True) if m != old}


@pytest.mark.parametrize(("name", "create"), BRACKETS, ids=[name for name, _ in BRACKETS])
def test_a_result_in_a_full_bracket_reads_at_most_five_matches_whatever_its_size(name, create):
    # given: brackets without byes, of 8 and of 256 entrants
    for field in (8, 256):
        rnd = random.Random(field)
        state, _ = create(list(range(1, field + 1)))
        held = Held(state)
        most = 0
        while not bracket.is_over(state):
            match = bracket.match_get(state, rnd.choice(bracket.matches_ready(state)))
            winner = rnd.choice(match["entrants"])
            # when: each table's result is recorded on the held bracket
            changed, _ = bracket.part_results_record(bracket.header_of(state), held, [(match["id"], winner)])
            most = max(most, len(held.asked))
            held.apply(changed)
            state, _ = bracket.table_record(state, match["id"], winner=winner)
        # then: the match, where its winner and loser go, and what else feeds those: five at most
        assert most <= 5


def test_the_part_functions_never_change_the_matches_they_are_handed():
    # given: a bracket held a match at a time, and a copy of every match
    state, _ = single_elimination_create([1, 2, 3, 4], third_place=True)
    held = Held(state)
    kept = [dict(m) for m in held.matches()]
    # when: a semifinal is recorded and the other forfeited on the held bracket
    bracket.part_results_record(bracket.header_of(state), held, [("W1.1", 1)])
    bracket.part_match_forfeit(bracket.header_of(state), held, "W1.2", entrant=2)
    # then: the held matches are as they were
    assert held.matches() == kept


def test_destinations_name_where_a_winner_and_a_loser_go():
    # given: a double elimination of four with a grand final reset
    state, _ = double_elimination_create([1, 2, 3, 4])
    # when: the destinations are read
    goes_to = bracket.destinations(state["matches"])
    # then: a first-round winner goes on in the winners' bracket and its loser drops; the grand final feeds its reset
    assert goes_to["W1.1"] == ("W2.1", "L1.1")
    assert goes_to["W2.1"] == ("GF.1", "L2.1")
    assert goes_to["GF.1"] == ("GF.2", "GF.2")
    assert goes_to["GF.2"] == (None, None)


def test_a_match_started_is_a_copy_marked_in_play_with_the_better_seed_first_at_its_first_table():
    # given: a bracket of four, seeds 1–4
    state, _ = single_elimination_create([10, 20, 30, 40])
    match = bracket.match_get(state, "W1.2")
    # when: its second first-round match is started on its own
    started, table = bracket.match_started(bracket.header_of(state), match)
    # then: the copy is in play, the match handed in is not, and the better seed (2: 20) sits first (T-D2)
    assert started["in_play"] and not match["in_play"]
    assert table == {"match": "W1.2", "table": 1, "seats": [20, 30]}
    assert bracket.matches_start(state, ["W1.2"])[1] == [table]
