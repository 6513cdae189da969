"""Showdown with specials (M-D7, M-D8, M-R23, M-R24) and the best choice of cards (M-D9, M-D12)."""

from games.minipoker.ranking import Rules, evaluate
from games.minipoker.showdown import best_choice, choices, regame_callers, resolve

COMMON = Rules()
ORIGINAL = Rules(original=True)
EXTRAS = Rules(original=True, flush_pair_hunter=True, flush_black_knight=True, spade_flush_regamer=True)


def table(*texts: str, rules: Rules = COMMON):
    return {seat: evaluate(tuple(text.split()), rules) for seat, text in enumerate(texts)}


def test_m_d8_pair_hunter_takes_a_three_way_pot_alone_despite_the_cycle() -> None:
    """M-D8: Pair hunter, 9 9, 10 9 straight: W is the 9 pair, the Pair hunter catches it and wins alone, though the
    straight beats its fallback Flush."""
    result = resolve(table("3S 7S", "9D 9H", "TC 9S"), COMMON)
    assert result.winners == [0]
    assert result.caught_by == "pair_hunter"
    assert result.winning.category == "pair"


def test_m_d7_a_catcher_catches_only_the_best_hand() -> None:
    """M-D7: with a 10 pair in, the 9 pair is not W, so the Pair hunter catches nothing: the 10 pair wins."""
    result = resolve(table("3S 7S", "9D 9H", "TC TS"), COMMON)
    assert result.winners == [2] and result.caught_by is None


def test_m_r17_black_knight_takes_a_pot_of_straight_flushes_alone() -> None:
    """M-R17 and the seed's 혼자 독식: everyone else holds a straight flush, the Black knight takes it all."""
    result = resolve(table("4D 7D", "KS QS", "AH 2H", "6C 5C"), COMMON)
    assert result.winners == [0] and result.caught_by == "black_knight"


def test_m_r18_black_knight_with_nothing_to_catch_plays_as_a_flush() -> None:
    """M-R18: against a K top the Black knight wins as a 7 4 Flush; against a straight it loses."""
    assert resolve(table("4D 7D", "KS 9H"), COMMON).winners == [0]
    assert resolve(table("4D 7D", "6S 5H"), COMMON).winners == [1]


def test_m_d7_m_r13_two_common_catchers_of_one_kind_tie() -> None:
    """M-D7: two Pair hunters both catching a 5 pair follow M-R13: a tie (split or regame)."""
    result = resolve(table("3S 7S", "3D 7D", "5C 5H"), COMMON)
    assert result.winners == [0, 1]


def test_m_r23_original_catchers_of_one_kind_are_split_by_the_suit_of_the_7() -> None:
    """M-R23 (seed note 20): two Pair hunters and a 9 pair: the one with the higher 7 wins."""
    result = resolve(table("3S 7H", "3D 7S", "9C 9H", rules=ORIGINAL), ORIGINAL)
    assert result.winners == [1]


def test_m_r23_original_two_black_knights_with_nothing_to_catch_draw() -> None:
    """M-R23 (seed note 19): two Black knights alone: no straight flush, so no suit decides: a draw."""
    result = resolve(table("4S 7H", "4D 7S", rules=ORIGINAL), ORIGINAL)
    assert result.winners == [0, 1]


def test_m_r23_original_special_that_cannot_win_loses_to_a_4_top() -> None:
    """M-R23 (seed note 18): a Pair hunter against a 4 top loses."""
    result = resolve(table("3S 7H", "4D 2S", rules=ORIGINAL), ORIGINAL)
    assert result.winners == [1]


def test_m_r24_flush_pair_hunter_beats_a_pair_hunter_when_both_catch() -> None:
    """M-R24: both catch the 8 pair, the flush one wins; with nothing to catch they draw."""
    assert resolve(table("3S 7H", "3D 7D", "8C 8H", rules=EXTRAS), EXTRAS).winners == [1]
    assert resolve(table("3S 7H", "3D 7D", rules=EXTRAS), EXTRAS).winners == [0, 1]


def test_m_r24_only_the_flush_pair_hunter_catches_a_jack_pair() -> None:
    """M-R24: J J is beyond the Pair hunter's reach (10 10), not beyond the flush one's."""
    assert resolve(table("3S 7H", "3D 7D", "JC JH", rules=EXTRAS), EXTRAS).winners == [1]


def test_m_r24_flush_black_knight_catches_the_royal() -> None:
    """M-R24: the Flush black knight beats even the Royal straight flush; a Black knight would not."""
    assert resolve(table("4S 7S", "AD KD", rules=EXTRAS), EXTRAS).winners == [0]
    assert resolve(table("4S 7H", "AD KD", rules=EXTRAS), EXTRAS).winners == [1]


def test_m_d7_regamer_may_call_against_a_straight_but_not_against_a_winning_pair_hunter() -> None:
    """M-D7: a Regamer cannot regame against a winning Pair hunter, who counts as the pair it caught."""
    hands = table("4S 9D", "8C 7D", "2S 3D")
    assert regame_callers(hands, resolve(hands, COMMON), COMMON) == [0]
    hands = table("4S 9D", "3C 7C", "5S 5D")
    assert regame_callers(hands, resolve(hands, COMMON), COMMON) == []


def test_m_r15_flush_regamer_may_call_against_a_pair_but_not_a_caught_straight_flush() -> None:
    """M-R15: against A A the Flush regamer may call; not when a Black knight wins."""
    hands = table("4S 9S", "AD AH")
    assert regame_callers(hands, resolve(hands, COMMON), COMMON) == [0]
    hands = table("4S 9S", "4D 7D", "9C 8C")
    assert regame_callers(hands, resolve(hands, COMMON), COMMON) == []


def test_m_d10_regamer_that_wins_as_a_9_top_does_not_regame() -> None:
    """M-D10: the Regamer plays as a 9 top; when that wins, it simply wins."""
    hands = table("4S 9D", "8C 2D")
    result = resolve(hands, COMMON)
    assert result.winners == [0]
    assert regame_callers(hands, result, COMMON) == []


def test_m_d12_choices_are_any_two_of_three_and_a_triple_only_when_allowed() -> None:
    """M-D12, M-R24: 3 choices of 2 from 3 cards; a 4th, all three, only for a Triple with the setting on."""
    assert len(choices(["5S", "5D", "5H"], ORIGINAL)) == 3
    assert choices(["5S", "5D", "5H"], Rules(original=True, triple=True))[-1] == ("5S", "5D", "5H")


def test_m_d9_best_choice_counts_specials_as_what_they_play_as() -> None:
    """M-D9: from 4♦ 7♦ K♠ the best-ranked choice is the 7 4 Flush (the Black knight's fallback) over a K top; under
    original the special ranks below every top, so a K top is chosen."""
    assert sorted(best_choice(["4D", "7D", "KS"], COMMON)) == ["4D", "7D"]
    assert "KS" in best_choice(["4D", "7H", "KS"], ORIGINAL)
