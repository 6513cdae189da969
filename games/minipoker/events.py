"""What a Mini Poker table tells its players (games/core/events.py): the sentence of every event type, and the
English phrase that names a hand at showdown, special hands included."""

from typing import Any

from games.core import betting
from games.core.i18n import _, ngettext
from games.minipoker.ranking import RANK_VALUE, Hand, Rules, kkeut

EVENT_TYPES = {
    "hand_start": _("Hand {number}: {button} acts first"),
    "first_draw": _("{winner} draws the highest card and acts first"),
    "first_draw.draws": _("{seat} draws {card}"),
    "cards_dealt": _("{seat} is dealt {cards}"),
    "community_card": _("The community card is {card}"),
    "card_chosen": _("{seat} has chosen the card to turn up"),
    "turned_up": _("{seat} turns up {card}"),
    "no_betting": _("No betting: fewer than two players can still bet"),
    "cards_chosen": _("{seat} has chosen the cards to show"),
    "showdown": _("Showdown"),
    "showdown.hands": _("{seat} shows {cards}: {category}"),
    "regame_offered": _("{seats} may call a regame"),
    "regame_called": _("{seat} calls a regame"),
    "regame_declined": _("{seat} declines the regame"),
    "buy_back_offered": _("{seats} may come back in for {price}"),
    "bought_back": _("{seat} pays {price} to come back in"),
    "stayed_out": _("{seat} stays out"),
    "bet_returned": _("{amount} nobody called goes back to {seat}"),
    "regame_start": ngettext(
        "Regame {number}: {seats} plays for {amount}", "Regame {number}: {seats} play for {amount}", "seats"
    ),
    "pot_won": ngettext("{winners} takes {amount}", "{winners} take {amount}", "winners"),
    "hand_end": _("Hand {number} is over"),
    "bust": _("{seat} is out of chips"),
    "match_end": _("The match is over"),
} | betting.EVENT_TYPES

SPECIAL_NAMES = {
    "regamer": _("Regamer (4 and 9)"),
    "flush_regamer": _("Flush regamer (4 and 9 of one suit)"),
    "spade_flush_regamer": _("Spade flush regamer (4 and 9 of spades)"),
    "pair_hunter": _("Pair hunter (3 and 7)"),
    "flush_pair_hunter": _("Flush pair hunter (3 and 7 of one suit)"),
    "black_knight": _("Black knight (4 and 7)"),
    "flush_black_knight": _("Flush black knight (4 and 7 of one suit)"),
}
# the categories named without a card
PLAIN_NAMES = {
    "royal_straight_flush": _("Royal straight flush"),
    "back_straight_flush": _("Back straight flush"),
    "royal_straight": _("Royal straight"),
    "back_straight": _("Back straight"),
}


def rank_name(card: str) -> str:
    """A card's rank as people write it: "10" for the T of the card code."""
    return "10" if card[0] == "T" else card[0]


def category_phrase(hand: Hand, rules: Rules) -> dict[str, Any]:
    """The phrase naming a shown hand: the special it is (M-R14..M-R17, M-R24), else its category with the cards
    that rank it (M-R8..M-R12, M-D5)."""
    if hand.special is not None:
        return {"text": SPECIAL_NAMES[hand.special]}
    category = hand.category
    if category in PLAIN_NAMES:
        return {"text": PLAIN_NAMES[category]}
    high, low = sorted(hand.cards, key=lambda card: RANK_VALUE[card[0]], reverse=True)[:2]
    if category == "triple":
        return {"text": _("Triple of {rank}"), "rank": rank_name(high)}
    if category == "pair":
        return {"text": _("Pair of {rank}"), "rank": rank_name(high)}
    if category == "straight_flush":
        return {"text": _("Straight flush, {high} high"), "high": rank_name(high)}
    if category == "straight":
        return {"text": _("Straight, {high} high"), "high": rank_name(high)}
    if category == "flush":
        return {"text": _("Flush, {high} and {low}"), "high": rank_name(high), "low": rank_name(low)}
    if category == "kkeut":
        points = kkeut(hand.cards)
        if points == 9:
            return {"text": _("Gabo (9 kkeut)")}
        if points == 0:
            return {"text": _("Mangtong (0 kkeut)")}
        return {"text": _("{points} kkeut"), "points": points}
    if rules.top_kicker:
        return {"text": _("{high} top, {low} kicker"), "high": rank_name(high), "low": rank_name(low)}
    return {"text": _("{high} top"), "high": rank_name(high)}
