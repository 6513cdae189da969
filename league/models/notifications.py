"""What the league tells a player: their account's contact settings (the verified address, the time zone, the
calendar feed's secret), the in-app notifications with their read mark, and the browsers that take Web Push."""

from django.db import models

from league.models.clubs import Player
from league.models.competitions import Competition
from league.models.tables import Table


class Account(models.Model):
    """A player's contact and time settings. Kept apart from Player so that the pages and mails that need them read
    one small row, and the hot path's reads of Player stay as they are."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="account")
    # the address that was verified: the account's current address counts as verified only while it equals this, so
    # changing the address needs a new verification without a flag to reset
    verified_email = models.EmailField(blank=True)
    # a new address asked for in the settings (with the password): it replaces the account's address only once its
    # own link is opened, so that a session alone cannot move the account's mail (and its password resets) elsewhere
    pending_email = models.EmailField(blank=True)
    # an IANA name (zoneinfo); every time on the pages and in the mails is shown in it
    time_zone = models.CharField(max_length=64, default="UTC")
    # the secret part of the calendar feed's address: whoever holds the link reads the feed, so it can be replaced
    calendar_token = models.CharField(max_length=64, unique=True, null=True, blank=True)
    # until the player picks one (sign-up, settings, API), the zone and the language follow their browser: taken from
    # it at each log-in (league.services.accounts.account_browser_defaults)
    time_zone_chosen = models.BooleanField(default=False)
    language_chosen = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"account of {self.player}"


class Notification(models.Model):
    """One thing the player should know, shown in their list with an unread count in the header; the text is written
    at reading time, in the reader's language, from the kind and the table or competition."""

    class Kind(models.TextChoices):
        YOUR_MOVE = "your_move", "your move"
        DEADLINE_NEAR = "deadline_near", "deadline near"
        SEASON_NEWS = "season_news", "season news"
        TOURNAMENT_START = "tournament_start", "tournament start"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    # the season of a new round, the tournament that started: whatever its format, one link
    competition = models.ForeignKey(Competition, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    # what makes it one notification (a kind and what it is about): a second pass never adds it again; "your move"
    # is one per table (`turn:<table>`), raised again, unread, when the table comes back to the player
    key = models.CharField(max_length=120)
    created_at = models.DateTimeField()
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["player", "key"], name="notification_unique_player_key")]
        indexes = [
            # the header's unread count on every page
            models.Index(fields=["player"], condition=models.Q(read_at__isnull=True), name="notification_unread"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.player}"


class PushSubscription(models.Model):
    """A browser that agreed to Web Push for this player (the settings page): where the push service takes messages
    for it, and the keys they are encrypted with (RFC 8291). Dropped when the push service says it is gone."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="push_subscriptions")
    # the push service's address for this browser; a secret capability, never shown back
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"push subscription of {self.player}"


__all__ = ["Account", "Notification", "PushSubscription"]
