"""What every tournament's entrant shares, whatever the format: a place band once placed and what it is worth.

Bracket tournaments (`TournamentEntrant`) and poker tournaments (`PokerEntrant`) place their entrants the same way
(`league.tournaments.places`: rows {"entrant", "place", "shared"}, and points by place, T-R18), so their rows keep
it in the same fields, and one reader (standings, ratings, exports) reads both alike.
"""

from django.db import models


class PlacedEntrant(models.Model):
    """A player entered in a tournament, placed once the format says so. A concrete entrant declares its own
    `tournament` and `player` foreign keys (each to its own tournament model, with its own related names); the
    unique (tournament, player) is here."""

    # the place band once known (T-R5, T-R9, T-D5, T-R17): `shared` entrants share places place … place + shared − 1
    place = models.PositiveIntegerField(null=True, blank=True)
    shared = models.PositiveIntegerField(null=True, blank=True)
    # T-R18: what the place is worth in the tournament's points table (three decimals, as the standings keep)
    points = models.DecimalField(max_digits=14, decimal_places=3, null=True, blank=True)
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="%(app_label)s_%(class)s_unique_player"),
        ]


__all__ = ["PlacedEntrant"]
