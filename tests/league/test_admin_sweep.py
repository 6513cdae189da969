"""The clock sweep's mark in the admin (league/admin.py, the filter on `sweep_failed_at`): an organizer finds the
tables the sweep could not play, and reads why on the table's page."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone

from league.models import Membership, Table
from tests.league.factories import ClubFactory, PlayerFactory, UserFactory, table_for

pytestmark = pytest.mark.django_db


def test_an_organizer_finds_the_tables_the_sweep_could_not_play_and_why(client, fake_game: str) -> None:
    player = PlayerFactory(user=UserFactory(username="olivia", is_staff=True))
    player.user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
    club = ClubFactory()
    Membership.objects.create(club=club, player=player, role=Membership.Role.ORGANIZER)
    client.force_login(player.user)
    healthy, stuck = table_for(fake_game, club=club), table_for(fake_game, club=club)
    reason = "ZoneInfoNotFoundError: 'No time zone found with key Europe/Pariss'"
    Table.objects.filter(pk=stuck.pk).update(sweep_error=reason, sweep_failed_at=timezone.now())

    listed = client.get(reverse("admin:league_table_changelist"), {"sweep_failed_at__isnull": "False"})
    page = client.get(reverse("admin:league_table_change", args=[stuck.pk]))

    assert list(listed.context["cl"].result_list) == [stuck]
    assert healthy not in listed.context["cl"].result_list
    assert "Europe/Pariss" in page.content.decode()
