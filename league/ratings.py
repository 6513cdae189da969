"""Ratings by openskill's BradleyTerryFull model: per game, multiplayer and team aware.

BradleyTerryFull rather than the default PlackettLuce: in openskill 6.2 PlackettLuce rates players tied for a place
below players placed worse than them. Forfeited and annulled tables are never rated; a rating is provisional until
its player has PROVISIONAL_GAMES rated games.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import BradleyTerryFull

PROVISIONAL_GAMES = 10
_MODEL = BradleyTerryFull()
MU = _MODEL.mu
SIGMA = _MODEL.sigma


@dataclass(frozen=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate a leaderboard sorts by (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma

    def provisional(self, threshold: int = PROVISIONAL_GAMES) -> bool:
        return self.games < threshold


def ratings_update(
    skills: Mapping[int, Skill], *, sides: Sequence[Sequence[int]], places: Sequence[int]
) -> dict[int, Skill]:
    """New skills for everyone at one table; `sides[i]` are the players of side i (a team, or one player), placed
    `places[i]` (1 = best, ties share a place)."""
    if len(sides) != len(places) or len(sides) < 2:
        raise ValueError("need a place for each of at least two sides")
    players = [p for side in sides for p in side]
    if len(set(players)) != len(players):
        raise ValueError("a player sits on one side once")
    teams = [
        [_MODEL.rating(mu=skills.get(p, Skill()).mu, sigma=skills.get(p, Skill()).sigma) for p in side]
        for side in sides
    ]
    rated = _MODEL.rate(teams, ranks=[float(p) for p in places])
    out: dict[int, Skill] = {}
    for side, new_team in zip(sides, rated, strict=True):
        for player, new in zip(side, new_team, strict=True):
            out[player] = Skill(mu=new.mu, sigma=new.sigma, games=skills.get(player, Skill()).games + 1)
    return out
