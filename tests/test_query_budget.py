"""The budget's own helper (tests/query_budget.py) fails when the second size costs more than the first."""

import pytest

from tests.query_budget import same_at_two_sizes


def test_the_same_cost_at_both_sizes_passes_and_measures_each_size_once() -> None:
    measured = []

    def cost(size: int) -> int:
        measured.append(size)
        return 7

    same_at_two_sizes((3, 120), cost)
    assert measured == [3, 120]


def test_a_cost_that_grows_with_the_size_fails_and_shows_both_costs() -> None:
    with pytest.raises(AssertionError, match=r"\[\(4, 2\), \(5, 2\)\]"):
        same_at_two_sizes((4, 5), lambda size: (size, 2))
