"""The engine protocol every game implements (docs/architecture.md, "The engine protocol").

A state is plain JSON data (dicts, lists, str, int, bool, None). `apply_move` never mutates its input and is
deterministic: the same seed and moves give the same state, byte for byte. Everything the league needs to know of
a game is declared here by the engine (what a viewer may see of each move, who plays together, the options a club
may set and what they mean), so that the league never guesses and never branches on a game's name; the
conformance kit (games/core/conformance.py) proves each declaration on thousands of random playouts.
"""

import random
from typing import Any, Protocol

State = dict[str, Any]
Move = dict[str, Any]
Event = dict[str, Any]
Path = tuple[str | int, ...]


class Engine(Protocol):
    name: str  # "the-court", ...: the key the league stores
    title: str  # "The Court": the English name people read (marked with games.core.i18n._)
    min_players: int
    max_players: int

    # --- options ---

    def options_schema(self) -> list[dict[str, Any]]:
        """Every option a club may set: name, kind, default, bounds or choices, English label and help, and its
        role for the league (games/core/options.py). JSON, as the API serves it."""

    def default_options(self) -> dict[str, Any]:
        """Every option of the game with its documented default (the schema's defaults)."""

    def check_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """The full options with defaults filled in; raises IllegalMove("bad_options", …) on a bad value."""

    def teams(self, players: int) -> list[list[int]] | None:
        """Seats that play as one side, e.g. Coinche's [[0, 2], [1, 3]]; None when every seat plays for itself."""

    # --- a match ---

    def new_game(self, *, players: int, seed: str, options: dict[str, Any] | None = None) -> State: ...

    def opening_events(self, state: State) -> list[Event]:
        """The events of the first deal of a new game (games/core/events.py), e.g. each seat's cards, to that seat."""

    def to_act(self, state: State) -> list[int]:
        """Seats that may move now; several during a simultaneous step, none when the match is over."""

    def secret_step(self, state: State) -> bool:
        """Whether the seats to act now choose at once and in secret: until the last of them has chosen, a move
        tells the others nothing but that its seat has chosen (Palace rows, Court discards, Black Card reveals).
        The league runs one clock for such a step, and accepts a move decided on the version that opened it."""

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """JSON moves; a free amount is one dict with "min" and "max", played without them and with "amount"."""

    def apply_move(self, state: State, seat: int, move: Move) -> State:
        """`play_move` without the events. Raises IllegalMove for a move the rules refuse, and
        IllegalMove("unknown_field", …) for a move with a key the game does not define."""

    def play_move(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """The new state and the events of the move, each with its audience (games/core/events.py)."""

    def public_moves(self, log: list[tuple[int, Move, list[Event]]]) -> list[Move]:
        """Each move of a match's log (seat, move, events, in order) as everyone may know it once its hand and
        match have ended: whole when it kept nothing secret or a later public event showed its secret (a row
        revealed, a card turned up, cards shown at a showdown); else only what the rules let be known for ever
        (`games.core.events.concealed`: a fold's cards and a face-down discard stay secret for ever). What a
        finished table publishes of the events themselves is what a spectator saw of them."""

    def phases(self) -> dict[str, str]:
        """Every value a view's "phase" may take, with its English name for people (marked with
        games.core.i18n._), so that the league shows a phase in the reader's language and never a code."""

    def event_types(self) -> dict[str, str]:
        """Every event type with its English sentence, `{field}` places filled by the league (games/core/events.py);
        "<type>.<field>" gives the sentence of each item of a list field."""

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What that seat may see; None is a spectator. Never a card hidden from that seat, never the seed."""

    def choices(self, state: State, seat: int) -> dict[str, Any]:
        """How the seat's player chooses at a card table (games/core/choices.py): its hand in the game's order,
        which legal moves take cards from it and why each other card is refused, a box of calls, the presets of a
        free amount. Never a card hidden from the seat."""

    def timeout_move(self, state: State, seat: int) -> Move:
        """The rules doc's default action for a seat that let its clock run out."""

    def bot_move(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        """A reasonable move from what a seat sees (its own view and legal moves), for the league's bots."""

    def is_over(self, state: State) -> bool: ...

    def outcome(self, state: State) -> dict[str, Any]:
        """Placements (1 = best, ties share a place) and final scores, once the match is over."""

    def ledger(self, state: State) -> list[dict[str, Any]]:
        """One row per hand, deal or round: deltas and running totals."""

    def ledger_count(self, state: State) -> int:
        """len(ledger(state)) without building the rows: the move pipeline asks it twice per move to find the rows
        a move added, and building them all costs more as a match grows."""

    # --- introspection used by the conformance kit (not by the service) ---

    def conserved(self, state: State) -> dict[str, int]:
        """Quantities that never change during a match (chips in play, cards in the deck, ...)."""

    def hidden_places(self, state: State, seat: int | None) -> list[list[Path]]:
        """Groups of paths into the state holding cards hidden from `seat`.

        Exchanging the cards inside one group must leave `view(state, seat)` unchanged; that is how the kit proves
        that no hidden card leaks.
        """

    def conformance_variants(self) -> list[dict[str, Any]]:
        """Option sets the conformance kit plays (short matches, every deal variant)."""
