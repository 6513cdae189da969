"""Events: what happened at a table, for the record, each with its audience.

`engine.play_move` returns the new state and the events of the move: the move itself as others may know it (a bid
with its points, a card played, "a card discarded" without the card), and everything that followed from it (cards
dealt or turned, a betting round closed, a trick won, rows revealed, a showdown, pots paid). `engine.opening_events`
are those of the first deal. An event is plain JSON:

    {"type": "discard", "seat": 2, "secret": {"to": [2], "card": "K"}}
    {"type": "cards_dealt", "seat": 1, "cards": ["KH", "7S"], "to": [1]}
    {"type": "showdown", "hands": [{"seat": 0, "cards": [...], "category": {"text": "Flush, {high} high",
                                                                            "high": "K"}}, ...]}

- `type`: snake_case, one of `engine.event_types()` (which gives each its English sentence, see below);
- `to`: only these seats may see the event at all (the cards dealt to one seat); absent: everyone, spectators too;
- `secret`: `{"to": [seats], **fields}`: fields only those seats see (the card a seat discarded face down);
- every other field is public to whoever may see the event.

A field's meaning follows its name, so that the league renders it without knowing the game: `SEAT_FIELDS` hold a
seat, `SEATS_FIELDS` a list of seats, `CARD_FIELDS` a card code, `CARDS_FIELDS` a list of card codes, `SUIT_FIELDS`
a suit letter; a field whose value is a dict with a "text" key is a phrase (an English sentence marked with `_` and
its own fields); anything else is shown as it is (numbers, words).

`engine.event_types()` maps each type to an English sentence with `{field}` places, marked with `_`; a field that
holds a list of dicts is rendered one line per item with the sentence `"<type>.<field>"`
(e.g. "showdown.hands": "{seat} shows {cards}: {category}").

The conformance kit proves the audiences: what a viewer sees of a move's events depends on nothing that viewer may
not know (games/core/conformance.py).

**For ever.** The audiences hold after the hand and after the match too: a fold keeps its cards secret for ever, a
showdown (a public event) shows its cards to everyone. What a finished match publishes of its events is what a
spectator saw of them (`visible(events, None)`); of its moves, what `engine.public_moves` declares: a secret choice
whole once a later public event has shown it (a row revealed, a card turned up, the cards chosen for a showdown),
else only its type (`concealed`: a Court discard, a card kept hidden from a peek). The kit proves that declaration
too: it publishes nothing that the public events leave open, and the public record still replays
(games/core/public_record.py).
"""

from collections.abc import Callable
from typing import Any

Event = dict[str, Any]
Move = dict[str, Any]
# one move of a match's log as the league stores it: the seat, the move, the events it returned
LoggedMove = tuple[int, Move, list[Event]]

SEAT_FIELDS = frozenset(
    {"seat", "target", "winner", "dealer", "button", "leader", "taker", "victim", "from_seat", "to_seat", "caller"}
)
SEATS_FIELDS = frozenset({"seats", "winners", "losers", "order", "team"})
CARD_FIELDS = frozenset({"card", "drawn", "turned", "joker"})
CARDS_FIELDS = frozenset({"cards", "row", "shown", "public", "kept", "community"})
SUIT_FIELDS = frozenset({"suit", "trump"})
AUDIENCE_KEYS = ("to", "secret")


def visible(events: list[Event], viewer: int | None) -> list[Event]:
    """The events as `viewer` may see them (None: a spectator): events addressed to others left out, secret
    fields added for the seats they are meant for, the audience keys removed."""
    out = []
    for event in events:
        audience = event.get("to")
        if audience is not None and viewer not in audience:
            continue
        shown = {key: value for key, value in event.items() if key not in AUDIENCE_KEYS}
        secret = event.get("secret")
        if secret is not None and viewer is not None and viewer in secret.get("to", ()):
            shown |= {key: value for key, value in secret.items() if key != "to"}
        out.append(shown)
    return out


def is_secret(events: list[Event]) -> bool:
    """Whether the move these events record (its first event) keeps something from the other seats."""
    return bool(events) and ("secret" in events[0] or "to" in events[0])


def concealed(move: Move) -> Move:
    """A secret move as everyone may know it for ever: its type, nothing of what was chosen."""
    return {"type": move["type"]}


def shown_later(log: list[LoggedMove], index: int, shows: Callable[[Event], bool]) -> bool:
    """Whether an event that everyone saw from move `index` of the log on (the move's own events too: the last
    choice of a secret step reveals them all), within its hand (up to the next "hand_start"), satisfies `shows`:
    how an engine tells that a secret choice was revealed later."""
    for _seat, _move, events in log[index:]:
        for event in visible(events, None):
            if shows(event):
                return True
            if event.get("type") == "hand_start":
                return False
    return False


def public_moves_of(log: list[LoggedMove], publish: Callable[[list[LoggedMove], int], bool]) -> list[Move]:
    """`engine.public_moves` from the engine's rule for a secret move (`publish(log, index)`: was it shown later?):
    a move that kept nothing secret whole, a secret one whole when shown later, else concealed."""
    return [
        move if not is_secret(events) or publish(log, index) else concealed(move)
        for index, (_seat, move, events) in enumerate(log)
    ]


__all__ = [
    "CARDS_FIELDS",
    "CARD_FIELDS",
    "SEATS_FIELDS",
    "SEAT_FIELDS",
    "SUIT_FIELDS",
    "Event",
    "LoggedMove",
    "concealed",
    "is_secret",
    "public_moves_of",
    "shown_later",
    "visible",
]
