#!/usr/bin/env python3
"""Write hand_table.json: every two-card hand (1,326) with its category and order under each rule set.

Written straight from /work/shared/rules/mini-poker.md (M-R8..M-R12, M-D5, M-D6, M-R14..M-R18, M-D10, M-R20..M-R24),
sharing no code with games/minipoker/, so that tests/games/minipoker/test_ranking.py compares two independent
readings of the rules. The method differs on purpose: here each rule set is a ladder of hand classes written out
strongest first, and a hand's order is the place of its class on the ladder (1 = strongest; equal hands share a
place); under `original` the suit of the higher card (S > D > H > C) splits a class.

usage: python seeds/minipoker/make_hand_table.py   (from the project root; rewrites the file beside this script)
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
    "original_extras": {"rules": "original", "flush_pair_hunter": True, "flush_black_knight": True,
                        "spade_flush_regamer": True},
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
    steps += [("flush", high, low) for high in range(14, 2, -1) for low in range(high - 1, 1, -1)
              if not is_run(high, low, back)]
    if setting.get("top_scoring") == "kkeut":
        steps += [("kkeut", d) for d in range(9, -1, -1)]
    elif setting.get("top_kicker"):
        steps += [("top", high, low) for high in range(14, 3, -1) for low in range(high - 1, 1, -1)
                  if not is_run(high, low, back)]
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
        return (("royal_straight_flush",), "royal_straight_flush") if same_suit else (("royal_straight",),
                                                                                      "royal_straight")
    if back and high == 14 and low == 2:
        return (("back_straight_flush",), "back_straight_flush") if same_suit else (("back_straight",),
                                                                                    "back_straight")
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
    return (
        "{\n"
        f'"rule_sets": {json.dumps(RULE_SETS)},\n'
        f'"columns": {json.dumps(columns)},\n'
        f'"rows": [\n{rows}\n]\n'
        "}\n"
    )


def main():
    out = pathlib.Path(__file__).with_name("hand_table.json")
    out.write_text(table_text())
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
