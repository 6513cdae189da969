"""Round robin by the circle method: every entrant meets every other once (twice in a double round robin)."""

from collections.abc import Sequence

Pair = tuple[int, int | None]


def round_robin_schedule(entrants: Sequence[int], *, double: bool = False) -> list[list[Pair]]:
    """The rounds of a round robin; each pair is (first seat, second seat), and (entrant, None) is a bye.

    Circle method: the first entrant stays put while the others turn one place per round. With an odd count a
    phantom joins, and whoever meets it has the bye. The first seat alternates so that everyone has it as evenly as
    the count allows; the second cycle of a double round robin repeats the first with the seats swapped.
    """
    if len(set(entrants)) != len(entrants):
        raise ValueError("entrants must be distinct")
    if len(entrants) < 2:
        raise ValueError("a round robin needs at least two entrants")
    circle: list[int | None] = list(entrants)
    if len(circle) % 2:
        # the phantom is the fixed point, so the real entrants all turn and share the first seat evenly
        circle.insert(0, None)
    n = len(circle)
    rounds: list[list[Pair]] = []
    for number in range(n - 1):
        pairs: list[Pair] = []
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            # Berger tables: the fixed entrant alternates seats; the others hold the first seat on the top row
            if (i == 0 and number % 2) or (i > 0 and i % 2 == 0):
                a, b = b, a
            pairs.append(_with_bye(a, b))
        rounds.append(pairs)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    if double:
        rounds += [[_with_bye(b, a) if b is not None else (a, None) for a, b in pairs] for pairs in rounds]
    return rounds


def _with_bye(a: int | None, b: int | None) -> Pair:
    if a is None:
        assert b is not None
        return (b, None)
    return (a, b)
