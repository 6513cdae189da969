"""The one exception an engine raises for a move it refuses."""

from typing import Any


class IllegalMove(Exception):
    """A move the rules do not allow.

    `code` is stable and machine-readable; `template` is an English sentence marked with `games.core.i18n._`, with
    `{name}` places filled from `params` (card codes, numbers), so that the league can show it in the player's own
    language; `message` is the English sentence filled in.
    """

    def __init__(self, code: str, template: str, **params: Any) -> None:
        self.code = code
        self.template = template
        self.params = params
        self.message = template.format(**params) if params else template
        super().__init__(f"{code}: {self.message}")
