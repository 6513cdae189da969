"""Card order and points (games/coinche/cards.py)."""

from games.coinche.cards import (
    DEAL_POINTS,
    LAST_TRICK_BONUS,
    card_points,
    cards_points,
    hand_sorted,
    strength,
    timeout_order_key,
)
from games.core.cards import coinche_deck


def _high_to_low(suit: str, trump: str) -> list[str]:
    cards = [rank + suit for rank in "789TJQKA"]
    return sorted(cards, key=lambda c: -strength(c, trump))


def test_k_r2_the_deck_has_32_cards_7_to_ace_in_four_suits():
    deck = coinche_deck()
    assert len(deck) == len(set(deck)) == 32
    assert {card[0] for card in deck} == set("789TJQKA")


def test_k_r5_trump_order_and_points():
    assert _high_to_low("H", "H") == ["JH", "9H", "AH", "TH", "KH", "QH", "8H", "7H"]
    assert [card_points(c, "H") for c in _high_to_low("H", "H")] == [20, 14, 11, 10, 4, 3, 0, 0]


def test_k_r6_plain_order_and_points():
    assert _high_to_low("S", "H") == ["AS", "TS", "KS", "QS", "JS", "9S", "8S", "7S"]
    assert [card_points(c, "H") for c in _high_to_low("S", "H")] == [11, 10, 4, 3, 2, 0, 0, 0]


def test_k_r5_the_lowest_trump_beats_the_highest_plain_card():
    assert strength("7H", "H") > strength("AS", "H")


def test_k_r7_cards_and_last_trick_make_162_whatever_the_trump():
    for trump in "SHDC":
        assert cards_points(coinche_deck(), trump) + LAST_TRICK_BONUS == DEAL_POINTS == 162


def test_k_d14_timeout_order_lowest_rank_in_its_own_order_then_suit_order():
    # the 8 of trump and the 8 of a plain suit are both second from the bottom: spades before hearts
    assert sorted(["8H", "8S", "7D", "QH"], key=lambda c: timeout_order_key(c, "H")) == ["7D", "8S", "8H", "QH"]
    # in trump order the queen is below the 9; in plain order the 9 is below the queen
    assert min(["QC", "9C"], key=lambda c: timeout_order_key(c, "C")) == "QC"
    assert min(["QC", "9C"], key=lambda c: timeout_order_key(c, "H")) == "9C"


def test_hand_sorted_by_suit_then_high_card_first():
    assert hand_sorted(["7H", "JH", "AS", "9H", "TC"], "H") == ["AS", "JH", "9H", "7H", "TC"]
    assert hand_sorted(["7H", "JH", "AS", "9H", "TC"], None) == ["AS", "JH", "9H", "7H", "TC"]
    assert hand_sorted(["9D", "JD", "AD"], None) == ["AD", "JD", "9D"]
