"""Hand ranking: the golden table of every two-card hand, and hand-picked cases (M-R8..M-R12, M-R20, M-R21)."""

import importlib.util
import json
import pathlib

import pytest

from games.minipoker.engine import ENGINE
from games.minipoker.ranking import Rules, card_strength, evaluate, kkeut, rules_from_options

SEEDS = pathlib.Path(__file__).resolve().parents[3] / "seeds/minipoker"
TABLE = json.loads((SEEDS / "hand_table.json").read_text())
COMMON = Rules()
ORIGINAL = Rules(original=True)


def order_of(hands: list[tuple[str, ...]], rules: Rules) -> list[int]:
    """1 = strongest, equal keys share a place: the evaluator's reading of the table's `order` column."""
    keys = [evaluate(hand, rules).key for hand in hands]
    places = {key: i + 1 for i, key in enumerate(sorted(set(keys), reverse=True))}
    return [places[key] for key in keys]


@pytest.mark.parametrize("rule_set", list(TABLE["rule_sets"]))
def test_m_r8_to_m_r12_every_two_card_hand_matches_the_golden_table(rule_set: str) -> None:
    """M-R8..M-R12, M-D5, M-D6, M-R13, M-R18, M-D10, M-R20..M-R23: all 1,326 hands, category and order, against
    the table written by seeds/minipoker/make_hand_table.py from the rules text alone."""
    rules = rules_from_options(ENGINE.check_options(TABLE["rule_sets"][rule_set], 2))
    column = TABLE["columns"].index(f"{rule_set}_category")
    hands = [tuple(row[0].split()) for row in TABLE["rows"]]
    assert len(hands) == 1326
    assert [evaluate(hand, rules).name for hand in hands] == [row[column] for row in TABLE["rows"]]
    assert order_of(hands, rules) == [row[column + 1] for row in TABLE["rows"]]


def hand(text: str, rules: Rules = COMMON):
    return evaluate(tuple(text.split()), rules)


def test_m_r1_a_is_high_and_low_only_in_the_back_combinations() -> None:
    """M-R1: A over K as a single card; A 2 is a back straight, A 3 only an A top."""
    assert card_strength("AC") > card_strength("KS")
    assert hand("AS 2D").category == "back_straight"
    assert hand("AS 3D").category == "top"
    assert hand("AS 3D").key > hand("KS 9D").key  # an A top over a K top


def test_m_r8_straight_flush_family_order_royal_back_then_by_higher_card() -> None:
    """M-R8: Royal (A K suited) > Back (A 2 suited) > K Q suited > ... > 3 2 suited."""
    ladder = ["AH KH", "AH 2H", "KH QH", "3H 2H"]
    assert [hand(text).category for text in ladder] == [
        "royal_straight_flush",
        "back_straight_flush",
        "straight_flush",
        "straight_flush",
    ]
    keys = [hand(text).key for text in ladder]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == 4


def test_m_r9_pairs_sit_between_straight_flushes_and_straights() -> None:
    """M-R9: every pair is below the lowest straight flush and above the Royal straight."""
    assert hand("3D 2D").key > hand("AS AH").key > hand("2S 2H").key > hand("AS KH").key


def test_m_r10_straights_rank_above_flushes() -> None:
    """M-R10: mountain > back straight > K Q > ... > 3 2, all above the best Flush (A Q suited)."""
    ladder = ["AS KD", "AS 2D", "KS QD", "3S 2D", "AS QS"]
    keys = [hand(text).key for text in ladder]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == 5
    assert hand("AS QS").category == "flush"


def test_m_r11_m_d6_flushes_compare_higher_then_lower_card() -> None:
    """M-R11, M-D6: K 9 suited over K 8 suited over Q 10 suited; equal flushes tie."""
    assert hand("KS 9S").key > hand("KH 8H").key > hand("QD TD").key
    assert hand("KS 9S").key == hand("KH 9H").key


def test_m_r12_m_d5_tops_rank_by_the_highest_card_and_equal_tops_tie() -> None:
    """M-R12, M-D5: A top highest, 4 top (4 2) lowest; K 9 and K 2 tie without the kicker setting."""
    assert hand("AS 9D").key > hand("KS 9D").key > hand("4S 2D").key
    assert hand("KS 9D").key == hand("KH 2C").key
    assert hand("4S 2D").category == "top"


def test_m_d5_top_kicker_compares_the_lower_card_next() -> None:
    """M-D5: with `top_kicker`, K 9 beats K 8."""
    rules = Rules(top_kicker=True)
    assert hand("KS 9D", rules).key > hand("KH 8C", rules).key


def test_m_d5_kkeut_scoring_last_digit_of_the_sum() -> None:
    """M-D5: A=1, J=11, Q=12, K=13; 9 (gabo) highest, 0 (mangtong) lowest, equal kkeut tie."""
    rules = Rules(kkeut=True)
    assert kkeut(("KS", "6D")) == 9 and kkeut(("AS", "9D")) == 0 and kkeut(("QS", "8D")) == 0
    assert hand("KS 6D", rules).key > hand("AS 7D", rules).key > hand("AS 9D", rules).key
    assert hand("KS 6D", rules).key == hand("JS 8D", rules).key
    assert hand("KS 6D", rules).category == "kkeut"


def test_m_d13_back_combos_off_makes_a_2_a_flush_or_an_a_top() -> None:
    """M-D13: without back combinations A 2 suited is a Flush, A 2 offsuit an A top."""
    rules = Rules(back_combos=False)
    assert hand("AS 2S", rules).category == "flush"
    assert hand("AS 2D", rules).category == "top"
    assert hand("AS 2D", rules).key == hand("AS 9D", rules).key


def test_m_r20_m_d16_original_suit_breaks_ties_by_the_higher_card() -> None:
    """M-R20, M-D16: equal ranks, then the suit of the higher card, S > D > H > C."""
    assert hand("KS 9D", ORIGINAL).key > hand("KD 9S", ORIGINAL).key > hand("KH 9C", ORIGINAL).key
    assert hand("KC 9S", ORIGINAL).key < hand("KH 8C", ORIGINAL).key
    # pairs: the higher suit within each pair
    assert hand("8S 8C", ORIGINAL).key > hand("8D 8H", ORIGINAL).key
    # straights of equal rank
    assert hand("9D 8S", ORIGINAL).key > hand("9H 8S", ORIGINAL).key


def test_m_r21_original_keeps_back_straights_second_in_their_families() -> None:
    """M-R21: A high; the back straight flush and back straight exist, second in their families."""
    assert hand("AC KC", ORIGINAL).key > hand("AS 2S", ORIGINAL).key > hand("KS QS", ORIGINAL).key
    assert hand("AC KD", ORIGINAL).key > hand("AS 2D", ORIGINAL).key > hand("KS QD", ORIGINAL).key


def test_m_r23_original_specials_rank_below_every_top_and_draw_with_each_other() -> None:
    """M-R23: a special that cannot win is below the lowest Top (4 2), a Regamer included; specials draw."""
    for special in ("3S 7D", "4S 7D", "4S 9D", "4S 9S"):
        assert hand(special, ORIGINAL).key < hand("4C 2D", ORIGINAL).key
    assert hand("3S 7D", ORIGINAL).key == hand("4H 7C", ORIGINAL).key == hand("4S 9S", ORIGINAL).key


def test_m_r24_triple_ranks_above_the_royal_straight_flush_by_rank() -> None:
    """M-R24: three of a rank (3-card deals) above the Royal straight flush; triples compare by rank."""
    rules = Rules(original=True, triple=True)
    assert hand("5S 5D 5H", rules).category == "triple"
    assert hand("5S 5D 5H", rules).key > hand("AS KS", rules).key
    assert hand("6S 6D 6H", rules).key > hand("5S 5D 5C", rules).key
    with pytest.raises(ValueError):
        hand("5S 5D 5H", ORIGINAL)


def test_m_r8_golden_table_is_what_its_generator_writes() -> None:
    """M-R8..M-R12: hand_table.json is up to date with make_hand_table.py (the independent reading)."""
    spec = importlib.util.spec_from_file_location("make_hand_table", SEEDS / "make_hand_table.py")
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    assert generator.table_text() == (SEEDS / "hand_table.json").read_text()
