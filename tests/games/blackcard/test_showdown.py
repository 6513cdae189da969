from games.blackcard.cards import keys_of
from games.blackcard.engine import _finish_showdown
from games.blackcard.showdown import category_phrase, hand_key, winners
from games.core.betting import pots_cut
from tests.games.blackcard.helpers import ENGINE


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


def test_b_d10_issue_23_one_pair_goes_to_the_higher_suited_queen_not_the_kickers():
    # given: two pairs of queens, the second with far better kickers (A 9 7 against 4 3 2)
    spade_queen = h("QS", "QC", "2D", "3H", "4C")
    diamond_queen = h("QD", "QH", "AC", "9D", "7H")
    # when: they meet at the showdown, then: the queen of spades decides, the kickers never count
    assert spade_queen > diamond_queen
    assert winners({0: spade_queen, 1: diamond_queen}, split=False) == [0]


def test_b_d10_straight_flush_by_its_top_rank_then_the_suit_of_its_top_card():
    diamonds = h("9D", "TD", "JD", "QD", "KD", "2C")
    hearts = h("9H", "TH", "JH", "QH", "KH", "AS")  # the ace outside the run does not count
    assert diamonds > hearts
    assert h("AC", "2C", "3C", "4C", "5C") < h("2H", "3H", "4H", "5H", "6H")  # the wheel is 5 high


def test_b_d10_four_of_a_kind_by_the_four_only():
    # the kings of hearts and clubs are shared (community cards); jokers stand for the spade and the diamond king
    real_kings = h("KS", "KD", "KH", "KC", "AS")
    joker_kings = h("XB", "XR", "KH", "KC", "2C", jokers={"XB": "KS", "XR": "KD"})
    # the joker declared KS is above the KS it stands for (B-R3); the ace kicker does not count
    assert joker_kings > real_kings


def test_b_d10_full_house_by_its_three_of_a_kind_the_pair_never_counts():
    with_spade_king = h("KS", "XB", "XR", "2S", "2D", jokers={"XB": "KC", "XR": "KH"})
    with_pair_of_aces = h("KD", "KH", "KC", "AS", "AD")
    assert with_spade_king > with_pair_of_aces
    # the same three kings (community cards) with different pairs: equal hands
    assert h("KS", "KD", "KH", "2C", "2D") == h("KS", "KD", "KH", "AC", "AD")


def test_b_d10_flush_by_its_highest_card_only():
    spade_ace = h("AS", "6S", "5S", "3S", "2S")
    diamond_ace_king = h("AD", "KD", "QD", "JD", "9D")
    assert spade_ace > diamond_ace_king


def test_b_d10_straight_by_its_top_card():
    assert h("9S", "8C", "7C", "6C", "5D") > h("9D", "8S", "7S", "6S", "5S", "KH")


def test_b_d10_three_of_a_kind_by_the_three_only():
    spade_seven = h("7S", "7H", "7C", "2D", "3D")
    ace_king_kickers = h("7D", "XB", "XR", "AS", "KS", jokers={"XB": "7C", "XR": "7H"})
    assert spade_seven > ace_king_kickers


def test_b_d10_two_pair_by_the_higher_pair_then_the_lower_then_the_suit():
    assert h("QD", "QH", "9C", "9H", "2C") > h("QS", "QC", "5S", "5D", "AH")  # 9s beat 5s before any suit
    assert h("QS", "QC", "5D", "5H", "2C") > h("QD", "QH", "5S", "5C", "AS")  # then the Q of spades; no kicker


def test_b_d10_high_card_by_the_highest_card_only():
    assert h("AS", "9D", "7C", "5H", "3C") > h("AD", "KS", "QS", "JS", "9H")


def test_b_d10_the_same_cards_on_top_share_the_pot_whatever_the_kickers():
    # a pair of community aces is the best of both hands: equal, even without the split setting
    first = h("AS", "AD", "KC", "7H", "3D")
    second = h("AS", "AD", "QC", "8H", "4D")
    assert winners({0: first, 1: second}, split=False) == [0, 1]


def test_b_d10_split_setting_ties_equal_category_and_ranks():
    a, b = h("9S", "9C", "5D", "4D", "2C"), h("9D", "9H", "5S", "4S", "2S")
    assert winners({0: a, 1: b}, split=True) == [0, 1]
    assert winners({0: a, 1: b}, split=False) == [0]


def test_b_d10_showdown_pays_the_pot_to_the_higher_suited_queen():
    # given: the hand of issue 23 at the showdown, seat 1 with the better kickers
    state = ENGINE.new_game(players=2, seed="s", options={})
    hand = state["hand"]
    hand.update(
        {
            "public": [["QS", "QC", "2D", "3H", "4C"], ["QD", "QH", "AC", "9D", "7H"]],
            "private": [[], []],
            "peeked_by": [[], []],
            "order_card_ranking": [1, 0],
            "round3_ranking": [1, 0],
        }
    )
    hand["chips"]["contrib"] = [3, 3]
    hand["chips"]["stacks"] = [97, 97]
    events: list = []
    # when: the showdown is settled
    _finish_showdown(state, events)
    # then: seat 0 takes the pot, and the showdown names what decided it
    assert state["ledger"][0]["awards"] == {"0": 6}
    assert events[0] == {
        "type": "showdown",
        "hands": [
            {
                "seat": 1,
                "cards": ["QD", "QH", "AC", "9D", "7H"],
                "category": {"text": "One pair: {rank}, {card} highest", "card": "QD", "rank": "Q"},
            },
            {
                "seat": 0,
                "cards": ["QS", "QC", "2D", "3H", "4C"],
                "category": {"text": "One pair: {rank}, {card} highest", "card": "QS", "rank": "Q"},
            },
        ],
    }
    assert events[1] == {"type": "pot_won", "amount": 6, "winners": [0]}


def test_b_d10_category_phrases_name_the_ranks_and_the_highest_card():
    assert category_phrase(h("QS", "QC", "5D", "5H", "2C")) == {
        "text": "Two pair: {rank} and {low}, {card} highest",
        "rank": "Q",
        "low": "5",
        "card": "QS",
    }
    assert category_phrase(h("TH", "JH", "QH", "KH", "AH")) == {"text": "Straight flush, {card} high", "card": "AH"}
    # a joker on top is named by the card it was declared
    assert category_phrase(h("XB", "KS", jokers={"XB": "KS"})) == {
        "text": "One pair: {rank}, {card} highest",
        "rank": "K",
        "card": "KS",
    }
    assert category_phrase(h()) == {"text": "No cards"}


def test_b_d23_fewer_than_five_cards_ranked_on_what_they_have():
    assert h("AS", "AH") > h("KS", "KH", "QD", "JC", "9S")
    assert h("KS", "KH") > h("KD", "KC", "3C")  # B-D10: a kicker the other lacks does not count either
    assert winners({0: h(), 1: h("2C")}, split=False) == [1]


def test_b_r3_declared_joker_plays_as_its_card_in_the_showdown():
    key = h("XR", "AS", "AC", "AD", "2S", jokers={"XR": "AH"})
    assert key[0] == 7


def test_b_d4_pots_capped_only_at_an_all_in_players_contribution():
    # the engine cuts pots with games.core.betting.pots_cut, capped at the all-in players only
    # forced shares leave seat 1 (best hand, never paid) below seat 0: nobody is all-in, one pot for both
    assert pots_cut([5, 1], [0, 1], capped=[]) == [{"amount": 6, "eligible": [0, 1], "shares": [5, 1]}]
    # seat 2 went all-in for 2: it contests 2 from each contributor only
    assert pots_cut([6, 4, 2], [0, 1, 2], capped=[2]) == [
        {"amount": 6, "eligible": [0, 1, 2], "shares": [2, 2, 2]},
        {"amount": 6, "eligible": [0, 1], "shares": [4, 2, 0]},
    ]


def test_b_d4_an_all_in_winner_takes_only_the_pot_it_contested():
    # given: seat 2 all-in for 2 with the best hand, seats 0 and 1 in for 6 and 4
    state = ENGINE.new_game(players=3, seed="s", options={})
    hand = state["hand"]
    hand.update(
        {
            "public": [["2S", "5D"], ["3S", "6D"], ["AS", "AD"]],
            "private": [[], [], []],
            "peeked_by": [[], [], []],
            "order_card_ranking": [2, 1, 0],
            "round3_ranking": [2, 1, 0],
        }
    )
    hand["chips"].update({"contrib": [6, 4, 2], "stacks": [94, 96, 0]})
    events: list = []
    _finish_showdown(state, events)
    # then: seat 2 takes the main pot of 6, seat 1 (6 high beats 5 high) the side pot of 6
    assert state["ledger"][0]["awards"] == {"1": 6, "2": 6}
    assert [e for e in events if e["type"] == "pot_won"] == [
        {"type": "pot_won", "amount": 6, "winners": [2], "pot": 0},
        {"type": "pot_won", "amount": 6, "winners": [1], "pot": 1},
    ]
