"""What the standings are computed from: one outcome per table (or bye) of a season, as plain data."""

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

Kind = Literal["played", "forfeit", "annulled", "bye"]
KINDS = ("played", "forfeit", "annulled", "bye")


@dataclass(frozen=True)
class Entry:
    """One entrant at a table: its place (1 = best, ties share a place), its match score, its side.

    Entrants with the same `side` are partners (rotating-partner Coinche) and share their place; `side=None` means
    the entrant is a side of its own.
    """

    entrant: int
    place: int
    score: Fraction | int = 0  # chips at the end of a chip match, game points in Coinche, cards in Palace
    side: int | None = None


@dataclass(frozen=True)
class Outcome:
    round: int
    table: int  # the table id; for a bye, any number unique within the round
    kind: Kind
    entries: tuple[Entry, ...]

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown outcome kind {self.kind!r}")
        if self.kind == "bye" and len(self.entries) != 1:
            raise ValueError("a bye has exactly one entrant")
        if len({e.entrant for e in self.entries}) != len(self.entries):
            raise ValueError("an entrant sits once at a table")

    def side_of(self, entry: Entry) -> object:
        return ("side", entry.side) if entry.side is not None else ("entrant", entry.entrant)

    def sides(self) -> dict[object, list[Entry]]:
        out: dict[object, list[Entry]] = {}
        for entry in self.entries:
            out.setdefault(self.side_of(entry), []).append(entry)
        return out

    def opponents(self, entry: Entry) -> list[Entry]:
        """Everyone at the table on another side."""
        mine = self.side_of(entry)
        return [e for e in self.entries if self.side_of(e) != mine]
