"""Writes for clubs, memberships and players."""

from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from league.errors import BadOptions
from league.models import Club, Membership, Player

# a player's reminder choices (Player.settings["notifications"]) and their defaults; the mails are
# league.services.reminders (docs/clocks.md, "Reminders")
NOTIFICATION_DEFAULTS = {"your_move": True, "deadline_near": True, "daily_digest": False}
# every key a player's settings may hold, with what its value may be: a bounded set, so that merges cannot make the
# JSON grow without end and nothing unread is stored (docs/api.md lists them)
DISPLAY_SETTINGS: dict[str, tuple[object, ...]] = {"theme": ("light", "dark", "auto"), "sound": (True, False)}
SETTINGS_KEYS = ("notifications", *DISPLAY_SETTINGS)


def player_settings_check(settings: dict[str, Any]) -> None:
    """A change of settings names only known keys, each with an allowed value (None removes the key)."""
    for key, value in settings.items():
        if key not in SETTINGS_KEYS:
            raise BadOptions(
                f"Unknown setting {key[:40]!r}; the settings are {', '.join(SETTINGS_KEYS)}.",
                code="unknown_setting",
                field=f"settings.{key[:40]}",
            )
        if value is None:
            continue
        if key == "notifications":
            if not (
                isinstance(value, dict)
                and set(value) <= set(NOTIFICATION_DEFAULTS)
                and all(isinstance(choice, bool) for choice in value.values())
            ):
                raise BadOptions(
                    f"Reminder settings are true/false choices among {', '.join(NOTIFICATION_DEFAULTS)}.",
                    field="settings.notifications",
                )
        elif not any(type(value) is type(choice) and value == choice for choice in DISPLAY_SETTINGS[key]):
            choices = ", ".join(str(choice).lower() for choice in DISPLAY_SETTINGS[key])
            raise BadOptions(f"{key} is one of {choices}.", field=f"settings.{key}")


@transaction.atomic
def player_create(
    *,
    username: str,
    password: str | None = None,
    display_name: str | None = None,
    email: str = "",
    is_bot: bool = False,
    language: str = "en",
) -> Player:
    """A user and its player profile together, so that no user exists without one."""
    user_model = get_user_model()
    if user_model.objects.filter(username=username).exists():
        raise BadOptions(f"The username {username!r} is taken.", code="username_taken", field="username")
    user = user_model(username=username, email=email)
    if password:
        user.set_password(password)
    else:
        # bots sign in with a token, and people without a password yet get one by reset
        user.set_unusable_password()
    user.save()
    return Player.objects.create(user=user, display_name=display_name or username, is_bot=is_bot, language=language)


@transaction.atomic
def club_create(*, name: str, slug: str | None = None, description: str = "", organizer: Player | None = None) -> Club:
    """A club, with its first organizer when one is given."""
    slug = slug or slugify(name)
    if not slug:
        raise BadOptions("A club needs a name with letters or digits.", field="name")
    if Club.objects.filter(slug=slug).exists():
        raise BadOptions(f"The club address {slug!r} is taken.", code="slug_taken", field="slug")
    club = Club.objects.create(name=name, slug=slug, description=description)
    if organizer is not None:
        membership_add(club=club, player=organizer, role=Membership.Role.ORGANIZER)
    return club


def membership_add(*, club: Club, player: Player, role: str = Membership.Role.MEMBER) -> Membership:
    """Add a player to a club, or change the role of one already in it."""
    if role not in Membership.Role.values:
        raise BadOptions(f"Unknown role {role!r}.", field="role")
    try:
        with transaction.atomic():
            membership, created = Membership.objects.get_or_create(club=club, player=player, defaults={"role": role})
    except IntegrityError:  # added by a concurrent request between the get and the create
        membership, created = Membership.objects.get(club=club, player=player), False
    if not created and membership.role != role:
        membership.role = role
        membership.save(update_fields=["role"])
    return membership


def membership_remove(*, club: Club, player: Player) -> None:
    Membership.objects.filter(club=club, player=player).delete()


@transaction.atomic
def player_update(
    *,
    player: Player,
    display_name: str | None = None,
    language: str | None = None,
    settings: dict[str, Any] | None = None,
) -> Player:
    """Change a player's name, language or preferences; preference keys are merged, a null value removes one, and
    each is checked against the known settings (`player_settings_check`: the reminder choices the clock sends,
    docs/clocks.md, and the display choices)."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if display_name is not None:
        player.display_name = display_name
    if language is not None:
        player.language = language
    if settings is not None:
        player_settings_check(settings)
        # keys stored before the schema existed and no longer known are dropped on the next change
        merged = {key: value for key, value in {**player.settings, **settings}.items() if key in SETTINGS_KEYS}
        player.settings = {key: value for key, value in merged.items() if value is not None}
    player.save(update_fields=["display_name", "language", "settings"])
    return player
