"""The club most view tests act in, and its organizer (a test module may name its own)."""

import pytest

from league.models import Club, Membership, Player
from tests.league.factories import ClubFactory, MembershipFactory


@pytest.fixture
def club() -> Club:
    return ClubFactory()


@pytest.fixture
def organizer(club: Club) -> Player:
    return MembershipFactory(club=club, role=Membership.Role.ORGANIZER).player
