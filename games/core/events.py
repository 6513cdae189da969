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
"""

from typing import Any

Event = dict[str, Any]

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


__all__ = [
    "CARDS_FIELDS",
    "CARD_FIELDS",
    "SEATS_FIELDS",
    "SEAT_FIELDS",
    "SUIT_FIELDS",
    "Event",
    "is_secret",
    "visible",
]
