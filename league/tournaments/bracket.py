"""The match graph that single and double elimination share: matches fed by seeds, winners and losers of other
matches; byes, tables of a match, forfeits, withdrawals and places.

A bracket is plain JSON (`State`): its entrants in seed order, its options and a list of matches. A match is

    {"id": "W2.1", "bracket": "W", "round": 2, "number": 1,
     "sources": [{"winner": "W1.1"}, {"winner": "W1.2"}],    # or {"seed": 3}, {"loser": "W1.4"}
     "entrants": [5, None], "empty": [False, False],          # empty: the slot will never hold anyone (a bye)
     "tables": [{"number": 1, "seats": [5, 9], "winner": 5}], # winner None: a drawn table
     "in_play": False, "winner": None, "loser": None,
     "decided": None,       # "played" | "bye" | "forfeit" | "draw_limit" | "void" | "unneeded"
     "note": None,          # why, when it was not simply played out
     "loser_place": [5, 4], # the place band the loser takes ([place, how many share it]); None: the loser goes on
     "winner_place": None,  # [3, 1] for a third-place match
     "final": False}        # True: places 1 and 2; "reset": a grand final that a reset may follow (places 1
                            # and 2 if the winners' champion, slot 0, wins it); "again": that reset match

Every function takes a state and returns a new one (the input is never changed) with the events that happened.

A change reaches few matches: the match played, the matches its winner and its loser go to, and those that a bye or
a withdrawal settles in turn. The `part_` functions make the same changes as their whole-state namesakes on a
bracket kept elsewhere (the league keeps a match a row): they take the state without its matches (its *header*) and
a `Matches` that hands out the matches asked for, and return only the matches they changed.
"""

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from league.tournaments.common import Event, State, copied

DRAW_LIMIT = 3  # T-D3: at most three drawn tables in a row


# --- building ---------------------------------------------------------------------------------------------------------


def match_new(
    match_id: str, bracket: str, round_: int, number: int, sources: Sequence[dict[str, Any]], *, final: Any = False
) -> dict[str, Any]:
    """A match not played yet, fed by `sources` (two of {"seed": s}, {"winner": id}, {"loser": id})."""
    return {
        "id": match_id,
        "bracket": bracket,
        "round": round_,
        "number": number,
        "sources": [dict(s) for s in sources],
        "entrants": [None, None],
        "empty": [False, False],
        "tables": [],
        "in_play": False,
        "winner": None,
        "loser": None,
        "decided": None,
        "note": None,
        "loser_place": None,
        "winner_place": None,
        "final": final,
    }


def slots_real(matches: Sequence[dict[str, Any]], field: int) -> dict[str, tuple[bool, bool]]:
    """Which slots of each match will hold an entrant, known from the byes alone: a bye's winner is real, its loser
    never is (T-R1: a bye is a win without a table, nobody's loss). `matches` come sources first."""
    real: dict[str, tuple[bool, bool]] = {}

    def source_real(source: dict[str, Any]) -> bool:
        if "seed" in source:
            return bool(source["seed"] <= field)
        feeder = real[source.get("winner") or source["loser"]]
        return any(feeder) if "winner" in source else all(feeder)

    for match in matches:
        if match["final"] == "again":
            real[match["id"]] = (True, True)  # the reset match, when it is played, holds the two finalists
            continue
        real[match["id"]] = (source_real(match["sources"][0]), source_real(match["sources"][1]))
    return real


def places_plan(matches: Sequence[dict[str, Any]], field: int, stages: Sequence[Iterable[dict[str, Any]]]) -> None:
    """Set `loser_place` on the matches of each elimination stage (listed first out first): the losers of one stage
    share the band below everyone still in, so place = field − (eliminated up to and with this stage) + 1
    (T-R5, T-R9: 5–8, 9–16 ... in a full bracket; the band holds only the real losers when there are byes)."""
    real = slots_real(matches, field)
    eliminated = 0
    for stage in stages:
        stage = list(stage)
        losers = sum(1 for m in stage if all(real[m["id"]]))
        eliminated += losers
        for match in stage:
            match["loser_place"] = [field - eliminated + 1, losers]


def state_new(fmt: str, seeds: Sequence[int], matches: list[dict[str, Any]], **options: Any) -> State:
    return {"format": fmt, "entrants": list(seeds), "options": dict(options), "matches": matches, "withdrawn": []}


def header_of(state: State) -> State:
    """The state without its matches: what a change needs besides the matches it reaches."""
    return {key: value for key, value in state.items() if key != "matches"}


def destinations(matches: Sequence[dict[str, Any]]) -> dict[str, tuple[str | None, str | None]]:
    """Where each match's winner and loser go next (a match id, or None: placed, or out)."""
    out: dict[str, tuple[str | None, str | None]] = {m["id"]: (None, None) for m in matches}
    for match in matches:
        for source in match["sources"]:
            if "winner" in source:
                out[source["winner"]] = (match["id"], out[source["winner"]][1])
            elif "loser" in source:
                out[source["loser"]] = (out[source["loser"]][0], match["id"])
    return out


class Matches(Protocol):
    """A bracket's matches handed out one at a time, as a change asks for them (the `part_` functions)."""

    def match(self, match_id: str) -> dict[str, Any]:
        """The match (never changed by the caller of this protocol); KeyError for none."""

    def fed(self, match_id: str) -> list[str]:
        """The matches the match's winner or loser goes to, in the bracket's order (one twice when it takes both,
        as a grand final's reset does)."""


# --- reading ----------------------------------------------------------------------------------------------------------


def match_get(state: State, match_id: str) -> dict[str, Any]:
    for match in state["matches"]:
        if match["id"] == match_id:
            return dict(match)
    raise KeyError(f"no match {match_id!r}")


def seed_of(state: State, entrant: int) -> int:
    """The entrant's seed (1 = best)."""
    return int(state["entrants"].index(entrant)) + 1


def wins_needed(state: State) -> int:
    """T-D2: the first to win ⌈N/2⌉ tables of a best of N."""
    return (int(state["options"]["best_of"]) + 1) // 2


def score(match: dict[str, Any]) -> list[int]:
    """Tables won by each slot's entrant."""
    won = [0, 0]
    for table in match["tables"]:
        if table["winner"] is not None:
            won[match["entrants"].index(table["winner"])] += 1
    return won


def matches_ready(state: State) -> list[str]:
    """The matches that can be played now: both entrants known, not decided yet (in bracket order)."""
    return [m["id"] for m in state["matches"] if match_ready(m)]


def match_ready(match: dict[str, Any]) -> bool:
    """The match can be played now: both entrants known, not decided yet."""
    return _playable(match)


def match_next_table(state: State, match_id: str) -> dict[str, Any]:
    """The next table of a match: {"match", "table": n (1-based), "seats": [first seat, second seat]}.

    T-D2: the tables of one match alternate the seats (and so the first dealer, or the first to act): the better
    seed has the first seat at tables 1, 3, 5 ..., the other at tables 2, 4 ..."""
    return _next_table(_by_id(state)[match_id], _seed_numbers(state))


def _next_table(match: dict[str, Any], seeds: dict[int, int]) -> dict[str, Any]:
    if not _playable(match):
        raise ValueError(f"match {match['id']} is not ready to play")
    number = len(match["tables"]) + 1
    return {"match": match["id"], "table": number, "seats": _seats(match, number, seeds)}


def _seed_numbers(state: State) -> dict[int, int]:
    return {e: i + 1 for i, e in enumerate(state["entrants"])}


def is_over(state: State) -> bool:
    return all(m["decided"] is not None for m in state["matches"])


def champion(state: State) -> int | None:
    for entry in places(state):
        if entry["place"] == 1:
            return int(entry["entrant"])
    return None


def places(state: State) -> list[dict[str, Any]]:
    """Everyone placed so far: [{"entrant", "place", "shared"}], best first; `shared` entrants share the places
    place … place + shared − 1 (a band such as 5–8)."""
    out: dict[int, tuple[int, int]] = {}
    for match in state["matches"]:
        out.update((row["entrant"], (row["place"], row["shared"])) for row in match_places(match))
    # one index of the seeds, not a list scan per entrant (quadratic in the field: 18 ms at 1,024 entrants)
    seeds = {e: i for i, e in enumerate(state["entrants"])}
    ranked = sorted(out.items(), key=lambda item: (item[1][0], seeds[item[0]]))
    return [{"entrant": e, "place": place, "shared": shared} for e, (place, shared) in ranked]


def match_places(match: dict[str, Any]) -> list[dict[str, Any]]:
    """Whom a decided match places, as `places` rows (none while it is not decided)."""
    if match["decided"] is None:
        return []
    return [{"entrant": e, "place": place, "shared": shared} for e, (place, shared) in _placed_by(match)]


# --- changing ---------------------------------------------------------------------------------------------------------


def settle(state: State) -> tuple[State, list[Event]]:
    """Decide every match that needs no table (byes, a withdrawn entrant's matches) and fill the slots they feed;
    the builders call it once, every change calls it again."""
    run, out = _Run.whole(state)
    run.settle(m["id"] for m in out["matches"])
    return out, run.events


def match_start(state: State, match_id: str) -> tuple[State, dict[str, Any]]:
    """Mark the match in play (the SVG shows it) and say who sits where at its next table."""
    out, [table] = matches_start(state, [match_id])
    return out, table


def match_started(header: State, match: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """`match_start` for one match of a bracket kept elsewhere: the match marked in play (a copy) and its next
    table."""
    seeds = {e: seed_of(header, e) for e in match["entrants"] if e is not None}
    table = _next_table(match, seeds)
    return {**copied(match), "in_play": True}, table


def matches_start(state: State, match_ids: Sequence[str]) -> tuple[State, list[dict[str, Any]]]:
    """`match_start` for many matches at once (a round's tables opened together), with one copy of the state."""
    matches, seeds = _by_id(state), _seed_numbers(state)
    tables = [_next_table(matches[match_id], seeds) for match_id in match_ids]
    out = copied(state)
    by_id = _by_id(out)
    for match_id in match_ids:
        by_id[match_id]["in_play"] = True
    return out, tables


def table_record(state: State, match_id: str, *, winner: int | None) -> tuple[State, list[Event]]:
    """Record one table of a match: its winner, or None for a drawn table (T-D3). The match is decided when an
    entrant reaches ⌈N/2⌉ tables won (T-D2) or after the third drawn table in a row (T-D3)."""
    return results_record(state, [(match_id, winner)])


def results_record(state: State, results: Sequence[tuple[str, int | None]]) -> tuple[State, list[Event]]:
    """`table_record` for many tables at once (a whole round), with one copy of the state."""
    run, out = _Run.whole(state)
    _record(run, results)
    return out, run.events


def part_results_record(
    header: State, matches: Matches, results: Sequence[tuple[str, int | None]]
) -> tuple[dict[str, dict[str, Any]], list[Event]]:
    """`results_record` on a bracket kept elsewhere: the matches it changed, by id, and the events."""
    copies = _Copies(matches)
    run = _Run(header, copies)
    _record(run, results)
    return copies.changed(), run.events


def _record(run: "_Run", results: Sequence[tuple[str, int | None]]) -> None:
    for match_id, winner in results:
        match = run.match(match_id)
        if not _playable(match):
            raise ValueError(f"match {match_id} is not ready to play")
        if winner is not None and winner not in match["entrants"]:
            raise ValueError(f"{winner} does not play match {match_id}")
        number = len(match["tables"]) + 1
        match["tables"].append({"number": number, "seats": _seats(match, number, run.seeds), "winner": winner})
        match["in_play"] = False
        run.events.append(
            {"type": "table", "match": match_id, "table": number, "winner": winner, "score": score(match)}
        )
        decision = _table_decision(match, wins_needed(run.header), run.seeds)
        if decision is not None:
            decided_by, won_by, note = decision
            run.decide(match, won_by, decided_by, note=note)


def match_forfeit(state: State, match_id: str, *, entrant: int, reason: str = "forfeit") -> tuple[State, list[Event]]:
    """T-D4: a forfeit (the timeout policy, a withdrawal, an organizer's ruling) loses the match; the other entrant
    goes through."""
    run, out = _Run.whole(state)
    _forfeit(run, match_id, entrant=entrant, reason=reason)
    return out, run.events


def part_match_forfeit(
    header: State, matches: Matches, match_id: str, *, entrant: int, reason: str = "forfeit"
) -> tuple[dict[str, dict[str, Any]], list[Event]]:
    """`match_forfeit` on a bracket kept elsewhere: the matches it changed, by id, and the events."""
    copies = _Copies(matches)
    run = _Run(header, copies)
    _forfeit(run, match_id, entrant=entrant, reason=reason)
    return copies.changed(), run.events


def _forfeit(run: "_Run", match_id: str, *, entrant: int, reason: str) -> None:
    match = run.match(match_id)
    if not _playable(match) or entrant not in match["entrants"]:
        raise ValueError(f"{entrant} has no match {match_id} to forfeit")
    other = match["entrants"][1 - match["entrants"].index(entrant)]
    run.decide(match, other, "forfeit", note=f"{entrant}: {reason}")


def entrant_withdraw(state: State, entrant: int) -> tuple[State, list[Event]]:
    """T-D4: a withdrawn entrant forfeits the match in play or waiting for them, and every later match they would
    have played is a win without a table for their opponent."""
    if entrant not in state["entrants"]:
        raise ValueError(f"{entrant} is not in this bracket")
    if entrant in state["withdrawn"]:
        return state, []
    run, out = _Run.whole(state)
    out["withdrawn"].append(entrant)
    run.withdrawn.add(entrant)
    run.events.append({"type": "withdrawn", "entrant": entrant})
    run.settle(m["id"] for m in out["matches"])
    return out, run.events


# --- internals --------------------------------------------------------------------------------------------------------


def _by_id(state: State) -> dict[str, dict[str, Any]]:
    return {m["id"]: m for m in state["matches"]}


def _playable(match: dict[str, Any]) -> bool:
    return match["decided"] is None and None not in match["entrants"]


def _seats(match: dict[str, Any], number: int, seeds: dict[int, int]) -> list[int]:
    a, b = match["entrants"]
    better, other = (a, b) if seeds[a] < seeds[b] else (b, a)
    return [better, other] if number % 2 else [other, better]


def _decides_final(match: dict[str, Any]) -> bool:
    """A final gives places 1 and 2; a grand final won by the losers' bracket champion goes to the reset match."""
    if match["final"] == "reset":
        return bool(match["winner"] == match["entrants"][0])
    return bool(match["final"])


def _table_decision(match: dict[str, Any], needed: int, seeds: dict[int, int]) -> tuple[str, int, str | None] | None:
    won = score(match)
    for slot in (0, 1):
        if won[slot] >= needed:
            return "played", match["entrants"][slot], None
    drawn_in_a_row = 0
    for table in reversed(match["tables"]):
        if table["winner"] is not None:
            break
        drawn_in_a_row += 1
    if drawn_in_a_row < DRAW_LIMIT:
        return None
    # T-D3: three drawn tables in a row end the match: the one ahead on tables won goes through; still level, the
    # better seed, and the record says why
    a, b = match["entrants"]
    if won[0] != won[1]:
        leader = a if won[0] > won[1] else b
        return "draw_limit", leader, f"{DRAW_LIMIT} drawn tables in a row; {leader} ahead {max(won)}–{min(won)}"
    better = a if seeds[a] < seeds[b] else b
    note = f"{DRAW_LIMIT} drawn tables in a row, level at {won[0]}–{won[1]}: the better seed ({seeds[better]})"
    return "draw_limit", better, note + " goes through"


def _placed_by(match: dict[str, Any]) -> list[tuple[int, tuple[int, int]]]:
    winner, loser = match["winner"], match["loser"]
    if match["decided"] in ("void", "unneeded"):
        return []
    if _decides_final(match):
        return [(winner, (1, 1))] + ([(loser, (2, 1))] if loser is not None else [])
    out = []
    if match["winner_place"] is not None and winner is not None:
        out.append((winner, (match["winner_place"][0], match["winner_place"][1])))
    if match["loser_place"] is not None and loser is not None:
        out.append((loser, (match["loser_place"][0], match["loser_place"][1])))
    return out


class _Whole:
    """All of a state's matches (`Matches`), for the whole-state functions: the copied state's own dicts."""

    def __init__(self, matches: list[dict[str, Any]]) -> None:
        self.by_id = {m["id"]: m for m in matches}
        self.routes: dict[str, list[str]] = {}  # a match -> the matches its winner or loser feeds
        for match in matches:
            for source in match["sources"]:
                feeder = source.get("winner") or source.get("loser")
                if feeder is not None:
                    self.routes.setdefault(feeder, []).append(match["id"])

    def match(self, match_id: str) -> dict[str, Any]:
        try:
            return self.by_id[match_id]
        except KeyError:
            raise KeyError(f"no match {match_id!r}") from None

    def fed(self, match_id: str) -> list[str]:
        return self.routes.get(match_id, [])


class _Copies:
    """A caller's `Matches`, each match copied when first asked for: the caller's are never changed, and what
    changed is told apart at the end."""

    def __init__(self, matches: Matches) -> None:
        self.source = matches
        self.originals: dict[str, dict[str, Any]] = {}
        self.copies: dict[str, dict[str, Any]] = {}

    def match(self, match_id: str) -> dict[str, Any]:
        if match_id not in self.copies:
            original = self.source.match(match_id)
            self.originals[match_id] = original
            self.copies[match_id] = copied(original)
        return self.copies[match_id]

    def fed(self, match_id: str) -> list[str]:
        return self.source.fed(match_id)

    def changed(self) -> dict[str, dict[str, Any]]:
        return {i: m for i, m in self.copies.items() if m != self.originals[i]}


class _SeedsAsked(dict[int, int]):
    """Entrants' seeds (1 = best), each looked up in the seed order when first asked for."""

    def __init__(self, entrants: Sequence[int]) -> None:
        super().__init__()
        self.entrants = entrants

    def __missing__(self, entrant: int) -> int:
        seed = self.entrants.index(entrant) + 1
        self[entrant] = seed
        return seed


class _Run:
    """One change to a bracket: its header (entrants, options, the withdrawn), the matches it reaches (changed in
    place), and the events so far."""

    def __init__(self, header: State, matches: Matches, seeds: dict[int, int] | None = None) -> None:
        self.header = header
        self.matches = matches
        # a part reads the seeds of a few entrants: an index of all 4,096 would be most of its work
        self.seeds = seeds if seeds is not None else _SeedsAsked(header["entrants"])
        self.withdrawn = set(header["withdrawn"])
        self.events: list[Event] = []

    @classmethod
    def whole(cls, state: State) -> tuple["_Run", State]:
        """A change to the whole state: the run, and the copy of the state it changes."""
        out = copied(state)
        return cls(out, _Whole(out["matches"]), _seed_numbers(out)), out

    def match(self, match_id: str) -> dict[str, Any]:
        return self.matches.match(match_id)

    def decide(self, match: dict[str, Any], winner: int | None, decided: str, *, note: str | None = None) -> None:
        """Close a match with `winner`, send the winner and the loser on, and settle what that unblocks."""
        a, b = match["entrants"]
        loser = None if winner is None else (b if winner == a else a)
        match.update(winner=winner, loser=loser, decided=decided, note=note, in_play=False)
        if decided != "void":
            event: Event = {
                "type": "match",
                "match": match["id"],
                "winner": winner,
                "loser": loser,
                "decided": decided,
                "score": score(match),
            }
            if note:
                event["note"] = note
            self.events.append(event)
        for entrant, (place, shared) in _placed_by(match):
            self.events.append({"type": "placed", "entrant": entrant, "place": place, "shared": shared})
        self.settle(self.matches.fed(match["id"]))

    def settle(self, todo: Iterable[str]) -> None:
        for match_id in todo:
            match = self.match(match_id)
            if match["decided"] is not None:
                continue
            self.fill(match)
            if match["decided"] is not None:
                continue
            if not all(match["entrants"][s] is not None or match["empty"][s] for s in (0, 1)):
                continue
            a, b = match["entrants"]
            if a is None and b is None:
                self.decide(match, None, "void")
            elif a is None or b is None:
                self.decide(match, a if b is None else b, "bye")
            elif a in self.withdrawn or b in self.withdrawn:
                if a in self.withdrawn and b in self.withdrawn:
                    # both gone: one must be sent on, and forfeits the next match in turn
                    through = a if self.seeds[a] < self.seeds[b] else b
                else:
                    through = b if a in self.withdrawn else a
                gone = b if through == a else a
                self.decide(match, through, "forfeit", note=f"{gone}: withdrawn")

    def fill(self, match: dict[str, Any]) -> None:
        """Fill the match's slots from the sources that are known: a seed, a decided match's winner or loser."""
        for slot, source in enumerate(match["sources"]):
            if match["entrants"][slot] is not None or match["empty"][slot]:
                continue
            if "seed" in source:
                seed = source["seed"]
                if seed <= len(self.header["entrants"]):
                    match["entrants"][slot] = self.header["entrants"][seed - 1]
                else:
                    match["empty"][slot] = True
                continue
            feeder = self.match(source.get("winner") or source["loser"])
            if feeder["decided"] is None:
                continue
            if match["final"] == "again" and feeder["winner"] == feeder["entrants"][0]:
                # T-R8: the winners' bracket champion won the grand final; the reset match is not played
                match.update(decided="unneeded", empty=[True, True])
                self.events.append(
                    {
                        "type": "match",
                        "match": match["id"],
                        "winner": None,
                        "loser": None,
                        "decided": "unneeded",
                        "score": [0, 0],
                    }
                )
                return
            entrant = feeder["winner"] if "winner" in source else feeder["loser"]
            if entrant is None:
                match["empty"][slot] = True
            else:
                match["entrants"][slot] = entrant
