"""The table settings a club may choose (K-D15), their checks, and the rules across them.

Every name and default is the one stored tables were created with: tables are replayed from seed + moves + options.
"""

from typing import Any

from games.coinche.bidding import HIGHEST_BID
from games.core.errors import IllegalMove
from games.core.i18n import _
from games.core.options import Option, defaults, options_check

PLAYERS = 4  # K-R1
BID_STEP_UNIT = 5  # a bid step is a multiple of 5 (bids stay on round figures)
ALL_TRICKS_BONUSES = (250, 252)  # K-R22, K-D15

OPTIONS = [
    Option(
        "target_score",
        "int",
        2000,
        _("Winning score"),
        _("The first team to reach this score wins the match (1000 and 1500 are common for shorter matches)."),
        low=100,
        high=10_000,
        role="target_score",
        rule="K-R27",
    ),
    Option(
        "lowest_bid",
        "int",
        80,
        _("Lowest bid"),
        _("The fewest points a bid may name; a bid below 82 must still take 82 points."),
        low=50,
        high=HIGHEST_BID,
        rule="K-R12",
        advanced=True,
    ),
    Option(
        "bid_step",
        "int",
        10,
        _("Bid step"),
        _("Each bid names this many points more than the one before it (a multiple of 5)."),
        low=5,
        high=50,
        rule="K-R12",
        advanced=True,
        extra={"step": BID_STEP_UNIT},
    ),
    Option(
        "belote_counts_for_contract",
        "bool",
        True,
        _("Belote counts toward the contract"),
        _("The 20 points of belote-rebelote help the contracting team reach its bid."),
        rule="K-D6",
        advanced=True,
    ),
    Option(
        "made_contract_scores",
        "choice",
        "points_and_bid",
        _("A made contract scores"),
        _("What the contracting team scores when it makes its bid."),
        choices=(("points_and_bid", _("Its points and the bid")), ("bid_only", _("The bid only"))),
        rule="K-R21",
        advanced=True,
    ),
    Option(
        "all_tricks_bonus",
        "int",
        250,
        _("All-tricks bonus"),
        _("What taking every trick adds to the bid: 250 or 252."),
        low=ALL_TRICKS_BONUSES[0],
        high=ALL_TRICKS_BONUSES[1],
        rule="K-R22",
        advanced=True,
        extra={"step": ALL_TRICKS_BONUSES[1] - ALL_TRICKS_BONUSES[0]},
    ),
    Option(
        "must_undertrump",
        "bool",
        True,
        _("Must undertrump"),
        _("A player unable to overtrump an opponent's trump must still play a trump if they hold one."),
        rule="K-R18",
        advanced=True,
    ),
]
DEFAULT_OPTIONS = defaults(OPTIONS)


def check_options(options: Any, players: int) -> dict[str, Any]:
    """K-D15: every table setting with its default; IllegalMove("bad_options") on anything else."""
    out = options_check(options, players, OPTIONS)
    if players != PLAYERS:
        raise IllegalMove("bad_options", _("Coinche is played by exactly {players} players."), players=PLAYERS)
    if out["bid_step"] % BID_STEP_UNIT:
        raise IllegalMove("bad_options", _("The bid step is a multiple of {unit}."), unit=BID_STEP_UNIT)
    if out["all_tricks_bonus"] not in ALL_TRICKS_BONUSES:
        raise IllegalMove(
            "bad_options",
            _("The all-tricks bonus is {low} or {high}."),
            low=ALL_TRICKS_BONUSES[0],
            high=ALL_TRICKS_BONUSES[1],
        )
    return out
