"""Provably fair dealing: each table's commitment to its secret server seed, and the entropy its players add.

The engine seed of a table (`Table.seed`, what every deck is drawn from) is a published function of the server seed
and the seats' entropy (docs/fairness.md); the server seed is kept here, secret until the table is finished or
annulled, and its SHA-256 commitment is public from the moment the table is opened.
"""

from django.db import models

from league.models.clubs import Player
from league.models.tables import Table


class TableFairness(models.Model):
    """The commitment of one table: what was promised before any card was dealt."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="fairness")
    # the version of the whole scheme: the engine-seed derivation here plus games.core.rng's shuffle
    algorithm_version = models.PositiveSmallIntegerField()
    # secret until the table is finished or annulled; whoever knows it while the table runs can deal every card
    server_seed = models.CharField(max_length=128)
    commitment = models.CharField(max_length=64, help_text="SHA-256 of the server seed, hex.")
    # null for a table opened without an entropy step; else when the step closes even if seats are still silent
    entropy_deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    sealed_at = models.DateTimeField(null=True, blank=True, help_text="When the engine seed was derived.")

    class Meta:
        verbose_name_plural = "table fairness records"

    def __str__(self) -> str:
        return f"commitment of {self.table}"


class EntropyContribution(models.Model):
    """What one seat added to the engine seed before the first deal (or that it waived its turn to)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="entropy")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entropy_contributions")
    # empty when waived; a contribution is never empty (the derivation tells "waived" and "" apart that way)
    entropy = models.CharField(max_length=128, blank=True)
    waived = models.BooleanField(default=False)
    at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "seat"], name="entropy_unique_table_seat")]
        ordering = ["table", "seat"]

    def __str__(self) -> str:
        return f"entropy of seat {self.seat} at {self.table}"


__all__ = ["EntropyContribution", "TableFairness"]
