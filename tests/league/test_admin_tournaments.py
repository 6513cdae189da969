"""The tournaments in the admin (league/admin/): read-only pages scoped to the organizer's clubs, the draw's seed
never shown, and the start action through the service."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from league.models import Membership, Tournament
from league.services.tournaments import TournamentSpec, tournament_create, tournament_register
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_organizer(client):
    player = PlayerFactory(user=UserFactory(username="olivia", is_staff=True))
    player.user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
    club = ClubFactory(name="Olivia's club")
    Membership.objects.create(club=club, player=player, role=Membership.Role.ORGANIZER)
    client.force_login(player.user)
    return client, club, player


def _cup(club, organizer, entrants=0, name="Cup"):
    spec = TournamentSpec(name=name, game="palace-infighting", format="single_elim", seeding="entered")
    tournament = tournament_create(club=club, by=organizer, spec=spec)
    for _ in range(entrants):
        member = MembershipFactory(club=club).player
        tournament_register(tournament=tournament, player=member)
    return tournament


def test_an_organizer_sees_their_clubs_tournaments_only_and_never_the_draw_seed(staff_organizer):
    client, club, player = staff_organizer
    mine = _cup(club, player, entrants=2, name="Mine")
    other_club = ClubFactory()
    other_organizer = PlayerFactory()
    Membership.objects.create(club=other_club, player=other_organizer, role=Membership.Role.ORGANIZER)
    _cup(other_club, other_organizer, name="Theirs")
    listing = client.get(reverse("admin:league_tournament_changelist")).content.decode()
    assert "Mine" in listing and "Theirs" not in listing
    page = client.get(reverse("admin:league_tournament_change", args=[mine.pk]))
    assert page.status_code == 200
    assert mine.draw_seed not in page.content.decode()


def test_the_start_action_goes_through_the_service(staff_organizer):
    client, club, player = staff_organizer
    tournament = _cup(club, player, entrants=4)
    response = client.post(
        reverse("admin:league_tournament_changelist"),
        {"action": "competitions_start", "_selected_action": [tournament.pk]},
        follow=True,
    )
    assert response.status_code == 200
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    assert tournament.tables.count() == 2
