"""The engine of a game, for every layer of the league (models, selectors, services and the pages alike)."""

from typing import Any

from games import get_engine
from games.core.protocol import Engine
from league.errors import InvalidValue


def engine_for(game: str) -> Engine:
    """The engine of a game, or InvalidValue for a game that is unknown or not installed."""
    try:
        return get_engine(game)
    except (KeyError, ModuleNotFoundError) as error:
        raise InvalidValue(f"Unknown game {game!r}.", code="unknown_game", field="game") from error


SIDES = 2  # a team game as a duel: one team against the other


def team_seats(engine: Engine) -> list[list[int]] | None:
    """The seats of each side when the game is played by two teams at its full table (the engine declares them, e.g.
    Coinche's [[0, 2], [1, 3]]); None when every seat plays for itself."""
    teams = engine.teams(engine.max_players)
    return teams if teams is not None and len(teams) == SIDES else None


# options a tournament sets per table (each seat's chips, who deals first); a season's tables take the defaults
TOURNAMENT_ONLY_ROLES = ("seat_stacks", "button")


def season_options_schema(game: str) -> list[dict[str, Any]]:
    """The options an organizer sets for a season's tables: the engine's schema less the tournament-only ones."""
    return [option for option in engine_for(game).options_schema() if option.get("role") not in TOURNAMENT_ONLY_ROLES]
