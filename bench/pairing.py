"""Swiss pairing at scale: `league.pairing.swiss.swiss_pair` for 64, 256 and 1,024 entrants (pure, no database).

usage: .venv/bin/python bench/pairing.py [--sizes 64 256 1024] [--history 5] [--repeat 3]

For each size, two cases: round 1 (everyone on 0 points, nothing played) and round history+1 (the history is
`--history` earlier rounds, random perfect matchings with random results; the ranking is by points then id). Each
case is paired --repeat times; the figure is the median wall time, with the number of repeat pairings the result
holds (0 unless unavoidable). Never fails: it prints figures.
"""

import argparse
import pathlib
import random
import statistics
import sys
import time
from fractions import Fraction

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from league.pairing.swiss import SwissEntrant, swiss_pair


def history_make(size: int, rounds: int, seed: str) -> tuple[list[SwissEntrant], set[frozenset[int]]]:
    """Entrants ranked after `rounds` random rounds (win 1, draw 1/2, loss 0) and the pairs they played."""
    rng = random.Random(seed)
    ids = list(range(1, size + 1))
    points = dict.fromkeys(ids, Fraction(0))
    played: set[frozenset[int]] = set()
    for _ in range(rounds):
        order = ids[:]
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=True):
            played.add(frozenset((a, b)))
            result = rng.choice((Fraction(1), Fraction(1, 2), Fraction(0)))
            points[a] += result
            points[b] += 1 - result
    ranked = sorted(ids, key=lambda e: (-points[e], e))
    return [SwissEntrant(id=e, score=points[e]) for e in ranked], played


def case_time(entrants: list[SwissEntrant], played: set[frozenset[int]], repeat: int) -> tuple[float, int]:
    times = []
    repeats = 0
    for _ in range(repeat):
        start = time.perf_counter()
        result = swiss_pair(entrants, played=played)
        times.append(time.perf_counter() - start)
        repeats = sum(frozenset(pair) in played for pair in result.pairs)
    return statistics.median(times), repeats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 256, 1024])
    parser.add_argument("--history", type=int, default=5, help="rounds already played in the second case")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'entrants':>8} {'round':>6} {'median ms':>10} {'repeat pairs':>13}")
    for size in args.sizes:
        first = [SwissEntrant(id=e) for e in range(1, size + 1)]
        for label, (entrants, played) in (
            ("1", (first, set())),
            (str(args.history + 1), history_make(size, args.history, seed=f"pairing-{size}")),
        ):
            took, repeats = case_time(entrants, played, args.repeat)
            print(f"{size:>8} {label:>6} {took * 1000:>10.1f} {repeats:>13}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
