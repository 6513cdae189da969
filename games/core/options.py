"""The options schema every engine declares: what a club may set for a game, checked in one place.

An engine lists its options as `Option`s; `schema_json` is what `engine.options_schema()` returns (plain JSON: the
league builds its forms from it, validates the API with it and shows a season's options with it), and
`options_check` is the check every engine's `check_options` starts with (unknown names, types, bounds, choices),
before the engine's own rules across options.

A `role` tells the league what an option means to a league or a tournament, so that it never guesses an option's
name from the game's:
- `stack`         the chips every seat starts with
- `seat_stacks`   chips per seat, overriding `stack` (a poker tournament's table starts from the players' stacks)
- `button`        the seat that deals (or holds the button) first
- `hand_limit`    the number of hands (deals, rounds) a match lasts at most
- `target_score`  the score that ends a match
- `forced_bet`    an ante or a minimum bet, raised level by level in a poker tournament (T-R14)
"""

from dataclasses import dataclass, field
from typing import Any

from games.core.errors import IllegalMove
from games.core.i18n import _

KINDS = ("int", "bool", "choice", "seat_ints")
ROLES = ("stack", "seat_stacks", "button", "hand_limit", "target_score", "forced_bet")


@dataclass(frozen=True)
class Option:
    """One option: its name, kind and default, bounds or choices, and the English label and help a person reads
    (marked with `games.core.i18n._`).

    Kinds: `int` (a whole number from `low` to `high`), `bool`, `choice` (one of `choices`, pairs of value and
    label), `seat_ints` (one whole number from `low` to `high` per seat, or null for "not set", e.g. `seat_stacks`).
    """

    name: str
    kind: str
    default: Any
    label: str
    help: str = ""
    low: int | None = None
    high: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    role: str = ""
    rule: str = ""  # the rule or decision it comes from, e.g. "C-D10"
    # shown to organizers only on request (the defaults suit nearly every club)
    advanced: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown option kind {self.kind!r}")
        if self.role and self.role not in ROLES:
            raise ValueError(f"unknown option role {self.role!r}")
        if self.kind in ("int", "seat_ints") and (self.low is None or self.high is None):
            raise ValueError(f"option {self.name} needs bounds")
        if self.kind == "choice" and self.default not in {value for value, _label in self.choices}:
            raise ValueError(f"option {self.name}: the default is not a choice")

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "label": self.label,
            "help": self.help,
            "advanced": self.advanced,
        }
        if self.kind in ("int", "seat_ints"):
            out |= {"min": self.low, "max": self.high}
        if self.kind == "choice":
            out["choices"] = [{"value": value, "label": label} for value, label in self.choices]
        if self.role:
            out["role"] = self.role
        if self.rule:
            out["rule"] = self.rule
        return out | self.extra


def schema_json(options: list[Option]) -> list[dict[str, Any]]:
    return [option.as_json() for option in options]


def defaults(options: list[Option]) -> dict[str, Any]:
    return {option.name: option.default for option in options}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _refuse(option: Option, template: str, **params: Any) -> IllegalMove:
    return IllegalMove("bad_options", template, option=option.name, **params)


def _check_one(option: Option, value: Any, players: int) -> None:
    if option.kind == "bool":
        if not isinstance(value, bool):
            raise _refuse(option, _("{option} is yes or no."))
    elif option.kind == "int":
        if not _is_int(value) or not option.low <= value <= option.high:
            raise _refuse(
                option, _("{option} is a whole number from {low} to {high}."), low=option.low, high=option.high
            )
    elif option.kind == "choice":
        values = [choice for choice, _label in option.choices]
        if value not in values:
            raise _refuse(option, _("{option} is one of {values}."), values=", ".join(values))
    elif value is not None and (  # seat_ints; null means "not set"
        not isinstance(value, list)
        or len(value) != players
        or not all(_is_int(item) and option.low <= item <= option.high for item in value)
    ):
        raise _refuse(
            option,
            _("{option} lists one whole number from {low} to {high} for each of the {players} seats."),
            low=option.low,
            high=option.high,
            players=players,
        )


def options_check(options: Any, players: int, schema: list[Option]) -> dict[str, Any]:
    """Every option of `schema` filled in from its default; IllegalMove("bad_options") for an unknown name or a
    value of the wrong kind or out of bounds. Rules across options are the engine's to check after this."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise IllegalMove("bad_options", _("Options are a JSON object."))
    known = {option.name for option in schema}
    unknown = sorted(str(name) for name in options if name not in known)
    if unknown:
        raise IllegalMove("bad_options", _("Unknown option(s): {names}."), names=", ".join(unknown))
    out = defaults(schema) | options
    for option in schema:
        _check_one(option, out[option.name], players)
    return out
