"""games/palace/duel.py: who wins one position (P-R5) and where the cards go (P-R6)."""

import itertools

import pytest

from games.palace.duel import duel_winner, rows_settle

ORDER = "KNSCJ"  # high to low


@pytest.mark.parametrize(("high", "low"), [pair for pair in itertools.combinations(ORDER, 2) if pair != ("K", "J")])
def test_p_r5_higher_rank_wins_in_either_seat(high: str, low: str) -> None:
    """P-R5: King > Noble > Scholar > Citizen > Jester, whichever seat holds the higher card."""
    assert duel_winner(high, low) == 0
    assert duel_winner(low, high) == 1


def test_p_r5_jester_beats_the_king() -> None:
    """P-R5: the one exception."""
    assert duel_winner("J", "K") == 0
    assert duel_winner("K", "J") == 1


@pytest.mark.parametrize("other", ["N", "S", "C"])
def test_p_r5_jester_loses_to_every_rank_but_the_king(other: str) -> None:
    assert duel_winner("J", other) == 1
    assert duel_winner(other, "J") == 0


@pytest.mark.parametrize("rank", list(ORDER))
def test_p_r5_same_rank_is_a_tie(rank: str) -> None:
    assert duel_winner(rank, rank) is None


def test_p_r6_winner_takes_both_cards() -> None:
    # given: seat 0's Noble meets seat 1's Citizen
    settlement = rows_settle(rows=(["N"], ["C"]))
    # then: seat 0 takes its own Noble back and the Citizen as a trophy; seat 1 gets nothing
    assert settlement.returned == (["N", "C"], [])
    assert settlement.wins == (1, 0)
    assert settlement.ties == 0


def test_p_r6_tie_returns_each_card_to_its_owner() -> None:
    settlement = rows_settle(rows=(["S"], ["S"]))
    assert settlement.returned == (["S"], ["S"])
    assert settlement.wins == (0, 0)
    assert settlement.ties == 1


def test_p_r4_duels_are_numbered_left_to_right() -> None:
    """P-R4: position 1 is the leftmost card of both rows."""
    settlement = rows_settle(rows=(["K", "J", "C"], ["J", "C", "C"]))
    assert settlement.duels == [
        {"position": 1, "cards": ["K", "J"], "winner": 1},
        {"position": 2, "cards": ["J", "C"], "winner": 1},
        {"position": 3, "cards": ["C", "C"], "winner": None},
    ]
    assert settlement.returned == (["C"], ["K", "J", "J", "C", "C"])


def test_rows_of_different_lengths_are_refused() -> None:
    with pytest.raises(ValueError):
        rows_settle(rows=(["K", "N"], ["K"]))
