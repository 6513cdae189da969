"""Writes for clubs, memberships and players. A player joins a club only with their consent: an organizer's
invitation that the player accepts, or the player's request that an organizer approves; nothing else adds a member
(the club's founder excepted). An organizer manages membership (roles, removal), never another person's profile."""

import re
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models.functions import Lower
from django.utils import timezone, translation
from django.utils.text import slugify

from league.errors import InvalidValue, NotFound, PermissionDenied
from league.input import single_line_check
from league.models import Club, Invitation, JoinRequest, Membership, Player
from league.usernames import invisible_characters, look_alike_key

# a player's reminder choices (Player.settings["notifications"]) and their defaults; the mails are
# league.services.reminders (docs/clocks.md, "Reminders")
NOTIFICATION_DEFAULTS = {"your_move": True, "deadline_near": True, "daily_digest": False, "season_news": True}
# the events that go by Web Push to the browsers a player opted in (league.services.push); subscribing is the opt-in,
# so every event is on until the player turns it off
PUSH_DEFAULTS = {"your_move": True, "deadline_near": True, "season_news": True, "tournament_start": True}
# every key a player's settings may hold, with what its value may be: a bounded set, so that merges cannot make the
# JSON grow without end and nothing unread is stored (docs/api.md lists them)
DISPLAY_SETTINGS: dict[str, tuple[object, ...]] = {"theme": ("light", "dark", "auto"), "sound": (True, False)}
SETTINGS_KEYS = ("notifications", "push", "quiet_hours", *DISPLAY_SETTINGS)
_CLOCK_TIME = re.compile(r"([01][0-9]|2[0-3]):[0-5][0-9]")


def player_settings_check(settings: dict[str, Any]) -> None:
    """A change of settings names only known keys, each with an allowed value (None removes the key)."""
    for key, value in settings.items():
        if key not in SETTINGS_KEYS:
            raise InvalidValue(
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
                raise InvalidValue(
                    f"Reminder settings are true/false choices among {', '.join(NOTIFICATION_DEFAULTS)}.",
                    field="settings.notifications",
                )
        elif key == "push":
            if not (
                isinstance(value, dict)
                and set(value) <= set(PUSH_DEFAULTS)
                and all(isinstance(choice, bool) for choice in value.values())
            ):
                raise InvalidValue(
                    f"Push settings are true/false choices among {', '.join(PUSH_DEFAULTS)}.", field="settings.push"
                )
        elif key == "quiet_hours":
            if not (
                isinstance(value, dict)
                and set(value) == {"start", "end"}
                and all(isinstance(t, str) and _CLOCK_TIME.fullmatch(t) for t in value.values())
            ):
                raise InvalidValue(
                    'Quiet hours are {"start": "HH:MM", "end": "HH:MM"} in your time zone, or null.',
                    field="settings.quiet_hours",
                )
        elif not any(type(value) is type(choice) and value == choice for choice in DISPLAY_SETTINGS[key]):
            choices = ", ".join(str(choice).lower() for choice in DISPLAY_SETTINGS[key])
            raise InvalidValue(f"{key} is one of {choices}.", field=f"settings.{key}")


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
        raise InvalidValue(f"The username {username!r} is taken.", code="username_taken", field="username")
    _username_check(username)
    name = display_name or username
    _display_name_check(name)
    user = user_model(username=username, email=email)
    if password:
        user.set_password(password)
    else:
        # bots sign in with a token, and people without a password yet get one by reset
        user.set_unusable_password()
    user.save()
    return _player_saved(Player(user=user, display_name=name, is_bot=is_bot, language=language), force_insert=True)


def _username_check(username: str) -> None:
    """A new username shows every character it holds and looks like no name already taken (league.usernames: UTS #39's
    skeleton, case folded), so that nobody logs in, or is invited, as a look-alike of another player. Every taken
    name is compared: some thousands a sign-up, 4 ms a thousand (docs/architecture.md)."""
    if hidden := invisible_characters(username):
        raise InvalidValue(
            translation.gettext("A username may not hold characters that do not show: %(chars)s.")
            % {"chars": ", ".join(hidden)},
            code="username_invisible",
            field="username",
        )
    key = look_alike_key(username)
    for taken in get_user_model().objects.values_list("username", flat=True).iterator():
        if look_alike_key(taken) == key:
            raise InvalidValue(
                translation.gettext("This username looks like one that is taken; choose another."),
                code="username_look_alike",
                field="username",
            )


def _display_name_check(name: str, *, player: Player | None = None) -> None:
    """Display names are one line (they go into mail subjects and push titles: league.input.single_line_check) and
    unique whatever their case (the database says so too: player_unique_display_name_ci)."""
    single_line_check(name, field="display_name")
    others = Player.objects.annotate(lowered=Lower("display_name")).filter(lowered=name.lower())
    if player is not None:
        others = others.exclude(pk=player.pk)
    if others.exists():
        raise InvalidValue(
            f"The name {name!r} is taken; choose another.", code="display_name_taken", field="display_name"
        )


def _player_saved(player: Player, **save: Any) -> Player:
    # the check above and the save race with a concurrent sign-up; the constraint settles it, as the same refusal
    try:
        with transaction.atomic():
            player.save(**save)
    except IntegrityError:
        raise InvalidValue(
            f"The name {player.display_name!r} is taken; choose another.",
            code="display_name_taken",
            field="display_name",
        ) from None
    return player


@transaction.atomic
def club_create(*, name: str, slug: str | None = None, description: str = "", organizer: Player | None = None) -> Club:
    """A club, with its first organizer when one is given."""
    if not slug and not any(character.isalnum() for character in name):
        raise InvalidValue("A club needs a name with letters or digits.", field="name")
    # a name in Hangul (or any script slugify drops) gets an address of its own: the URLs take ASCII slugs
    slug = slug or slugify(name) or f"club-{secrets.token_hex(4)}"
    if Club.objects.filter(slug=slug).exists():
        raise InvalidValue(f"The club address {slug!r} is taken.", code="slug_taken", field="slug")
    club = Club.objects.create(name=name, slug=slug, description=description)
    if organizer is not None:
        _membership_grant(club=club, player=organizer, role=Membership.Role.ORGANIZER)
    return club


def _membership_grant(*, club: Club, player: Player, role: str) -> Membership:
    """Make the player a member (or change their role): only ever called once consent is given (a club's founder,
    an accepted invitation, an approved request), never by an endpoint on its own."""
    if role not in Membership.Role.values:
        raise InvalidValue(f"Unknown role {role!r}.", field="role")
    try:
        with transaction.atomic():
            membership, created = Membership.objects.get_or_create(club=club, player=player, defaults={"role": role})
    except IntegrityError:  # added by a concurrent request between the get and the create
        membership, created = Membership.objects.get(club=club, player=player), False
    if not created and membership.role != role:
        membership.role = role
        membership.save(update_fields=["role"])
    return membership


def _organizer_check(*, club: Club, player: Player | None) -> None:
    if (
        player is None
        or not Membership.objects.filter(club=club, player=player, role=Membership.Role.ORGANIZER).exists()
    ):
        raise PermissionDenied("Only an organizer of this club may do this.", code="not_organizer")


@transaction.atomic
def invitation_create(*, club: Club, by: Player, player: Player, role: str = Membership.Role.MEMBER) -> Invitation:
    """An organizer invites a player: the player joins only by accepting (`invitation_accept`). A second invitation
    of the same player while one is pending returns that one, with the role asked now."""
    _organizer_check(club=club, player=by)
    if role not in Membership.Role.values:
        raise InvalidValue(f"Unknown role {role!r}.", field="role")
    if Membership.objects.filter(club=club, player=player).exists():
        raise InvalidValue(f"{player} is already a member of {club}.", code="already_member", field="player_id")
    pending = Invitation.objects.select_for_update().filter(club=club, player=player, status=Invitation.Status.PENDING)
    if (invitation := pending.first()) is not None:
        if invitation.role != role:
            invitation.role = role
            invitation.save(update_fields=["role"])
        return invitation
    return Invitation.objects.create(club=club, player=player, role=role, invited_by=by, code=secrets.token_urlsafe(24))


def _pending_invitation(*, code: str, player: Player) -> Invitation:
    # another player's invitation answers as no invitation at all: its code tells nothing to whoever holds it
    invitation = (
        Invitation.objects.select_for_update()
        .select_related("club")
        .filter(code=code, player=player, status=Invitation.Status.PENDING)
        .first()
    )
    if invitation is None:
        raise NotFound("No such invitation, or it was already answered.", field="code")
    return invitation


@transaction.atomic
def invitation_accept(*, code: str, player: Player) -> Membership:
    """The invited player accepts: they become a member with the role of the invitation."""
    invitation = _pending_invitation(code=code, player=player)
    invitation.status, invitation.answered_at = Invitation.Status.ACCEPTED, timezone.now()
    invitation.save(update_fields=["status", "answered_at"])
    # a pending request of theirs to the same club is answered by this too
    JoinRequest.objects.filter(club=invitation.club, player=player, status=JoinRequest.Status.PENDING).update(
        status=JoinRequest.Status.APPROVED, answered_at=invitation.answered_at, answered_by=invitation.invited_by
    )
    return _membership_grant(club=invitation.club, player=player, role=invitation.role)


@transaction.atomic
def invitation_decline(*, code: str, player: Player) -> Invitation:
    invitation = _pending_invitation(code=code, player=player)
    invitation.status, invitation.answered_at = Invitation.Status.DECLINED, timezone.now()
    invitation.save(update_fields=["status", "answered_at"])
    return invitation


@transaction.atomic
def invitation_revoke(*, invitation_id: int, by: Player) -> Invitation:
    """An organizer takes back an invitation not yet answered: its link then answers as no invitation at all."""
    invitation = (
        Invitation.objects.select_for_update()
        .select_related("club")
        .filter(pk=invitation_id, status=Invitation.Status.PENDING)
        .first()
    )
    if invitation is None:
        raise NotFound("No such invitation, or it was already answered.", field="invitation_id")
    _organizer_check(club=invitation.club, player=by)
    invitation.status, invitation.answered_at = Invitation.Status.REVOKED, timezone.now()
    invitation.save(update_fields=["status", "answered_at"])
    return invitation


@transaction.atomic
def join_request_create(*, club: Club, player: Player, message: str = "") -> JoinRequest:
    """A player asks to join; an organizer answers (`join_request_approve`, `join_request_decline`). Asking again
    while a request is pending returns that one."""
    if Membership.objects.filter(club=club, player=player).exists():
        raise InvalidValue(f"You are already a member of {club}.", code="already_member", field="club_id")
    if len(message) > 200:
        raise InvalidValue("A message has at most 200 characters.", field="message")
    pending = JoinRequest.objects.filter(club=club, player=player, status=JoinRequest.Status.PENDING).first()
    if pending is not None:
        return pending
    try:
        with transaction.atomic():
            return JoinRequest.objects.create(club=club, player=player, message=message)
    except IntegrityError:  # a concurrent request of the same player
        return JoinRequest.objects.get(club=club, player=player, status=JoinRequest.Status.PENDING)


def _pending_request(*, request_id: int, by: Player) -> JoinRequest:
    join_request = (
        JoinRequest.objects.select_for_update()
        .select_related("club", "player")
        .filter(pk=request_id, status=JoinRequest.Status.PENDING)
        .first()
    )
    if join_request is None:
        raise NotFound("No such request, or it was already answered.", field="request_id")
    _organizer_check(club=join_request.club, player=by)
    return join_request


@transaction.atomic
def join_request_approve(*, request_id: int, by: Player) -> Membership:
    """An organizer lets the player in, as a member."""
    join_request = _pending_request(request_id=request_id, by=by)
    join_request.status, join_request.answered_at, join_request.answered_by = (
        JoinRequest.Status.APPROVED,
        timezone.now(),
        by,
    )
    join_request.save(update_fields=["status", "answered_at", "answered_by"])
    return _membership_grant(club=join_request.club, player=join_request.player, role=Membership.Role.MEMBER)


@transaction.atomic
def join_request_decline(*, request_id: int, by: Player) -> JoinRequest:
    join_request = _pending_request(request_id=request_id, by=by)
    join_request.status, join_request.answered_at, join_request.answered_by = (
        JoinRequest.Status.DECLINED,
        timezone.now(),
        by,
    )
    join_request.save(update_fields=["status", "answered_at", "answered_by"])
    return join_request


@transaction.atomic
def membership_role_set(*, club: Club, by: Player, player: Player, role: str) -> Membership:
    """An organizer changes a member's role (organizer or member); the club keeps at least one organizer."""
    _organizer_check(club=club, player=by)
    membership = Membership.objects.select_for_update().filter(club=club, player=player).first()
    if membership is None:
        raise NotFound(f"{player} is not a member of {club}.", field="player_id")
    if role not in Membership.Role.values:
        raise InvalidValue(f"Unknown role {role!r}.", field="role")
    if membership.role == Membership.Role.ORGANIZER and role != Membership.Role.ORGANIZER:
        _last_organizer_check(club=club)
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def membership_remove(*, club: Club, by: Player, player: Player) -> None:
    """A player leaves, or an organizer removes a member; the club keeps at least one organizer."""
    if by.pk != player.pk:
        _organizer_check(club=club, player=by)
    membership = Membership.objects.select_for_update().filter(club=club, player=player).first()
    if membership is None:
        return
    if membership.role == Membership.Role.ORGANIZER:
        _last_organizer_check(club=club)
    membership.delete()


def _last_organizer_check(*, club: Club) -> None:
    organizers = Membership.objects.select_for_update().filter(club=club, role=Membership.Role.ORGANIZER)
    if organizers.count() <= 1:
        raise InvalidValue("A club keeps at least one organizer.", code="last_organizer", field="role")


@transaction.atomic
def player_update(
    *,
    player: Player,
    display_name: str | None = None,
    language: str | None = None,
    settings: dict[str, Any] | None = None,
    confirm_moves: bool | None = None,
) -> Player:
    """Change a player's name, language or preferences; preference keys are merged, a null value removes one, and
    each is checked against the known settings (`player_settings_check`: the reminder choices the clock sends,
    docs/clocks.md, and the display choices). `confirm_moves`: at the card table a move is sent on a second click."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if display_name is not None:
        _display_name_check(display_name, player=player)
        player.display_name = display_name
    if language is not None:
        player.language = language
    if settings is not None:
        player_settings_check(settings)
        # keys stored before the schema existed and no longer known are dropped on the next change
        merged = {key: value for key, value in {**player.settings, **settings}.items() if key in SETTINGS_KEYS}
        player.settings = {key: value for key, value in merged.items() if value is not None}
    if confirm_moves is not None:
        player.confirm_moves = confirm_moves
    return _player_saved(player, update_fields=["display_name", "language", "settings", "confirm_moves"])
