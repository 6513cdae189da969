"""A competition: what a club's members enter and play for, whatever its format (issue 36).

A season (`Season`), a bracket tournament (`Tournament`) and a poker tournament (`PokerTournament`) are three formats
of one thing. What every competition has is here, in one row and one id space: its club, game and name, where it is
in its life, its tables' options and time, whether it is rated, who made it and when. Each format's model adds what
only it has (a season's rounds and points table, a bracket's seeding and state, a freezeout's levels), in a row that
shares the competition's id (Django's multi-table inheritance: `season.name` reads the competition's column). Who
entered is one model for every format, `league.models.entrants.Entrant`.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from games import GAME_NAMES
from league.models.clubs import Club, Player


class Competition(models.Model):
    class Status(models.TextChoices):
        # a season is drafted before it opens; the tournaments open at once
        DRAFT = "draft", _("draft")
        REGISTRATION = "registration", _("registration")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        ARCHIVED = "archived", _("archived")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="competitions")
    game = models.CharField(max_length=32, choices=[(name, name) for name in GAME_NAMES])
    name = models.CharField(max_length=120)
    # the league this competition is one edition of (a season's divisions are seasons of one league and edition);
    # blank for a tournament that stands alone
    league = models.CharField(max_length=80, blank=True)
    edition = models.PositiveIntegerField(default=1)
    division_level = models.PositiveSmallIntegerField(default=1, help_text="1 is the top division.")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION, db_index=True)
    # the engine options of every table, after engine.check_options
    options = models.JSONField(default=dict, blank=True)
    time_per_move = models.PositiveIntegerField(default=86400, help_text="Seconds each turn may take.")
    # the tables count for ratings; entering a rated competition is the player's agreement (league.services.ratings)
    rated = models.BooleanField(default=True)
    created_by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            # a constraint names one table's columns, so a season's place in its league is checked here
            models.UniqueConstraint(
                fields=["club", "league", "edition", "division_level"],
                condition=~models.Q(league=""),
                name="competition_unique_division",
            ),
        ]
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return self.name


def competition_link(related_name: str) -> models.OneToOneField:
    """A format's row's link to its competition: its primary key, in the column `id` that the format's table has
    always had, so that whatever pointed at the format's rows still does."""
    return models.OneToOneField(
        Competition,
        on_delete=models.CASCADE,
        parent_link=True,
        primary_key=True,
        db_column="id",
        related_name=related_name,
    )


__all__ = ["Competition", "competition_link"]
