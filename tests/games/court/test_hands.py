"""games/court/hands.py: categories, ties and the order of public cards."""

import itertools

import pytest

from games.core.cards import COURT_RANKS, court_deck
from games.court import hands
from games.court.hands import (
    CROWN,
    FOUR_CARDS,
    FULL_HOUSE,
    HALF,
    ONE_PAIR,
    STRAIGHT,
    TRIPLE,
    TWO_PAIR,
    classify,
    first_actor,
    hand_key,
    public_key,
)


def category(text: str) -> int:
    return classify(list(text))[0]


def test_c_r2_the_court_deck_has_twenty_cards_of_each_of_five_ranks():
    deck = court_deck()
    assert len(deck) == 100
    assert {rank: deck.count(rank) for rank in COURT_RANKS} == {"K": 20, "N": 20, "S": 20, "C": 20, "J": 20}
    assert [hands.RANK_VALUE[rank] for rank in "KNSCJ"] == [4, 3, 2, 1, 0]


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("KKKKK", CROWN),
        ("JJJJJ", CROWN),
        ("NNNNJ", FOUR_CARDS),
        ("KNSCJ", STRAIGHT),
        ("SSSCC", FULL_HOUSE),
        ("KNSCC", HALF),
        ("NSCJJ", HALF),
        ("KKNSC", HALF),
        ("SSSKJ", TRIPLE),
        ("KKCCJ", TWO_PAIR),
        ("KKNCJ", ONE_PAIR),
        ("KNNSJ", ONE_PAIR),
    ],
)
def test_c_r14_categories(cards, expected):
    """C-R14: the eight categories, 1 strongest to 8 weakest."""
    assert category(cards) == expected


def test_c_r14_a_hand_that_fits_two_categories_counts_as_the_higher():
    """C-R14: K K N S C has a pair but four chained ranks: a Half, not a One Pair."""
    assert category("KKNSC") == HALF
    assert hand_key(list("KKNSC")) > hand_key(list("KKCJJ"))  # and so beats a Two Pair


def test_c_r14_every_five_card_hand_is_at_least_one_pair():
    """C-R14: with 5 cards from 5 ranks there is no 'high card'; the order of categories is strict."""
    seen = {category("".join(cards)) for cards in itertools.combinations_with_replacement(COURT_RANKS, 5)}
    assert seen == set(range(1, 9))
    ordered = ["KKKKK", "KKKKN", "KNSCJ", "KKKNN", "KNSCC", "KKKNS", "KKNNS", "KKNCJ"]
    keys = [hand_key(list(cards)) for cards in ordered]
    assert keys == sorted(keys, reverse=True)
    assert len(set(keys)) == len(keys)


def test_c_r3_the_chain_does_not_wrap():
    """C-R3: Jester is not next to King, so S C J K + any is no Half (C J K N neither)."""
    assert category("SCJKK") == ONE_PAIR
    assert category("CJKNN") == ONE_PAIR
    assert category("NSCJJ") == HALF


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("KKKKK", "JJJJJ"),  # Crown: the rank (a Jester Crown is the lowest Crown)
        ("NNNNJ", "SSSSK"),  # Four Cards: the four's rank
        ("SSSJJ", "CCCKK"),  # Full House: the three's rank first
        ("SSSKK", "SSSNN"),  # then the pair's
        ("KNSCC", "NSCJJ"),  # Half: K-N-S-C beats N-S-C-J
        ("NNNJC", "SSSKN"),  # Triple: the three's rank
        ("KKJJC", "NNSSC"),  # Two Pair: the higher pair
        ("KKSSC", "KKCCN"),  # then the lower pair
        ("NNKCJ", "SSKNJ"),  # One Pair: the pair's rank
    ],
)
def test_c_r15_ties_broken_by_the_ranks_of_the_combination(better, worse):
    """C-R15/C-D6: same category, the combination's ranks in order of significance."""
    assert category(better) == category(worse)
    assert hand_key(list(better)) > hand_key(list(worse))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("NNNNK", "NNNNJ"),  # Four Cards with different fifth cards
        ("SSSKN", "SSSCJ"),  # Triple with different others
        ("KKSSN", "KKSSJ"),  # Two Pair with a different fifth card
        ("CCKNJ", "CCKSJ"),  # One Pair with different others
        ("KNSCK", "KNSCC"),  # Half K-N-S-C with a different extra card
        ("KNSCJ", "JCSNK"),  # Straights are always equal
    ],
)
def test_c_d6_cards_outside_the_combination_are_not_compared_by_default(first, second):
    """C-D6/C-R15: kickers do not count; the hands tie (and split the pot)."""
    assert hand_key(list(first)) == hand_key(list(second))


def test_c_r15_kickers_option_compares_the_cards_outside_the_combination():
    """C-R15's `kickers` extension: with it on, the other cards break the tie, high to low."""
    assert hand_key(list("NNNNK"), kickers=True) > hand_key(list("NNNNJ"), kickers=True)
    assert hand_key(list("SSSKJ"), kickers=True) > hand_key(list("SSSNC"), kickers=True)
    assert hand_key(list("CCKSJ"), kickers=True) < hand_key(list("CCKNJ"), kickers=True)
    assert hand_key(list("KNSCK"), kickers=True) > hand_key(list("KNSCC"), kickers=True)
    assert hand_key(list("KNSCJ"), kickers=True) == hand_key(list("JCSNK"), kickers=True)
    # the category still comes first: a Half with a low extra card beats any Triple
    assert hand_key(list("KNSCC"), kickers=True) > hand_key(list("KKKNS"), kickers=True)


def test_c_r16_jester_crown_is_five_jesters_only():
    assert hands.is_jester_crown(list("JJJJJ"))
    assert not hands.is_jester_crown(list("KKKKK"))
    assert not hands.is_jester_crown(list("JJJJC"))


def test_describe_names_the_category_and_its_ranks():
    assert hands.describe(list("KJKKK")) == {
        "category": "four_cards",
        "rank": 2,
        "combination": ["K"],
        "kickers": ["J"],
    }
    assert hands.describe(list("CSNCK")) == {"category": "half", "rank": 5, "combination": ["K"], "kickers": ["C"]}


class TestPublicCards:
    def test_c_r8_one_card_compares_by_rank(self):
        """C-R8: without a category, the highest rank."""
        assert public_key(["K"]) > public_key(["N"]) > public_key(["J"])

    def test_c_r8_with_two_cards_a_pair_beats_any_two_different_ranks(self):
        assert public_key(["J", "J"]) > public_key(["K", "N"])

    def test_c_r8_with_three_cards_a_triple_beats_a_pair_beats_none(self):
        assert public_key(list("JJJ")) > public_key(list("KKN")) > public_key(list("KNS"))

    def test_c_r8_three_chained_ranks_are_no_category(self):
        """C-R8: only a pair or a triple counts with 3 public cards (the worked example's N-S-C is no hand)."""
        assert public_key(list("KKJ")) > public_key(list("NSC"))

    def test_c_d3_equal_categories_compare_the_group_then_the_rest_high_to_low(self):
        assert public_key(list("NNJ")) > public_key(list("SSK"))
        assert public_key(list("SSK")) > public_key(list("SSN"))
        assert public_key(list("KSJ")) > public_key(list("KCJ"))
        assert public_key(list("NSC")) == public_key(list("CNS"))

    def test_c_r7_the_highest_public_hand_acts_first(self):
        public = [["N", "S"], ["C", "C"], ["K", "J"]]
        assert first_actor(public, [0, 1, 2], button=0) == 1

    def test_c_r7_folded_players_are_not_considered(self):
        public = [["N", "S"], ["C", "C"], ["K", "J"]]
        assert first_actor(public, [0, 2], button=0) == 2

    def test_c_d3_equal_public_cards_the_seat_nearest_the_buttons_left_acts_first(self):
        public = [["K"], ["N"], ["K"], ["K"]]
        assert first_actor(public, [0, 1, 2, 3], button=0) == 2
        assert first_actor(public, [0, 1, 2, 3], button=2) == 3
        assert first_actor(public, [0, 1, 2, 3], button=3) == 0  # the button itself is the last of the order


@pytest.mark.parametrize(
    ("cards", "phrase"),
    [
        ("KKKKK", {"text": "Crown of {rank}", "rank": {"text": "Kings"}}),
        ("JJJJJ", {"text": "Jester's Crown"}),
        ("NJNNN", {"text": "Four Cards, {rank}", "rank": {"text": "Nobles"}}),
        ("JCSNK", {"text": "Straight"}),
        ("CCSSS", {"text": "Full House, {high} over {low}", "high": {"text": "Scholars"}, "low": {"text": "Citizens"}}),
        ("KNSCC", {"text": "Half, King to Citizen"}),
        ("NSCJJ", {"text": "Half, Noble to Jester"}),
        ("SKSJS", {"text": "Triple, {rank}", "rank": {"text": "Scholars"}}),
        ("SKSCK", {"text": "Two Pair, {high} and {low}", "high": {"text": "Kings"}, "low": {"text": "Scholars"}}),
        ("CKNJC", {"text": "One Pair, {rank}", "rank": {"text": "Citizens"}}),
    ],
)
def test_c_r14_each_category_has_the_phrase_a_showdown_shows(cards, phrase):
    """C-R14/C-D6: the category and the ranks it is made of, as a phrase with its own fields (the ranks are
    phrases too, so that the league translates them)."""
    assert hands.category_phrase(list(cards)) == phrase
