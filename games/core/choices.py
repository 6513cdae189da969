"""What a card table shows a seat to choose its move with, declared by the engine: `engine.choices(state, seat)`.

The league draws every game's table from this and the engine's legal moves alone (docs/architecture.md, "The card
table"), so that it never guesses which card a move takes, why a card may not be played, or how a hand is sorted:

    {"hand": ["AS", "8S", "9H", ...],   the seat's own cards as its player holds them, in the game's order
     "pick": None | {"type": "play", "field": "card", "sizes": [1], "ordered": False},
                                        how a legal move takes cards from the hand now: the move's type, the field
                                        naming them ("card" one card, "cards" a list), how many, in order or not;
                                        None when no move takes cards from the hand (not the seat's turn, a bet)
     "refused": {"7C": {"code": "illegal_card", "text": "You must follow suit: play a {suit}.",
                        "params": {"suit": "♥"}}},
                                        why each held card that no legal move takes is refused (only with a pick):
                                        the engine's own IllegalMove, as apply_move raises it for that card
     "grid": None | {"rows": [{"type": "bid", "points": 80}, ..., {"type": "slam"}],
                     "columns": [{"suit": "S"}, {"suit": "H"}, ...]},
                                        a box of calls (Coinche's bids): every cell `row | column` is a call of the
                                        game, legal or not; the league greys the cells that are not legal moves
     "presets": {"raise": [{"name": "min", "amount": 2}, {"name": "half_pot", "amount": 7}, ...]}}
                                        for each free-amount move, the amounts a bet slider offers, each within the
                                        move's bounds: "min", "half_pot", "pot", "all_in"

The conformance kit proves each part at every step (`check`): the hand says nothing hidden from the seat, the
cards a pick marks legal are exactly those the legal moves take, each refusal is the engine's own, the grid holds
every legal call of its types, and every preset is a legal amount.
"""

from collections import Counter
from typing import Any

from games.core.errors import IllegalMove
from games.core.protocol import Move

PRESET_NAMES = ("min", "half_pot", "pot", "all_in")


def single(move_type: str) -> dict[str, Any]:
    """A pick of one card per move, named by the move's "card" field."""
    return {"type": move_type, "field": "card", "sizes": [1], "ordered": False}


def several(move_type: str, sizes: list[int], *, ordered: bool) -> dict[str, Any]:
    """A pick of several cards per move, listed in its "cards" field (a row in order, a set to show)."""
    return {"type": move_type, "field": "cards", "sizes": sorted(set(sizes)), "ordered": ordered}


def refusal(error: IllegalMove) -> dict[str, Any]:
    """An engine's refusal as data: its code, its English template (marked for translation) and the values for its
    places, as the league shows an IllegalMove."""
    return {"code": error.code, "text": error.template, "params": dict(error.params)}


def declared(
    hand: list[str],
    *,
    pick: dict[str, Any] | None = None,
    refused: dict[str, dict[str, Any]] | None = None,
    grid: dict[str, Any] | None = None,
    presets: dict[str, list[dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    return {
        "hand": list(hand),
        "pick": pick,
        "refused": dict(refused or {}),
        "grid": grid,
        "presets": dict(presets or {}),
    }


def nothing() -> dict[str, Any]:
    """A seat with no cards in hand and nothing to choose (a spectator's place, a busted seat)."""
    return declared([])


def picked_cards(move: Move, pick: dict[str, Any]) -> list[str]:
    """The hand's cards a legal move of the pick's type takes."""
    value = move.get(pick["field"])
    if pick["field"] == "card":
        return [value] if isinstance(value, str) else []
    return [card for card in value if isinstance(card, str)] if isinstance(value, list) else []


def legal_cards(legal: list[Move], pick: dict[str, Any] | None) -> set[str]:
    """The cards of the hand that some legal move takes: what the table raises as playable."""
    if pick is None:
        return set()
    return {card for move in legal if move.get("type") == pick["type"] for card in picked_cards(move, pick)}


def grid_cells(grid: dict[str, Any] | None) -> list[Move]:
    if grid is None:
        return []
    return [{**row, **column} for row in grid["rows"] for column in grid["columns"]]


def amount_presets(*, low: int, high: int, pot: int, to_call: int, stack: int) -> list[dict[str, Any]]:
    """The amounts a bet or raise slider offers, each only when it lies within the move's bounds: the minimum, half
    the pot and the pot (the pot as it stands after the player's own call, as a pot-sized raise reads it), and
    all-in (the whole stack after the call) when the bounds reach it."""
    after_call = pot + to_call
    wanted = [("min", low), ("half_pot", after_call // 2), ("pot", after_call), ("all_in", stack - to_call)]
    return [{"name": name, "amount": amount} for name, amount in wanted if low <= amount <= high]


def check(engine: Any, state: Any, seat: int, legal: list[Move], *, found: dict[str, Any] | None = None) -> list[str]:
    """What is wrong with the seat's declared choices at this state (an empty list when nothing is), for the
    conformance kit: `legal` is the seat's legal moves, `found` its choices where the caller already asked."""
    problems: list[str] = []
    if found is None:
        found = engine.choices(state, seat)
    if set(found) != {"hand", "pick", "refused", "grid", "presets"}:
        return [f"choices has the keys {sorted(found)}"]
    hand, pick, refused = found["hand"], found["pick"], found["refused"]
    if not isinstance(hand, list) or not all(isinstance(card, str) for card in hand):
        return ["the hand is not a list of card codes"]
    if pick is not None:
        problems += _check_pick(engine, state, seat, legal, hand, pick, refused)
    elif refused:
        problems.append("cards are refused without a pick")
    problems += _check_grid(found["grid"], legal)
    problems += _check_presets(found["presets"], legal)
    return problems


def _check_pick(
    engine: Any,
    state: Any,
    seat: int,
    legal: list[Move],
    hand: list[str],
    pick: dict[str, Any],
    refused: dict[str, Any],
) -> list[str]:
    problems: list[str] = []
    taking = [move for move in legal if move.get("type") == pick["type"]]
    if not taking:
        return [f"the pick {pick['type']!r} is no legal move's type"]
    # a Palace row step offers thousands of moves: the hand is counted once, and each move's cards once
    in_hand = Counter(hand)
    playable: set[str] = set()
    for move in taking:
        cards = picked_cards(move, pick)
        if len(cards) not in pick["sizes"]:
            problems.append(f"the legal move {move} takes {len(cards)} cards, not one of {pick['sizes']}")
        distinct = set(cards)
        # cards taken once each need only be in the hand; a card taken twice needs two copies there
        fits = (
            distinct.issubset(in_hand)
            if len(distinct) == len(cards)
            else all(cards.count(card) <= in_hand[card] for card in distinct)
        )
        if not fits:
            problems.append(f"the legal move {move} takes cards that are not in the hand {hand}")
        playable |= distinct
    for card in set(hand):
        if card in playable and card in refused:
            problems.append(f"{card} is both legal and refused")
        if card not in playable and card not in refused:
            problems.append(f"{card} is neither legal nor refused")
    if set(refused) - set(hand):
        problems.append(f"refused cards {sorted(set(refused) - set(hand))} are not in the hand")
    simple = pick["field"] == "card" and all(set(move) == {"type", "card"} for move in taking)
    for card, reason in refused.items():
        if not (isinstance(reason.get("code"), str) and isinstance(reason.get("text"), str)):
            problems.append(f"the refusal of {card} has no code or text")
            continue
        try:
            reason["text"].format(**reason.get("params", {}))
        except (KeyError, IndexError, ValueError):
            problems.append(f"the refusal of {card} does not fill its places")
        if simple:
            try:
                engine.apply_move(state, seat, {"type": pick["type"], "card": card})
            except IllegalMove as error:
                if (error.code, error.template) != (reason["code"], reason["text"]):
                    problems.append(f"{card} is refused as {reason['code']!r} but the move says {error.code!r}")
            else:
                problems.append(f"{card} is refused but playing it is accepted")
    return problems


def _check_grid(grid: dict[str, Any] | None, legal: list[Move]) -> list[str]:
    if grid is None:
        return []
    cells = grid_cells(grid)
    types = {row.get("type") for row in grid["rows"]}
    missing = [move for move in legal if move.get("type") in types and move not in cells]
    return [f"legal calls {missing} are not in the grid"] if missing else []


def _check_presets(presets: dict[str, Any], legal: list[Move]) -> list[str]:
    problems: list[str] = []
    bounds = {move["type"]: (move["min"], move["max"]) for move in legal if "min" in move}
    for kind, offered in presets.items():
        if kind not in bounds:
            problems.append(f"presets for {kind!r}, which is no free-amount legal move")
            continue
        low, high = bounds[kind]
        names = [preset["name"] for preset in offered]
        if len(set(names)) != len(names) or not set(names) <= set(PRESET_NAMES):
            problems.append(f"the presets of {kind!r} are named {names}")
        problems += [
            f"the preset {preset} of {kind!r} is outside {low}..{high}"
            for preset in offered
            if not (isinstance(preset["amount"], int) and low <= preset["amount"] <= high)
        ]
    return problems


__all__ = [
    "PRESET_NAMES",
    "amount_presets",
    "check",
    "declared",
    "grid_cells",
    "legal_cards",
    "nothing",
    "picked_cards",
    "refusal",
    "several",
    "single",
]
