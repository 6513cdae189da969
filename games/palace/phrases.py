"""Court cards in English words, for the refusals a player reads ("You do not hold three Kings and two Nobles.").

Each counted rank is one whole phrase marked with `_` ("three Kings", not "three" + "Kings"), so that the league's
catalogue holds it whole and a translator can agree the number with the noun; the phrases of several ranks are
joined by a marked pattern too.
"""

from collections import Counter

from games.core.cards import COURT_RANKS
from games.core.i18n import _

# one phrase per count a row can name (a row has at most five cards)
COUNTED = {
    "K": (_("a King"), _("two Kings"), _("three Kings"), _("four Kings"), _("five Kings")),
    "N": (_("a Noble"), _("two Nobles"), _("three Nobles"), _("four Nobles"), _("five Nobles")),
    "S": (_("a Scholar"), _("two Scholars"), _("three Scholars"), _("four Scholars"), _("five Scholars")),
    "C": (_("a Citizen"), _("two Citizens"), _("three Citizens"), _("four Citizens"), _("five Citizens")),
    "J": (_("a Jester"), _("two Jesters"), _("three Jesters"), _("four Jesters"), _("five Jesters")),
}
# more than five of a rank (a whole holding): the figure, then the plural
COUNTED_MANY = {
    "K": _("{count} Kings"),
    "N": _("{count} Nobles"),
    "S": _("{count} Scholars"),
    "C": _("{count} Citizens"),
    "J": _("{count} Jesters"),
}


def rank_counted(rank: str, count: int) -> str:
    """ "three Kings": `count` (1 or more) cards of one court rank."""
    if count <= len(COUNTED[rank]):
        return COUNTED[rank][count - 1]
    return COUNTED_MANY[rank].format(count=count)


def cards_phrase(cards: list[str]) -> str:
    """ "three Kings and two Nobles": a multiset of court cards, King first, each rank once with its count."""
    counts = Counter(cards)
    parts = [rank_counted(rank, counts[rank]) for rank in COURT_RANKS if counts[rank]]
    if not parts:
        return _("no cards")
    if len(parts) == 1:
        return parts[0]
    return _("{cards} and {last}").format(cards=", ".join(parts[:-1]), last=parts[-1])
