import pytest

import games
from tests.league import fake_engine, fake_team_engine


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """Registers the test engine (tests/league/fake_engine.py) under its name, for this test only."""
    monkeypatch.setitem(games._ENGINE_MODULES, fake_engine.NAME, "tests.league.fake_engine")
    games.get_engine.cache_clear()
    yield fake_engine.NAME
    games.get_engine.cache_clear()


@pytest.fixture
def fake_team_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """Registers the test engine played by two teams of two (tests/league/fake_team_engine.py), for this test only."""
    monkeypatch.setitem(games._ENGINE_MODULES, fake_team_engine.NAME, "tests.league.fake_team_engine")
    games.get_engine.cache_clear()
    yield fake_team_engine.NAME
    games.get_engine.cache_clear()
