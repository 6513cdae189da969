#!/usr/bin/env python3
"""Write hand_table.json: every two-card hand (1,326) with its category and order under each rule set; and
regame_table.json: whether each regamer may call a regame against each winning hand.

Written straight from docs/rules/mini-poker.md (M-R8..M-R12, M-D5, M-D6, M-R14..M-R18, M-D10, M-R20..M-R24),
sharing no code with games/minipoker/, so that tests/games/minipoker/test_ranking.py compares two independent
readings of the rules. The method differs on purpose: here each rule set is a ladder of hand classes written out
strongest first, and a hand's order is the place of its class on the ladder (1 = strongest; equal hands share a
place); under `original` the suit of the higher card (S > D > H > C) splits a class. A regamer's range is read as a
stretch of the same ladder of categories (M-R14, M-R15, M-R19, M-D7, M-R22, M-R24).

usage: python seeds/minipoker/make_hand_table.py   (from the project root; rewrites the files beside this script)
"""

import itertools
import json
import pathlib

FACES = "23456789TJQKA"  # value = position + 2, the A high (M-R1)
SUITS = "SHDC"
SUIT_POWER = {"S": 4, "D": 3, "H": 2, "C": 1}  # M-R20
SUM_VALUE = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}  # M-D5 kkeut, the digits count as themselves

RULE_SETS = {
    "common": {},
    "common_no_back": {"deal": "holdem", "back_combos": False},
    "common_kkeut": {"top_scoring": "kkeut"},
    "common_top_kicker": {"top_kicker": True},
    "common_no_specials": {"specials": False},
    "original": {"rules": "original"},
    "original_kkeut": {"rules": "original", "top_scoring": "kkeut"},
    "original_extras": {
        "rules": "original",
        "flush_pair_hunter": True,
        "flush_black_knight": True,
        "spade_flush_regamer": True,
    },
}


def value(card):
    return FACES.index(card[0]) + 2


def digit(cards):
    return sum(SUM_VALUE.get(card[0]) or int(card[0]) for card in cards) % 10


def is_run(high, low, back):
    """Two consecutive ranks, A K included; A 2 only where back combinations count."""
    return high - low == 1 or (back and high == 14 and low == 2)


def ladder(setting):
    """Every class of hand, strongest first."""
    back = setting.get("back_combos", True)
    steps = [("royal_straight_flush",)]
    if back:
        steps.append(("back_straight_flush",))
    steps += [("straight_flush", high) for high in range(13, 2, -1)]
    steps += [("pair", rank) for rank in range(14, 1, -1)]
    steps.append(("royal_straight",))
    if back:
        steps.append(("back_straight",))
    steps += [("straight", high) for high in range(13, 2, -1)]
    steps += [
        ("flush", high, low)
        for high in range(14, 2, -1)
        for low in range(high - 1, 1, -1)
        if not is_run(high, low, back)
    ]
    if setting.get("top_scoring") == "kkeut":
        steps += [("kkeut", d) for d in range(9, -1, -1)]
    elif setting.get("top_kicker"):
        steps += [
            ("top", high, low)
            for high in range(14, 3, -1)
            for low in range(high - 1, 1, -1)
            if not is_run(high, low, back)
        ]
    else:
        steps += [("top", high) for high in range(14, 3, -1)]
    if setting.get("rules") == "original":
        steps.append(("special",))
    return steps


def special_name(cards, setting):
    """The special hand two cards make under this rule set, or None."""
    original = setting.get("rules") == "original"
    if not original and setting.get("specials") is False:
        return None
    faces = sorted(card[0] for card in cards)
    same_suit = cards[0][1] == cards[1][1]
    if faces == ["3", "7"]:
        if original:
            if not same_suit:
                return "pair_hunter"
            return "flush_pair_hunter" if setting.get("flush_pair_hunter") else None
        return "pair_hunter" if same_suit else None
    if faces == ["4", "7"]:
        if original:
            if not same_suit:
                return "black_knight"
            return "flush_black_knight" if setting.get("flush_black_knight") else None
        return "black_knight" if same_suit else None
    if faces == ["4", "9"]:
        if not same_suit:
            return "regamer"
        if original and setting.get("spade_flush_regamer") and cards[0][1] == "S":
            return "spade_flush_regamer"
        return "flush_regamer"
    return None


def plain_class(cards, setting):
    """The class of two cards read as an ordinary hand."""
    back = setting.get("back_combos", True)
    high, low = sorted((value(card) for card in cards), reverse=True)
    same_suit = cards[0][1] == cards[1][1]
    if high == low:
        return ("pair", high), "pair"
    if high == 14 and low == 13:
        return (
            (("royal_straight_flush",), "royal_straight_flush")
            if same_suit
            else (("royal_straight",), "royal_straight")
        )
    if back and high == 14 and low == 2:
        return (("back_straight_flush",), "back_straight_flush") if same_suit else (("back_straight",), "back_straight")
    if high - low == 1:
        return (("straight_flush", high), "straight_flush") if same_suit else (("straight", high), "straight")
    if same_suit:
        return ("flush", high, low), "flush"
    if setting.get("top_scoring") == "kkeut":
        return ("kkeut", digit(cards)), "kkeut"
    if setting.get("top_kicker"):
        return ("top", high, low), "top"
    return ("top", high), "top"


def classify(cards, setting):
    """(name, ladder class, suit weight) of a hand under a rule set."""
    name = special_name(cards, setting)
    original = setting.get("rules") == "original"
    if name and original:
        return name, ("special",), 0  # M-R23: below every Top, all specials equal when they catch nothing
    cls, category = plain_class(cards, setting)
    if name in ("pair_hunter", "black_knight") and setting.get("top_scoring") == "kkeut":
        cls = ("kkeut", digit(cards))  # M-R18: 1 kkeut and 0 kkeut
    weight = 0
    if original:
        best = max(cards, key=lambda card: (value(card), SUIT_POWER[card[1]]))
        weight = SUIT_POWER[best[1]]
    return name or category, cls, weight


def table_text():
    """The whole of hand_table.json, one hand per line."""
    deck = [face + suit for suit in SUITS for face in FACES]
    hands = list(itertools.combinations(deck, 2))
    columns = ["cards"]
    table = {hand: [" ".join(hand)] for hand in hands}
    for set_name, setting in RULE_SETS.items():
        steps = {cls: place for place, cls in enumerate(ladder(setting))}
        graded = {hand: classify(hand, setting) for hand in hands}
        # smaller = stronger: the ladder place, then (under original) the stronger suit first
        strength = {hand: (steps[cls], -weight) for hand, (_, cls, weight) in graded.items()}
        places = {level: i + 1 for i, level in enumerate(sorted(set(strength.values())))}
        columns += [f"{set_name}_category", f"{set_name}_order"]
        for hand in hands:
            table[hand] += [graded[hand][0], places[strength[hand]]]
    rows = ",\n".join(json.dumps(table[hand]) for hand in hands)
    return f'{{\n"rule_sets": {json.dumps(RULE_SETS)},\n"columns": {json.dumps(columns)},\n"rows": [\n{rows}\n]\n}}\n'


# --- regame ranges ---------------------------------------------------------------------------------------------

REGAME_RULE_SETS = {
    "common": {},
    "common_kkeut": {"top_scoring": "kkeut"},
    "original": {"rules": "original"},
    "original_extras": {
        "rules": "original",
        "deal": "three_card",
        "triple": True,
        "flush_pair_hunter": True,
        "flush_black_knight": True,
        "spade_flush_regamer": True,
    },
}
# the categories a winning hand may have, strongest first (a Triple above the Royal straight flush, M-R24); a special
# that cannot win never wins against a regamer that is not tied with it (M-R23), so it is not listed
WINNING = [
    "triple",
    "royal_straight_flush",
    "back_straight_flush",
    "straight_flush",
    "pair",
    "royal_straight",
    "back_straight",
    "straight",
    "flush",
    "top",
    "kkeut",
]
STRAIGHT_FLUSHES = WINNING[1:4]
REGAMERS = ["regamer", "flush_regamer", "spade_flush_regamer"]
# a winning catcher counts as the hand it caught (M-D7): the categories each can catch
CAUGHT = {
    "pair_hunter": ["pair"],
    "flush_pair_hunter": ["pair"],
    "black_knight": ["back_straight_flush", "straight_flush"],
    "flush_black_knight": STRAIGHT_FLUSHES,
}


def occurs(regamer, winning, caught_by, setting):
    """Whether this regamer can face this winning hand under the rule set."""
    original = setting.get("rules") == "original"
    kkeut = setting.get("top_scoring") == "kkeut"
    if regamer == "spade_flush_regamer" and not setting.get("spade_flush_regamer"):
        return False
    if (winning == "triple" and not setting.get("triple")) or winning == ("top" if kkeut else "kkeut"):
        return False
    if caught_by is None:
        return True
    if caught_by.startswith("flush_") and not setting.get(caught_by):
        return False
    # M-R22: the original Black knight catches no straight flush with an A
    return not (original and caught_by == "black_knight" and winning == "back_straight_flush")


def may_call(regamer, winning, caught_by, setting):
    """M-R14/M-R22: a Regamer, a stretch of the ladder from the Straight family (original: the plain Straight)
    down, never against a winning Pair hunter; M-R15/M-R22: a Flush regamer, everything off the straight-flush
    stretch; M-R24: the Spade flush regamer, everything but the Royal straight flush; neither flush one when a
    Black knight wins."""
    place = WINNING.index(winning)
    knight_wins = caught_by in ("black_knight", "flush_black_knight")
    if regamer == "regamer":
        top_of_range = "straight" if setting.get("rules") == "original" else "royal_straight"
        return place >= WINNING.index(top_of_range) and caught_by not in ("pair_hunter", "flush_pair_hunter")
    if regamer == "flush_regamer":
        return winning not in STRAIGHT_FLUSHES and not knight_wins
    return place != WINNING.index("royal_straight_flush") and not knight_wins


def regame_text():
    """The whole of regame_table.json: one line per (regamer, winning category, catcher that won it); a cell is
    true or false, or null where that meeting cannot happen under the rule set."""
    meetings = [(regamer, winning, None) for regamer in REGAMERS for winning in WINNING]
    meetings += [
        (regamer, winning, catcher) for regamer in REGAMERS for catcher, caught in CAUGHT.items() for winning in caught
    ]
    rows = []
    for regamer, winning, caught_by in meetings:
        cells = [
            may_call(regamer, winning, caught_by, setting) if occurs(regamer, winning, caught_by, setting) else None
            for setting in REGAME_RULE_SETS.values()
        ]
        rows.append(json.dumps([regamer, winning, caught_by, *cells]))
    columns = ["regamer", "winning", "caught_by", *REGAME_RULE_SETS]
    body = ",\n".join(rows)
    return (
        "{\n"
        f'"rule_sets": {json.dumps(REGAME_RULE_SETS)},\n'
        f'"columns": {json.dumps(columns)},\n'
        f'"rows": [\n{body}\n]\n'
        "}\n"
    )


def main():
    for name, text in (("hand_table.json", table_text()), ("regame_table.json", regame_text())):
        out = pathlib.Path(__file__).with_name(name)
        out.write_text(text)
        print(f"wrote {out}")


if __name__ == "__main__":
    main()
