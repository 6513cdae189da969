"""games/palace/rows.py: row length (P-D2), the rows a holding can lay, the timeout row (P-D4)."""

import itertools

import pytest

from games.palace.rows import cards_sorted, row_length, row_missing, row_strongest, rows_distinct

START = ["K", "K", "N", "N", "S", "S", "C", "C", "J", "J"]


@pytest.mark.parametrize(
    ("held", "length"),
    [([10, 10], 5), ([5, 15], 5), ([4, 16], 4), ([16, 4], 4), ([1, 19], 1), ([19, 1], 1), ([3, 3], 3)],
)
def test_p_d2_row_length_is_min_of_five_and_both_holdings(held: list[int], length: int) -> None:
    """P-D2: min(5, A, B); the player with more cards lays the shorter row too."""
    assert row_length(held=held) == length


@pytest.mark.parametrize(
    ("hand", "length"),
    [
        (START, 5),
        (["K", "K", "K", "N", "J"], 5),
        (["K", "K", "K", "K", "N", "S", "C", "J", "J", "J", "J"], 5),
        (["N", "S", "S"], 3),
        (START, 2),
        (["C"], 1),
    ],
)
def test_rows_distinct_are_exactly_the_distinct_orderings(hand: list[str], length: int) -> None:
    expected = set(itertools.permutations(hand, length))
    rows = rows_distinct(hand=hand, length=length)
    assert len(rows) == len(set(rows))
    assert set(rows) == expected


def test_rows_distinct_of_the_starting_hand() -> None:
    """P-R2/P-R3: 5^5 orderings minus those using a rank three or more times: 3125 - 5 * 181 = 2220."""
    rows = rows_distinct(hand=START, length=5)
    assert len(rows) == 2220
    # strongest first at every position, so the first row is also the timeout row
    assert rows[0] == ("K", "K", "N", "N", "S")
    assert rows[-1] == ("J", "J", "C", "C", "S")


def test_rows_distinct_ignore_the_order_of_the_hand() -> None:
    assert rows_distinct(hand=["J", "S", "K", "S"], length=3) == rows_distinct(hand=["K", "S", "S", "J"], length=3)


def test_row_missing_counts_copies() -> None:
    assert row_missing(cards=["K", "K"], hand=START) == []
    assert row_missing(cards=[], hand=[]) == []
    # the whole count of each rank the hand is short of, King first, and nothing of the ranks it holds enough of
    assert row_missing(cards=["N", "K", "K", "N", "K"], hand=START) == ["K", "K", "K"]
    assert row_missing(cards=["J", "K", "J", "J", "K"], hand=["K", "J", "J", "S"]) == ["K", "K", "J", "J", "J"]


def test_p_d4_timeout_row_is_the_strongest_cards_king_first() -> None:
    hand = ["J", "C", "K", "S", "N", "K", "J"]
    assert row_strongest(hand=hand, length=5) == ["K", "K", "N", "S", "C"]
    assert row_strongest(hand=hand, length=2) == ["K", "K"]
    assert row_strongest(hand=["J", "C", "J"], length=3) == ["C", "J", "J"]


def test_cards_sorted_puts_the_king_first() -> None:
    assert cards_sorted(["J", "C", "S", "N", "K"]) == ["K", "N", "S", "C", "J"]
