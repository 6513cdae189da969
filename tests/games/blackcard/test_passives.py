from games.blackcard.cards import keys_of
from games.blackcard.passives import a21_ace, has_four_suits, has_royalty, judge


def ks(*cards: str, jokers: dict[str, str] | None = None):
    return keys_of(list(cards), jokers or {})


def test_b_r10_a21_ace_and_three_cards_summing_to_21():
    assert a21_ace(ks("AS", "KH", "5D", "3C")) is not None  # 13 + 5 + 3
    assert a21_ace(ks("AS", "KH", "5D", "4C")) is None
    assert a21_ace(ks("KH", "5D", "3C", "2C")) is None  # no ace


def test_b_r4_an_ace_among_the_three_counts_1_or_14():
    assert a21_ace(ks("AS", "AH", "4D", "3C")) is not None  # 14 + 4 + 3
    assert a21_ace(ks("AS", "AH", "KD", "7C")) is not None  # 1 + 13 + 7


def test_b_d22_two_aces_placed_by_the_higher_suited_one():
    assert a21_ace(ks("AH", "AS", "KD", "7C")) == ks("AS")[0]


def test_b_d22_several_a21_players_open_highest_ace_first():
    judged = judge({0: ks("AH", "KD", "5C", "3S"), 1: ks("AS", "KC", "6D", "2H"), 2: ks("2S", "3D")})
    assert judged["ace21"] == [1, 0]


def test_b_r10_royalty_needs_two_public_jqk_jacks_count_twice():
    assert has_royalty(ks("JS", "JH", "2C", "3C"))
    assert has_royalty(ks("QS", "KH", "2C", "3C"))
    assert not has_royalty(ks("QS", "AH", "2C", "3C"))


def test_b_d21_a_joker_counts_for_royalty_only_if_declared_j_q_or_k():
    assert has_royalty(ks("XR", "KH", "2C", "3C", jokers={"XR": "QD"}))
    assert not has_royalty(ks("XR", "KH", "2C", "3C", jokers={"XR": "AD"}))


def test_b_r10_four_suits():
    assert has_four_suits(ks("2S", "3H", "4D", "5C"))
    assert not has_four_suits(ks("2S", "3H", "4D", "5D"))
