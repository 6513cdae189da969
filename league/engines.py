"""The engine of a game, for every layer of the league (models, selectors, services and the pages alike)."""

from games import get_engine
from games.core.protocol import Engine
from league.errors import BadOptions


def engine_for(game: str) -> Engine:
    """The engine of a game, or BadOptions for a game that is unknown or not installed."""
    try:
        return get_engine(game)
    except (KeyError, ModuleNotFoundError) as error:
        raise BadOptions(f"Unknown game {game!r}.", code="unknown_game", field="game") from error
