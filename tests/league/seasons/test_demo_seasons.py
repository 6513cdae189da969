"""The demo club's seasons (league/services/demo_seasons.py), loaded by manage.py demo_load."""

import io

import pytest
from django.core.management import call_command

from games import available_games
from league.models import Club, Round, Season, Standing, Table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_hashing(settings) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_the_demo_club_has_a_running_season_of_each_game():
    call_command("demo_load", stdout=io.StringIO(), stderr=io.StringIO())
    club = Club.objects.get(slug="demo")
    seasons = Season.objects.filter(club=club)
    assert sorted(seasons.values_list("game", flat=True)) == sorted(available_games())
    for season in seasons:
        assert season.status == Season.Status.RUNNING
        assert Round.objects.get(season=season).status == Round.Status.RUNNING
        assert Table.objects.filter(round__season=season, status=Table.Status.ACTIVE).exists()
        assert Standing.objects.filter(season=season).count() == season.entrants.count() > 1
    coinche = seasons.filter(game="coinche").first()
    if coinche is not None:
        assert coinche.partners == Season.Partners.FIXED
        assert all(e.partner_id for e in coinche.entrants.all())
    # loading again changes nothing
    call_command("demo_load", stdout=io.StringIO(), stderr=io.StringIO())
    assert Season.objects.filter(club=club).count() == len(available_games())
