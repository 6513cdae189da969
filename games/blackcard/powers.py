"""The special round's powers (B-R12 to B-R17): which fire on a turn, one small function per power, and the choices
they ask for (`POWER_CHOICES`).

Everything here works on the hand (a dict inside the engine's state, the engine's own copy) and mutates it,
appending the events of what it does. Cards live in `public[seat]` (codes; a `GAINED` suffix marks a card gained in
the special round, which never counts for conditions), `private[seat]` (codes, in the order received) with
`peeked_by[seat]` beside it (per private card, a bit mask of the other seats allowed to see it: the 4-flush peek),
`community`, `discards` and `deck` (drawn from the front). A power that needs a choice sets `pending_choice`
(games/blackcard/choices.py).
"""

from collections.abc import Callable
from typing import Any

from games.blackcard.cards import (
    ACE,
    FACE_RANKS,
    RANK_INDEX,
    RANK_WORDS,
    SUIT_ORDER,
    SUIT_STRENGTH,
    Key,
    identity,
    is_face_target,
    is_joker,
    key_of,
)
from games.blackcard.choices import (
    ACE21_KEEP,
    EXCHANGE_GIVE,
    EXCHANGE_TAKE,
    GIVE_UP_FACE_CARD,
    NAME_PLAYER,
    PEEK_KEEP_HIDDEN,
    QUEEN_PICK,
    SPEAR_PRIVATE,
    SPEAR_PUBLIC,
    Choice,
    Hand,
    Pending,
)
from games.core import betting
from games.core.i18n import _
from games.core.protocol import Event, Move

GAINED = "+"  # the mark of a public card gained in the special round (B-D18: it never counts for conditions)

# the powers of a turn (items of `special_round["powers_left"]`: {"power", and "ranks", "suit", "disabled"})
JACK, QUEEN, KING = "jack", "queen", "king"
THREE_STRAIGHT, FOUR_STRAIGHT = "three_straight", "four_straight"
SPEAR, WEALTH, EXCHANGE, LUCK = "spear", "wealth", "exchange", "luck"  # the flush of each suit (B-R15)
PEEK = "peek"  # the 4-flush peek
LUCK_CLUB_CHECK = "luck_club_check"  # Clover drew a joker: after its declaration, is it a club? (B-D17)

FACE_POWERS = ((JACK, FACE_RANKS[0]), (QUEEN, FACE_RANKS[1]), (KING, FACE_RANKS[2]))
FLUSH_POWERS = {"S": SPEAR, "D": WEALTH, "H": EXCHANGE, "C": LUCK}

POWER_PHRASES = {
    JACK: _("the J"),
    QUEEN: _("the Q"),
    KING: _("the K"),
    THREE_STRAIGHT: _("the 3-straight {run}"),
    FOUR_STRAIGHT: _("the 4-straight {run}"),
    SPEAR: _("the spade flush, spear"),
    WEALTH: _("the diamond flush, wealth"),
    EXCHANGE: _("the heart flush, exchange"),
    LUCK: _("the club flush, luck"),
    PEEK: _("the 4-flush peek in {suit}"),
}
# B-R10: the passive of another player that leaves a power without effect
DISABLED_BY = {
    THREE_STRAIGHT: _("another player's Royalty"),
    SPEAR: _("another player's Four suits"),
    WEALTH: _("another player's Four suits"),
    EXCHANGE: _("another player's Four suits"),
    LUCK: _("another player's Four suits"),
}


# --- conditions ------------------------------------------------------------------------------------------------------


def runs(ranks: set[int]) -> list[list[int]]:
    """B-R14/B-D7: maximal runs of three or more consecutive ranks, highest first; the ace is high after the K or
    low before the 2, never both ends at once (no wrap)."""
    present = set(ranks)
    if ACE in present:
        present.add(-1)
    found: list[list[int]] = []
    current: list[int] = []
    for rank in range(-1, ACE + 1):
        if rank in present:
            current.append(rank)
            continue
        if len(current) >= 3:
            found.append(current)
        current = []
    if len(current) >= 3:
        found.append(current)
    found.sort(key=lambda run: run[-1], reverse=True)
    return [[ACE if r == -1 else r for r in run] for run in found]


def turn_powers(keys: list[Key], seat: int, passives: dict[str, list[int]]) -> list[dict[str, Any]]:
    """The powers a seat uses this turn, fixed at its start (B-R12), in the B-D6 order: J, Q, K, straights,
    flushes, 4-flush peeks. A power disabled by another player's passive still fires, without effect (B-R16)."""
    ranks = {key[0] for key in keys}
    out: list[dict[str, Any]] = [{"power": power} for power, rank in FACE_POWERS if rank in ranks]
    royalty_elsewhere = any(other != seat for other in passives.get("royalty", []))
    four_suits_elsewhere = any(other != seat for other in passives.get("four_suits", []))
    for run in runs(ranks):
        if len(run) >= 4:
            out.append({"power": FOUR_STRAIGHT, "ranks": run})
        else:
            out.append({"power": THREE_STRAIGHT, "ranks": run, "disabled": royalty_elsewhere})
    counts = {suit: sum(1 for key in keys if key[1] == SUIT_STRENGTH[suit]) for suit in SUIT_ORDER}
    for suit in SUIT_ORDER:
        if counts[suit] >= 3:
            out.append({"power": FLUSH_POWERS[suit], "suit": suit, "disabled": four_suits_elsewhere})
    out.extend({"power": PEEK, "suit": suit} for suit in SUIT_ORDER if counts[suit] >= 4)
    return out


def power_phrase(item: dict[str, Any]) -> dict[str, Any]:
    """A power of a turn as a phrase (games/core/events.py): "the 3-straight 5-6-7", "the 4-flush peek in H"."""
    phrase: dict[str, Any] = {"text": POWER_PHRASES[item["power"]]}
    if "ranks" in item:
        phrase["run"] = "-".join(RANK_WORDS[rank] for rank in item["ranks"])
    if item["power"] == PEEK:
        phrase["suit"] = item["suit"]
    return phrase


# --- small helpers on the hand ---------------------------------------------------------------------------------------


def live_seats(hand: Hand) -> list[int]:
    return betting.live_seats(hand["chips"])


def others(hand: Hand, seat: int) -> list[int]:
    """B-D19: the players a power may name, in seat order: every other player still in."""
    return [s for s in live_seats(hand) if s != seat]


def public_cards(hand: Hand, seat: int) -> list[str]:
    return [entry[:2] for entry in hand["public"][seat]]


def counting_cards(hand: Hand, seat: int) -> list[str]:
    return [entry for entry in hand["public"][seat] if not entry.endswith(GAINED)]


def take_public(hand: Hand, seat: int, card: str) -> str:
    """Remove a public card; returns its entry (with its `GAINED` mark, if any)."""
    row = hand["public"][seat]
    for i, entry in enumerate(row):
        if entry[:2] == card:
            entry_taken: str = row.pop(i)
            return entry_taken
    raise ValueError(card)


def add_private(hand: Hand, seat: int, card: str) -> None:
    hand["private"][seat].append(card)
    hand["peeked_by"][seat].append(0)


def take_private(hand: Hand, seat: int, index: int) -> str:
    hand["peeked_by"][seat].pop(index)
    card: str = hand["private"][seat].pop(index)
    return card


def face_cards(hand: Hand, seat: int) -> list[str]:
    return [card for card in public_cards(hand, seat) if is_face_target(card, hand["jokers_declared"])]


def discard_public(hand: Hand, seat: int, card: str, events: list[Event]) -> None:
    """B-R17: a discarded card goes face up to the discard pile."""
    take_public(hand, seat, card)
    hand["discards"].append(card)
    events.append({"type": "discarded", "seat": seat, "card": card})


def discard_private(hand: Hand, seat: int, index: int, events: list[Event]) -> None:
    """B-R17: a private card discarded by a power is shown to all."""
    card = take_private(hand, seat, index)
    hand["discards"].append(card)
    events.append({"type": "private_discarded", "seat": seat, "card": card})


def draw(hand: Hand) -> str | None:
    card: str | None = hand["deck"].pop(0) if hand["deck"] else None
    return card


def queue_declaration(hand: Hand, seat: int, joker: str, *, at_showdown: bool = False) -> None:
    """B-R3, B-D17: a joker turned face up is declared by its receiver before anything else happens."""
    hand["jokers_to_declare"].append({"seat": seat, "joker": joker, "at_showdown": at_showdown})


def draw_face_up(hand: Hand, seat: int, count: int, events: list[Event]) -> list[str]:
    """B-D18: cards gained face up are public cards of their holder that never count for conditions."""
    drawn = []
    for _draw in range(count):
        card = draw(hand)
        if card is None:
            break
        hand["public"][seat].append(card + GAINED)
        events.append({"type": "card_drawn", "seat": seat, "card": card})
        if is_joker(card):
            queue_declaration(hand, seat, card)
        drawn.append(card)
    return drawn


def draw_private(hand: Hand, seat: int, count: int) -> list[str]:
    """Up to `count` cards from the deck to the seat's private cards (fewer when the deck runs out)."""
    drawn = []
    for _draw in range(count):
        card = draw(hand)
        if card is None:
            break
        add_private(hand, seat, card)
        drawn.append(card)
    return drawn


def _rank_of(card: str, jokers: dict[str, str]) -> int | None:
    ident = identity(card, jokers)
    return None if ident is None else RANK_INDEX[ident[0]]


# --- the powers ------------------------------------------------------------------------------------------------------


def _straight(hand: Hand, owner: int, ranks: list[int], events: list[Event], *, transfer: bool) -> None:
    """B-R14/B-D24: every other player loses all their cards of the run's ranks, public and private (declared
    jokers by their declaration; undeclared jokers have no rank); a 4-straight hands them to the owner face up."""
    jokers, wanted = hand["jokers_declared"], set(ranks)
    for seat in others(hand, owner):
        lost = [card for card in public_cards(hand, seat) if _rank_of(card, jokers) in wanted]
        for card in lost:
            take_public(hand, seat, card)
        hits = [i for i, card in enumerate(hand["private"][seat]) if _rank_of(card, jokers) in wanted]
        lost_private = [hand["private"][seat][i] for i in hits]
        for index in reversed(hits):
            take_private(hand, seat, index)
        for card, was_private in [(card, False) for card in lost] + [(card, True) for card in lost_private]:
            if transfer:
                hand["public"][owner].append(card + GAINED)
                events.append({"type": "card_passed", "from_seat": seat, "to_seat": owner, "card": card})
            else:
                hand["discards"].append(card)
                events.append({"type": "private_discarded" if was_private else "discarded", "seat": seat, "card": card})


def three_straight(hand: Hand, item: dict[str, Any], owner: int, events: list[Event]) -> None:
    _straight(hand, owner, item["ranks"], events, transfer=False)


def four_straight(hand: Hand, item: dict[str, Any], owner: int, events: list[Event]) -> None:
    _straight(hand, owner, item["ranks"], events, transfer=True)


def king(hand: Hand, item: dict[str, Any], owner: int, events: list[Event]) -> None:
    """B-R13 K: every other player discards all their public face cards."""
    for seat in others(hand, owner):
        for card in face_cards(hand, seat):
            discard_public(hand, seat, card, events)


def queen(hand: Hand, item: dict[str, Any], owner: int, events: list[Event]) -> None:
    """B-R13 Q: the Q player picks one public face card of every other player who has one, seat by seat."""
    targets = [seat for seat in others(hand, owner) if face_cards(hand, seat)]
    if targets:
        hand["pending_choice"] = {"kind": QUEEN_PICK, "seat": owner, "target": targets[0], "targets_left": targets[1:]}


def wealth(hand: Hand, item: dict[str, Any], owner: int, events: list[Event]) -> None:
    """B-R15 Diamond: draw two cards face up."""
    draw_face_up(hand, owner, 2, events)


def luck(hand: Hand, item: dict[str, Any], owner: int, events: list[Event]) -> None:
    """B-R15 Club: draw one card face up; a club brings two private cards (a joker is declared first, B-D17)."""
    drawn = draw_face_up(hand, owner, 1, events)
    if not drawn:
        return
    if is_joker(drawn[0]):
        hand["special_round"]["powers_left"].insert(0, {"power": LUCK_CLUB_CHECK, "card": drawn[0]})
    else:
        luck_club_check(hand, {"card": drawn[0]}, owner, events)


def luck_club_check(hand: Hand, item: dict[str, Any], owner: int, events: list[Event]) -> None:
    ident = identity(item["card"], hand["jokers_declared"])
    if ident is None or ident[1] != "C":
        return
    drawn = draw_private(hand, owner, 2)
    if drawn:
        events.append({"type": "luck_bonus", "seat": owner, "count": len(drawn)})
        events.append({"type": "cards_dealt", "seat": owner, "cards": drawn, "to": [owner]})


def name_a_player(hand: Hand, item: dict[str, Any], owner: int, events: list[Event]) -> None:
    """The J, the spear and the peek name another player still in (B-D19)."""
    hand["pending_choice"] = {"kind": NAME_PLAYER, "seat": owner, "power": item["power"]}
    if item["power"] == PEEK:
        hand["pending_choice"]["suit"] = item["suit"]


def exchange(hand: Hand, item: dict[str, Any], owner: int, events: list[Event]) -> None:
    """B-R15 Heart: name a player, then swap cards; without a card of one's own there is nothing to swap."""
    if hand["public"][owner] or hand["private"][owner]:
        name_a_player(hand, item, owner, events)


POWERS: dict[str, Callable[[Hand, dict[str, Any], int, list[Event]], None]] = {
    JACK: name_a_player,
    QUEEN: queen,
    KING: king,
    THREE_STRAIGHT: three_straight,
    FOUR_STRAIGHT: four_straight,
    SPEAR: name_a_player,
    WEALTH: wealth,
    EXCHANGE: exchange,
    LUCK: luck,
    PEEK: name_a_player,
}


def start(hand: Hand, item: dict[str, Any], owner: int, events: list[Event]) -> None:
    """Use one power of the owner's turn: either at once, or by setting the first choice it needs."""
    if item["power"] == LUCK_CLUB_CHECK:
        luck_club_check(hand, item, owner, events)
        return
    if item.get("disabled"):
        events.append(
            {
                "type": "power_disabled",
                "seat": owner,
                "power": power_phrase(item),
                "passive": {"text": DISABLED_BY[item["power"]]},
            }
        )
        return
    events.append({"type": "power_used", "seat": owner, "power": power_phrase(item)})
    POWERS[item["power"]](hand, item, owner, events)


# --- choices ---------------------------------------------------------------------------------------------------------


def _picks_public(cards: list[str]) -> list[Move]:
    return [{"type": "pick", "card": card} for card in cards]


def _picks_private(hand: Hand, seat: int) -> list[Move]:
    """A private card of another player is picked blind, by its position (B-D8)."""
    return [{"type": "pick", "index": i} for i in range(len(hand["private"][seat]))]


def _name_player_moves(hand: Hand, pending: Pending) -> list[Move]:
    moves: list[Move] = [{"type": "target", "seat": s} for s in others(hand, pending["seat"])]
    return [*moves, {"type": "decline"}] if pending["power"] == PEEK else moves


def _on_named_jack(hand: Hand, owner: int, target: int) -> None:
    if face_cards(hand, target):
        hand["pending_choice"] = {"kind": GIVE_UP_FACE_CARD, "seat": target, "power_owner": owner}


def _on_named_spear(hand: Hand, owner: int, target: int) -> None:
    if hand["public"][target]:
        hand["pending_choice"] = {"kind": SPEAR_PUBLIC, "seat": owner, "target": target}
    elif hand["private"][target]:
        hand["pending_choice"] = {"kind": SPEAR_PRIVATE, "seat": owner, "target": target}


def _on_named_exchange(hand: Hand, owner: int, target: int) -> None:
    if hand["public"][target] or hand["private"][target]:
        hand["pending_choice"] = {"kind": EXCHANGE_TAKE, "seat": owner, "target": target}


def _on_named_peek(hand: Hand, owner: int, target: int) -> None:
    if hand["private"][target]:
        hand["pending_choice"] = {"kind": PEEK_KEEP_HIDDEN, "seat": target, "peeker": owner}


ON_NAMED: dict[str, Callable[[Hand, int, int], None]] = {
    JACK: _on_named_jack,
    SPEAR: _on_named_spear,
    EXCHANGE: _on_named_exchange,
    PEEK: _on_named_peek,
}


def _apply_name_player(hand: Hand, pending: Pending, move: Move, events: list[Event]) -> None:
    owner = pending["seat"]
    target = move.get("seat")  # None: the peek declined
    # a power names a player in public: the record of the round says whom (the view shows it)
    hand["special_round"]["named"].append({"seat": owner, "power": pending["power"], "target": target})
    if target is None:
        events.append({"type": "peek_declined", "seat": owner})
        return
    events.append({"type": "player_named", "seat": owner, "target": target, "power": power_phrase(pending)})
    ON_NAMED[pending["power"]](hand, owner, target)


def _apply_give_up_face_card(hand: Hand, pending: Pending, move: Move, events: list[Event]) -> None:
    discard_public(hand, pending["seat"], move["card"], events)


def _apply_queen_pick(hand: Hand, pending: Pending, move: Move, events: list[Event]) -> None:
    discard_public(hand, pending["target"], move["card"], events)
    targets = [seat for seat in pending["targets_left"] if face_cards(hand, seat)]
    if targets:
        hand["pending_choice"] = {
            "kind": QUEEN_PICK,
            "seat": pending["seat"],
            "target": targets[0],
            "targets_left": targets[1:],
        }


def _apply_spear_public(hand: Hand, pending: Pending, move: Move, events: list[Event]) -> None:
    target = pending["target"]
    discard_public(hand, target, move["card"], events)
    if hand["private"][target]:
        hand["pending_choice"] = {"kind": SPEAR_PRIVATE, "seat": pending["seat"], "target": target}


def _apply_spear_private(hand: Hand, pending: Pending, move: Move, events: list[Event]) -> None:
    discard_private(hand, pending["target"], move["index"], events)


def _apply_exchange_take(hand: Hand, pending: Pending, move: Move, events: list[Event]) -> None:
    owner, target = pending["seat"], pending["target"]
    if "index" in move:
        taken: dict[str, Any] = {"index": move["index"]}
        events.append({"type": "exchange_take_blind", "seat": owner, "target": target})
    else:
        taken = {"card": move["card"]}
        events.append({"type": "exchange_take", "seat": owner, "target": target, "card": move["card"]})
    hand["pending_choice"] = {"kind": EXCHANGE_GIVE, "seat": owner, "target": target, "taken": taken}


def _passed(hand: Hand, giver: int, receiver: int, entry: str, *, private: bool, events: list[Event]) -> None:
    """One card of the exchange changes hands keeping its face (B-R15): a public card in public, a private card
    seen by its two holders only."""
    card = entry[:2]
    if private:
        add_private(hand, receiver, card)
        events.append(
            {
                "type": "private_card_passed",
                "from_seat": giver,
                "to_seat": receiver,
                "secret": {"to": sorted({giver, receiver}), "card": card},
            }
        )
    else:
        hand["public"][receiver].append(entry)
        events.append({"type": "card_passed", "from_seat": giver, "to_seat": receiver, "card": card})


def _apply_exchange_give(hand: Hand, pending: Pending, move: Move, events: list[Event]) -> None:
    """B-R15 Heart: each card keeps its face; a private card is seen only by its new holder (B-D8)."""
    owner, target, taken, give = pending["seat"], pending["target"], pending["taken"], move["card"]
    taken_private = "index" in taken
    taken_entry = (
        take_private(hand, target, taken["index"]) if taken_private else take_public(hand, target, taken["card"])
    )
    given_public = give in public_cards(hand, owner)
    given_entry = (
        take_public(hand, owner, give)
        if given_public
        else take_private(hand, owner, hand["private"][owner].index(give))
    )
    _passed(hand, target, owner, taken_entry, private=taken_private, events=events)
    _passed(hand, owner, target, given_entry, private=not given_public, events=events)


def _apply_peek_keep_hidden(hand: Hand, pending: Pending, move: Move, events: list[Event]) -> None:
    target, peeker = pending["seat"], pending["peeker"]
    shown = []
    for i, card in enumerate(hand["private"][target]):
        if card != move["card"]:
            hand["peeked_by"][target][i] |= 1 << peeker
            shown.append(card)
    # the two seats keep the record of what was shown (the view shows it to them alone, also once the hand is over)
    hand["peeks"].append({"peeker": peeker, "seat": target, "cards": shown})
    events.append(
        {
            "type": "peek_shown",
            "seat": target,
            "target": peeker,
            "count": len(shown),
            "secret": {"to": sorted({target, peeker}), "cards": shown},
        }
    )


def _apply_ace21_keep(hand: Hand, pending: Pending, move: Move, events: list[Event]) -> None:
    """B-R10 A+21: the kept card is an extra public card that counts for conditions; the other two go face up to
    the discard pile (B-D5); a kept joker is declared at once (B-D17)."""
    seat, kept = pending["seat"], move["card"]
    rest = [card for card in pending["cards"] if card != kept]
    hand["public"][seat].append(kept)
    hand["discards"].extend(rest)
    events.append({"type": "ace21_keep", "seat": seat, "card": kept, "cards": rest})
    if is_joker(kept):
        queue_declaration(hand, seat, kept)


POWER_CHOICES = {
    ACE21_KEEP: Choice(
        moves=lambda hand, pending: [{"type": "keep", "card": card} for card in pending["cards"]],
        apply=_apply_ace21_keep,
        refusal=_("Keep one of the cards you drew."),
    ),
    NAME_PLAYER: Choice(
        moves=_name_player_moves,
        apply=_apply_name_player,
        refusal=_("Name another player still in the hand (only the peek may be declined)."),
    ),
    GIVE_UP_FACE_CARD: Choice(
        moves=lambda hand, pending: _picks_public(face_cards(hand, pending["seat"])),
        apply=_apply_give_up_face_card,
        refusal=_("Discard one of your face-up J, Q, K or jokers."),
    ),
    QUEEN_PICK: Choice(
        moves=lambda hand, pending: _picks_public(face_cards(hand, pending["target"])),
        apply=_apply_queen_pick,
        refusal=_("Pick one of the face-up J, Q, K or jokers of the player named."),
    ),
    SPEAR_PUBLIC: Choice(
        moves=lambda hand, pending: _picks_public(public_cards(hand, pending["target"])),
        apply=_apply_spear_public,
        refusal=_("Pick one of the face-up cards of the player named."),
    ),
    SPEAR_PRIVATE: Choice(
        moves=lambda hand, pending: _picks_private(hand, pending["target"]),
        apply=_apply_spear_private,
        refusal=_("Pick one of the face-down cards of the player named, by its position."),
    ),
    EXCHANGE_TAKE: Choice(
        moves=lambda hand, pending: (
            _picks_public(public_cards(hand, pending["target"])) + _picks_private(hand, pending["target"])
        ),
        apply=_apply_exchange_take,
        refusal=_("Pick a face-up card of the player named, or one of their face-down cards by its position."),
    ),
    EXCHANGE_GIVE: Choice(
        moves=lambda hand, pending: _picks_public(
            public_cards(hand, pending["seat"]) + hand["private"][pending["seat"]]
        ),
        apply=_apply_exchange_give,
        refusal=_("Give one of your own cards, face up or face down."),
    ),
    PEEK_KEEP_HIDDEN: Choice(
        moves=lambda hand, pending: _picks_public(hand["private"][pending["seat"]]),
        apply=_apply_peek_keep_hidden,
        refusal=_("Choose the one face-down card you keep hidden."),
    ),
}


def power_keys(hand: Hand, seat: int) -> list[Key]:
    """B-R12 power cards: public cards that count (the four, as changed by earlier powers, and an A+21 kept card)
    plus the community cards."""
    jokers = hand["jokers_declared"]
    cards = counting_cards(hand, seat) + hand["community"]
    return [k for card in cards if (k := key_of(card, jokers)) is not None]
