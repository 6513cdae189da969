"""The table settings of Mini Poker: names, defaults, and the combinations refused (M-D1, M-D4, M-D13, M-R22,
M-R24; the match options are the table's, docs/rules/mini-poker.md)."""

from typing import Any

from games.core.errors import IllegalMove

DEALS = ("two_card", "two_at_once", "three_card", "holdem")
LIMIT_NAMES = ("three_raises", "max_bet", "no_limit", "pot_limit")
DEFAULTS: dict[str, Any] = {
    "deal": "two_card",
    "ante": 1,
    "limit": "three_raises",
    "bet_cap": 10,  # with limit = max_bet: the most one bet or raise may add
    "rules": "common",
    "back_combos": True,
    "top_scoring": "top",
    "top_kicker": False,
    "specials": True,
    "tie": "split",
    "triple": False,
    "flush_pair_hunter": False,
    "flush_black_knight": False,
    "spade_flush_regamer": False,
    "stack": 100,  # the match (docs/rules/mini-poker.md): equal starting stacks
    "hands": 20,  # and a hand limit
}
_CHOICES = {
    "deal": DEALS,
    "limit": LIMIT_NAMES,
    "rules": ("common", "original"),
    "top_scoring": ("top", "kkeut"),
    "tie": ("split", "regame"),
}
_FLAGS = ("back_combos", "top_kicker", "specials", "triple", "flush_pair_hunter", "flush_black_knight",
          "spade_flush_regamer")
_NUMBERS = {"ante": (1, 10_000), "bet_cap": (1, 1_000_000), "stack": (1, 1_000_000), "hands": (1, 1000)}
_EXTRAS = ("triple", "flush_pair_hunter", "flush_black_knight", "spade_flush_regamer")


def _bad(message: str) -> IllegalMove:
    return IllegalMove("bad_options", message)


def options_check(options: dict[str, Any] | None, players: int) -> dict[str, Any]:
    """The full options with defaults filled in; IllegalMove("bad_options") on an unknown key or a bad value."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise _bad("Options are a JSON object.")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
        raise _bad("Mini Poker is played by 2 to 8 players.")
    unknown = sorted(set(options) - set(DEFAULTS))
    if unknown:
        raise _bad(f"Unknown option(s): {', '.join(map(str, unknown))}.")
    out = {**DEFAULTS, **options}
    for key, allowed in _CHOICES.items():
        if out[key] not in allowed:
            raise _bad(f"{key} must be one of {', '.join(allowed)}.")
    for key in _FLAGS:
        if not isinstance(out[key], bool):
            raise _bad(f"{key} must be true or false.")
    for key, (low, high) in _NUMBERS.items():
        value = out[key]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _bad(f"{key} must be a whole number from {low} to {high}.")
    if out["limit"] == "max_bet" and out["bet_cap"] < out["ante"]:
        raise _bad("bet_cap must be at least the ante (the minimum bet).")
    if out["stack"] < out["ante"]:
        raise _bad("The starting stack must cover the ante.")
    if out["rules"] == "original":
        if not out["specials"]:
            raise _bad("Specials are always on under the original rules (M-R22).")
        if not out["back_combos"]:
            raise _bad("Back straights exist under the original rules (M-R21).")
    else:
        extras = [key for key in _EXTRAS if out[key]]
        if extras:
            raise _bad(f"{', '.join(extras)}: house extras of the original rules (M-R24).")
    if not out["back_combos"] and out["deal"] != "holdem":
        raise _bad("Only a holdem table may turn back combinations off (M-D13).")
    if out["top_kicker"] and out["top_scoring"] == "kkeut":
        raise _bad("top_kicker applies to Top scoring, not to kkeut.")
    return out
