"""The admin of poker tournaments (league/admin/, league/admin/competition_actions.py): read-only and club-scoped
pages that never show the state (it holds the seed of the draws), and the start action through the service."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from league.models import Membership, PokerHand, PokerTournament
from league.services.poker_tournaments import (
    PokerTournamentSpec,
    poker_tournament_create,
    poker_tournament_register,
    poker_tournament_start,
)
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client):
    player = PlayerFactory(user=UserFactory(username="olga", is_staff=True))
    player.user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
    club = ClubFactory(name="Olga club")
    Membership.objects.create(club=club, player=player, role=Membership.Role.ORGANIZER)
    client.force_login(player.user)
    return client, club, player


def _tournament(club, organizer, players: int = 4) -> PokerTournament:
    tournament = poker_tournament_create(
        club=club,
        by=organizer,
        spec=PokerTournamentSpec(
            game="mini-poker",
            name=f"Freezeout of {club.name}",
            starting_stack=200,
            table_size=4,
            level_hands=2,
            levels=[{"ante": 5}, {"ante": 10}],
        ),
    )
    for _ in range(players):
        poker_tournament_register(tournament=tournament, player=MembershipFactory(club=club).player)
    return tournament


def test_an_organizer_sees_the_tournaments_and_hands_of_their_clubs_without_the_seed(organizer):
    client, club, player = organizer
    mine = _tournament(club, player)
    poker_tournament_start(tournament=mine, by=player, seed="admin-poker-secret-seed")
    other_club = ClubFactory()
    other_organizer = MembershipFactory(club=other_club, role=Membership.Role.ORGANIZER).player
    theirs = _tournament(other_club, other_organizer)
    listing = client.get(reverse("admin:league_pokertournament_changelist")).content.decode()
    assert mine.name in listing and theirs.name not in listing
    page = client.get(reverse("admin:league_pokertournament_change", args=[mine.pk]))
    assert page.status_code == 200 and "admin-poker-secret-seed" not in page.content.decode()
    hands = client.get(reverse("admin:league_pokerhand_changelist"))
    assert hands.status_code == 200
    hand = PokerHand.objects.get(tournament=mine)
    page = client.get(reverse("admin:league_pokerhand_change", args=[hand.pk]))
    assert page.status_code == 200 and "admin-poker-secret-seed" not in page.content.decode()
    # no lookup on the state, however asked
    response = client.get(reverse("admin:league_pokertournament_changelist") + "?state__icontains=admin")
    assert "admin-poker-secret-seed" not in response.content.decode()


def test_the_start_action_goes_through_the_service(organizer):
    client, club, player = organizer
    tournament = _tournament(club, player, players=5)
    response = client.post(
        reverse("admin:league_pokertournament_changelist"),
        {"action": "competitions_start", "_selected_action": [tournament.pk]},
        follow=True,
    )
    assert response.status_code == 200
    tournament.refresh_from_db()
    assert tournament.status == "running" and PokerHand.objects.filter(tournament=tournament).count() == 2
    # a second start is refused with the service's message, nothing changes
    response = client.post(
        reverse("admin:league_pokertournament_changelist"),
        {"action": "competitions_start", "_selected_action": [tournament.pk]},
        follow=True,
    )
    assert "running" in response.content.decode()
    assert PokerHand.objects.filter(tournament=tournament).count() == 2
