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

import random
from collections import Counter
from typing import Any

from games.core import choices
from games.core.cards import COURT_RANKS
from games.core.errors import IllegalMove
from games.core.events import LoggedMove, public_moves_of, shown_later
from games.core.i18n import _
from games.core.options import Option, options_check, schema_json
from games.core.protocol import Event, Move, Path, State
from games.palace import events as told
from games.palace.bot import row_choose
from games.palace.duel import rows_settle
from games.palace.phrases import cards_phrase
from games.palace.rows import cards_sorted, row_length, row_missing, row_strongest, rows_distinct

NAME = "palace-infighting"
PLAYERS = 2
ROUNDS = 5
# P-R2: the same ten cards for both, two of each court rank
START_HAND = [rank for rank in COURT_RANKS for _ in range(2)]
MOVE_KEYS = {"type", "cards"}
# the game has no options (P-R1..P-R9 fix everything a club could set)
OPTIONS: list[Option] = []


class PalaceEngine:
    name = NAME
    title = _("Palace Infighting")
    min_players = PLAYERS
    max_players = PLAYERS

    # --- set-up ---

    def options_schema(self) -> list[dict[str, Any]]:
        return schema_json(OPTIONS)

    def default_options(self) -> dict[str, Any]:
        return {}

    def check_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        checked = options_check(options, players, OPTIONS)
        if isinstance(players, bool) or players != PLAYERS:
            raise IllegalMove("bad_players", _("Palace Infighting is for exactly {players} players."), players=PLAYERS)
        return checked

    def teams(self, players: int) -> list[list[int]] | None:
        return None

    def new_game(self, *, players: int, seed: str, options: dict[str, Any] | None = None) -> State:
        options = self.check_options({} if options is None else options, players)
        if not isinstance(seed, str):
            raise IllegalMove("bad_seed", _("The seed is a string."))
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

    def opening_events(self, state: State) -> list[Event]:
        # no deal (P-R1): round 1 and the holdings both seats start with, public (P-R2, P-D2)
        return [
            told.round_started(state["round"] + 1),
            *(told.holding_shown(seat, cards_sorted(_holding(state, seat))) for seat in range(PLAYERS)),
        ]

    def phases(self) -> dict[str, str]:
        return {"rows": _("laying rows"), "over": _("over")}

    def event_types(self) -> dict[str, str]:
        return dict(told.EVENT_TYPES)

    def public_moves(self, log: list[LoggedMove]) -> list[Move]:
        """P-R4: both rows are revealed once the second is laid, so a row laid face down is public after its
        round's reveal; a row the reveal never came to (a table annulled in between) keeps only its type. Palace
        Infighting has no fold: nothing else is secret."""

        def revealed(log: list[LoggedMove], index: int) -> bool:
            seat, move, _events = log[index]
            laid = sorted(move.get("cards") or [])
            return shown_later(
                log,
                index,
                lambda event: (
                    event.get("type") == "rows_revealed"
                    and any(row.get("seat") == seat and sorted(row.get("row") or []) == laid for row in event["rows"])
                ),
            )

        return public_moves_of(log, revealed)

    # --- turn order and moves ---

    def is_over(self, state: State) -> bool:
        return state["result"] is not None

    def to_act(self, state: State) -> list[int]:
        if self.is_over(state):
            return []
        # P-R3: both choose at the same time; a seat whose row is in waits for the other
        return [seat for seat in range(PLAYERS) if state["rows"][seat] is None]

    def secret_step(self, state: State) -> bool:
        # every step of a match is the laying of rows, at once and face down (P-R3)
        return not self.is_over(state)

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
            # the code is not_your_turn even once the match is over (clients know it so)
            raise IllegalMove("not_your_turn", _not_to_act_reason(state))
        # P-D4: the strongest cards, King first; deterministic, never random
        return {"type": "row", "cards": row_strongest(hand=state["hands"][seat], length=_round_length(state))}

    def bot_move(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        return row_choose(view, legal, rng)

    def apply_move(self, state: State, seat: int, move: Move) -> State:
        return self.play_move(state, seat, move)[0]

    def play_move(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        _check_seat(seat)
        if self.is_over(state):
            raise IllegalMove("game_over", _not_to_act_reason(state))
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", _not_to_act_reason(state))
        cards = _row_of(move)
        length = _round_length(state)
        if len(cards) != length:
            raise IllegalMove(
                "wrong_length",
                _("Lay a row of exactly {length} cards this round, not {count}."),
                length=length,
                count=len(cards),
            )
        missing = row_missing(cards=cards, hand=state["hands"][seat])
        if missing:
            raise IllegalMove(
                "cards_not_held", _("You do not hold {cards}."), cards=cards_phrase(missing), missing=missing
            )
        new = _state_copy(state)
        events: list[Event] = []
        _row_lay(new, seat, cards, events)
        return new, events

    # --- what players see ---

    def choices(self, state: State, seat: int) -> dict[str, Any]:
        """The hand in rank order; while the seat's row is to be laid, any cards of the hand in any order make a
        row of the round's length (P-R3), so every card is legal."""
        _check_seat(seat)
        hand = cards_sorted(state["hands"][seat])
        if seat not in self.to_act(state):
            return choices.declared(hand)
        return choices.declared(hand, pick=choices.several("row", [_round_length(state)], ordered=True))

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
            raise IllegalMove("not_over", _("The match is not over yet."))
        return {
            "placements": _placements(state["result"]),
            "scores": [len(_holding(state, s)) for s in range(PLAYERS)],
            "winner": state["result"]["winner"],
            "reason": state["result"]["reason"],
            "rounds_played": state["round"],
        }

    def ledger(self, state: State) -> list[dict[str, Any]]:
        rows = []
        before = [len(START_HAND)] * PLAYERS
        for index, played in enumerate(state["played"]):
            totals = played["holdings"]
            rows.append(
                {
                    "index": index,
                    "round": index + 1,
                    "deltas": [totals[s] - before[s] for s in range(PLAYERS)],
                    "totals": list(totals),
                    "wins": list(played["wins"]),
                    "ties": played["ties"],
                }
            )
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
        raise IllegalMove("bad_seat", _("A game of Palace Infighting has two seats, 0 and 1."))


def _not_to_act_reason(state: State) -> str:
    """Why a seat may not lay a row now: the match is over, or its row is in (P-R3)."""
    if state["result"] is not None:
        return _("The match is over.")
    return _("You have laid your row for this round; it cannot change.")


def _row_of(move: Any) -> list[str]:
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", _("A move is a JSON object."))
    if move.get("type") != "row":
        raise IllegalMove("unknown_move_type", _("The only move in Palace Infighting is laying a row."))
    if not MOVE_KEYS.issuperset(move):
        unknown = sorted(str(key) for key in move if key not in MOVE_KEYS)
        raise IllegalMove(
            "unknown_field", _("A row has a type and its cards, nothing else ({fields})."), fields=", ".join(unknown)
        )
    if "cards" not in move:
        raise IllegalMove("bad_move", _("A row lists its cards."))
    cards = move["cards"]
    if not isinstance(cards, list) or not all(isinstance(card, str) and card in COURT_RANKS for card in cards):
        raise IllegalMove("bad_cards", _("A row lists court cards by their letters: K, N, S, C or J."))
    return cards


def _state_copy(state: State) -> State:
    """A copy to change, sharing each settled round's record (`played`), which is never changed once written.

    Not `games.core.state.copied`: that copies the whole history of duels at every move, which made a move half
    again dearer (valgrind: 257K against 174K instructions per move over 10,000 replayed moves), while every other
    part of the state is a few short lists (docs/rules/palace-infighting.md, "Speed")."""
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
    held: list[str] = state["hands"][seat] + (state["rows"][seat] or [])
    return held


def _held_sizes(state: State) -> list[int]:
    # P-D6, as _holding, without building the holdings
    return [len(state["hands"][seat]) + len(state["rows"][seat] or ()) for seat in range(PLAYERS)]


def _round_length(state: State) -> int:
    return row_length(held=_held_sizes(state))


def _placements(result: dict[str, Any]) -> list[int]:
    winner = result["winner"]
    return [1, 1] if winner is None else [1 if s == winner else 2 for s in range(PLAYERS)]


def _row_lay(state: State, seat: int, cards: list[str], events: list[Event]) -> None:
    """Commit the seat's row (P-R3); with both rows in, settle the round. In place: the caller owns this fresh
    copy."""
    rest = Counter(state["hands"][seat])
    rest.subtract(cards)
    state["hands"][seat] = cards_sorted(list(rest.elements()))
    state["rows"][seat] = list(cards)
    both_in = all(row is not None for row in state["rows"])
    events.append(told.row_laid(seat, cards, revealed_next=both_in))
    if both_in:
        _round_settle(state, events)


def _round_settle(state: State, events: list[Event]) -> None:
    """Reveal and duel both rows (P-R4..P-R6), return the cards (P-R7), then check the end (P-R8). In place: the
    caller owns this fresh copy."""
    rows = state["rows"]
    held_before = _held_sizes(state)
    settlement = rows_settle(rows=(rows[0], rows[1]))
    events.append(told.rows_revealed(rows))
    events.extend(told.duels_told(settlement))
    for seat in range(PLAYERS):
        state["hands"][seat] = cards_sorted(state["hands"][seat] + settlement.returned[seat])
    held = [len(hand) for hand in state["hands"]]
    state["played"].append(
        {
            "round": state["round"] + 1,
            "rows": [list(rows[0]), list(rows[1])],
            "duels": settlement.duels,
            "wins": list(settlement.wins),
            "ties": settlement.ties,
            "holdings": held,
        }
    )
    state["rows"] = [None, None]
    state["round"] += 1
    events.append(
        told.round_ended(number=state["round"], settlement=settlement, held_before=held_before, held_after=held)
    )
    state["result"] = _result(held, rounds=state["round"])
    if state["result"] is None:
        events.append(told.round_started(state["round"] + 1))
    else:
        events.append(told.match_ended(placements=_placements(state["result"]), scores=held, result=state["result"]))


def _result(held: list[int], *, rounds: int) -> dict[str, Any] | None:
    """P-R8 / P-D6: the 0-card check after the round's last duel (20 cards in all, so at most one seat is empty);
    else the larger holding after the fifth round; None while the match goes on."""
    empty = [seat for seat in range(PLAYERS) if held[seat] == 0]
    if empty:
        return {"winner": 1 - empty[0], "reason": "no_cards"}
    if rounds == ROUNDS:
        # P-D1: equal holdings after five rounds (10-10) are a draw
        return {"winner": None if held[0] == held[1] else (0 if held[0] > held[1] else 1), "reason": "rounds"}
    return None


ENGINE = PalaceEngine()
