"""The parts of a large single elimination that a page or an API client reads at a time.

A single elimination larger than WINDOW_ENTRANTS is read a window at a time: WINDOW_ROUNDS rounds, from
WINDOW_MATCHES matches of its first round to what they lead to (a 4,096 bracket drawn whole was 2.9 MB of markup).
Pure, like the rest of the package: the drawing is `league.drawing.bracket_svg`.
"""

from dataclasses import dataclass
from typing import Any

from league.tournaments import bracket
from league.tournaments.common import State

WINDOW_ENTRANTS = 64
WINDOW_ROUNDS = 5
WINDOW_MATCHES = 16  # 2 ** (WINDOW_ROUNDS - 1): the first column of a window of WINDOW_ROUNDS rounds


@dataclass(frozen=True)
class Window:
    """A part of a large single elimination: the rounds `first` to `last`, and of the first the matches of slice
    `part` (WINDOW_MATCHES of them; 0 is the top one) with every match they lead to within those rounds."""

    first: int
    last: int
    part: int
    parts: int  # the first round's slices
    rounds: int  # the bracket's rounds (the final's)

    def holds(self, match: dict[str, Any]) -> bool:
        if match["bracket"] == "P3":
            return self.last == self.rounds
        if match["bracket"] != "W" or not self.first <= match["round"] <= self.last:
            return False
        ancestor: int = (match["number"] - 1) * 2 ** (match["round"] - self.first)
        return ancestor // WINDOW_MATCHES == self.part

    def earlier(self) -> list["Window"]:
        """The windows of the rounds before, whose last round is this one's first: one per slice that feeds it."""
        if self.first == 1:
            return []
        first = max(1, self.first - WINDOW_ROUNDS + 1)
        per = 2 ** (self.first - first)  # a slice here gathers this many slices of `first`
        return [_window(first, part, self.rounds) for part in range(self.part * per, (self.part + 1) * per)]

    def later(self) -> "Window | None":
        """The window of the rounds after, whose first round is this one's last."""
        if self.last == self.rounds:
            return None
        part = (self.part * WINDOW_MATCHES // 2 ** (self.last - self.first)) // WINDOW_MATCHES
        return _window(self.last, part, self.rounds)


def bracket_windowed(state: State) -> bool:
    """Whether the bracket is drawn a window at a time (a single elimination of more than WINDOW_ENTRANTS)."""
    return bool(state.get("format") == "single_elimination" and len(state["entrants"]) > WINDOW_ENTRANTS)


def bracket_window(state: State, *, first: int = 1, part: int = 0) -> Window:
    """The window from round `first` at slice `part`, brought within the bracket (an out-of-range request shows
    the nearest window)."""
    rounds = max(m["round"] for m in state["matches"] if m["bracket"] == "W")
    return _window(min(max(1, first), rounds), part, rounds)


def window_of(state: State, match_id: str) -> Window:
    """The window whose first round holds the match (a player's own match: where to look first)."""
    match = bracket.match_get(state, match_id)
    if match["bracket"] == "P3":
        return bracket_window(state, first=match["round"])
    return bracket_window(state, first=match["round"], part=(match["number"] - 1) // WINDOW_MATCHES)


def _window(first: int, part: int, rounds: int) -> Window:
    parts = max(1, 2 ** (rounds - first) // WINDOW_MATCHES)
    return Window(first, min(rounds, first + WINDOW_ROUNDS - 1), min(max(0, part), parts - 1), parts, rounds)
