"""What the special hands catch and when a regamer may call a regame (M-R14..M-R18, M-D7, M-R22..M-R24)."""

from games.minipoker.ranking import STRAIGHT_FLUSH_FAMILY, SUIT_ORDER, Hand, Rules

CATCHERS = frozenset({"pair_hunter", "flush_pair_hunter", "black_knight", "flush_black_knight"})
REGAMERS = frozenset({"regamer", "flush_regamer", "spade_flush_regamer"})
BLACK_KNIGHTS = frozenset({"black_knight", "flush_black_knight"})
PAIR_HUNTERS = frozenset({"pair_hunter", "flush_pair_hunter"})

# M-R14 (common) / M-R22 (original): the winning hands a Regamer may regame against
_REGAMER_RANGE = frozenset({"royal_straight", "back_straight", "straight", "flush", "top", "kkeut", "special"})
_REGAMER_RANGE_ORIGINAL = frozenset({"straight", "flush", "top", "kkeut", "special"})


def catches(special: str | None, target: Hand, rules: Rules) -> bool:
    """Whether a Pair hunter or Black knight (or a flush extra) beats the hand `target` (counted as it plays)."""
    category = target.category
    if special == "pair_hunter":
        # M-R16: pairs of 9 and lower; M-R22: pairs 2 2 to 10 10
        return category == "pair" and target.key[1] <= (10 if rules.original else 9)
    if special == "flush_pair_hunter":
        return category == "pair"  # M-R24: every pair
    if special == "black_knight":
        # M-R17: every straight flush but the Royal; M-R22: none with an A (Royal and Back)
        return category == "straight_flush" or (category == "back_straight_flush" and not rules.original)
    if special == "flush_black_knight":
        return category in STRAIGHT_FLUSH_FAMILY  # M-R24: Royal and Back included
    return False


def catcher_strength(hand: Hand, rules: Rules) -> tuple[int, int]:
    """Between catchers that all catch: a flush extra beats its plain kind (M-R24); under `original` the suit of
    the 7 decides (M-R23); otherwise they tie (M-D7, M-R13)."""
    flush_kind = 1 if hand.special in ("flush_pair_hunter", "flush_black_knight") else 0
    if not rules.original:
        return flush_kind, 0
    seven = next(card for card in hand.cards if card[0] == "7")
    return flush_kind, SUIT_ORDER[seven[1]]


def may_regame(special: str | None, winning: Hand, caught_by: str | None, rules: Rules) -> bool:
    """Whether a regamer may call a regame against the winning hand (a catcher counts as the hand it caught)."""
    category = winning.category
    if special == "regamer":
        # a Triple is above every range of the Regamer (M-R24)
        if rules.original:
            # M-R22: up to Straight except those with an A; not when a Pair hunter wins
            return category in _REGAMER_RANGE_ORIGINAL and caught_by not in PAIR_HUNTERS
        return category in _REGAMER_RANGE  # M-R14: a Straight-family hand or lower
    if special == "flush_regamer":
        # M-R15 / M-R22: everything but the straight-flush family, a Triple included (M-R24); not when a Black
        # knight wins
        return category not in STRAIGHT_FLUSH_FAMILY and caught_by not in BLACK_KNIGHTS
    if special == "spade_flush_regamer":
        # M-R24: a Flush regamer's range and the straight flushes but the Royal one (the Back one included); not
        # when a Black knight wins
        return category != "royal_straight_flush" and caught_by not in BLACK_KNIGHTS
    return False
