"""Seeding and byes of every bracket: its size (T-R1), the standard seed order (T-R2), the seeding methods (T-D1)."""

from collections.abc import Mapping, Sequence
from typing import Literal

from games.core import rng
from league.tournaments.common import entrants_check

Method = Literal["rating", "standings", "entered", "lot"]
METHODS: tuple[Method, ...] = ("rating", "standings", "entered", "lot")
DRAW_LABEL = "draw"


def bracket_size(count: int) -> int:
    """T-R1: the smallest power of two not below the field (a field of 1 still needs a bracket of 2)."""
    if count < 1:
        raise ValueError("a bracket needs at least one entrant")
    size = 2
    while size < count:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """T-R2: the seeds of a bracket of `size` slots, top to bottom, so that seeds 1 and 2 can meet only in the final,
    1–4 only in the semifinals, and so on: each size is the one below with every seed s paired with size + 1 − s."""
    if size < 1 or size & (size - 1):
        raise ValueError("a bracket's size is a power of two")
    order = [1]
    while len(order) < size:
        width = 2 * len(order)
        order = [s for seed in order for s in (seed, width + 1 - seed)]
    return order


def first_round(seeds: Sequence[int]) -> list[tuple[int | None, int | None]]:
    """The first round's pairs of entrants (`seeds` best first), top to bottom; None is a bye. T-R1: the seeds past
    the field are byes, so the byes fall to the best seeds, at most one per pair."""
    size = bracket_size(len(seeds))
    order = seed_order(size)
    slots = [seeds[s - 1] if s <= len(seeds) else None for s in order]
    return [(slots[i], slots[i + 1]) for i in range(0, size, 2)]


def byes_count(count: int) -> int:
    """T-R1: how many byes a field of `count` gets."""
    return bracket_size(count) - count


def seeds_by_rating(entrants: Sequence[int], ratings: Mapping[int, float]) -> list[int]:
    """T-D1: the highest rating ordinal first; entrants without a rating after those with one; equals keep the order
    entered (a stable sort)."""
    entrants = entrants_check(entrants, at_least=1)
    return sorted(entrants, key=lambda e: (e not in ratings, -ratings.get(e, 0.0)))


def seeds_by_standings(entrants: Sequence[int], ranking: Sequence[int]) -> list[int]:
    """T-D1: the order of a previous stage's or season's standings (`ranking`, best first); entrants who are not in
    it come after, in the order entered."""
    entrants = entrants_check(entrants, at_least=1)
    position = {e: i for i, e in enumerate(ranking)}
    return sorted(entrants, key=lambda e: position.get(e, len(position)))


def seeds_by_entry(entrants: Sequence[int]) -> list[int]:
    """T-D1: the order entered."""
    return entrants_check(entrants, at_least=1)


def seeds_by_lot(entrants: Sequence[int], *, seed: str) -> list[int]:
    """T-D1: a draw by lot from the verifiable random source: the entrants in the order entered, shuffled by
    `games.core.rng.shuffled(..., seed=seed, label="draw")`, so anyone with the revealed seed re-derives the draw
    as they would a deal."""
    entrants = entrants_check(entrants, at_least=1)
    if not isinstance(seed, str) or not seed:
        raise ValueError("a draw by lot needs the seed (a non-empty string)")
    return [int(e) for e in rng.shuffled([str(e) for e in entrants], seed=seed, label=DRAW_LABEL)]


def seeds_order(
    method: Method,
    entrants: Sequence[int],
    *,
    ratings: Mapping[int, float] | None = None,
    ranking: Sequence[int] | None = None,
    seed: str | None = None,
) -> list[int]:
    """T-D1: the seeds (best first) by the organizer's method."""
    if method == "rating":
        return seeds_by_rating(entrants, ratings or {})
    if method == "standings":
        return seeds_by_standings(entrants, ranking or [])
    if method == "entered":
        return seeds_by_entry(entrants)
    if method == "lot":
        return seeds_by_lot(entrants, seed=seed or "")
    raise ValueError(f"unknown seeding method {method!r}; one of {', '.join(METHODS)}")
