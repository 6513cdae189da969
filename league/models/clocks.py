"""Clocks: a season's time control, each seat's clock, players' vacations, and the log of reminders sent.

Deadlines are computed by `league.services.clocks` from these rows with the pure arithmetic of
`league.clocks.arithmetic`; the table's own `deadline` column is the earliest deadline of its seats to act, so the
sweep that plays timeouts is one indexed query (docs/clocks.md).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models.clubs import Player
from league.models.seasons import Season
from league.models.tables import Seat


class SeasonClock(models.Model):
    """The time control of a season's tables beyond its per-move time (`Season.time_per_move`): a Fischer bank,
    vacation days, a weekly pause, and what a timeout does. A season without one plays on per-move time alone."""

    class Policy(models.TextChoices):
        AUTOPLAY = "autoplay", _("an abandoned seat plays on automatically to the end")
        FORFEIT = "forfeit", _("an abandoned seat forfeits the table")

    season = models.OneToOneField(Season, on_delete=models.CASCADE, related_name="clock")
    bank_start = models.PositiveIntegerField(default=0, help_text="Seconds in each seat's bank at the start.")
    bank_increment = models.PositiveIntegerField(default=0, help_text="Seconds added to the bank after each move.")
    bank_cap = models.PositiveIntegerField(null=True, blank=True, help_text="Most seconds a bank may hold.")
    vacation_days = models.PositiveSmallIntegerField(default=0, help_text="Days off each player may take.")
    # the weekly pause: null weekday = none; e.g. Saturday (5) 00:00 for 48 hours in the season's time zone
    pause_weekday = models.PositiveSmallIntegerField(null=True, blank=True, help_text="0 = Monday.")
    pause_start = models.TimeField(null=True, blank=True)
    pause_hours = models.PositiveSmallIntegerField(default=0)
    time_zone = models.CharField(max_length=64, default="UTC")
    timeout_policy = models.CharField(max_length=12, choices=Policy.choices, default=Policy.AUTOPLAY)
    abandon_after = models.PositiveSmallIntegerField(
        default=3, help_text="Consecutive timeouts of a seat at one table after which the seat is abandoned."
    )

    def __str__(self) -> str:
        return f"clock of {self.season}"


class SeatClock(models.Model):
    """One seat's clock: its bank, when its current turn started, its own deadline, its run of timeouts."""

    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="clock")
    bank = models.PositiveIntegerField(default=0, help_text="Seconds left in the seat's bank.")
    turn_started_at = models.DateTimeField(null=True, blank=True)
    # null when the seat is not to act
    deadline = models.DateTimeField(null=True, blank=True)
    consecutive_timeouts = models.PositiveSmallIntegerField(default=0)
    # after `abandon_after` timeouts in a row: the seat's every turn is played by the clock at once
    abandoned = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"clock of {self.seat}"


class Vacation(models.Model):
    """Days a player takes off in a season: their clocks at its tables stop for the span."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="vacations")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="vacations")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(ends_at__gt=models.F("starts_at")), name="vacation_ends_after")
        ]
        ordering = ["season", "player", "starts_at"]

    def __str__(self) -> str:
        return f"{self.player} off {self.starts_at:%Y-%m-%d} to {self.ends_at:%Y-%m-%d}"


class ReminderSent(models.Model):
    """One reminder mail sent; the unique key (kind, seat and turn, or player and day) keeps it from going twice."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="reminders_sent")
    key = models.CharField(max_length=120, unique=True)
    sent_at = models.DateTimeField()

    class Meta:
        ordering = ["-sent_at"]

    def __str__(self) -> str:
        return self.key


__all__ = ["ReminderSent", "SeasonClock", "SeatClock", "Vacation"]
