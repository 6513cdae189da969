"""The deal score (K-R20..K-R26) and the race to the winning total (K-R27, K-D12).

Teams: 0 = seats 0 and 2, 1 = seats 1 and 3 (K-R1). Every figure here is per team.
"""

from typing import Any

from games.coinche.bidding import SLAM_VALUE
from games.coinche.cards import LAST_TRICK_BONUS

BELOTE_POINTS = 20  # K-R8
FAILED_BASE = 160  # K-R24
EIGHTY_NEEDS = 82  # K-R13: a bid of 80 must take 82


def round_score(value: int) -> int:
    """K-R26: to the nearest 10, a score ending in 5 rounds up."""
    return (value + 5) // 10 * 10


def contract_needs(points: int) -> int:
    """K-R13/K-D6: the points a bid must take; a bid below 82 (80 by default) needs 82, more than half the deal."""
    return max(points, EIGHTY_NEEDS)


def deal_score(
    *,
    contract: dict[str, Any],
    card_points: list[int],
    last_trick_team: int,
    tricks: list[int],
    belote_team: int | None,
    options: dict[str, Any],
) -> dict[str, Any]:
    """Each team's score for one played deal, before and after rounding.

    contract: {"team", "points" (None for slam), "slam", "level" (1, 2 coinched, 4 surcoinched)};
    card_points: each team's card points from its tricks (K-R5/K-R6), without the last trick's 10.
    """
    attack = contract["team"]
    defence = 1 - attack
    belote = [BELOTE_POINTS if belote_team == t else 0 for t in (0, 1)]
    made_points = [card_points[t] + (LAST_TRICK_BONUS if last_trick_team == t else 0) + belote[t] for t in (0, 1)]
    all_tricks = tricks[attack] == 8
    raw = [0, 0]
    if contract["slam"]:
        made = all_tricks
        if made:
            raw[attack] = SLAM_VALUE + options["all_tricks_bonus"] + belote[attack]  # K-R23, K-D11
            raw[defence] = belote[defence]
        else:
            raw[attack] = belote[attack]  # K-R24, K-D18
            raw[defence] = FAILED_BASE + SLAM_VALUE + belote[defence]
    else:
        bid_value = contract["points"] * contract["level"]  # K-R25: only the bid is multiplied
        toward = made_points[attack] - (0 if options["belote_counts_for_contract"] else belote[attack])
        made = all_tricks or toward >= contract_needs(contract["points"])
        if all_tricks:
            raw[attack] = bid_value + options["all_tricks_bonus"] + belote[attack]  # K-R22, K-D10
            raw[defence] = belote[defence]
        elif made:
            if options["made_contract_scores"] == "bid_only":
                raw[attack] = bid_value + belote[attack]
            else:
                raw[attack] = made_points[attack] + bid_value  # K-R21
            raw[defence] = made_points[defence]
        else:
            raw[attack] = belote[attack]  # K-R24, K-D17
            raw[defence] = FAILED_BASE + bid_value + belote[defence]
    return {
        "made": made,
        "all_tricks": all_tricks,
        "points_made": made_points,
        "raw": raw,
        "score": [round_score(value) for value in raw],
    }


def match_winner(totals: list[int], target: int) -> int | None:
    """K-R27/K-D12: the first team to reach the target; both past it, the higher; equal totals play on."""
    reached = [t for t in (0, 1) if totals[t] >= target]
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0]
    if totals[0] == totals[1]:
        return None
    return 0 if totals[0] > totals[1] else 1
