from games.blackcard.cards import declarable, full_deck, is_odd, key_of, sum_values, timeout_order_key


def test_b_r1_the_deck_has_54_cards_with_both_jokers():
    deck = full_deck()
    assert len(deck) == 54 and len(set(deck)) == 54
    assert "XR" in deck and "XB" in deck


def test_b_r2_rank_first_then_spade_diamond_heart_club():
    order = sorted(["AC", "KS", "AS", "AD", "AH", "2S"], key=lambda c: key_of(c, {}), reverse=True)
    assert order == ["AS", "AD", "AH", "AC", "KS", "2S"]


def test_b_r3_colour_joker_stands_for_diamonds_and_hearts_black_for_spades_and_clubs():
    assert set(declarable("XR")) == {r + s for r in "23456789TJQKA" for s in "DH"}
    assert set(declarable("XB")) == {r + s for r in "23456789TJQKA" for s in "SC"}
    assert declarable("XB")[0] == "AS" and declarable("XR")[0] == "AD"


def test_b_r3_a_declared_joker_beats_the_very_card_it_stands_for():
    assert key_of("XR", {"XR": "AH"}) > key_of("AH", {})
    assert key_of("XR", {"XR": "AH"}) < key_of("AD", {})


def test_b_d1_an_undeclared_joker_has_no_rank_or_suit():
    assert key_of("XB", {}) is None
    assert key_of("XB", {"XB": "7C"})[:2] == key_of("7C", {})[:2]


def test_b_r4_values_for_sums():
    assert sum_values(0) == (2,)  # the 2
    assert sum_values(8) == (10,)  # the 10
    assert [sum_values(r) for r in (9, 10, 11)] == [(11,), (12,), (13,)]  # J Q K
    assert sum_values(12) == (1, 14)  # A


def test_b_d2_ace_jack_king_odd_queen_even():
    assert is_odd(12) and is_odd(9) and is_odd(11)
    assert not is_odd(10)
    assert is_odd(1) and not is_odd(0)  # 3 odd, 2 even


def test_b_d11_timeout_order_puts_an_undeclared_joker_above_every_card():
    assert min(["XR", "2C"], key=timeout_order_key) == "2C"
    assert min(["AS", "XB"], key=timeout_order_key) == "AS"
