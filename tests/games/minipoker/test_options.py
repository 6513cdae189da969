"""Table options: names, defaults and refused combinations (M-D1, M-D4, M-D13, M-R22, M-R24)."""

import pytest

from games.core.errors import IllegalMove
from games.minipoker.engine import ENGINE
from games.minipoker.options import DEFAULTS, options_check


def new(players: int = 2, **options) -> dict:
    return ENGINE.new_game(players=players, seed="test", options=options)


def test_m_d1_two_to_eight_players() -> None:
    """M-D1: 2 to 8 players; 1 or 9 is refused."""
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 8)
    assert new(8)["players"] == 8
    for players in (1, 9):
        with pytest.raises(IllegalMove) as error:
            new(players)
        assert error.value.code == "bad_options"


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"deal": "five_card"},
        {"limit": "half_pot"},
        {"ante": 0},
        {"ante": True},
        {"specials": "yes"},
        {"rules": "original", "specials": False},
        {"triple": True},
        {"back_combos": False},
        {"top_kicker": True, "top_scoring": "kkeut"},
        {"limit": "max_bet", "ante": 5, "bet_cap": 4},
    ],
)
def test_m_d4_m_d13_m_r24_check_options_refuses_unknown_keys_and_bad_values(options: dict) -> None:
    """M-D4 (limit names), M-D13 (back combos off only at holdem), M-R22/M-R24 (specials always on under original,
    extras only there): a bad option is refused with bad_options."""
    with pytest.raises(IllegalMove) as error:
        options_check(options, 2)
    assert error.value.code == "bad_options"


def test_m_r4_m_d4_defaults_fill_in() -> None:
    """M-R4, M-D4: ante 1, three_raises, common rules, split ties, specials on; the match: 100 chips, 20 hands."""
    options = options_check({}, 2)
    assert options == DEFAULTS
    assert (options["ante"], options["limit"], options["rules"], options["tie"]) == (
        1,
        "three_raises",
        "common",
        "split",
    )
    assert (options["stack"], options["hands"], options["specials"], options["back_combos"]) == (100, 20, True, True)
    assert options_check({"deal": "holdem", "back_combos": False}, 2)["back_combos"] is False
