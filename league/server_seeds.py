"""Where the league's secret seeds come from (a table's server seed, a season's pairing seed, a tournament's draw):
`secrets`, always, except inside `seeds_fixed`, which the demo alone uses (league.demo.clubs) so that
`make run` deals the same demo on every load. The demo's seeds follow from a key in the repository, so anyone can
know its hands: a demo club is for looking around, never for play that matters (docs/architecture.md).
"""

import hashlib
import hmac
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import count

# the fixed source in force (its key and a counter), or None: fresh random seeds
_fixed: ContextVar[tuple[bytes, Iterator[int]] | None] = ContextVar("server_seeds_fixed", default=None)


def seed_new() -> str:
    """A new secret seed of 32 hex digits: random, or the next one of the fixed source in force."""
    fixed = _fixed.get()
    if fixed is None:
        return secrets.token_hex(16)
    key, counter = fixed
    return hmac.new(key, str(next(counter)).encode(), hashlib.sha256).hexdigest()[:32]


@contextmanager
def seeds_fixed(key: str) -> Iterator[None]:
    """Every seed drawn inside follows from `key` and the order of the draws: the same calls, the same seeds."""
    token = _fixed.set((key.encode(), count()))
    try:
        yield
    finally:
        _fixed.reset(token)
