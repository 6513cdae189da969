"""Pure rule engines: no Django, no global random, no clock. State + move in, new state out."""

import importlib
from functools import cache

from games.core.errors import IllegalMove
from games.core.protocol import Engine

# name -> module holding ENGINE; imported on first use so one game's import cost is not paid by the others
_ENGINE_MODULES = {
    "the-court": "games.court.engine",
    "palace-infighting": "games.palace.engine",
    "black-card": "games.blackcard.engine",
    "coinche": "games.coinche.engine",
    "mini-poker": "games.minipoker.engine",
}

GAME_NAMES = tuple(_ENGINE_MODULES)


@cache
def get_engine(name: str) -> Engine:
    """The engine for a game name; KeyError for an unknown game."""
    module = importlib.import_module(_ENGINE_MODULES[name])
    engine: Engine = module.ENGINE
    return engine


def available_games() -> list[str]:
    """Games whose engine is installed (all five once every engine has landed)."""
    names = []
    for name, module in _ENGINE_MODULES.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as error:
            if error.name and module.startswith(error.name):
                continue
            raise
        names.append(name)
    return names


__all__ = ["GAME_NAMES", "Engine", "IllegalMove", "available_games", "get_engine"]
