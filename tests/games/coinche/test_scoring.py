"""Deal scores and the race (games/coinche/scoring.py). Team 0 contracts unless said otherwise."""

from games.coinche.engine import DEFAULT_OPTIONS
from games.coinche.scoring import contract_needs, deal_score, match_winner, round_score


def _score(
    points=100, *, slam=False, level=1, card_points=(90, 62), last=0, tricks=(5, 3), belote=None, team=0, **options
):
    contract = {"team": team, "points": None if slam else points, "slam": slam, "level": level}
    return deal_score(
        contract=contract,
        card_points=list(card_points),
        last_trick_team=last,
        tricks=list(tricks),
        belote_team=belote,
        options={**DEFAULT_OPTIONS, **options},
    )


def test_k_r26_round_to_the_nearest_ten_five_rounds_up():
    assert [round_score(v) for v in (0, 4, 5, 14, 15, 84, 85, 86, 162)] == [0, 0, 10, 10, 20, 80, 90, 90, 160]


def test_k_r20_k_r21_contract_made_scores_points_made_plus_bid_defenders_their_points():
    # 90 card points + last trick = 100 on a bid of 100: made; the defenders took 62
    result = _score(100, card_points=(90, 62), last=0)
    assert result["made"] is True
    assert result["points_made"] == [100, 62]
    assert result["raw"] == [200, 62]
    assert result["score"] == [200, 60]


def test_k_r13_a_bid_of_80_needs_82():
    assert contract_needs(80) == 82
    assert _score(80, card_points=(71, 81), last=0)["made"] is False  # 81
    assert _score(80, card_points=(72, 80), last=0)["made"] is True  # 82


def test_k_d6_a_bid_of_90_or_more_needs_its_points_judged_unrounded():
    # 85 on a bid of 90 fails, although 85 rounds to 90
    result = _score(90, card_points=(75, 77), last=0)
    assert result["points_made"][0] == 85
    assert result["made"] is False
    assert _score(90, card_points=(80, 72), last=0)["made"] is True


def test_k_d6_belote_counts_toward_the_contract():
    # 70 card points + 20 belote = 90 on a bid of 90: made, and the 20 are scored too
    result = _score(90, card_points=(70, 82), last=1, belote=0)
    assert result["made"] is True
    assert result["raw"] == [90 + 90, 92]


def test_k_d15_belote_not_counting_toward_the_contract():
    result = _score(90, card_points=(70, 82), last=1, belote=0, belote_counts_for_contract=False)
    assert result["made"] is False
    assert result["raw"] == [20, 160 + 90]


def test_k_r24_failed_contract_defenders_score_160_plus_bid_contractors_only_their_belote():
    result = _score(120, card_points=(70, 82), last=1, tricks=(4, 4), belote=0)
    assert result["made"] is False
    assert result["raw"] == [20, 280]
    assert result["score"] == [20, 280]


def test_k_d17_failed_contract_defenders_add_their_own_belote_and_no_bonus_for_all_eight_tricks():
    result = _score(100, card_points=(0, 152), last=1, tricks=(0, 8), belote=1)
    assert result["raw"] == [0, 160 + 100 + 20]


def test_k_r22_k_d10_all_tricks_without_slam_bid_plus_250_belote_to_its_holder():
    result = _score(100, card_points=(152, 0), last=0, tricks=(8, 0), belote=1)
    assert result["made"] is True and result["all_tricks"] is True
    assert result["raw"] == [350, 20]


def test_k_d15_all_tricks_bonus_252():
    assert _score(100, card_points=(152, 0), last=0, tricks=(8, 0), all_tricks_bonus=252)["raw"] == [352, 0]
    assert _score(100, card_points=(152, 0), last=0, tricks=(8, 0), all_tricks_bonus=252)["score"] == [350, 0]


def test_k_r23_k_d11_slam_made_scores_750_defenders_their_belote_only():
    result = _score(slam=True, card_points=(152, 0), last=0, tricks=(8, 0), belote=1)
    assert result["made"] is True
    assert result["raw"] == [750, 20]


def test_k_r24_k_d18_slam_failed_defenders_score_160_plus_500():
    result = _score(slam=True, card_points=(140, 12), last=0, tricks=(7, 1), belote=0)
    assert result["made"] is False
    assert result["raw"] == [20, 660]


def test_k_r25_coinche_doubles_and_surcoinche_quadruples_the_bid_only():
    # "100 hearts" made with 100 points made: 100 + 200 coinched, 100 + 400 surcoinched
    assert _score(100, level=2, card_points=(90, 62), last=0)["raw"] == [300, 62]
    assert _score(100, level=4, card_points=(90, 62), last=0)["raw"] == [500, 62]


def test_k_r25_coinched_contract_failed_defenders_score_160_plus_the_doubled_bid():
    assert _score(100, level=2, card_points=(80, 72), last=1)["raw"] == [0, 360]
    assert _score(100, level=4, card_points=(80, 72), last=1)["raw"] == [0, 560]


def test_k_r25_k_r22_all_tricks_coinched_multiplies_the_bid_not_the_bonus():
    assert _score(100, level=2, card_points=(152, 0), last=0, tricks=(8, 0))["raw"] == [450, 0]


def test_k_d15_made_contract_scores_bid_only():
    result = _score(100, card_points=(90, 62), last=0, belote=0, made_contract_scores="bid_only")
    assert result["raw"] == [120, 62]


def test_contracting_team_one_is_scored_for_team_one():
    result = _score(100, team=1, card_points=(52, 100), last=1, tricks=(2, 6))
    assert result["raw"] == [52, 210]


def test_k_r27_the_first_team_to_reach_the_target_wins():
    assert match_winner([1990, 1500], 2000) is None
    assert match_winner([2000, 1500], 2000) == 0
    assert match_winner([1500, 2300], 2000) == 1


def test_k_d12_both_past_the_target_the_higher_wins_equal_totals_play_on():
    assert match_winner([2100, 2050], 2000) == 0
    assert match_winner([2010, 2400], 2000) == 1
    assert match_winner([2100, 2100], 2000) is None
