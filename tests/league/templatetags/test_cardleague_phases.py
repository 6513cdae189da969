"""The `phase_name` filter: a game's phase read by the name its engine declares (engine.phases()), in the reader's
language, never the engine's code ("bet1", "discard"); the board of every game that shows its phase uses it."""

from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from games import available_games, get_engine
from league.templatetags.cardleague import phase_name


def test_a_phase_reads_as_its_engines_name_in_the_readers_language() -> None:
    with translation.override("en"):
        assert phase_name("bet1", "black-card") == "first betting round"
        assert phase_name("discard", "the-court") == "discarding"
    with translation.override("ko"):
        assert phase_name("bet1", "black-card") == "첫 베팅 라운드"
        assert phase_name("regame_call", "mini-poker") == "재경기 부르기"
    # what no engine declares is shown as it is, never an error
    assert phase_name("later", "the-court") == "later"
    assert phase_name("bet", "no-such-game") == "bet"


@pytest.mark.parametrize("game", available_games())
def test_every_declared_phase_has_its_korean_name(game: str) -> None:
    with translation.override("ko"):
        untranslated = [name for name in get_engine(game).phases().values() if translation.gettext(name) == name]
    assert untranslated == []


def test_no_board_prints_a_raw_phase() -> None:
    boards = Path(settings.BASE_DIR) / "templates" / "league" / "boards"
    assert [board.name for board in boards.glob("*.html") if "{{ s.phase }}" in board.read_text()] == []
