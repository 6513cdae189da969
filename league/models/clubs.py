"""Clubs, their members and organizers, and players (one profile per user; bots are players too)."""

from django.conf import settings
from django.db import models


class Player(models.Model):
    """The league's view of a user: the name shown at tables, bot or human, language and personal settings."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player")
    display_name = models.CharField(max_length=80)
    is_bot = models.BooleanField(default=False, help_text="Plays through the API with a token, not through pages.")
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE)
    # notification and display preferences; a JSON object so that new ones need no migration
    settings = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name"]

    def __str__(self) -> str:
        return self.display_name


class Club(models.Model):
    """A group that runs leagues; its organizers manage seasons and tables, its members play."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    description = models.TextField(blank=True)
    members: "models.ManyToManyField[Player, Membership]" = models.ManyToManyField(
        Player, through="Membership", related_name="clubs"
    )
    settings = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        ORGANIZER = "organizer", "organizer"
        MEMBER = "member", "member"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "player"], name="membership_unique_club_player")]
        ordering = ["club", "role", "player"]

    def __str__(self) -> str:
        return f"{self.player} in {self.club} ({self.role})"


__all__ = ["Club", "Membership", "Player"]
