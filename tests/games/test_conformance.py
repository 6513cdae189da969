"""Every registered engine through the conformance kit, unchanged (games/core/conformance.py).

The budget is per engine: at least UNITS ledger rows (hands, deals, series rounds) in CI, split into chunks so that
pytest-xdist spreads them over both cores. CONFORMANCE_UNITS lowers it for a quick local run.
"""

import os

import pytest

from games import available_games, get_engine
from games.core import conformance

UNITS = int(os.environ.get("CONFORMANCE_UNITS", "1000"))
CHUNKS = 8


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game", available_games())
def test_random_playouts_keep_every_invariant(game: str, chunk: int) -> None:
    engine = get_engine(game)
    combos = (engine.max_players - engine.min_players + 1) * len(engine.conformance_variants() or [{}])
    per_chunk = combos // CHUNKS + 1  # so that the chunks together play every player count and variant
    counts = conformance.run(
        engine, playouts=per_chunk, units=-(-UNITS // CHUNKS), offset=chunk * per_chunk, seed_prefix=f"ci-{chunk}"
    )
    assert counts["ledger_rows"] >= UNITS // CHUNKS
