"""Who entered a competition, whatever its format: a player, or a team of two in a game played by partnerships.

One model for the three formats (issue 36): a season's entrant, a bracket's entrant (whose id is the entrant's id
inside the bracket's state) and a poker tournament's entrant (`PokerEntrant`, which adds the chips and seat that the
freezeout's state mirrors) are rows of `Entrant`. Every format places its entrants the same way once it says so
(`league.tournaments.places`: a place band and what it is worth, T-R18); a season's order is its standings.
"""

from django.db import models

from league.models.clubs import Player
from league.models.competitions import Competition


class Entrant(models.Model):
    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    # the second player of a team, in a game whose engine declares teams (null: the player plays alone)
    partner = models.ForeignKey(Player, null=True, blank=True, on_delete=models.PROTECT, related_name="partner_entries")
    name = models.CharField(max_length=120, blank=True, help_text="A team's name; players go by their own.")
    # the order before any result: a season's by registration or carried over from the last season, a bracket's
    # draw once it starts (null until then)
    seed = models.PositiveIntegerField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # the place band once known (T-R5, T-R9, T-D5, T-R17): `shared` entrants share places place … place + shared − 1
    place = models.PositiveIntegerField(null=True, blank=True)
    shared = models.PositiveIntegerField(null=True, blank=True)
    # T-R18: what the place is worth in the tournament's points table (three decimals, as the standings keep)
    points = models.DecimalField(max_digits=14, decimal_places=3, null=True, blank=True)
    entered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["competition", "player"], name="entrant_unique_player"),
            models.UniqueConstraint(fields=["competition", "partner"], name="entrant_unique_partner"),
            models.CheckConstraint(condition=~models.Q(partner=models.F("player")), name="entrant_partner_not_self"),
        ]
        ordering = ["competition", "seed", "id"]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        if self.partner_id:
            return f"{self.player} & {self.partner}"
        return str(self.player)


__all__ = ["Entrant"]
