from games.blackcard.cards import keys_of
from games.blackcard.powers import FLUSH_POWERS, runs, turn_powers


def powers_of(cards: list[str], seat: int = 0, passives: dict | None = None, jokers: dict | None = None):
    return turn_powers(keys_of(cards, jokers or {}), seat, passives or {})


def test_b_d7_runs_ace_high_or_low_no_wrap_highest_first():
    assert runs({0, 1, 2}) == [[0, 1, 2]]
    assert runs({12, 0, 1}) == [[12, 0, 1]]  # A-2-3
    assert runs({10, 11, 12}) == [[10, 11, 12]]  # Q-K-A
    assert runs({11, 12, 0}) == []  # K-A-2 wraps
    assert runs({12, 0, 1, 10, 11}) == [[10, 11, 12], [12, 0, 1]]


def test_b_r12_b_d6_powers_in_order_j_q_k_straight_flush_peek():
    got = powers_of(["JS", "QS", "KS", "AS"])
    assert [p["power"] for p in got] == ["jack", "queen", "king", "four_straight", "spear", "peek"]


def test_b_d6_each_rank_fires_once_however_many_cards():
    assert [p["power"] for p in powers_of(["JS", "JH", "2C", "5D"])] == ["jack"]


def test_b_d7_a_run_longer_than_four_is_a_4_straight_on_all_its_ranks():
    got = powers_of(["2S", "3H", "4D", "5C", "6S"])
    assert got == [{"power": "four_straight", "ranks": [0, 1, 2, 3, 4]}]


def test_b_r10_royalty_disables_others_3_straight_not_the_4_straight():
    three = powers_of(["2S", "3H", "4D", "9C"], seat=0, passives={"royalty": [1]})
    assert three == [{"power": "three_straight", "ranks": [0, 1, 2], "disabled": True}]
    own = powers_of(["2S", "3H", "4D", "9C"], seat=1, passives={"royalty": [1]})
    assert own[0]["disabled"] is False
    four = powers_of(["2S", "3H", "4D", "5C"], seat=0, passives={"royalty": [1]})
    assert four == [{"power": "four_straight", "ranks": [0, 1, 2, 3]}]


def test_b_r10_four_suits_disables_others_flush_powers_but_not_the_peek():
    got = powers_of(["2H", "5H", "9H", "KH"], seat=0, passives={"four_suits": [2]})
    assert {"power": "exchange", "suit": "H", "disabled": True} in got
    assert {"power": "peek", "suit": "H"} in got


def test_b_d20_several_suits_fire_in_spade_diamond_heart_club_order():
    got = powers_of(["2C", "4C", "6C", "2H", "4H", "6H", "8D", "9D", "TD"])
    assert [p.get("suit") for p in got if p["power"] in FLUSH_POWERS.values()] == ["D", "H", "C"]


def test_b_r13_a_joker_counts_for_a_face_power_only_if_declared_one():
    assert powers_of(["XR", "2C"], jokers={"XR": "QH"})[0]["power"] == "queen"
    assert powers_of(["XR", "2C"], jokers={"XR": "9H"}) == []
