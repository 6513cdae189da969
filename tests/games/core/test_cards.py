"""games/core/cards.py: the three decks, their codes, and card labels."""

from collections import Counter

from games.core.cards import (
    BLACK_JOKER,
    COLOUR_JOKER,
    COURT_RANKS,
    RANKS,
    SUITS,
    card_label,
    coinche_deck,
    court_deck,
    is_joker,
    rank_of,
    standard_deck,
    suit_of,
)


def test_court_deck_is_100_cards_20_of_each_rank() -> None:
    deck = court_deck()
    assert len(deck) == 100
    assert Counter(deck) == {"K": 20, "N": 20, "S": 20, "C": 20, "J": 20}
    assert COURT_RANKS == "KNSCJ"


def test_standard_deck_is_52_unique_rank_suit_codes() -> None:
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert all(len(card) == 2 and rank_of(card) in RANKS and suit_of(card) in SUITS for card in deck)
    assert Counter(map(suit_of, deck)) == {suit: 13 for suit in "SHDC"}
    assert Counter(map(rank_of, deck)) == {rank: 4 for rank in "23456789TJQKA"}
    # the documented order: suits S H D C, ranks 2..A
    assert deck[:3] == ["2S", "3S", "4S"]
    assert deck[12] == "AS"
    assert deck[13] == "2H"
    assert deck[-1] == "AC"


def test_standard_deck_with_jokers_adds_the_two_jokers_last() -> None:
    deck = standard_deck(jokers=True)
    assert len(deck) == 54
    assert len(set(deck)) == 54
    assert deck[:52] == standard_deck()
    assert deck[52:] == [COLOUR_JOKER, BLACK_JOKER] == ["XR", "XB"]
    assert [card for card in deck if is_joker(card)] == ["XR", "XB"]


def test_coinche_deck_is_32_unique_cards_seven_to_ace() -> None:
    deck = coinche_deck()
    assert len(deck) == 32
    assert len(set(deck)) == 32
    assert set(deck) <= set(standard_deck())
    assert Counter(map(rank_of, deck)) == {rank: 4 for rank in "789TJQKA"}
    assert Counter(map(suit_of, deck)) == {suit: 8 for suit in "SHDC"}


def test_decks_are_fresh_lists() -> None:
    deck = standard_deck()
    deck.pop()
    assert len(standard_deck()) == 52
    court = court_deck()
    court.clear()
    assert len(court_deck()) == 100


def test_card_labels() -> None:
    assert card_label("TD") == "10♦"
    assert card_label("AS") == "A♠"
    assert card_label("7C") == "7♣"
    assert card_label("QH") == "Q♥"
    assert card_label("K") == "King"
    assert card_label("J") == "Jester"
    assert card_label("XR") == "Colour joker"
    assert card_label("XB") == "Black joker"
    assert not is_joker("JS")
