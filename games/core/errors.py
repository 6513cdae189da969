"""The one exception an engine raises for a move it refuses."""


class IllegalMove(Exception):
    """A move the rules do not allow; `code` is stable and machine-readable, `message` is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
