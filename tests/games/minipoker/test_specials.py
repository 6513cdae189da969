"""Special hands: what they catch and when a regamer may regame (M-R14..M-R18, M-R22, M-R24, M-D10)."""

import importlib.util
import json
import pathlib

import pytest

from games.minipoker.engine import ENGINE
from games.minipoker.ranking import Rules, evaluate, rules_from_options
from games.minipoker.specials import catches, may_regame

SEEDS = pathlib.Path(__file__).resolve().parents[3] / "seeds/minipoker"
REGAME_TABLE = json.loads((SEEDS / "regame_table.json").read_text())
# a hand of each winning category (the kkeut hand is the top one under kkeut scoring)
WINNING_HANDS = {
    "triple": "5S 5D 5H",
    "royal_straight_flush": "AD KD",
    "back_straight_flush": "AD 2D",
    "straight_flush": "KD QD",
    "pair": "5D 5H",
    "royal_straight": "AD KH",
    "back_straight": "AD 2H",
    "straight": "9D 8H",
    "flush": "KD 5D",
    "top": "KD 5H",
    "kkeut": "KD 5H",
}

COMMON = Rules()
ORIGINAL = Rules(original=True)
EXTRAS = Rules(original=True, flush_pair_hunter=True, flush_black_knight=True, spade_flush_regamer=True)


def hand(text: str, rules: Rules = COMMON):
    return evaluate(tuple(text.split()), rules)


def test_m_r14_to_m_r17_common_specials_are_named_by_ranks_and_suits() -> None:
    """M-R14..M-R17: 4 9 offsuit Regamer, 4 9 suited Flush regamer, 3 7 suited Pair hunter, 4 7 suited Black knight;
    offsuit 3 7 and 4 7 are plain Tops."""
    assert hand("4S 9D").special == "regamer"
    assert hand("4S 9S").special == "flush_regamer"
    assert hand("3H 7H").special == "pair_hunter"
    assert hand("4C 7C").special == "black_knight"
    assert hand("3H 7D").special is None and hand("4C 7D").special is None


def test_m_r16_common_pair_hunter_catches_pairs_of_9_and_lower_only() -> None:
    """M-R16: 9 9 and 2 2 are caught, 10 10 is not, nor a straight flush."""
    assert catches("pair_hunter", hand("9S 9D"), COMMON)
    assert catches("pair_hunter", hand("2S 2D"), COMMON)
    assert not catches("pair_hunter", hand("TS TD"), COMMON)
    assert not catches("pair_hunter", hand("5S 4S"), COMMON)


def test_m_r17_common_black_knight_catches_straight_flushes_but_the_royal() -> None:
    """M-R17: K Q suited and the Back straight flush are caught; the Royal and pairs are not."""
    assert catches("black_knight", hand("KS QS"), COMMON)
    assert catches("black_knight", hand("AS 2S"), COMMON)
    assert not catches("black_knight", hand("AS KS"), COMMON)
    assert not catches("black_knight", hand("AS AD"), COMMON)


def test_m_r18_m_d10_specials_that_catch_nothing_play_as_flush_or_top() -> None:
    """M-R18, M-D10: Black knight and Pair hunter play as Flushes (1 and 0 kkeut under kkeut scoring), a Flush
    regamer as a Flush, a Regamer as a 9 top (3 kkeut)."""
    assert hand("4C 7C").key == hand("4D 7D").key == (2, 7, 4)
    assert hand("3C 7C").key == (2, 7, 3)
    assert hand("4C 9C").key == (2, 9, 4)
    assert hand("4C 9D").key == hand("9S 2H").key == (1, 9)
    kkeut = Rules(kkeut=True)
    assert hand("4C 7C", kkeut).key == (1, 1) and hand("4C 7C", kkeut).category == "kkeut"
    assert hand("3C 7C", kkeut).key == (1, 0)
    assert hand("4C 9C", kkeut).category == "flush"
    assert hand("4C 9D", kkeut).key == (1, 3)


def test_m_r14_regamer_may_regame_against_straights_and_lower_not_pairs() -> None:
    """M-R14: the mountain, a straight, a flush, a top: yes; a pair or a straight flush: no."""
    for winning in ("AS KD", "AS 2D", "9S 8D", "KS 5S", "KS 5D"):
        assert may_regame("regamer", hand(winning), None, COMMON), winning
    for winning in ("2S 2D", "KS QS"):
        assert not may_regame("regamer", hand(winning), None, COMMON), winning


def test_m_r15_flush_regamer_may_regame_against_all_but_straight_flushes_and_a_black_knight() -> None:
    """M-R15: pairs yes; straight flushes no; never when a Black knight wins."""
    assert may_regame("flush_regamer", hand("AS AD"), None, COMMON)
    assert may_regame("flush_regamer", hand("AS KD"), None, COMMON)
    assert not may_regame("flush_regamer", hand("AS KS"), None, COMMON)
    assert not may_regame("flush_regamer", hand("9S 8S"), "black_knight", COMMON)


def test_m_r22_original_specials_are_offsuit_with_their_own_ranges() -> None:
    """M-R22: Pair hunter 3 7 offsuit catches 2 2..10 10; Black knight 4 7 offsuit catches straight flushes
    without an A; 3 7 and 4 7 suited are plain Flushes."""
    assert hand("3S 7D", ORIGINAL).special == "pair_hunter"
    assert hand("4S 7D", ORIGINAL).special == "black_knight"
    assert hand("3S 7S", ORIGINAL).category == "flush" and hand("3S 7S", ORIGINAL).special is None
    assert catches("pair_hunter", hand("TS TD", ORIGINAL), ORIGINAL)
    assert not catches("pair_hunter", hand("JS JD", ORIGINAL), ORIGINAL)
    assert catches("black_knight", hand("KS QS", ORIGINAL), ORIGINAL)
    assert not catches("black_knight", hand("AS 2S", ORIGINAL), ORIGINAL)
    assert not catches("black_knight", hand("AS KS", ORIGINAL), ORIGINAL)


def test_m_r22_original_regamer_not_against_a_straights_nor_a_winning_pair_hunter() -> None:
    """M-R22: a straight, flush or top yes; the mountain and back straight no; a pair (even caught) no."""
    assert may_regame("regamer", hand("9S 8D", ORIGINAL), None, ORIGINAL)
    assert may_regame("regamer", hand("KS 5S", ORIGINAL), None, ORIGINAL)
    assert may_regame("regamer", hand("KS 5D", ORIGINAL), None, ORIGINAL)
    assert not may_regame("regamer", hand("AS KD", ORIGINAL), None, ORIGINAL)
    assert not may_regame("regamer", hand("AS 2D", ORIGINAL), None, ORIGINAL)
    assert not may_regame("regamer", hand("5S 5D", ORIGINAL), "pair_hunter", ORIGINAL)


def test_m_r22_original_flush_regamer_not_against_straight_flushes_nor_a_black_knight() -> None:
    """M-R22: a pair yes; any straight flush no; the straight flush a Black knight caught no."""
    assert may_regame("flush_regamer", hand("AS AD", ORIGINAL), None, ORIGINAL)
    assert not may_regame("flush_regamer", hand("3S 2S", ORIGINAL), None, ORIGINAL)
    assert not may_regame("flush_regamer", hand("9S 8S", ORIGINAL), "black_knight", ORIGINAL)


def test_m_r24_flush_pair_hunter_and_flush_black_knight_catch_the_whole_family() -> None:
    """M-R24: 3 7 suited catches every pair; 4 7 suited every straight flush, Royal and Back included."""
    assert hand("3S 7S", EXTRAS).special == "flush_pair_hunter"
    assert hand("4S 7S", EXTRAS).special == "flush_black_knight"
    assert catches("flush_pair_hunter", hand("AS AD", EXTRAS), EXTRAS)
    assert catches("flush_black_knight", hand("AS KS", EXTRAS), EXTRAS)
    assert catches("flush_black_knight", hand("AS 2S", EXTRAS), EXTRAS)


def test_m_r24_spade_flush_regamer_regames_against_every_straight_flush_but_the_royal() -> None:
    """M-R24 ("except the Royal one", issue 23): 4♠ 9♠ may regame against K Q suited and the Back straight flush,
    not against the Royal nor a winning Black knight; 4♥ 9♥ stays an ordinary Flush regamer."""
    assert hand("4S 9S", EXTRAS).special == "spade_flush_regamer"
    assert hand("4H 9H", EXTRAS).special == "flush_regamer"
    assert may_regame("spade_flush_regamer", hand("KD QD", EXTRAS), None, EXTRAS)
    assert may_regame("spade_flush_regamer", hand("AD 2D", EXTRAS), None, EXTRAS)
    assert not may_regame("spade_flush_regamer", hand("AD KD", EXTRAS), None, EXTRAS)
    assert not may_regame("spade_flush_regamer", hand("KD QD", EXTRAS), "black_knight", EXTRAS)
    assert not may_regame("flush_regamer", hand("KD QD", EXTRAS), None, EXTRAS)


def test_m_r15_m_r24_flush_regamers_regame_against_a_triple_and_a_regamer_does_not() -> None:
    """M-R15, M-R24 (issue 23): a Triple is "anything but a straight-flush-family hand": a Flush regamer and a Spade
    flush regamer may regame against it; a Regamer (up to Straight, M-R14/M-R22) may not."""
    rules = Rules(original=True, triple=True, spade_flush_regamer=True)
    triple = hand("2S 2H 2D", rules)
    assert may_regame("flush_regamer", triple, None, rules)
    assert may_regame("spade_flush_regamer", triple, None, rules)
    assert not may_regame("regamer", triple, None, rules)


@pytest.mark.parametrize("rule_set", list(REGAME_TABLE["rule_sets"]))
def test_m_r14_m_r15_m_r22_m_r24_every_regame_range_matches_the_golden_table(rule_set: str) -> None:
    """M-R14, M-R15, M-D7, M-R22, M-R24: each regamer against each winning category (and each catcher that won as
    the hand it caught), against the table written by seeds/minipoker/make_hand_table.py from the rules text."""
    rules = rules_from_options(ENGINE.check_options(REGAME_TABLE["rule_sets"][rule_set], 2))
    column = REGAME_TABLE["columns"].index(rule_set)
    checked = 0
    for row in REGAME_TABLE["rows"]:
        regamer, winning, caught_by, expected = row[0], row[1], row[2], row[column]
        if expected is None:
            continue
        target = hand(WINNING_HANDS[winning], rules)
        assert target.category == winning
        assert may_regame(regamer, target, caught_by, rules) is expected, (regamer, winning, caught_by)
        checked += 1
    assert checked >= 20


def test_m_r24_regame_table_is_what_its_generator_writes() -> None:
    """M-R24: regame_table.json is up to date with make_hand_table.py (the independent reading)."""
    spec = importlib.util.spec_from_file_location("make_hand_table", SEEDS / "make_hand_table.py")
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    assert generator.regame_text() == (SEEDS / "regame_table.json").read_text()
