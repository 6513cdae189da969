"""The special round's powers (B-R12 to B-R17): which fire on a turn, and one small function per power.

Everything here works on the hand (a dict inside the engine's state) and mutates it: the engine hands in its own
copy. Cards live in `pub[seat]` (codes; a "+" suffix marks a card gained in the special round, which never counts
for conditions), `priv[seat]` (codes) with `seen[seat]` beside it (per private card, a bit mask of the other seats
allowed to see it: the 4-flush peek), `community`, `discards` and `deck` (drawn from the front). The state stays
flat (strings and ints) because the conformance kit copies it many times a move.
A power that needs a choice sets `need` (kind, deciding seat, context); the engine lists its options with
`need_options` and applies the chosen one with `need_apply`.
"""

from typing import Any

from games.blackcard.cards import (
    RANK_INDEX,
    SUIT_ORDER,
    SUIT_STRENGTH,
    Key,
    identity,
    is_face_target,
    is_joker,
    key_of,
)
from games.core import betting

Hand = dict[str, Any]
Move = dict[str, Any]

FACE_POWERS = (("J", 9), ("Q", 10), ("K", 11))


# --- conditions ------------------------------------------------------------------------------------------------------


def runs(ranks: set[int]) -> list[list[int]]:
    """B-R14/B-D7: maximal runs of three or more consecutive ranks, highest first; the ace is high after the K or
    low before the 2, never both ends at once (no wrap)."""
    present = set(ranks)
    if 12 in present:
        present.add(-1)
    found, current = [], []
    for rank in range(-1, 13):
        if rank in present:
            current.append(rank)
            continue
        if len(current) >= 3:
            found.append(current)
        current = []
    if len(current) >= 3:
        found.append(current)
    found.sort(key=lambda run: run[-1], reverse=True)
    return [[12 if r == -1 else r for r in run] for run in found]


def turn_powers(keys: list[Key], seat: int, passives: dict[str, list[int]]) -> list[dict[str, Any]]:
    """The powers a seat uses this turn, fixed at its start (B-R12), in the B-D6 order: J, Q, K, straights,
    flushes, 4-flush peeks. A power disabled by another player's passive still fires, without effect (B-R16)."""
    ranks = {key[0] for key in keys}
    out: list[dict[str, Any]] = [{"p": name} for name, rank in FACE_POWERS if rank in ranks]
    royalty_off = any(other != seat for other in passives.get("royalty", []))
    suits_off = any(other != seat for other in passives.get("four_suits", []))
    for run in runs(ranks):
        if len(run) >= 4:
            out.append({"p": "s4", "ranks": sorted(set(run))})
        else:
            out.append({"p": "s3", "ranks": sorted(set(run)), "off": royalty_off})
    counts = {suit: sum(1 for key in keys if key[1] == SUIT_STRENGTH[suit]) for suit in SUIT_ORDER}
    for suit in SUIT_ORDER:
        if counts[suit] >= 3:
            out.append({"p": "flush", "suit": suit, "off": suits_off})
    out.extend({"p": "peek", "suit": suit} for suit in SUIT_ORDER if counts[suit] >= 4)
    return out


# --- small helpers on the hand ---------------------------------------------------------------------------------------


def live_seats(hand: Hand) -> list[int]:
    return betting.live_seats(hand["chips"])


def others(hand: Hand, seat: int) -> list[int]:
    """B-D19: the players a power may name, in seat order: every other player still in."""
    return [s for s in live_seats(hand) if s != seat]


def public_cards(hand: Hand, seat: int) -> list[str]:
    return [entry[:2] for entry in hand["pub"][seat]]


def counting_cards(hand: Hand, seat: int) -> list[str]:
    return [entry for entry in hand["pub"][seat] if len(entry) == 2]


def take_public(hand: Hand, seat: int, card: str) -> str:
    """Remove a public card; returns its entry (with its "+" mark, if any)."""
    row = hand["pub"][seat]
    for i, entry in enumerate(row):
        if entry[:2] == card:
            return row.pop(i)
    raise ValueError(card)


def add_private(hand: Hand, seat: int, card: str) -> None:
    hand["priv"][seat].append(card)
    hand["seen"][seat].append(0)


def take_private(hand: Hand, seat: int, index: int) -> str:
    hand["seen"][seat].pop(index)
    return hand["priv"][seat].pop(index)


def face_cards(hand: Hand, seat: int) -> list[str]:
    return [card for card in public_cards(hand, seat) if is_face_target(card, hand["jokers"])]


def discard_public(hand: Hand, seat: int, card: str) -> None:
    """B-R17: a discarded card goes face up to the discard pile."""
    take_public(hand, seat, card)
    hand["discards"].append(card)


def discard_private(hand: Hand, seat: int, index: int) -> None:
    hand["discards"].append(take_private(hand, seat, index))


def draw(hand: Hand) -> str | None:
    return hand["deck"].pop(0) if hand["deck"] else None


def draw_face_up(hand: Hand, seat: int, count: int) -> list[str]:
    """B-D18: cards gained face up are public cards of their holder that never count for conditions; a joker is
    declared at once by its receiver (B-D17)."""
    drawn = []
    for _ in range(count):
        card = draw(hand)
        if card is None:
            break
        hand["pub"][seat].append(card + "+")
        if is_joker(card):
            hand["declare"].append([seat, card, "up"])
        drawn.append(card)
    return drawn


def draw_private(hand: Hand, seat: int, count: int) -> None:
    for _ in range(count):
        card = draw(hand)
        if card is None:
            return
        add_private(hand, seat, card)


def _rank_of(card: str, jokers: dict[str, str]) -> int | None:
    ident = identity(card, jokers)
    return None if ident is None else RANK_INDEX[ident[0]]


# --- the powers ------------------------------------------------------------------------------------------------------


def straight(hand: Hand, owner: int, ranks: list[int], *, transfer: bool) -> None:
    """B-R14/B-D24: every other player loses all their cards of the run's ranks, public and private (declared
    jokers by their declaration; undeclared jokers have no rank); a 4-straight hands them to the owner face up."""
    jokers, wanted = hand["jokers"], set(ranks)
    for seat in others(hand, owner):
        lost = [card for card in public_cards(hand, seat) if _rank_of(card, jokers) in wanted]
        for card in lost:
            take_public(hand, seat, card)
        hits = [i for i, card in enumerate(hand["priv"][seat]) if _rank_of(card, jokers) in wanted]
        lost.extend(hand["priv"][seat][i] for i in hits)
        for index in reversed(hits):
            take_private(hand, seat, index)
        for card in lost:
            if transfer:
                hand["pub"][owner].append(card + "+")
            else:
                hand["discards"].append(card)


def king(hand: Hand, owner: int) -> None:
    """B-R13 K: every other player discards all their public face cards."""
    for seat in others(hand, owner):
        for card in face_cards(hand, seat):
            discard_public(hand, seat, card)


def queen(hand: Hand, owner: int) -> None:
    """B-R13 Q: the Q player picks one public face card of every other player who has one, seat by seat."""
    victims = [seat for seat in others(hand, owner) if face_cards(hand, seat)]
    if victims:
        hand["need"] = {"kind": "qpick", "seat": owner, "victim": victims[0], "rest": victims[1:]}


def wealth(hand: Hand, owner: int) -> None:
    """B-R15 Diamond: draw two cards face up."""
    draw_face_up(hand, owner, 2)


def luck(hand: Hand, owner: int) -> None:
    """B-R15 Club: draw one card face up; a club brings two private cards (a joker is declared first, B-D17)."""
    drawn = draw_face_up(hand, owner, 1)
    if not drawn:
        return
    if is_joker(drawn[0]):
        hand["sp"]["todo"].insert(0, {"p": "club_check", "card": drawn[0]})
    else:
        club_check(hand, owner, drawn[0])


def club_check(hand: Hand, owner: int, card: str) -> None:
    ident = identity(card, hand["jokers"])
    if ident is not None and ident[1] == "C":
        draw_private(hand, owner, 2)


def start(hand: Hand, item: dict[str, Any], owner: int) -> None:
    """Use one power of the owner's turn: either at once, or by setting the first choice it needs."""
    kind = item["p"]
    if kind in ("J", "peek"):
        hand["need"] = {"kind": "target", "seat": owner, "p": kind}
    elif kind == "Q":
        queen(hand, owner)
    elif kind == "K":
        king(hand, owner)
    elif kind in ("s3", "s4"):
        if not item.get("off"):
            straight(hand, owner, item["ranks"], transfer=kind == "s4")
    elif kind == "club_check":
        club_check(hand, owner, item["card"])
    elif kind == "flush" and not item["off"]:
        suit = item["suit"]
        if suit == "S":
            hand["need"] = {"kind": "target", "seat": owner, "p": "S"}
        elif suit == "D":
            wealth(hand, owner)
        elif suit == "H":
            if hand["pub"][owner] or hand["priv"][owner]:
                hand["need"] = {"kind": "target", "seat": owner, "p": "H"}
        else:
            luck(hand, owner)


# --- choices ---------------------------------------------------------------------------------------------------------


def _picks_public(cards: list[str]) -> list[Move]:
    return [{"type": "pick", "card": card} for card in cards]


def need_options(hand: Hand, need: dict[str, Any]) -> list[Move]:
    """The moves open to the deciding seat, in seat order and card order (B-D11 takes the first)."""
    kind, seat = need["kind"], need["seat"]
    if kind == "target":
        moves: list[Move] = [{"type": "target", "seat": s} for s in others(hand, seat)]
        return [*moves, {"type": "decline"}] if need["p"] == "peek" else moves
    if kind == "face":
        return _picks_public(face_cards(hand, seat))
    if kind == "qpick":
        return _picks_public(face_cards(hand, need["victim"]))
    if kind == "spear_pub":
        return _picks_public(public_cards(hand, need["victim"]))
    if kind == "spear_priv":
        return [{"type": "pick", "index": i} for i in range(len(hand["priv"][need["victim"]]))]
    if kind == "heart_take":
        victim = need["victim"]
        return _picks_public(public_cards(hand, victim)) + [
            {"type": "pick", "index": i} for i in range(len(hand["priv"][victim]))
        ]
    if kind == "heart_give":
        return _picks_public(public_cards(hand, seat) + hand["priv"][seat])
    if kind == "peek_keep":
        return _picks_public(hand["priv"][seat])
    if kind == "keep":
        return [{"type": "keep", "card": card} for card in need["cards"]]
    raise ValueError(kind)


def _on_target(hand: Hand, need: dict[str, Any], victim: int) -> None:
    owner, power = need["seat"], need["p"]
    if power == "J":
        if face_cards(hand, victim):
            hand["need"] = {"kind": "face", "seat": victim, "by": owner}
    elif power == "S":
        if hand["pub"][victim]:
            hand["need"] = {"kind": "spear_pub", "seat": owner, "victim": victim}
        elif hand["priv"][victim]:
            hand["need"] = {"kind": "spear_priv", "seat": owner, "victim": victim}
    elif power == "H":
        if hand["pub"][victim] or hand["priv"][victim]:
            hand["need"] = {"kind": "heart_take", "seat": owner, "victim": victim}
    elif power == "peek" and hand["priv"][victim]:
        hand["need"] = {"kind": "peek_keep", "seat": victim, "by": owner}


def _exchange(hand: Hand, owner: int, give: str, victim: int, take: dict[str, Any]) -> None:
    """B-R15 Heart: each card keeps its face; a private card is seen only by its new holder (B-D8)."""
    taken_private = "index" in take
    taken = take_private(hand, victim, take["index"]) if taken_private else take_public(hand, victim, take["card"])
    if give in public_cards(hand, owner):
        hand["pub"][victim].append(take_public(hand, owner, give))
    else:
        add_private(hand, victim, take_private(hand, owner, hand["priv"][owner].index(give)))
    if taken_private:
        add_private(hand, owner, taken)
    else:
        hand["pub"][owner].append(taken)


def need_apply(hand: Hand, need: dict[str, Any], move: Move) -> None:
    """Apply a chosen option (already checked to be one of `need_options`) and set the next choice, if any."""
    hand["need"] = None
    kind = need["kind"]
    if kind == "target":
        if move["type"] == "target":
            _on_target(hand, need, move["seat"])
    elif kind == "face":
        discard_public(hand, need["seat"], move["card"])
    elif kind == "qpick":
        discard_public(hand, need["victim"], move["card"])
        rest = [seat for seat in need["rest"] if face_cards(hand, seat)]
        if rest:
            hand["need"] = {"kind": "qpick", "seat": need["seat"], "victim": rest[0], "rest": rest[1:]}
    elif kind == "spear_pub":
        discard_public(hand, need["victim"], move["card"])
        if hand["priv"][need["victim"]]:
            hand["need"] = {"kind": "spear_priv", "seat": need["seat"], "victim": need["victim"]}
    elif kind == "spear_priv":
        discard_private(hand, need["victim"], move["index"])
    elif kind == "heart_take":
        take = {"index": move["index"]} if "index" in move else {"card": move["card"]}
        hand["need"] = {"kind": "heart_give", "seat": need["seat"], "victim": need["victim"], "take": take}
    elif kind == "heart_give":
        _exchange(hand, need["seat"], move["card"], need["victim"], need["take"])
    elif kind == "peek_keep":
        target, bit = need["seat"], 1 << need["by"]
        for i, card in enumerate(hand["priv"][target]):
            if card != move["card"]:
                hand["seen"][target][i] |= bit
    elif kind == "keep":
        keep(hand, need["seat"], need["cards"], move["card"])


def keep(hand: Hand, seat: int, cards: list[str], kept: str) -> None:
    """B-R10 A+21: the kept card is an extra public card that counts for conditions; the other two go face up to
    the discard pile (B-D5); a kept joker is declared at once (B-D17)."""
    hand["pub"][seat].append(kept)
    hand["discards"].extend(card for card in cards if card != kept)
    if is_joker(kept):
        hand["declare"].append([seat, kept, "up"])


def power_keys(hand: Hand, seat: int) -> list[Key]:
    """B-R12 power cards: public cards that count (the four, as changed by earlier powers, and an A+21 kept card)
    plus the community cards."""
    jokers = hand["jokers"]
    cards = counting_cards(hand, seat) + hand["community"]
    return [k for card in cards if (k := key_of(card, jokers)) is not None]
