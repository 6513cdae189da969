"""Clubs, their members and organizers, and players (one profile per user; bots are players too)."""

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class Player(models.Model):
    """The league's view of a user: the name shown at tables, bot or human, language and personal settings."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player")
    display_name = models.CharField(max_length=80)
    is_bot = models.BooleanField(default=False, help_text="Plays through the API with a token, not through pages.")
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE)
    # notification and display preferences; a JSON object so that new ones need no migration
    settings = models.JSONField(default=dict, blank=True)
    # at the card table: a click selects a card or a move and a second click (or Play) sends it; off, one click sends
    confirm_moves = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [
            # one name per person at the tables, whatever its case: "Alice" and "alice" would pass for one another
            models.UniqueConstraint(Lower("display_name"), name="player_unique_display_name_ci"),
        ]

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
        ORGANIZER = "organizer", _("organizer")
        MEMBER = "member", _("member")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "player"], name="membership_unique_club_player")]
        ordering = ["club", "role", "player"]

    def __str__(self) -> str:
        return f"{self.player} in {self.club} ({self.role})"


class Invitation(models.Model):
    """An organizer's invitation of one player to a club: the player joins only by accepting it (the code is the
    link's secret part, so that only its holder can answer)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        REVOKED = "revoked", _("revoked")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=16, choices=Membership.Role.choices, default=Membership.Role.MEMBER)
    code = models.CharField(max_length=64, unique=True)
    invited_by = models.ForeignKey(Player, null=True, on_delete=models.SET_NULL, related_name="+")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "player"], condition=models.Q(status="pending"), name="invitation_one_pending"
            )
        ]
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.player} invited to {self.club} ({self.status})"


class JoinRequest(models.Model):
    """A player's request to join a club; an organizer approves or declines it."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        APPROVED = "approved", _("approved")
        DECLINED = "declined", _("declined")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="join_requests")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="join_requests")
    message = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "player"], condition=models.Q(status="pending"), name="joinrequest_one_pending"
            )
        ]
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.player} asks to join {self.club} ({self.status})"


__all__ = ["Club", "Invitation", "JoinRequest", "Membership", "Player"]
