"""The test duel played by two teams of two, partners opposite (seats 0+2 against 1+3, as Coinche's K-R1): the engine
declares its teams and places a team's seats together, so the league's handling of teams is tested without playing
a whole Coinche match."""

from typing import Any

from tests.league.fake_engine import FakeEngine

NAME = "test-teams"


class FakeTeamEngine(FakeEngine):
    name = NAME
    title = "Test teams"
    min_players = 4
    max_players = 4

    def teams(self, players: int) -> list[list[int]] | None:
        return [[0, 2], [1, 3]]

    def outcome(self, state: dict[str, Any]) -> dict[str, Any]:
        totals = state["totals"]
        team = [totals[0] + totals[2], totals[1] + totals[3]]
        return {
            "placements": [1 + int(team[1 - seat % 2] > team[seat % 2]) for seat in range(4)],
            "scores": [team[seat % 2] for seat in range(4)],
        }


ENGINE = FakeTeamEngine()
