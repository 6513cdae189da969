"""The words of the pages, translatable: move types, game names, card names, suits, and the models' choice values.
Shared by the template filters (league/templatetags/cardleague.py) and the forms."""

from django.utils.translation import gettext_lazy as _

# the engines' move types in words; an unknown type is shown as it is
MOVE_TYPES = {
    "check": _("Check"),
    "bet": _("Bet"),
    "call": _("Call"),
    "raise": _("Raise"),
    "fold": _("Fold"),
    "discard": _("Discard"),
    "row": _("Play row"),
    "pass": _("Pass"),
    "bid": _("Bid"),
    "slam": _("Slam"),
    "coinche": _("Coinche"),
    "surcoinche": _("Surcoinche"),
    "play": _("Play"),
    "turn_up": _("Turn up"),
    "show": _("Show"),
    "call_regame": _("Call the regame"),
    "decline_regame": _("Decline the regame"),
    "buy_back": _("Buy back"),
    "stay_out": _("Stay out"),
    "pick": _("Pick"),
    "target": _("Target"),
    "decline": _("Decline"),
    "keep": _("Keep"),
    "declare": _("Declare"),
    "double": _("Double"),
    "single": _("Single"),
    "pay": _("Pay"),
    "reveal": _("Reveal"),
}
GAME_NAMES = {
    "the-court": _("The Court"),
    "palace-infighting": _("Palace Infighting"),
    "black-card": _("Black Card"),
    "coinche": _("Coinche"),
    "mini-poker": _("Mini Poker"),
}
# card_label's English names of the court cards and jokers, so that a Korean page says 왕, not King
CARD_NAMES = {
    "King": _("King"),
    "Noble": _("Noble"),
    "Scholar": _("Scholar"),
    "Citizen": _("Citizen"),
    "Jester": _("Jester"),
    "Colour joker": _("Colour joker"),
    "Black joker": _("Black joker"),
}
# the models' choice values (status, format, partnership rule) in words that translate; the models' own labels do not
WORDS = {
    "draft": _("draft"),
    "registration": _("registration"),
    "running": _("running"),
    "finished": _("finished"),
    "archived": _("archived"),
    "pending": _("pending"),
    "active": _("in play"),
    "annulled": _("annulled"),
    "round_robin": _("round robin"),
    "double_round_robin": _("double round robin"),
    "swiss": _("Swiss"),
    "multitable": _("multi-table"),
    "none": _("no partners"),
    "fixed": _("fixed partnerships"),
    "rotating": _("rotating partners"),
    "autoplay": _("an abandoned seat plays on automatically to the end"),
    "forfeit": _("an abandoned seat forfeits the table"),
    "organizer": _("organizer"),
    "member": _("member"),
    "seeding": _("waiting for the deal"),
}
SUITS = {"S": _("Spades ♠"), "H": _("Hearts ♥"), "D": _("Diamonds ♦"), "C": _("Clubs ♣")}
