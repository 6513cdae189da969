"""The Palace Infighting state machine: simultaneous secret rows, duels, holdings, five rounds.

State (plain JSON):
    players, seed, options    seed is kept by convention only: there is no chance in this game (P-R1)
    round                     rounds settled so far (0..5)
    hands                     per seat, the cards held and not laid in this round's row, King first
    rows                      per seat, the row committed this round, or None; hidden from the opponent until both
                              are in (P-R3), then settled at once and cleared
    played                    per settled round: both rows, the duels, wins, ties and the holding sizes after it
    result                    None while playing; then {"winner": seat | None, "reason": "no_cards" | "rounds"}
"""

from collections import Counter
from typing import Any

from games.core.cards import COURT_RANKS
from games.core.errors import IllegalMove
from games.core.protocol import Move, Path, State
from games.palace.duel import rows_settle
from games.palace.rows import cards_sorted, row_fits, row_length, row_strongest, rows_distinct

NAME = "palace-infighting"
PLAYERS = 2
ROUNDS = 5
# P-R2: the same ten cards for both, two of each court rank
START_HAND = [rank for rank in COURT_RANKS for _ in range(2)]
MOVE_KEYS = {"type", "cards"}


class PalaceEngine:
    name = NAME
    min_players = PLAYERS
    max_players = PLAYERS

    # --- set-up ---

    def default_options(self) -> dict[str, Any]:
        return {}

    def check_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        if not isinstance(options, dict):
            raise IllegalMove("bad_options", "options must be an object")
        if options:
            raise IllegalMove("bad_options", f"Palace Infighting has no options: {sorted(map(str, options))}")
        if players != PLAYERS or isinstance(players, bool):
            raise IllegalMove("bad_players", f"Palace Infighting is for exactly {PLAYERS} players (P-R1)")
        return {}

    def new_game(self, *, players: int, seed: str, options: dict[str, Any] | None = None) -> State:
        options = self.check_options({} if options is None else options, players)
        if not isinstance(seed, str):
            raise IllegalMove("bad_seed", "the seed must be a string")
        return {
            "game": NAME,
            "players": players,
            "seed": seed,
            "options": options,
            "round": 0,
            "hands": [list(START_HAND), list(START_HAND)],
            "rows": [None, None],
            "played": [],
            "result": None,
        }

    # --- turn order and moves ---

    def is_over(self, state: State) -> bool:
        return state["result"] is not None

    def to_act(self, state: State) -> list[int]:
        if self.is_over(state):
            return []
        # P-R3: both choose at the same time; a seat whose row is in waits for the other
        return [seat for seat in range(PLAYERS) if state["rows"][seat] is None]

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        _check_seat(seat)
        if seat not in self.to_act(state):
            return []
        # every distinct row (2,220 at the start, at most 3,020): each entry is itself a playable move (docs/rules)
        rows = rows_distinct(hand=state["hands"][seat], length=_round_length(state))
        return [{"type": "row", "cards": list(row)} for row in rows]

    def timeout_move(self, state: State, seat: int) -> Move:
        _check_seat(seat)
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", f"seat {seat} has nothing to play")
        # P-D4: the strongest cards, King first; deterministic, never random
        return {"type": "row", "cards": row_strongest(hand=state["hands"][seat], length=_round_length(state))}

    def apply_move(self, state: State, seat: int, move: Move) -> State:
        _check_seat(seat)
        if self.is_over(state):
            raise IllegalMove("game_over", "the match is over")
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", f"seat {seat} has already laid its row this round")
        cards = _row_of(move)
        length = _round_length(state)
        if len(cards) != length:
            raise IllegalMove("wrong_length", f"this round's rows have {length} cards (P-D2), not {len(cards)}")
        hand = state["hands"][seat]
        if not row_fits(cards=cards, hand=hand):
            raise IllegalMove("cards_not_held", f"the row {cards} is not in the holding {hand}")
        new = _state_copy(state)
        rest = Counter(hand)
        rest.subtract(cards)
        new["hands"][seat] = cards_sorted(list(rest.elements()))
        new["rows"][seat] = list(cards)
        if all(row is not None for row in new["rows"]):
            _round_settle(new)
        return new

    # --- what players see ---

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            _check_seat(seat)
        over = self.is_over(state)
        rows = state["rows"]
        out: dict[str, Any] = {
            "game": NAME,
            "phase": "over" if over else "rows",
            "to_act": self.to_act(state),
            "round": state["round"] if over else state["round"] + 1,
            "rounds": ROUNDS,
            "row_length": None if over else _round_length(state),
            # P-D2: holdings are public, a committed row's cards included (P-D6), in rank order so that nothing
            # tells which of them were laid
            "holdings": [cards_sorted(_holding(state, s)) for s in range(PLAYERS)],
            "held": [len(_holding(state, s)) for s in range(PLAYERS)],
            "committed": [row is not None for row in rows],
            "played": [_played_copy(played) for played in state["played"]],
            "result": self.outcome(state) if over else None,
        }
        if seat is not None:
            out["seat"] = seat
            out["hand"] = cards_sorted(state["hands"][seat])
            out["row"] = None if rows[seat] is None else list(rows[seat])
            # the choice in one entry, not the up to 3,020 rows of legal_moves (which the league serves beside the
            # view): a page draws a row picker from it, and a view stays a few hundred bytes (docs/rules)
            out["row_choice"] = (
                {"type": "row", "length": _round_length(state), "from": cards_sorted(state["hands"][seat])}
                if seat in self.to_act(state)
                else None
            )
        return out

    # --- results ---

    def outcome(self, state: State) -> dict[str, Any]:
        if not self.is_over(state):
            raise IllegalMove("not_over", "the match is not over")
        winner = state["result"]["winner"]
        placements = [1, 1] if winner is None else [1 if s == winner else 2 for s in range(PLAYERS)]
        return {
            "placements": placements,
            "scores": [len(_holding(state, s)) for s in range(PLAYERS)],
            "winner": winner,
            "reason": state["result"]["reason"],
            "rounds_played": state["round"],
        }

    def ledger(self, state: State) -> list[dict[str, Any]]:
        rows = []
        before = [len(START_HAND)] * PLAYERS
        for index, played in enumerate(state["played"]):
            totals = played["holdings"]
            rows.append({
                "index": index,
                "round": index + 1,
                "deltas": [totals[s] - before[s] for s in range(PLAYERS)],
                "totals": list(totals),
                "wins": list(played["wins"]),
                "ties": played["ties"],
            })
            before = totals
        return rows

    def ledger_count(self, state: State) -> int:
        return len(state["played"])

    # --- conformance kit ---

    def conserved(self, state: State) -> dict[str, int]:
        # P-D3: the 20 cards of the game, four of each rank, are all somewhere at every step
        counts = Counter(card for s in range(PLAYERS) for card in _holding(state, s))
        return {"cards": sum(counts.values()), **{rank: counts[rank] for rank in COURT_RANKS}}

    def hidden_places(self, state: State, seat: int | None) -> list[list[Path]]:
        groups = []
        for owner in range(PLAYERS):
            if owner == seat or state["rows"][owner] is None:
                continue
            # which of the owner's cards went into the row, and in what order, is the secret: any exchange
            # between the kept cards and the row must not show
            group: list[Path] = [("hands", owner, i) for i in range(len(state["hands"][owner]))]
            group += [("rows", owner, i) for i in range(len(state["rows"][owner]))]
            groups.append(group)
        return groups

    def conformance_variants(self) -> list[dict[str, Any]]:
        return [{}]


def _check_seat(seat: Any) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < PLAYERS:
        raise IllegalMove("bad_seat", f"no seat {seat!r} in a game of {PLAYERS}")


def _row_of(move: Any) -> list[str]:
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "a move is an object")
    if move.get("type") != "row":
        raise IllegalMove("unknown_move_type", f"unknown move type {move.get('type')!r}; the only move is 'row'")
    if set(move) != MOVE_KEYS:
        raise IllegalMove("bad_move", 'a row is {"type": "row", "cards": [...]} and nothing else')
    cards = move["cards"]
    if not isinstance(cards, list) or not all(isinstance(card, str) and card in COURT_RANKS for card in cards):
        raise IllegalMove("bad_cards", f"cards must be a list of court ranks {list(COURT_RANKS)}")
    return cards


def _state_copy(state: State) -> State:
    """A copy to change. Each settled round's record is never changed once written, so the copies share those."""
    new = dict(state)
    new["options"] = dict(state["options"])
    new["hands"] = [list(hand) for hand in state["hands"]]
    new["rows"] = [None if row is None else list(row) for row in state["rows"]]
    new["played"] = list(state["played"])
    new["result"] = None if state["result"] is None else dict(state["result"])
    return new


def _played_copy(played: dict[str, Any]) -> dict[str, Any]:
    # a view is the caller's to keep or change; it must not alias the state
    return {
        **played,
        "rows": [list(row) for row in played["rows"]],
        "duels": [{**duel, "cards": list(duel["cards"])} for duel in played["duels"]],
        "wins": list(played["wins"]),
        "holdings": list(played["holdings"]),
    }


def _holding(state: State, seat: int) -> list[str]:
    # P-D6: the cards of a committed row are still held until the duels are settled
    return state["hands"][seat] + (state["rows"][seat] or [])


def _round_length(state: State) -> int:
    return row_length(held=[len(_holding(state, s)) for s in range(PLAYERS)])


def _round_settle(state: State) -> None:
    """Reveal and duel both rows (P-R4..P-R6), return the cards (P-R7), then check the end (P-R8). In place: the
    caller owns this fresh copy."""
    rows = state["rows"]
    settlement = rows_settle(rows=(rows[0], rows[1]))
    for seat in range(PLAYERS):
        state["hands"][seat] = cards_sorted(state["hands"][seat] + settlement.returned[seat])
    held = [len(hand) for hand in state["hands"]]
    state["played"].append({
        "round": state["round"] + 1,
        "rows": [list(rows[0]), list(rows[1])],
        "duels": settlement.duels,
        "wins": list(settlement.wins),
        "ties": settlement.ties,
        "holdings": held,
    })
    state["rows"] = [None, None]
    state["round"] += 1
    # P-R8 / P-D6: the 0-card check after the round's last duel; 20 cards in all, so at most one seat is empty
    empty = [seat for seat in range(PLAYERS) if held[seat] == 0]
    if empty:
        state["result"] = {"winner": 1 - empty[0], "reason": "no_cards"}
    elif state["round"] == ROUNDS:
        # P-D1: equal holdings after five rounds (10-10) are a draw
        winner = None if held[0] == held[1] else (0 if held[0] > held[1] else 1)
        state["result"] = {"winner": winner, "reason": "rounds"}


ENGINE = PalaceEngine()
