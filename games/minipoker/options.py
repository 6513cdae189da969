"""The table settings of Mini Poker: names, defaults, what they mean, and the combinations refused (M-D1, M-D4,
M-D13, M-R22, M-R24; the match options are the table's, docs/rules/mini-poker.md)."""

from typing import Any

from games.core import options as core_options
from games.core.errors import IllegalMove
from games.core.i18n import _
from games.core.options import Option

MIN_PLAYERS, MAX_PLAYERS = 2, 8  # M-D1
EXTRAS = ("triple", "flush_pair_hunter", "flush_black_knight", "spade_flush_regamer")

OPTIONS = [
    Option(
        "deal",
        "choice",
        "two_card",
        _("Deal"),
        _(
            "How the cards come: one at a time, both at once, three cards "
            "with one face up, or two cards and a community card."
        ),
        choices=(
            ("two_card", _("Two cards, one at a time")),
            ("two_at_once", _("Two cards at once")),
            ("three_card", _("Three cards, one face up")),
            ("holdem", _("Two cards and a community card")),
        ),
        rule="M-R2",
    ),
    Option(
        "ante",
        "int",
        1,
        _("Ante"),
        _("The chips every player puts in before the deal; also the smallest bet."),
        low=1,
        high=10_000,
        role="forced_bet",
        rule="M-R4",
    ),
    Option(
        "limit",
        "choice",
        "three_raises",
        _("Betting limit"),
        _("How far the betting may go in one round."),
        choices=(
            ("three_raises", _("At most three raises a round")),
            ("max_bet", _("Capped bets")),
            ("no_limit", _("No limit")),
            ("pot_limit", _("Pot limit")),
        ),
        rule="M-D4",
    ),
    Option(
        "bet_cap",
        "int",
        10,
        _("Bet cap"),
        _("With capped bets: the most one bet or raise may add."),
        low=1,
        high=1_000_000,
        rule="M-D4",
        advanced=True,
    ),
    Option(
        "rules",
        "choice",
        "common",
        _("Rule set"),
        _("The common rules, or the original ones: suits break ties and the special hands change."),
        choices=(("common", _("Common")), ("original", _("Original"))),
        rule="M-R20",
    ),
    Option(
        "back_combos",
        "bool",
        True,
        _("A 2 combinations"),
        _("A and 2 make a back straight (flush); only a hold'em table may turn them off."),
        rule="M-D13",
        advanced=True,
    ),
    Option(
        "top_scoring",
        "choice",
        "top",
        _("Hands below a flush"),
        _("Ranked by their highest card, or by the last digit of the sum (kkeut)."),
        choices=(("top", _("Highest card")), ("kkeut", _("Last digit of the sum"))),
        rule="M-D5",
        advanced=True,
    ),
    Option(
        "top_kicker",
        "bool",
        False,
        _("Kicker for equal tops"),
        _("Two equal top cards compare the lower card next instead of splitting."),
        rule="M-D5",
        advanced=True,
    ),
    Option(
        "specials",
        "bool",
        True,
        _("Special hands"),
        _("The Regamer, Flush regamer, Pair hunter and Black knight; always on under the original rules."),
        rule="M-R14",
    ),
    Option(
        "tie",
        "choice",
        "split",
        _("Equal hands"),
        _("Split the pot, or play it again among the tied players."),
        choices=(("split", _("Split the pot")), ("regame", _("Play a regame"))),
        rule="M-R13",
    ),
    Option(
        "triple",
        "bool",
        False,
        _("Triple"),
        _("Original rules: three of a rank, above the Royal straight flush (three-card deals)."),
        rule="M-R24",
        advanced=True,
    ),
    Option(
        "flush_pair_hunter",
        "bool",
        False,
        _("Flush pair hunter"),
        _("Original rules: 3 and 7 of one suit beat every pair."),
        rule="M-R24",
        advanced=True,
    ),
    Option(
        "flush_black_knight",
        "bool",
        False,
        _("Flush black knight"),
        _("Original rules: 4 and 7 of one suit beat every straight flush."),
        rule="M-R24",
        advanced=True,
    ),
    Option(
        "spade_flush_regamer",
        "bool",
        False,
        _("Spade flush regamer"),
        _("Original rules: 4 and 9 of spades may call a regame against straight flushes but the Royal one."),
        rule="M-R24",
        advanced=True,
    ),
    Option(
        "stack",
        "int",
        100,
        _("Starting stack"),
        _("The chips every player starts the match with."),
        low=1,
        high=1_000_000,
        role="stack",
    ),
    Option(
        "hands",
        "int",
        20,
        _("Hands"),
        _("The match ends after this many hands, or sooner when one player holds every chip."),
        low=1,
        high=1000,
        role="hand_limit",
    ),
    Option(
        "seat_stacks",
        "seat_ints",
        None,
        _("Chips of each seat"),
        _("The chips each seat starts with, in place of the starting stack (a tournament table)."),
        low=1,
        high=1_000_000,
        role="seat_stacks",
        advanced=True,
    ),
    Option(
        "button",
        "int",
        0,
        _("First to act"),
        _(
            "With the chips of each seat set: the seat that acts first in the first hand; otherwise the first "
            "to act is drawn."
        ),
        low=0,
        high=MAX_PLAYERS - 1,
        role="button",
        rule="M-D2",
        advanced=True,
    ),
]
DEFAULTS: dict[str, Any] = core_options.defaults(OPTIONS)


def _bad(template: str, **params: Any) -> IllegalMove:
    return IllegalMove("bad_options", template, **params)


def options_check(options: dict[str, Any] | None, players: int) -> dict[str, Any]:
    """The full options with defaults filled in; IllegalMove("bad_options") on an unknown key, a bad value or a
    combination the rules refuse."""
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise _bad(_("Mini Poker is played by {low} to {high} players."), low=MIN_PLAYERS, high=MAX_PLAYERS)
    out = core_options.options_check(options, players, OPTIONS)
    if out["limit"] == "max_bet" and out["bet_cap"] < out["ante"]:
        raise _bad(_("The bet cap must be at least the ante, the smallest bet."))
    if out["stack"] < out["ante"]:
        raise _bad(_("The starting stack must cover the ante."))
    if out["rules"] == "original":
        if not out["specials"]:
            raise _bad(_("Special hands are always on under the original rules."))
        if not out["back_combos"]:
            raise _bad(_("A 2 combinations always count under the original rules."))
    elif any(out[key] for key in EXTRAS):
        raise _bad(_("The Triple and the flush specials are house extras of the original rules."))
    if not out["back_combos"] and out["deal"] != "holdem":
        raise _bad(_("Only a hold'em table may turn the A 2 combinations off."))
    if out["top_kicker"] and out["top_scoring"] == "kkeut":
        raise _bad(_("The kicker applies to hands ranked by their highest card, not to kkeut."))
    if out["button"] >= players:
        raise _bad(_("The first to act is one of the seats 0 to {last}."), last=players - 1)
    if out["button"] and out["seat_stacks"] is None:
        # M-D2: a match from equal stacks draws its first 선; only a table started from seat stacks is told it
        raise _bad(_("The first to act is drawn unless the chips of each seat are set."))
    return out
