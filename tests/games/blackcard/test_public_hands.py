from games.blackcard.cards import keys_of
from games.blackcard.public_hands import public_hand_key, ranking


def k(*cards: str, jokers: dict[str, str] | None = None):
    return public_hand_key(keys_of(list(cards), jokers or {}))


def test_b_r8_b_d15_categories_four_three_two_pair_pair_high():
    assert k("5S", "5H", "5D", "5C") > k("AS", "AH", "AD", "2C") > k("AS", "AH", "KD", "KC")
    assert k("AS", "AH", "KD", "KC") > k("AS", "AH", "QD", "2C") > k("AS", "KH", "QD", "JC")


def test_b_d15_straights_and_flushes_do_not_count_in_public_hands():
    assert k("2S", "3S", "4S", "5S") < k("6C", "6D")


def test_b_d15_equal_category_and_ranks_broken_by_the_highest_card_suit():
    assert k("9S", "9C", "2C") > k("9D", "9H", "AS")
    assert k("AD", "3C") > k("AH", "KS")


def test_b_d15_a_declared_joker_beats_the_card_it_duplicates():
    assert k("XB", "9H", jokers={"XB": "9S"}) > k("9S", "9C")


def test_b_d15_ranking_best_first():
    hands = {0: keys_of(["2S", "3D"], {}), 1: keys_of(["KS", "KD"], {}), 2: keys_of(["AS", "4D"], {})}
    assert ranking(hands) == [1, 2, 0]
