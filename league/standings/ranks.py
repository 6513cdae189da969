"""The rank a person reads: entrants that the match points and the tiebreaks leave level share a rank, although the
stored ranks are unique (the draw of lots orders them)."""

from collections.abc import Hashable, Sequence


def shared_ranks(keys: Sequence[Hashable]) -> list[int]:
    """For rows in rank order, each given the key the ranking compared (points and tiebreak values): the rank of
    the first row of its run of equal keys, e.g. [1, 2, 2, 4] for keys a, b, b, c."""
    ranks: list[int] = []
    for index, key in enumerate(keys):
        ranks.append(ranks[-1] if index and keys[index - 1] == key else index + 1)
    return ranks
