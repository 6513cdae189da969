"""player_create, club_create, and membership with the player's consent (league/services/clubs.py)."""

import re

import pytest

from league.errors import InvalidValue, NotFound, PermissionDenied
from league.models import Invitation, Membership, Player
from league.services.clubs import (
    club_create,
    invitation_accept,
    invitation_create,
    invitation_decline,
    invitation_revoke,
    join_request_approve,
    join_request_create,
    join_request_decline,
    membership_remove,
    membership_role_set,
    player_create,
    player_update,
)
from tests.league.factories import PlayerFactory, UserFactory

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

    with pytest.raises(InvalidValue) as error:
        player_create(username="alice")

    assert (error.value.code, error.value.field) == ("username_taken", "username")


# the case, a Cyrillic а, full width, a Ukrainian і
@pytest.mark.parametrize("look_alike", ["Alice", "\u0430lice", "\uff41\uff4c\uff49\uff43\uff45", "al\u0456ce"])
def test_a_username_that_looks_like_a_taken_one_is_refused(look_alike: str) -> None:
    # given: alice, made by the admin (no player service ran for her name)
    UserFactory(username="alice")

    with pytest.raises(InvalidValue) as error:
        player_create(username=look_alike, email="other@example.org")

    assert (error.value.code, error.value.field) == ("username_look_alike", "username")
    assert not Player.objects.filter(user__username=look_alike).exists()


@pytest.mark.parametrize("hidden", ["ali\u200bce", "bob\u200d", "\u202eevil", "mina\ufeff"])
def test_a_username_with_characters_that_do_not_show_is_refused(hidden: str) -> None:
    with pytest.raises(InvalidValue) as error:
        player_create(username=hidden)

    assert (error.value.code, error.value.field) == ("username_invisible", "username")


def test_club_create_makes_its_first_organizer() -> None:
    organizer = PlayerFactory()

    club = club_create(name="Seoul Card Club", organizer=organizer)

    assert club.slug == "seoul-card-club"
    assert list(club.memberships.values_list("player", "role")) == [(organizer.pk, Membership.Role.ORGANIZER)]


def test_a_taken_club_slug_is_refused() -> None:
    club_create(name="Aces")

    with pytest.raises(InvalidValue) as error:
        club_create(name="Aces")

    assert error.value.code == "slug_taken"


def test_a_club_named_in_hangul_gets_an_address_of_its_own_and_a_name_of_signs_alone_is_refused(client) -> None:
    first, second = club_create(name="부산 카드 클럽"), club_create(name="부산 카드 클럽")

    assert first.name == "부산 카드 클럽"
    assert re.fullmatch(r"club-[0-9a-f]{8}", first.slug) and first.slug != second.slug
    assert client.get(f"/clubs/{first.slug}/").status_code == 200
    with pytest.raises(InvalidValue) as error:
        club_create(name="!!! ---")
    assert (error.value.field, error.value.message) == ("name", "A club needs a name with letters or digits.")


# --- membership only with the player's consent (finding 4) ------------------------------------------------------------


@pytest.fixture
def club_and_organizer():
    organizer = PlayerFactory(display_name="Olga")
    return club_create(name="Aces", organizer=organizer), organizer


def test_an_invited_player_joins_only_by_accepting(club_and_organizer) -> None:
    # given: an invitation
    club, organizer = club_and_organizer
    player = PlayerFactory()
    invitation = invitation_create(club=club, by=organizer, player=player, role=Membership.Role.MEMBER)
    # then: not a member yet
    assert not Membership.objects.filter(club=club, player=player).exists()
    # when: the player accepts
    membership = invitation_accept(code=invitation.code, player=player)
    # then: a member, and the invitation answered
    assert (membership.player, membership.role) == (player, Membership.Role.MEMBER)
    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.ACCEPTED


def test_a_declined_invitation_adds_nobody_and_cannot_be_accepted_after(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    player = PlayerFactory()
    invitation = invitation_create(club=club, by=organizer, player=player)

    invitation_decline(code=invitation.code, player=player)

    with pytest.raises(NotFound):
        invitation_accept(code=invitation.code, player=player)
    assert not Membership.objects.filter(club=club, player=player).exists()


def test_another_player_cannot_answer_an_invitation_with_its_code(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    invitation = invitation_create(club=club, by=organizer, player=PlayerFactory())
    intruder = PlayerFactory()

    with pytest.raises(NotFound):
        invitation_accept(code=invitation.code, player=intruder)
    assert not Membership.objects.filter(club=club, player=intruder).exists()


def test_only_an_organizer_invites(club_and_organizer) -> None:
    club, _organizer = club_and_organizer
    member = PlayerFactory()
    invitation_accept(code=invitation_create(club=club, by=_organizer, player=member).code, player=member)

    with pytest.raises(PermissionDenied):
        invitation_create(club=club, by=member, player=PlayerFactory())


def test_a_request_to_join_needs_an_organizers_approval(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    player = PlayerFactory()

    request = join_request_create(club=club, player=player, message="I play on Tuesdays")
    assert join_request_create(club=club, player=player) == request  # asking twice is one request
    assert not Membership.objects.filter(club=club, player=player).exists()
    with pytest.raises(PermissionDenied):
        join_request_approve(request_id=request.pk, by=player)

    join_request_approve(request_id=request.pk, by=organizer)

    assert Membership.objects.get(club=club, player=player).role == Membership.Role.MEMBER


def test_a_declined_request_adds_nobody(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    player = PlayerFactory()
    request = join_request_create(club=club, player=player)

    join_request_decline(request_id=request.pk, by=organizer)

    assert not Membership.objects.filter(club=club, player=player).exists()
    with pytest.raises(NotFound):
        join_request_approve(request_id=request.pk, by=organizer)


def test_roles_change_and_the_club_keeps_an_organizer(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    member = PlayerFactory()
    invitation_accept(code=invitation_create(club=club, by=organizer, player=member).code, player=member)

    membership_role_set(club=club, by=organizer, player=member, role=Membership.Role.ORGANIZER)
    membership_role_set(club=club, by=member, player=organizer, role=Membership.Role.MEMBER)

    with pytest.raises(InvalidValue) as last:
        membership_role_set(club=club, by=member, player=member, role=Membership.Role.MEMBER)
    assert last.value.code == "last_organizer"
    with pytest.raises(InvalidValue):
        membership_role_set(club=club, by=member, player=organizer, role="owner")


def test_a_member_leaves_and_an_organizer_removes_one(club_and_organizer) -> None:
    club, organizer = club_and_organizer
    first, second = PlayerFactory(), PlayerFactory()
    for player in (first, second):
        invitation_accept(code=invitation_create(club=club, by=organizer, player=player).code, player=player)

    membership_remove(club=club, by=first, player=first)
    with pytest.raises(PermissionDenied):
        membership_remove(club=club, by=second, player=organizer)
    membership_remove(club=club, by=organizer, player=second)

    assert list(club.memberships.values_list("player", flat=True)) == [organizer.pk]


def test_no_service_adds_a_member_without_an_invitation_or_a_request() -> None:
    import league.services.clubs as clubs

    public = {name for name in dir(clubs) if not name.startswith("_") and callable(getattr(clubs, name))}
    assert "membership_add" not in public


def test_display_names_are_unique_whatever_their_case() -> None:
    player_create(username="alice", display_name="Alice")

    with pytest.raises(InvalidValue) as taken:
        player_create(username="alice2", display_name="aLICE")
    other = player_create(username="bob", display_name="Bob")
    with pytest.raises(InvalidValue) as renamed:
        player_update(player=other, display_name="ALICE")

    assert (taken.value.code, taken.value.field, renamed.value.code) == (
        "display_name_taken",
        "display_name",
        "display_name_taken",
    )


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
    with pytest.raises(InvalidValue) as error:
        player_update(player=player, settings={"notifications": notifications})
    assert error.value.field == "settings.notifications"
    player.refresh_from_db()
    assert "notifications" not in player.settings


def test_invitation_revoke_closes_the_invitation_so_that_it_cannot_be_accepted() -> None:
    organizer, player = PlayerFactory(), PlayerFactory()
    club = club_create(name="Aces", organizer=organizer)
    invitation = invitation_create(club=club, by=organizer, player=player)

    invitation_revoke(invitation_id=invitation.pk, by=organizer)

    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.REVOKED and invitation.answered_at is not None
    with pytest.raises(NotFound):
        invitation_accept(code=invitation.code, player=player)
    assert not Membership.objects.filter(club=club, player=player).exists()


def test_invitation_revoke_is_for_the_clubs_organizers_and_pending_invitations_only() -> None:
    organizer, player, member = PlayerFactory(), PlayerFactory(), PlayerFactory()
    club = club_create(name="Aces", organizer=organizer)
    Membership.objects.create(club=club, player=member)
    invitation = invitation_create(club=club, by=organizer, player=player)

    with pytest.raises(PermissionDenied):
        invitation_revoke(invitation_id=invitation.pk, by=member)
    invitation_decline(code=invitation.code, player=player)
    with pytest.raises(NotFound):
        invitation_revoke(invitation_id=invitation.pk, by=organizer)

    invitation.refresh_from_db()
    assert invitation.status == Invitation.Status.DECLINED
