"""player_create, club_create, membership_add (league/services/clubs.py)."""

import pytest

from league.errors import BadOptions
from league.models import Membership
from league.services.clubs import club_create, membership_add, membership_remove, player_create, player_update
from tests.league.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def test_player_create_makes_the_user_and_its_profile(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    player = player_create(username="alice", password="alice-pass-123", display_name="Alice", language="ko")

    assert (player.user.username, player.display_name, player.language) == ("alice", "Alice", "ko")
    assert not player.is_bot
    assert player.user.check_password("alice-pass-123")


def test_a_bot_has_no_usable_password() -> None:
    bot = player_create(username="robot", is_bot=True)

    assert (bot.is_bot, bot.display_name, bot.user.has_usable_password()) == (True, "robot", False)


def test_a_taken_username_is_refused() -> None:
    player_create(username="alice")

    with pytest.raises(BadOptions) as error:
        player_create(username="alice")

    assert (error.value.code, error.value.field) == ("username_taken", "username")


def test_club_create_makes_its_first_organizer() -> None:
    organizer = PlayerFactory()

    club = club_create(name="Seoul Card Club", organizer=organizer)

    assert club.slug == "seoul-card-club"
    assert list(club.memberships.values_list("player", "role")) == [(organizer.pk, Membership.Role.ORGANIZER)]


def test_a_taken_club_slug_is_refused() -> None:
    club_create(name="Aces")

    with pytest.raises(BadOptions) as error:
        club_create(name="Aces")

    assert error.value.code == "slug_taken"


def test_membership_add_changes_the_role_of_a_member_already_in() -> None:
    club, player = ClubFactory(), PlayerFactory()
    membership_add(club=club, player=player)

    membership_add(club=club, player=player, role=Membership.Role.ORGANIZER)

    assert list(Membership.objects.values_list("role", flat=True)) == [Membership.Role.ORGANIZER]


def test_an_unknown_role_is_refused() -> None:
    with pytest.raises(BadOptions):
        membership_add(club=ClubFactory(), player=PlayerFactory(), role="owner")


def test_membership_remove() -> None:
    club, player = ClubFactory(), PlayerFactory()
    membership_add(club=club, player=player)

    membership_remove(club=club, player=player)

    assert not Membership.objects.exists()


def test_player_update_merges_preferences_and_a_null_removes_one() -> None:
    player = PlayerFactory()
    player_update(player=player, settings={"theme": "dark", "notifications": {"daily_digest": True}})
    updated = player_update(player=player, display_name="Ada", language="ko", settings={"theme": None})
    assert (updated.display_name, updated.language, updated.settings) == (
        "Ada",
        "ko",
        {"notifications": {"daily_digest": True}},
    )


@pytest.mark.parametrize("notifications", [{"carrier_pigeon": True}, {"your_move": "yes"}, ["your_move"]])
def test_player_update_refuses_reminder_settings_the_clock_does_not_know(notifications) -> None:
    player = PlayerFactory()
    with pytest.raises(BadOptions) as error:
        player_update(player=player, settings={"notifications": notifications})
    assert error.value.field == "settings.notifications"
    player.refresh_from_db()
    assert "notifications" not in player.settings
