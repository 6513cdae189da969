"""A group stage's matches and a multiplayer elimination's tables apart from the rest of a state, and back.

The league keeps each such match or table a row (issue 36: the step after a table reads and writes the rows it
reaches, whatever the field) and the rest of the state, its *header*, in one column. A part is (kind, key, round,
data): "group" parts are a group stage's matches (key "G1.3", round: the group's number), whether the stage is
running (`state["group_matches"]`) or behind a playoff (`state["group_stage"]["group_matches"]`); "table" parts are
a multiplayer elimination's tables (key "R2.3", round: the round's number). A state has one kind or none (an
elimination bracket, whose matches the league keeps apart in the same way).
"""

from collections.abc import Sequence
from typing import Any, NamedTuple

from league.tournaments import multiplayer, two_stage
from league.tournaments.common import State

GROUP, TABLE = "group", "table"


class Part(NamedTuple):
    kind: str
    key: str
    round: int
    data: dict[str, Any]


def parts_of(state: State) -> list[Part]:
    """The state's group matches or tables, in the state's order."""
    if "group_matches" in state:
        return [Part(GROUP, m["id"], m["group"], m) for m in state["group_matches"]]
    if "group_matches" in state.get("group_stage", {}):
        return [Part(GROUP, m["id"], m["group"], m) for m in state["group_stage"]["group_matches"]]
    if "rounds" in state and all("tables" in round_ for round_ in state["rounds"]):
        return [
            Part(TABLE, multiplayer.table_key(number, entry["number"]), number, entry)
            for number, entry in multiplayer.tables_of(state)
        ]
    return []


def header_of(state: State) -> State:
    """The state without its parts (itself when it has none)."""
    if "group_matches" in state:
        return two_stage.groups_header_of(state)
    if "group_matches" in state.get("group_stage", {}):
        return {**state, "group_stage": two_stage.groups_header_of(state["group_stage"])}
    if "rounds" in state and all("tables" in round_ for round_ in state["rounds"]):
        return multiplayer.header_of(state)
    return state


def assembled(header: State, parts: Sequence[dict[str, Any]]) -> State:
    """The whole state from its header and its parts' data in order (`parts_of`'s inverse)."""
    if header.get("stage") == "groups":
        return two_stage.groups_assembled(header, parts)
    if "group_stage" in header:
        return {**header, "group_stage": two_stage.groups_assembled(header["group_stage"], parts)}
    if "rounds" in header:
        return multiplayer.state_assembled(header, parts)
    return header
