"""Passives (B-R10), judged once after round 3 on the four public cards of each player still in.

- A+21: an ace among the four and the other three summing to 21 (B-R4: an ace among the three counts 1 or 14).
- Royalty: at least two public J, Q or K (a joker counts only as what it was declared, B-D21).
- Four suits: all four suits among the public cards.
"""

from itertools import product

from games.blackcard.cards import ACE, FACE_RANKS, Key, sum_values


def a21_ace(keys: list[Key]) -> Key | None:
    """The ace that places an A+21 player (B-D22: the higher-suited of two aces), or None without A+21."""
    aces = [key for key in keys if key[0] == ACE]
    if len(keys) != 4 or not aces:
        return None
    for i, ace in enumerate(keys):
        if ace[0] != ACE:
            continue
        others = keys[:i] + keys[i + 1 :]
        if any(sum(combo) == 21 for combo in product(*(sum_values(k[0]) for k in others))):
            return max(aces)
    return None


def has_royalty(keys: list[Key]) -> bool:
    return sum(1 for key in keys if key[0] in FACE_RANKS) >= 2


def has_four_suits(keys: list[Key]) -> bool:
    return len({key[1] for key in keys}) == 4


def judge(public: dict[int, list[Key]]) -> dict[str, list[int]]:
    """The passives of every seat still in: A+21 seats in opening order (highest ace first), Royalty and Four
    suits holders in seat order."""
    a21 = {seat: ace for seat, keys in public.items() if (ace := a21_ace(keys)) is not None}
    return {
        "ace21": sorted(a21, key=lambda seat: a21[seat], reverse=True),
        "royalty": sorted(seat for seat, keys in public.items() if has_royalty(keys)),
        "four_suits": sorted(seat for seat, keys in public.items() if has_four_suits(keys)),
    }
