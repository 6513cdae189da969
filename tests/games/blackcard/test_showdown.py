from games.blackcard.cards import keys_of
from games.blackcard.showdown import hand_key, winners


def h(*cards: str, jokers: dict[str, str] | None = None):
    return hand_key(keys_of(list(cards), jokers or {}))


def test_b_r19_best_five_of_all_cards_held():
    # seven cards hiding a flush in hearts and a pair of kings: the flush plays
    assert h("KS", "KH", "2H", "5H", "9H", "JH", "3C")[0] == 5


def test_b_d10_categories_from_straight_flush_to_high_card():
    order = [
        h("9S", "TS", "JS", "QS", "KS"),
        h("4S", "4H", "4D", "4C", "2S"),
        h("3S", "3H", "3D", "2C", "2S"),
        h("2H", "5H", "9H", "JH", "KH"),
        h("9S", "TH", "JD", "QC", "KS"),
        h("7S", "7H", "7D", "2C", "3S"),
        h("7S", "7H", "6D", "6C", "3S"),
        h("7S", "7H", "6D", "4C", "3S"),
        h("AS", "JH", "6D", "4C", "3S"),
    ]
    assert [key[0] for key in order] == [8, 7, 6, 5, 4, 3, 2, 1, 0]
    assert order == sorted(order, reverse=True)


def test_b_d10_wheel_is_the_lowest_straight_and_ace_is_high_after_king():
    wheel = h("AS", "2H", "3D", "4C", "5S")
    six_high = h("2H", "3D", "4C", "5S", "6H")
    broadway = h("TS", "JH", "QD", "KC", "AS")
    assert wheel[0] == six_high[0] == broadway[0] == 4
    assert wheel < six_high < broadway
    assert h("QS", "KH", "AD", "2C", "3S")[0] == 0  # no wrap


def test_b_d10_equal_hands_broken_by_the_suit_of_the_highest_card_of_the_made_hand():
    spade_pair = h("9S", "9C", "5D", "4D", "2C")
    diamond_pair = h("9D", "9H", "5S", "4S", "2S")
    assert spade_pair > diamond_pair
    assert winners({0: diamond_pair, 1: spade_pair}, split=False) == [1]


def test_b_d10_split_setting_ties_equal_category_and_ranks():
    a, b = h("9S", "9C", "5D", "4D", "2C"), h("9D", "9H", "5S", "4S", "2S")
    assert winners({0: a, 1: b}, split=True) == [0, 1]


def test_b_d23_fewer_than_five_cards_ranked_on_what_they_have():
    assert h("AS", "AH") > h("KS", "KH", "QD", "JC", "9S")
    assert h("KS", "KH", "3C") > h("KD", "KC")  # a missing kicker is below any card
    assert winners({0: h(), 1: h("2C")}, split=False) == [1]


def test_b_r3_declared_joker_plays_as_its_card_in_the_showdown():
    key = h("XR", "AS", "AC", "AD", "2S", jokers={"XR": "AH"})
    assert key[0] == 7


def test_b_d4_pots_capped_only_at_an_all_in_players_contribution():
    from games.blackcard.showdown import pots

    # forced shares leave seat 1 (best hand, never paid) below seat 0: nobody is all-in, one pot for both
    assert pots([5, 1], live=[0, 1], all_in=[]) == [{"amount": 6, "eligible": [0, 1]}]
    # seat 2 went all-in for 2: it contests 2 from each contributor only
    assert pots([6, 4, 2], live=[0, 1, 2], all_in=[2]) == [
        {"amount": 6, "eligible": [0, 1, 2]},
        {"amount": 6, "eligible": [0, 1]},
    ]
