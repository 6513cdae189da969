"""games/palace/phrases.py: court cards in English words, for the refusals a player reads."""

import pytest

from games.palace.phrases import cards_phrase, rank_counted


@pytest.mark.parametrize(
    ("cards", "phrase"),
    [
        (["K", "K", "K"], "three Kings"),
        (["N", "K", "K", "N", "K"], "three Kings and two Nobles"),
        (["J"], "a Jester"),
        (["C", "S", "J", "N", "K"], "a King, a Noble, a Scholar, a Citizen and a Jester"),
        (["J", "J", "S", "S", "S"], "three Scholars and two Jesters"),
        (["C", "C", "C", "C"], "four Citizens"),
        ([], "no cards"),
    ],
)
def test_a_multiset_of_court_cards_reads_as_english_king_first(cards: list[str], phrase: str) -> None:
    assert cards_phrase(cards) == phrase


def test_counts_beyond_a_row_use_the_figure() -> None:
    assert rank_counted("N", 5) == "five Nobles"
    assert rank_counted("N", 12) == "12 Nobles"
