"""Multiplayer elimination for the 3–6-seat games (The Court, Black Card, Mini Poker): T-R10, T-D5.

Each round seats the field still in at tables as the multi-table league does (`league.pairing.tables.tables_seat`:
sizes within the game's limits differing by at most one, fewest repeat opponents, seats rotated); the top `advance`
of each table go through (default half, at least one); when the field fits one table, that table is the final.

State (plain JSON):

    {"format": "multiplayer", "entrants": [seeds, best first], "seed": "...",
     "options": {"min_seats": 3, "max_seats": 6, "advance": None},
     "rounds": [{"number": 1, "final": False, "byes": [7],
                 "tables": [{"number": 1, "seats": [4, 9, 1, 12],
                             "result": None | {"places": [2, 1, 4, 3], "scores": [90, 210, 0, 100],
                                               "start_total": 400}}]}],
     "out": [{"entrant": 12, "round": 1, "place": 9, "shared": 1}],   # placed so far, in the order they went out
     "over": False}

Every function takes a state and returns a new one (the input is never changed) with the events that happened.

A table's result reaches that table alone, until the round's last table closes the round: the `part_` functions make
the same changes as their whole-state namesakes on a tournament whose tables are kept elsewhere (the league keeps a
table a row): they take the state without its rounds' tables (its *header*) and a `Tables` that hands out the tables
asked for, and return the header and only the tables they changed or added.
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, Protocol

from league.pairing.tables import tables_seat
from league.tournaments.common import Event, State, copied, entrants_check

FORMAT = "multiplayer"


def advance_count(size: int, advance: int | None = None) -> int:
    """T-R10: how many of a table of `size` go through: `advance` if set, else half; at least one, never all."""
    wanted = size // 2 if advance is None else advance
    return max(1, min(wanted, size - 1))


def multiplayer_create(
    seeds: Sequence[int], *, min_seats: int, max_seats: int, seed: str, advance: int | None = None
) -> tuple[State, list[Event]]:
    """The tournament and its first round's tables. `seed` drives the seating's choices among equals."""
    seeds = entrants_check(seeds)
    if not 2 <= min_seats <= max_seats:
        raise ValueError("need 2 <= min_seats <= max_seats")
    if len(seeds) < min_seats:
        raise ValueError(f"need at least {min_seats} entrants")
    if advance is not None and advance < 1:
        raise ValueError("at least one entrant of a table goes through")
    state: State = {
        "format": FORMAT,
        "entrants": seeds,
        "seed": seed,
        "options": {"min_seats": min_seats, "max_seats": max_seats, "advance": advance},
        "rounds": [],
        "out": [],
        "over": False,
    }
    events: list[Event] = []
    _round_seat(state, seeds, events)
    return state, events


def round_current(state: State) -> dict[str, Any]:
    return dict(state["rounds"][-1])


def table_record(
    state: State, *, table: int, places: Sequence[int], scores: Sequence[int | Fraction], start_total: int
) -> tuple[State, list[Event]]:
    """Record a table of the current round from the engine's outcome: each seat's place (1 = best, ties share) and
    score, in seat order, and the table's starting total (the chips every seat started with, summed) that T-D5
    measures scores against. When the round's last table is in, the round is closed: who goes through, who is out
    and in which place, and the next round's tables (or the final's places)."""
    if state["over"]:
        raise ValueError("the tournament is over")
    out = copied(state)
    current = out["rounds"][-1]
    try:
        entry = current["tables"][table - 1]
    except IndexError:
        raise ValueError(f"no table {table} in round {current['number']}") from None
    events = _result_put(entry, current["number"], table, places, scores, start_total)
    if all(t["result"] is not None for t in current["tables"]):
        _round_close(out, events)
    return out, events


class Tables(Protocol):
    """A tournament's tables handed out as a change asks for them (the `part_` functions)."""

    def table(self, round_number: int, number: int) -> dict[str, Any]:
        """The table (never changed by the caller of this protocol); KeyError for none."""

    def pending(self, round_number: int) -> int:
        """How many tables of the round have no result yet."""

    def tables_all(self) -> list[dict[str, Any]]:
        """Every table of every round, round by round, each round's in their order (a round's first is number 1)."""


def table_key(round_number: int, number: int) -> str:
    """A table's name in the league, "R2.3" for table 3 of round 2 (the league's tables link to it by this name)."""
    return f"R{round_number}.{number}"


def header_of(state: State) -> State:
    """The state without its rounds' tables: what a table's result needs besides the tables it reaches."""
    rounds = [{key: value for key, value in round_.items() if key != "tables"} for round_ in state["rounds"]]
    return {**state, "rounds": rounds}


def tables_of(state: State) -> list[tuple[int, dict[str, Any]]]:
    """Every table with its round's number, round by round."""
    return [(round_["number"], entry) for round_ in state["rounds"] for entry in round_["tables"]]


def state_assembled(header: State, tables: Iterable[dict[str, Any]]) -> State:
    """The whole state from its header and every table in order (`Tables.tables_all`): a table numbered 1 opens
    the next round. The rounds' keys keep the order PostgreSQL's jsonb gives them ("tables" last)."""
    rounds: list[dict[str, Any]] = [{**round_, "tables": []} for round_ in header["rounds"]]
    index = -1
    for entry in tables:
        if entry["number"] == 1:
            index += 1
        rounds[index]["tables"].append(entry)
    return {**header, "rounds": rounds}


def part_table_record(
    header: State,
    tables: Tables,
    *,
    table: int,
    places: Sequence[int],
    scores: Sequence[int | Fraction],
    start_total: int,
) -> tuple[State, dict[str, dict[str, Any]], list[Event]]:
    """`table_record` on a tournament whose tables are kept elsewhere: the header (`header` itself unless the round
    closed), the tables changed or added (the next round's), by `table_key`, and the events. A table that is not its
    round's last reads that table and the round's count of tables still to play; the last reads every table so far,
    since the next round's seating weighs who met whom (and who sat where) in all of them."""
    if header["over"]:
        raise ValueError("the tournament is over")
    number = header["rounds"][-1]["number"]
    try:
        entry = copied(tables.table(number, table))
    except KeyError:
        raise ValueError(f"no table {table} in round {number}") from None
    still_to_play = tables.pending(number)
    events = _result_put(entry, number, table, places, scores, start_total)
    changed = {table_key(number, table): entry}
    if still_to_play > 1:
        return header, changed, events
    state = state_assembled(copied(header), tables.tables_all())
    state["rounds"][-1]["tables"][table - 1] = entry
    _round_close(state, events)
    for round_ in state["rounds"][len(header["rounds"]) :]:
        changed.update((table_key(round_["number"], t["number"]), t) for t in round_["tables"])
    return header_of(state), changed, events


def standings(state: State) -> list[dict[str, Any]]:
    """Everyone placed so far, best first: [{"entrant", "place", "shared"}]."""
    return sorted(state["out"], key=lambda e: (e["place"], state["entrants"].index(e["entrant"])))


# --- internals --------------------------------------------------------------------------------------------------------


def _seat_rank(state: State, entrant: int) -> int:
    return int(state["entrants"].index(entrant))


def _history(state: State) -> tuple[Counter[frozenset[int]], Counter[tuple[int, int]], Counter[int]]:
    """Who has met whom, who sat in which seat, who had a bye, over the rounds so far."""
    met: Counter[frozenset[int]] = Counter()
    seats: Counter[tuple[int, int]] = Counter()
    byes: Counter[int] = Counter()
    for round_ in state["rounds"]:
        for entry in round_["tables"]:
            group = entry["seats"]
            for i, a in enumerate(group):
                seats[(a, i)] += 1
                for b in group[i + 1 :]:
                    met[frozenset((a, b))] += 1
        for entrant in round_["byes"]:
            byes[entrant] += 1
    return met, seats, byes


def _round_seat(state: State, field: Sequence[int], events: list[Event]) -> None:
    """Seat the next round of `field` (best first); T-R10: one table when the field fits in one."""
    low, high = state["options"]["min_seats"], state["options"]["max_seats"]
    number = len(state["rounds"]) + 1
    final = len(field) <= high
    met, seats, byes = _history(state)
    # tables_seat gives its byes to the lowest-ranked; handed the field worst first, it gives them to the best (T-R1)
    seating = tables_seat(
        list(reversed(field)),
        min_size=low,
        max_size=high,
        met=met,
        seat_counts=seats,
        byes=byes,
        seed=f"{state['seed']}:round-{number}",
    )
    tables = [{"number": i + 1, "seats": list(group), "result": None} for i, group in enumerate(seating.tables)]
    state["rounds"].append({"number": number, "final": final, "byes": list(seating.byes), "tables": tables})
    events.append(
        {
            "type": "round",
            "round": number,
            "final": final,
            "tables": [t["seats"] for t in tables],
            "byes": list(seating.byes),
        }
    )


def _table_order(state: State, entry: dict[str, Any]) -> list[tuple[int, int, Fraction]]:
    """(entrant, place at the table, score relative to the table's starting total), best first; at the cut, equal
    places go by that score, then by the better seed."""
    result = entry["result"]
    total = result["start_total"]
    rows = [
        (e, p, Fraction(s) / total if total else Fraction(0))
        for e, p, s in zip(entry["seats"], result["places"], result["scores"], strict=True)
    ]
    return sorted(rows, key=lambda row: (row[1], -row[2], _seat_rank(state, row[0])))


def _round_close(state: State, events: list[Event]) -> None:
    current = state["rounds"][-1]
    if current["final"]:
        # the final table's places are the engine's outcome, ties shared
        rows = _table_order(state, current["tables"][0])
        placed = [(e, p) for e, p, _ in rows]
        for entrant, place in placed:
            shared = sum(1 for _, other in placed if other == place)
            state["out"].append({"entrant": entrant, "round": current["number"], "place": place, "shared": shared})
        state["over"] = True
        events.append({"type": "finished", "places": [{"entrant": e, "place": p} for e, p in placed]})
        return
    advance = state["options"]["advance"]
    through: list[tuple[int, int, Fraction]] = []
    gone: list[tuple[int, int, Fraction]] = []
    for entry in current["tables"]:
        rows = _table_order(state, entry)
        keep = advance_count(len(rows), advance)
        through += rows[:keep]
        gone += rows[keep:]
    # never fewer than a table's minimum left: the best of those out come back, in T-D5's order
    gone.sort(key=lambda row: (row[1], -row[2], _seat_rank(state, row[0])))
    while len(through) + len(current["byes"]) < state["options"]["min_seats"] and gone:
        through.append(gone.pop(0))
    staying = len(through) + len(current["byes"])
    # T-D5: those out in the same round rank by their place at their table, then by score relative to their
    # table's starting total; equal on both, they share
    for row in gone:
        better = sum(1 for other in gone if (other[1], -other[2]) < (row[1], -row[2]))
        shared = sum(1 for other in gone if (other[1], other[2]) == (row[1], row[2]))
        state["out"].append(
            {"entrant": row[0], "round": current["number"], "place": staying + better + 1, "shared": shared}
        )
    events.append({"type": "out", "round": current["number"], "entrants": [row[0] for row in gone]})
    # the next round's ranking: the byes first (a bye is a win), then by the way they went through
    field = list(current["byes"]) + [row[0] for row in sorted(through, key=lambda r: (r[1], -r[2]))]
    _round_seat(state, field, events)


def _result_put(
    entry: dict[str, Any],
    round_number: int,
    table: int,
    places: Sequence[int],
    scores: Sequence[int | Fraction],
    start_total: int,
) -> list[Event]:
    """Check a table's outcome and put it into the table (changed in place); the event that says so."""
    if entry["result"] is not None:
        raise ValueError(f"table {table} of round {round_number} is already recorded")
    if len(places) != len(entry["seats"]) or len(scores) != len(entry["seats"]):
        raise ValueError("one place and one score per seat, in seat order")
    if any(not 1 <= p <= len(places) for p in places):
        raise ValueError("places run from 1 to the number of seats")
    entry["result"] = {
        "places": list(places),
        "scores": [_plain(Fraction(s)) for s in scores],
        "start_total": start_total,
    }
    return [{"type": "table", "round": round_number, "table": table, "seats": entry["seats"], "places": list(places)}]


def _plain(value: Fraction) -> int | str:
    """A score as JSON: an int, or an exact fraction as "n/d"."""
    return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
