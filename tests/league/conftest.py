import pytest

import games
from tests.league import fake_engine


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """Registers the test engine (tests/league/fake_engine.py) under its name, for this test only."""
    monkeypatch.setitem(games._ENGINE_MODULES, fake_engine.NAME, "tests.league.fake_engine")
    games.get_engine.cache_clear()
    yield fake_engine.NAME
    games.get_engine.cache_clear()
