"""A group stage's matches and a multiplayer elimination's tables kept apart from the rest of the state
(league/tournaments/stage_parts.py) and changed there by the `part_` functions: at every step the same state, the
same events as the whole-state functions, and only the parts a step reaches asked for."""

import random

import pytest

from league.tournaments import multiplayer, stage_parts, two_stage
from league.tournaments.common import copied
from tests.league.tournaments.support import json_roundtrip


class _Kept:
    """Parts kept by key, as the league keeps rows: `multiplayer.Tables` and `two_stage.GroupMatches`, counting
    what is asked for."""

    def __init__(self, state):
        self.parts = {part.key: json_roundtrip(part.data) for part in stage_parts.parts_of(state)}
        self.asked = []

    def match(self, match_id):
        self.asked.append(match_id)
        return self.parts[match_id]

    def table(self, round_number, number):
        self.asked.append(multiplayer.table_key(round_number, number))
        return self.parts[multiplayer.table_key(round_number, number)]

    def pending(self, round_number):
        prefix = f"R{round_number}."
        return sum(1 for key, data in self.parts.items() if key.startswith(prefix) and data["result"] is None)

    def tables_all(self):
        self.asked.append("*")
        return list(self.parts.values())  # a dict keeps the order the tables were added in

    def write(self, changed):
        self.parts.update(copied(changed))


def _outcome(rnd, size):
    places = list(range(1, size + 1))
    rnd.shuffle(places)
    if size > 2 and rnd.random() < 0.2:
        places[places.index(2)] = 1  # two share first place now and then
    return places, [rnd.randint(0, 300) for _ in range(size)]


@pytest.mark.parametrize(("field", "low", "high", "advance"), [(9, 3, 4, None), (40, 3, 6, None), (64, 4, 5, 1)])
def test_a_multiplayer_elimination_on_its_parts_is_the_whole_state_at_every_step(field, low, high, advance):
    rnd = random.Random(field)
    whole, _ = multiplayer.multiplayer_create(
        list(range(1, field + 1)), min_seats=low, max_seats=high, seed="p", advance=advance
    )
    header, kept = stage_parts.header_of(whole), _Kept(whole)
    assert stage_parts.assembled(header, list(kept.parts.values())) == whole
    steps = 0
    while not whole["over"]:
        current = whole["rounds"][-1]
        order = [t["number"] for t in current["tables"]]
        rnd.shuffle(order)
        for number in order:
            size = len(current["tables"][number - 1]["seats"])
            places, scores = _outcome(rnd, size)
            outcome = {"table": number, "places": places, "scores": scores, "start_total": 100 * size}
            kept.asked = []
            before = copied(header)
            new_header, changed, part_events = multiplayer.part_table_record(header, kept, **outcome)
            whole, events = multiplayer.table_record(whole, **outcome)
            kept.write(changed)
            steps += 1
            # then: the same events and the same state, the header given untouched
            assert part_events == events
            assert stage_parts.assembled(new_header, list(kept.parts.values())) == whole
            assert header == before
            # and: a table that does not close its round reaches that table alone, and keeps the header
            closes = len(whole["rounds"]) > len(header["rounds"]) or whole["over"]
            assert kept.asked == ([f"R{current['number']}.{number}", "*"] if closes else [kept.asked[0]])
            assert (new_header is header) is not closes
            header = new_header
    assert steps == sum(len(r["tables"]) for r in whole["rounds"])


def test_a_multiplayer_part_refuses_what_the_whole_state_refuses():
    whole, _ = multiplayer.multiplayer_create(list(range(1, 10)), min_seats=3, max_seats=4, seed="p")
    header, kept = stage_parts.header_of(whole), _Kept(whole)
    size = len(whole["rounds"][0]["tables"][0]["seats"])
    with pytest.raises(ValueError, match="no table 9 in round 1"):
        multiplayer.part_table_record(header, kept, table=9, places=[1] * size, scores=[0] * size, start_total=0)
    with pytest.raises(ValueError, match="one place and one score per seat"):
        multiplayer.part_table_record(header, kept, table=1, places=[1], scores=[0], start_total=0)
    _, changed, _ = multiplayer.part_table_record(
        header, kept, table=1, places=list(range(1, size + 1)), scores=[0] * size, start_total=0
    )
    kept.write(changed)
    with pytest.raises(ValueError, match="already recorded"):
        multiplayer.part_table_record(
            header, kept, table=1, places=list(range(1, size + 1)), scores=[0] * size, start_total=0
        )


@pytest.mark.parametrize(("field", "groups"), [(8, 2), (30, 4)])
def test_a_group_stage_on_its_parts_is_the_whole_state_at_every_step(field, groups):
    rnd = random.Random(field)
    whole = two_stage.groups_stage_create(list(range(1, field + 1)), groups=groups, per_group=2)
    header, kept = stage_parts.header_of(whole), _Kept(whole)
    ids = [m["id"] for m in whole["group_matches"]]
    rnd.shuffle(ids)
    for match_id in ids:
        entrants = kept.parts[match_id]["entrants"]
        if kept.parts[match_id]["decided"] is not None:
            continue
        kept.asked = []
        if rnd.random() < 0.1:
            result = {"winner": entrants[1], "decided": "forfeit", "note": f"{entrants[0]}: ill"}
        else:
            result = {"winner": rnd.choice([*entrants, None])}
        changed = two_stage.part_group_match_record(kept, match_id, **result)
        whole = two_stage.group_match_record(whole, match_id, **result)
        kept.write(changed)
        # then: the one match asked for and changed, and the same stage as the whole-state function's
        assert kept.asked == [match_id] and list(changed) == [match_id]
        assert stage_parts.assembled(header, list(kept.parts.values())) == whole
    assert two_stage.groups_over(whole)
    with pytest.raises(ValueError, match="already decided"):
        two_stage.part_group_match_record(kept, ids[0], winner=None)
    with pytest.raises(KeyError):
        two_stage.part_group_match_record(kept, "G9.9", winner=None)


def test_a_state_s_parts_come_out_and_back_in_every_shape():
    groups = two_stage.groups_stage_create(list(range(1, 9)), groups=2, per_group=1)
    several, _ = multiplayer.multiplayer_create(list(range(1, 10)), min_seats=3, max_seats=4, seed="p")
    playoff = {"format": "single_elimination", "entrants": [1, 5], "matches": [], "group_stage": groups}
    for state, kind in ((groups, "group"), (several, "table"), (playoff, "group")):
        parts = stage_parts.parts_of(state)
        header = stage_parts.header_of(state)
        assert {part.kind for part in parts} == {kind}
        assert not stage_parts.parts_of(header)
        assert stage_parts.assembled(header, [part.data for part in parts]) == state
    # a bracket has none: its header is itself
    assert stage_parts.parts_of({"format": "single_elimination", "matches": []}) == []
