"""Legal cards, trick winner, belote (games/coinche/play.py). Trump is hearts unless said otherwise."""

from games.coinche.play import belote_call, belote_holder, legal_cards, trick_winner


def test_k_r17_any_card_may_lead():
    assert legal_cards(["7S", "JH", "AD"], [], 0, "H") == ["7S", "JH", "AD"]


def test_k_r18_1_must_follow_the_led_suit_without_beating():
    # given: seat 0 led the ace of spades; seat 1 holds a low spade and better cards
    assert legal_cards(["7S", "KS", "JH", "AD"], ["AS"], 0, "H") == ["7S", "KS"]


def test_k_r18_2_must_trump_when_an_opponent_holds_the_trick():
    # seat 1, void in spades, the opponent (seat 0) wins with the ace
    assert legal_cards(["7H", "JH", "AD", "8C"], ["AS"], 0, "H") == ["7H", "JH"]


def test_k_r18_2_must_overtrump_an_opponents_trump():
    # seat 0 led spades, seat 1 (opponent of seat 2) trumped with the 9; seat 2 holds J and 7 of trump
    assert legal_cards(["7H", "JH", "AD"], ["AS", "9H"], 0, "H") == ["JH"]


def test_k_r18_2_must_undertrump_when_unable_to_overtrump():
    # the opponent's 9 of trump beats seat 2's 7: the 7 is still forced
    assert legal_cards(["7H", "AD", "8C"], ["AS", "9H"], 0, "H") == ["7H"]


def test_k_r18_2_undertrump_switch_off_allows_a_discard():
    """K-R18: the table setting without the undertrump obligation (the overtrump stays forced)."""
    assert legal_cards(["7H", "AD", "8C"], ["AS", "9H"], 0, "H", undertrump=False) == ["7H", "AD", "8C"]
    assert legal_cards(["JH", "7H", "AD"], ["AS", "9H"], 0, "H", undertrump=False) == ["JH"]


def test_k_r18_3_free_when_the_partner_holds_the_trick():
    # seat 2, void in spades, with trumps: the partner (seat 0) wins with the ace
    assert legal_cards(["7H", "AD", "8C"], ["AS", "7S"], 0, "H") == ["7H", "AD", "8C"]


def test_k_r18_3_free_when_the_partner_holds_the_trick_with_a_trump():
    # led by seat 1 (spades), the partner seat 2 trumped with the 9, seat 3 undertrumped: seat 0 need not trump
    assert legal_cards(["8H", "AD"], ["AS", "9H", "7H"], 1, "H") == ["8H", "AD"]


def test_k_r18_2_when_an_opponent_overtrumped_the_partner_must_overtrump_or_undertrump():
    # led by seat 1, the partner seat 2 trumped with the 9, seat 3 overtrumped with the jack: seat 0 must trump
    assert legal_cards(["7H", "AD"], ["AS", "9H", "JH"], 1, "H") == ["7H"]


def test_k_r18_4_no_trump_and_void_any_card():
    assert legal_cards(["AD", "8C"], ["AS"], 0, "H") == ["AD", "8C"]


def test_k_r18_5_on_a_trump_lead_must_beat_even_the_partners_trump():
    # seat 0 (partner of seat 2) led the 9 of trump; seat 1 played the 7; seat 2 holds J and 8 of trump
    assert legal_cards(["JH", "8H", "AS"], ["9H", "7H"], 0, "H") == ["JH"]


def test_k_r18_5_on_a_trump_lead_unable_to_beat_still_follows_with_a_trump():
    assert legal_cards(["8H", "QH", "AS"], ["JH"], 0, "H") == ["8H", "QH"]


def test_k_r18_5_on_a_trump_lead_without_trumps_any_card():
    assert legal_cards(["AS", "7C"], ["JH"], 0, "H") == ["AS", "7C"]


def test_k_r19_highest_trump_wins():
    assert trick_winner(["AS", "7H", "TS", "8H"], 0, "H") == 3


def test_k_r19_without_trump_the_highest_of_the_led_suit_wins():
    # the ace of diamonds is off-suit: the ten of spades wins for seat 3 (led by seat 1)
    assert trick_winner(["KS", "AD", "TS", "9S"], 1, "H") == 3


def test_k_r19_the_jack_is_the_highest_trump_and_the_nine_next():
    assert trick_winner(["AH", "9H", "JH", "TH"], 2, "H") == 0
    assert trick_winner(["AH", "9H", "KH", "TH"], 2, "H") == 3


def test_k_r8_belote_holder_holds_king_and_queen_of_trump():
    hands = [["KH", "7S"], ["KS", "QS"], ["QH", "KD"], ["QD", "AH"]]
    assert belote_holder(hands, "H") is None
    assert belote_holder(hands, "S") == 1


def test_k_r8_belote_with_the_first_card_of_the_pair_rebelote_with_the_second():
    assert belote_call("QH", "H", 2, 2, announced=0) == "belote"
    assert belote_call("KH", "H", 2, 2, announced=1) == "rebelote"
    assert belote_call("KH", "H", 1, 2, announced=0) is None  # not the holder
    assert belote_call("JH", "H", 2, 2, announced=0) is None
    assert belote_call("KS", "H", 2, 2, announced=0) is None  # a plain king
