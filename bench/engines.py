"""Random playouts per second for every installed engine (no invariant checks: the engine alone).

usage: .venv/bin/python bench/engines.py [--seconds 5] [GAME ...]
Prints one row per game: matches, ledger rows (hands/deals/series rounds), moves, and their rates.
"""

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from games import available_games, get_engine
from games.core.conformance import play


def bench_game(game: str, seconds: float) -> dict[str, float]:
    engine = get_engine(game)
    variants = engine.conformance_variants() or [{}]
    combos = [(n, v) for n in range(engine.min_players, engine.max_players + 1) for v in variants]
    matches = rows = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        players, options = combos[matches % len(combos)]
        result = play(engine, players=players, seed=f"bench-{matches}", options=options, checks=False)
        matches += 1
        rows += len(engine.ledger(result.final))
        moves += len(result.moves)
    elapsed = time.perf_counter() - start
    return {"matches": matches, "rows": rows, "moves": moves, "elapsed": elapsed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    print(f"{'game':<18} {'matches':>8} {'rows':>8} {'moves':>9} {'rows/s':>9} {'moves/s':>10}")
    for game in args.games or available_games():
        r = bench_game(game, args.seconds)
        print(
            f"{game:<18} {r['matches']:>8} {r['rows']:>8} {r['moves']:>9} "
            f"{r['rows'] / r['elapsed']:>9.1f} {r['moves'] / r['elapsed']:>10.1f}"
        )


if __name__ == "__main__":
    main()
