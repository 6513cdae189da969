"""What every format shares: the JSON state's types, its copy, and the checks of an entrant list."""

import marshal
from collections.abc import Sequence
from typing import Any

State = dict[str, Any]  # a format's whole state: plain JSON data, kept by the league in a JSONField
Event = dict[str, Any]  # one thing that changed, as data the league can show and log: {"type": ..., ...}


def copied(state: State) -> State:
    """A deep copy of a JSON state (marshal copies in C, far faster than copy.deepcopy; see games/core/state.py)."""
    out: State = marshal.loads(marshal.dumps(state))
    return out


def entrants_check(entrants: Sequence[int], *, at_least: int = 2) -> list[int]:
    """The entrants as a list of distinct ints, at least `at_least` of them; ValueError otherwise."""
    out = list(entrants)
    if any(not isinstance(e, int) or isinstance(e, bool) for e in out):
        raise ValueError("entrants are integer ids")
    if len(set(out)) != len(out):
        raise ValueError("entrants must be distinct")
    if len(out) < at_least:
        raise ValueError(f"need at least {at_least} entrants")
    return out
