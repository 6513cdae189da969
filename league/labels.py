"""The words of the pages, translatable: move types, game names, card names, suits, tiebreaks; and a refusal in the
reader's language (`error_words`). Shared by the template filters (league/templatetags/cardleague.py), the forms and
the views. The models' choice values read through their own translated labels (league/models)."""

import string
from collections.abc import Mapping
from typing import Any, Protocol

from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games import IllegalMove
from league.particles import fill

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
# a tournament's kind in words: the bracket formats (Tournament.Format) and the poker freezeout
TOURNAMENT_KINDS = {
    "single_elim": _("single elimination"),
    "double_elim": _("double elimination"),
    "multi_elim": _("multiplayer elimination"),
    "two_stage": _("two stages"),
    "freezeout": _("freezeout"),
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
SUITS = {"S": _("Spades ♠"), "H": _("Hearts ♥"), "D": _("Diamonds ♦"), "C": _("Clubs ♣")}
# the tiebreaks of docs/standings.md: a short header and the definition shown as its tooltip
TIEBREAK_NAMES = {
    "buchholz": _("Buchholz"),
    "buchholz_cut1": _("Buchholz cut 1"),
    "sonneborn_berger": _("Sonneborn-Berger"),
    "direct_encounter": _("Direct encounter"),
    "wins": _("Wins"),
    "average_place": _("Average place"),
    "score_difference": _("Score difference"),
    "score_for": _("Score for"),
}
TIEBREAK_DEFINITIONS = {
    "buchholz": _("The sum of the match points of every opponent met. Higher is better."),
    "buchholz_cut1": _("Buchholz without the opponent who scored least. Higher is better."),
    "sonneborn_berger": _(
        "The match points of every opponent beaten, plus half those of every opponent drawn with. Higher is better."
    ),
    "direct_encounter": _(
        "Among the entrants still tied only: the results of their games against each other. Higher is better."
    ),
    "wins": _("Tables won alone in first place, forfeits won included; byes are not wins. Higher is better."),
    "average_place": _("The mean place over the tables played. Lower is better."),
    "score_difference": _(
        "The entrant's score at each table less the mean score of its opponents there, added up. Higher is better."
    ),
    "score_for": _("The entrant's scores at the tables played, added up. Higher is better."),
}
WEEKDAYS = [
    (0, _("Monday")),
    (1, _("Tuesday")),
    (2, _("Wednesday")),
    (3, _("Thursday")),
    (4, _("Friday")),
    (5, _("Saturday")),
    (6, _("Sunday")),
]
# the units a duration is typed in (time per move, a bank), largest last: (name, words, seconds)
DURATION_UNITS = [("minutes", _("minutes"), 60), ("hours", _("hours"), 3600), ("days", _("days"), 86400)]


def duration_words(seconds: int) -> str:
    """A duration in words, in the largest unit that divides it: "2 days", "36 hours", "90 minutes"."""
    seconds = int(seconds or 0)
    if seconds and seconds % 86400 == 0:
        return ngettext("%(n)d day", "%(n)d days", seconds // 86400) % {"n": seconds // 86400}
    if seconds and seconds % 3600 == 0:
        return ngettext("%(n)d hour", "%(n)d hours", seconds // 3600) % {"n": seconds // 3600}
    if seconds % 60 == 0:
        return ngettext("%(n)d minute", "%(n)d minutes", seconds // 60) % {"n": seconds // 60}
    return ngettext("%(n)d second", "%(n)d seconds", seconds) % {"n": seconds}


class Refusal(Protocol):
    """What a page shows of a refused action (league.errors.ServiceError, by duck typing: the two modules share a
    layer and do not import each other)."""

    code: str
    message: str
    __cause__: BaseException | None


# a service refusal by its code, for a reader of another language when its English message (often naming the
# object) is not in the catalogue: the code's general sense, translated
ERROR_MESSAGES = {
    "not_organizer": _("Only an organizer of this club may do this."),
    "already_member": _("This player is already a member of the club."),
    "last_organizer": _("A club keeps at least one organizer."),
    "already_entered": _("You are already entered."),
    "not_member": _("Only the club's members may enter."),
    "teams_by_organizer": _("This season is played by fixed teams: an organizer enters each team."),
    "wrong_status": _("The season is not at the stage this needs."),
    "not_found": _("No such object, or it was already answered."),
    "permission_denied": _("You may not do this."),
}


def error_words(error: Refusal) -> str:
    """A refusal in the reader's language: an engine's by its template filled with its parameters; a service's by its
    message when the catalogue has it, else (for a reader of another language than the messages' English) by its
    code."""
    cause = error.__cause__
    if isinstance(cause, IllegalMove):
        return refusal_words(cause)
    translated = gettext(error.message)
    if translated != error.message or (get_language() or "en").startswith("en"):
        return translated
    return str(ERROR_MESSAGES.get(error.code, error.message))


def refusal_words(refusal: IllegalMove) -> str:
    """An engine's refusal in the reader's language; a template the catalogue lacks stays English, never blank."""
    return refusal_text(refusal.template, refusal.params, fallback=refusal.message)


def refusal_text(template: str, params: Mapping[str, Any], *, fallback: str) -> str:
    """An engine's refusal sentence translated and filled, a Korean particle chosen by the word it follows
    (league/particles.py); a translation that names a place the engine does not fill reads as `fallback`."""
    words = gettext(template)
    try:
        names = {name for _, name, _, _ in string.Formatter().parse(words) if name}
    except ValueError:
        return fallback
    if not names <= set(params):
        return fallback
    return fill(words, params)
