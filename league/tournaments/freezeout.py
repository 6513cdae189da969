"""The poker-style freezeout for The Court, Black Card and Mini Poker: T-R13…T-R18, T-D6, T-D7.

Everyone starts with the same stack at tables seated by lot; tables play one hand at a time, in parallel: the league
asks `tables_ready` which tables may deal, `hand_deal` says who plays the hand (from the button), with which stacks
and at which level, and opens one engine match for it; `hand_end` takes the stacks at the end of the hand and
returns what follows from it: busts and places, balancing moves, a table broken, the final table, a new level, the
winner. Players move only between hands (T-D7): a table with a hand in progress is never touched; a move that needs
it waits, and the tables it involves deal no new hand until it is done (`tables_ready` leaves them out).

State (plain JSON; the league keeps it in a JSONField and can replay it from the same calls):

    {"format": "freezeout", "seed": "...", "entrants": [ids in the order entered],
     "options": {"starting_stack": 1000, "max_seats": 6, "level_hands": 10,
                 "levels": [{"ante": 10, "min_bet": 10}, {"ante": 20, "min_bet": 20}, ...]},
     "tables": [{"id": 1, "broken": False, "button": 2, "dealt": 14,      # hands dealt at this table
                 "seats": [{"player": 17, "stack": 1450}, None, ...],     # max_seats seats; None is open
                 "hand": None | {"number": 212, "table": 1, "level": 3, "forced": {...}, "button_seat": 2,
                                 "seats": [2, 3, 5, 0], "players": [17, 4, 30, 9], "stacks": [1450, 800, ...]}}],
     "level": 3, "level_hands": 17,          # the level in force (1-based), hands ended since it began
     "hands_dealt": 212, "hands_ended": 210, "breaks": 4,
     "breaking": None | {"table": 7, "number": 5},   # a table drawn to break, waiting for hands in progress
     "busts": [{"player": 30, "hand": 205, "table": 3, "start_stack": 120, "place": 26, "shared": 1}],
     "over": False, "winner": None}

Seats: the button moves one occupied seat to the left (seat + 1) before every hand but a table's first, which deals
from the seat where the button stands. The "next to receive the button" is the first occupied seat after the button
(at a table that has not dealt yet, the button's seat itself).
"""

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from games.core import rng
from league.pairing.tables import table_sizes
from league.tournaments.common import Event, State, copied, entrants_check

FORMAT = "freezeout"
SEATS_LABEL = "seats"


# --- creating ---------------------------------------------------------------------------------------------------------


def levels_check(levels: Sequence[Mapping[str, int]]) -> list[dict[str, int]]:
    """T-R14: the organizer's structure: a non-empty list of levels, each the same forced bets (whole numbers, the
    engine's option names, e.g. {"ante": 10, "min_bet": 10}), none lower than at the level before."""
    out = [dict(level) for level in levels]
    if not out or any(not level for level in out):
        raise ValueError("a structure has at least one level of forced bets")
    keys = set(out[0])
    for before, level in zip([None, *out], out, strict=False):
        if set(level) != keys:
            raise ValueError("every level sets the same forced bets")
        if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in level.values()):
            raise ValueError("forced bets are whole numbers of chips")
        if before is not None and any(level[k] < before[k] for k in keys):
            raise ValueError("forced bets never fall from one level to the next")
    return out


def freezeout_create(
    players: Sequence[int],
    *,
    seed: str,
    starting_stack: int,
    max_seats: int,
    levels: Sequence[Mapping[str, int]],
    level_hands: int,
) -> tuple[State, list[Event]]:
    """T-R13: everyone with the same stack, at the fewest tables of at most `max_seats` whose sizes differ by at most
    one, seated by lot (`rng.shuffled(players, seed=seed, label="seats")`, players in the order entered), each
    table's first button on its seat 0 (the seats being drawn, so is the button)."""
    players = entrants_check(players)
    if not isinstance(seed, str) or not seed:
        raise ValueError("the draw needs the seed (a non-empty string)")
    # three seats at least: with two, balanced tables of 2 and 1 could leave a player with no one to play
    if starting_stack < 1 or not 3 <= max_seats <= 10 or level_hands < 1:
        raise ValueError("need starting_stack >= 1, 3 <= max_seats <= 10, level_hands >= 1")
    structure = levels_check(levels)
    drawn = [int(p) for p in rng.shuffled([str(p) for p in players], seed=seed, label=SEATS_LABEL)]
    tables = []
    start = 0
    for number, size in enumerate(table_sizes(len(players), min_size=2, max_size=max_seats), start=1):
        seats: list[dict[str, int] | None] = [
            {"player": p, "stack": starting_stack} for p in drawn[start : start + size]
        ]
        seats += [None] * (max_seats - size)
        tables.append({"id": number, "broken": False, "button": 0, "dealt": 0, "seats": seats, "hand": None})
        start += size
    state: State = {
        "format": FORMAT,
        "seed": seed,
        "entrants": players,
        "options": {
            "starting_stack": starting_stack,
            "max_seats": max_seats,
            "level_hands": level_hands,
            "levels": structure,
        },
        "tables": tables,
        "level": 1,
        "level_hands": 0,
        "hands_dealt": 0,
        "hands_ended": 0,
        "breaks": 0,
        "breaking": None,
        "busts": [],
        "over": False,
        "winner": None,
    }
    events: list[Event] = [
        {"type": "seated", "label": SEATS_LABEL, "tables": [_table_row(t) for t in tables]},
        {"type": "level", "level": 1, "forced": structure[0]},
    ]
    if len(tables) == 1:
        events.append({"type": "final_table", "table": 1})
    return state, events


# --- reading ----------------------------------------------------------------------------------------------------------


def players_in(table: Mapping[str, Any]) -> list[int]:
    """The players seated at a table, in seat order."""
    return [seat["player"] for seat in table["seats"] if seat is not None]


def tables_live(state: State) -> list[dict[str, Any]]:
    """The tables in play (not broken), in id order."""
    return [t for t in state["tables"] if not t["broken"]]


def chips_total(state: State) -> int:
    """Every chip at every table (T-D7: the same at every step); a hand in progress counts its starting stacks."""
    return sum(seat["stack"] for t in state["tables"] for seat in t["seats"] if seat is not None)


def button_order(table: Mapping[str, Any]) -> list[int]:
    """The seats in the order they will receive the button, the next one first."""
    size = len(table["seats"])
    start = table["button"] if table["dealt"] == 0 else table["button"] + 1
    return [(start + i) % size for i in range(size)]


def next_button_seat(table: Mapping[str, Any]) -> int:
    """The occupied seat that receives the button at the table's next hand."""
    return next(s for s in button_order(table) if table["seats"][s] is not None)


def worst_open_seat(table: Mapping[str, Any]) -> int:
    """The open seat that would receive the button soonest: where a player moved to balance sits (T-R15)."""
    return next(s for s in button_order(table) if table["seats"][s] is None)


def held_tables(state: State) -> list[int]:
    """Tables that deal no new hand until a move waiting for a hand in progress is done (T-D7)."""
    plan = _plan(state)
    return sorted(plan[1]) if plan is not None else []


def tables_ready(state: State) -> list[int]:
    """The tables that may deal their next hand now: no hand in progress, two players or more, no move waiting."""
    if state["over"]:
        return []
    held = set(held_tables(state))
    return [
        t["id"] for t in tables_live(state) if t["hand"] is None and len(players_in(t)) >= 2 and t["id"] not in held
    ]


def hands_in_play(state: State) -> list[dict[str, Any]]:
    return [dict(t["hand"]) for t in tables_live(state) if t["hand"] is not None]


def places(state: State) -> list[dict[str, Any]]:
    """T-R17: everyone placed so far, best first: [{"entrant", "place", "shared"}] (the winner once there is one)."""
    out = [{"entrant": b["player"], "place": b["place"], "shared": b["shared"]} for b in state["busts"]]
    if state["winner"] is not None:
        out.append({"entrant": state["winner"], "place": 1, "shared": 1})
    return sorted(out, key=lambda row: (row["place"], state["entrants"].index(row["entrant"])))


def seating_chart(state: State, numbers: Collection[int] | None = None) -> list[dict[str, Any]]:
    """Plain data for an HTML table of the tables (those numbered `numbers`, else every table in play): each seat
    with its player, stack and the button marks."""
    held = set(held_tables(state))
    live = tables_live(state)
    final = len(live) == 1
    chart = []
    for table in live:
        if numbers is not None and table["id"] not in numbers:
            continue
        hand = table["hand"]
        has_players = bool(players_in(table))
        next_button = next_button_seat(table) if has_players else None
        seats = [
            {
                "seat": i,
                "player": None if seat is None else seat["player"],
                "stack": None if seat is None else seat["stack"],
                "button": hand is not None and hand["button_seat"] == i,
                "next_button": hand is None and next_button == i,
            }
            for i, seat in enumerate(table["seats"])
        ]
        chart.append(
            {
                "table": table["id"],
                "final": final,
                "in_hand": hand is not None,
                "hand": None if hand is None else hand["number"],
                "held": table["id"] in held,
                "seats": seats,
            }
        )
    return chart


# --- playing ----------------------------------------------------------------------------------------------------------


def hand_deal(state: State, table_id: int) -> tuple[State, dict[str, Any]]:
    """Deal the table's next hand: the button moves (T-D6: the hand is played at the level in force now) and the
    hand says who plays from the button on, with their stacks and the level's forced bets:

        {"number", "table", "level", "forced", "button_seat",
         "seats": [table seats from the button on], "players": [...], "stacks": [...]}

    The league opens one engine match for it: engine seat i is `players[i]`, the button engine seat 0."""
    if table_id not in tables_ready(state):
        raise ValueError(f"table {table_id} cannot deal now")
    out = copied(state)
    table = _table(out, table_id)
    button = next_button_seat(table)
    size = len(table["seats"])
    order = [(button + i) % size for i in range(size) if table["seats"][(button + i) % size] is not None]
    out["hands_dealt"] += 1
    level = out["level"]
    hand = {
        "number": out["hands_dealt"],
        "table": table_id,
        "level": level,
        "forced": dict(out["options"]["levels"][level - 1]),
        "button_seat": button,
        "seats": order,
        "players": [table["seats"][s]["player"] for s in order],
        "stacks": [table["seats"][s]["stack"] for s in order],
    }
    table.update(button=button, dealt=table["dealt"] + 1, hand=hand)
    return out, dict(hand)


def hand_end(state: State, table_id: int, *, stacks: Sequence[int]) -> tuple[State, list[Event]]:
    """Close the table's hand with each player's stack at its end (in the hand's `players` order); chips are
    conserved at the table (T-D7). Then, in order: busts and their places (T-R17), the winner (T-R13), a table to
    break (T-R16) or players to move (T-R15) wherever no hand is in progress, the level (T-D6)."""
    out = copied(state)
    table = _table(out, table_id)
    hand = table["hand"]
    if hand is None:
        raise ValueError(f"table {table_id} has no hand in progress")
    stacks = list(stacks)
    if len(stacks) != len(hand["players"]) or any(not isinstance(s, int) or s < 0 for s in stacks):
        raise ValueError("one stack (a whole number of chips, 0 or more) per player of the hand, in its order")
    if sum(stacks) != sum(hand["stacks"]):
        raise ValueError(f"chips are conserved at a table: {sum(hand['stacks'])} before the hand, {sum(stacks)} after")
    out["hands_ended"] += 1
    out["level_hands"] += 1
    table["hand"] = None
    events: list[Event] = [
        {"type": "hand_ended", "table": table_id, "hand": hand["number"], "players": hand["players"], "stacks": stacks}
    ]
    for seat, stack in zip(hand["seats"], stacks, strict=True):
        table["seats"][seat]["stack"] = stack
    _busts_record(out, table, hand, stacks, events)
    if not out["over"]:
        _settle(out, events)
        _level_check(out, events)
    return out, events


def player_forfeit(state: State, player: int, *, reason: str) -> tuple[State, list[Event]]:
    """T-D8: an organizer's ruling puts a player out at once, between hands (the league annuls their hand in play
    first): they place below everyone still in, as a bust would, their chips leave play (the TDA's rule for a
    disqualified player), and the tables settle as after a bust (the winner, a break, a balancing move). The bust
    row keeps the ruling's reason (`forfeit`)."""
    out = copied(state)
    if out["over"]:
        raise ValueError("the tournament is over")
    found = [
        (t, i) for t in tables_live(out) for i, s in enumerate(t["seats"]) if s is not None and s["player"] == player
    ]
    if not found:
        raise ValueError(f"{player} has no seat in play")
    table, seat = found[0]
    if table["hand"] is not None:
        raise ValueError(f"table {table['id']} has a hand in progress")
    stack = table["seats"][seat]["stack"]
    table["seats"][seat] = None
    still_in = sum(len(players_in(t)) for t in tables_live(out))
    row = {
        "player": player,
        "hand": None,
        "table": table["id"],
        "start_stack": stack,
        "place": still_in + 1,
        "shared": 1,
        "forfeit": reason,
    }
    out["busts"].append(row)
    events: list[Event] = [{"type": "forfeited", **row}]
    if still_in == 1:
        winner = next(p for t in tables_live(out) for p in players_in(t))
        out.update(over=True, winner=winner)
        events.append({"type": "finished", "winner": winner})
    else:
        _settle(out, events)
    return out, events


# --- internals --------------------------------------------------------------------------------------------------------


def _table(state: State, table_id: int) -> dict[str, Any]:
    for table in state["tables"]:
        if table["id"] == table_id and not table["broken"]:
            return table  # type: ignore[no-any-return]
    raise ValueError(f"no table {table_id} in play")


def _table_row(table: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "table": table["id"],
        "seats": [None if s is None else s["player"] for s in table["seats"]],
        "button": table["button"],
    }


def _busts_record(
    state: State, table: dict[str, Any], hand: Mapping[str, Any], stacks: Sequence[int], events: list[Event]
) -> None:
    """T-R17: the players out in this hand place below everyone still in; among them, the larger stack at the
    hand's start places better, equal stacks share. The winner is the last one with chips (T-R13)."""
    busted = [(p, start) for p, start, end in zip(hand["players"], hand["stacks"], stacks, strict=True) if end == 0]
    if not busted:
        return
    for seat in hand["seats"]:
        if table["seats"][seat]["stack"] == 0:
            table["seats"][seat] = None
    still_in = sum(len(players_in(t)) for t in tables_live(state))
    for player, start in sorted(busted, key=lambda b: b[1]):  # the smaller stack out first
        better = sum(1 for _, other in busted if other > start)
        shared = sum(1 for _, other in busted if other == start)
        row = {
            "player": player,
            "hand": hand["number"],
            "table": table["id"],
            "start_stack": start,
            "place": still_in + better + 1,
            "shared": shared,
        }
        state["busts"].append(row)
        events.append({"type": "busted", **row})
    if still_in == 1:
        winner = next(p for t in tables_live(state) for p in players_in(t))
        state.update(over=True, winner=winner)
        events.append({"type": "finished", "winner": winner})


def _plan(state: State) -> tuple[str, set[int], Any] | None:
    """The next change the tables need and the tables it involves: ("break", tables, destinations) once a table
    is drawn to break, else ("balance", {from, to}, (from, to)), else None."""
    if state["over"]:
        return None
    live = tables_live(state)
    if state["breaking"] is not None:
        destinations = _break_destinations(state)
        return "break", {state["breaking"]["table"], *destinations}, destinations
    sizes = {t["id"]: len(players_in(t)) for t in live}
    if max(sizes.values()) - min(sizes.values()) <= 1:
        return None
    largest, smallest = max(sizes.values()), min(sizes.values())
    # among equals, a table between hands, then the lowest number: a procedure fixed in advance (TDA), which
    # moves now when it can rather than wait for a hand in progress
    source = min((t for t in live if sizes[t["id"]] == largest), key=lambda t: (t["hand"] is not None, t["id"]))
    target = min((t for t in live if sizes[t["id"]] == smallest), key=lambda t: (t["hand"] is not None, t["id"]))
    return "balance", {source["id"], target["id"]}, (source["id"], target["id"])


def _break_destinations(state: State) -> dict[int, int]:
    """How many of the broken table's players each other table takes: one at a time to the smallest table (among
    equals a table between hands, then the lowest number), which leaves the sizes as even as they can be."""
    breaking = _table(state, state["breaking"]["table"])
    others = [t for t in tables_live(state) if t["id"] != breaking["id"]]
    sizes = {t["id"]: len(players_in(t)) for t in others}
    idle = {t["id"]: t["hand"] is None for t in others}
    taken: dict[int, int] = {}
    for _ in players_in(breaking):
        target = min(sizes, key=lambda t: (sizes[t], not idle[t], t))
        sizes[target] += 1
        taken[target] = taken.get(target, 0) + 1
    return taken


def _settle(state: State, events: list[Event]) -> None:
    """Break and balance as far as the tables between hands allow (T-R15, T-R16, T-D7)."""
    while not state["over"]:
        live = tables_live(state)
        count = sum(len(players_in(t)) for t in live)
        if state["breaking"] is None and len(live) > 1 and count <= (len(live) - 1) * state["options"]["max_seats"]:
            _break_draw(state, live, events)
        plan = _plan(state)
        if plan is None:
            return
        kind, involved, detail = plan
        if any(_table(state, t)["hand"] is not None for t in involved):
            return  # T-D7: wait for the hands in progress; `tables_ready` holds the tables involved
        if kind == "break":
            _break(state, detail, events)
        else:
            source, target = detail
            _balance_move(state, source, target, events)


def _break_draw(state: State, live: list[dict[str, Any]], events: list[Event]) -> None:
    """T-R16: the table to break is drawn by lot among the tables in play (in id order), and recorded."""
    number = state["breaks"] + 1
    label = f"break-{number}"
    candidates = [t["id"] for t in live]
    chosen = candidates[rng.choice_index(len(candidates), seed=state["seed"], label=label)]
    state["breaking"] = {"table": chosen, "number": number}
    events.append({"type": "break_drawn", "table": chosen, "candidates": candidates, "label": label})


def _break(state: State, destinations: Mapping[int, int], events: list[Event]) -> None:
    """T-R16: the players of the drawn table, by lot, into open seats drawn by lot at the tables that take them."""
    number = state["breaking"]["number"]
    broken = _table(state, state["breaking"]["table"])
    seats_label = f"break-{number}-seats"
    targets: list[tuple[int, int]] = []
    for table_id in sorted(destinations):
        table = _table(state, table_id)
        open_seats = [str(i) for i, seat in enumerate(table["seats"]) if seat is None]
        drawn = rng.shuffled(open_seats, seed=state["seed"], label=f"{seats_label}-table-{table_id}")
        targets += [(table_id, int(s)) for s in drawn[: destinations[table_id]]]
    players_label = f"break-{number}-players"
    order = [
        int(p) for p in rng.shuffled([str(p) for p in players_in(broken)], seed=state["seed"], label=players_label)
    ]
    moves = []
    for player, (table_id, seat) in zip(order, targets, strict=True):
        origin = next(i for i, s in enumerate(broken["seats"]) if s is not None and s["player"] == player)
        moves.append(_seat_move(state, broken, origin, _table(state, table_id), seat, reason="break"))
    broken.update(broken=True)
    state["breaking"] = None
    state["breaks"] = number
    events.append({"type": "table_broken", "table": broken["id"], "labels": [players_label, seats_label]})
    events += moves
    if len(tables_live(state)) == 1:
        events.append({"type": "final_table", "table": tables_live(state)[0]["id"]})


def _balance_move(state: State, source_id: int, target_id: int, events: list[Event]) -> None:
    """T-R15: the player next to receive the button at the larger table moves to the smaller one, into the open
    seat that receives the button soonest (the TDA's "worst position"): nobody skips a turn at the button."""
    source, target = _table(state, source_id), _table(state, target_id)
    events.append(
        _seat_move(state, source, next_button_seat(source), target, worst_open_seat(target), reason="balance")
    )


def _seat_move(
    state: State, source: dict[str, Any], seat: int, target: dict[str, Any], to_seat: int, *, reason: str
) -> Event:
    """Move a seated player with their exact stack (T-D7)."""
    occupant = source["seats"][seat]
    if target["seats"][to_seat] is not None or source["hand"] is not None or target["hand"] is not None:
        raise AssertionError("a move needs an open seat and two tables between hands")
    target["seats"][to_seat] = occupant
    source["seats"][seat] = None
    return {
        "type": "moved",
        "player": occupant["player"],
        "stack": occupant["stack"],
        "reason": reason,
        "from": {"table": source["id"], "seat": seat},
        "to": {"table": target["id"], "seat": to_seat},
    }


def _level_check(state: State, events: list[Event]) -> None:
    """T-D6: the level rises when the hands ended since it began reach level_hands × the tables in play."""
    levels = state["options"]["levels"]
    if state["level"] >= len(levels):
        return
    if state["level_hands"] >= state["options"]["level_hands"] * len(tables_live(state)):
        state["level"] += 1
        state["level_hands"] = 0
        events.append({"type": "level", "level": state["level"], "forced": dict(levels[state["level"] - 1])})
