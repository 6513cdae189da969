"""Organizer actions on seasons in the admin (league/admin/season_actions.py)."""

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from league.models import Round, Season
from tests.league.seasons.factories import season_with_entrants

pytestmark = pytest.mark.django_db


def _staff(client, player):
    user = player.user
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.user_permissions.add(*Permission.objects.filter(content_type__app_label="league"))
    client.force_login(user)


def test_an_organizer_starts_a_season_from_the_admin(client, fake_game):
    season, organizer, _ = season_with_entrants(fake_game, entrants=4)
    _staff(client, organizer)
    url = reverse("admin:league_season_changelist")
    response = client.post(url, {"action": "competitions_start", "_selected_action": [season.pk]}, follow=True)
    assert response.status_code == 200
    season.refresh_from_db()
    assert season.status == Season.Status.RUNNING
    assert Round.objects.get(season=season).status == Round.Status.RUNNING


def test_a_member_who_is_staff_but_not_organizer_is_refused(client, fake_game):
    season, _, members = season_with_entrants(fake_game, entrants=4)
    _staff(client, members[0])
    url = reverse("admin:league_season_changelist")
    client.post(url, {"action": "competitions_start", "_selected_action": [season.pk]}, follow=True)
    season.refresh_from_db()
    assert season.status == Season.Status.REGISTRATION
