"""Machinery shared by every engine: cards, the seeded shuffle, betting, errors, the protocol."""

from games.core.errors import IllegalMove

__all__ = ["IllegalMove"]
