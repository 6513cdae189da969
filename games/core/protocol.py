"""The engine protocol every game implements (names fixed by docs/architecture.md).

A state is plain JSON data (dicts, lists, str, int, bool, None). `apply_move` never mutates its input and is
deterministic: the same seed and moves give the same state, byte for byte.
"""

from typing import Any, Protocol

State = dict[str, Any]
Move = dict[str, Any]
Path = tuple[str | int, ...]


class Engine(Protocol):
    name: str
    min_players: int
    max_players: int

    def default_options(self) -> dict[str, Any]:
        """Every option of the game with its documented default."""

    def check_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """The full options with defaults filled in; raises IllegalMove("bad_options", …) on a bad value."""

    def new_game(self, *, players: int, seed: str, options: dict[str, Any] | None = None) -> State: ...

    def to_act(self, state: State) -> list[int]:
        """Seats that may move now; several during a simultaneous step, none when the match is over."""

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """JSON moves; a free amount is one dict with "min" and "max", played without them and with "amount"."""

    def apply_move(self, state: State, seat: int, move: Move) -> State: ...

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What that seat may see; None is a spectator. Never a card hidden from that seat, never the seed."""

    def timeout_move(self, state: State, seat: int) -> Move:
        """The rules doc's default action for a seat that let its clock run out."""

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
