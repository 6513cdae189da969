"""The deterministic shuffle: every deck comes from a seed, never from the global `random`.

The stream is HMAC-SHA256 in counter mode keyed by the table's seed, with a label that names the deal, so each
deal's deck can be re-derived alone, by anyone who knows the seed, with nothing but the standard library.
Integers are drawn by rejection sampling (no modulo bias) and drive a Fisher–Yates shuffle of the deck in its
documented order (see `games.core.cards`).
"""

import hashlib
import hmac

ALGORITHM_VERSION = 1


class SeededStream:
    """Uniform integers from HMAC-SHA256(key=seed, msg=label || counter)."""

    def __init__(self, seed: str, label: str) -> None:
        self._key = seed.encode()
        self._label = label.encode()
        self._counter = 0
        self._buffer = b""

    def _block(self) -> bytes:
        message = self._label + b"|" + self._counter.to_bytes(8, "big")
        self._counter += 1
        return hmac.new(self._key, message, hashlib.sha256).digest()

    def _bytes(self, count: int) -> bytes:
        while len(self._buffer) < count:
            self._buffer += self._block()
        out, self._buffer = self._buffer[:count], self._buffer[count:]
        return out

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        if bound == 1:
            return 0
        nbytes = ((bound - 1).bit_length() + 7) // 8
        space = 256**nbytes
        limit = space - space % bound  # values at or above it would bias the result
        while True:
            value = int.from_bytes(self._bytes(nbytes), "big")
            if value < limit:
                return value % bound


def shuffled(cards: list[str], *, seed: str, label: str) -> list[str]:
    """A Fisher–Yates shuffle of `cards` driven by the seeded stream for `label` (e.g. "hand-3")."""
    out = list(cards)
    stream = SeededStream(seed, label)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def choice_index(count: int, *, seed: str, label: str) -> int:
    """One uniform pick among `count` things (e.g. the first dealer), reproducible from the seed."""
    return SeededStream(seed, label).below(count)
