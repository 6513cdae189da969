"""Who may act as a club's organizer: its organizers only, not its members, nor another club's organizer."""

import pytest

from league.errors import PermissionDenied
from league.models import Membership
from league.services.permissions import organizer_check
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def test_only_the_clubs_own_organizer_passes_the_check() -> None:
    club, elsewhere = ClubFactory(), ClubFactory()
    organizer, member, other_organizer = PlayerFactory.create_batch(3)
    MembershipFactory(club=club, player=organizer, role=Membership.Role.ORGANIZER)
    MembershipFactory(club=club, player=member)
    MembershipFactory(club=elsewhere, player=other_organizer, role=Membership.Role.ORGANIZER)

    organizer_check(club=club, player=organizer)
    for refused in (member, other_organizer, PlayerFactory(), None):
        with pytest.raises(PermissionDenied) as error:
            organizer_check(club=club, player=refused)
        assert (error.value.code, error.value.status) == ("permission_denied", 403)
