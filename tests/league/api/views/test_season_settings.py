"""A season's clock, its settings changed before it starts, and players' vacations through the API; each game's
options documented in the schema from its engine."""

from datetime import timedelta

import pytest
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator

from league.models import Account, Season, SeasonClock, Vacation
from tests.league.api.helpers import error
from tests.league.factories import MembershipFactory

pytestmark = pytest.mark.django_db

CLOCK = {
    "bank_start": 7200,
    "bank_increment": 600,
    "vacation_days": 3,
    "pause_weekday": 5,
    "pause_start": "00:00:00",
    "pause_hours": 48,
    "time_zone": "Asia/Seoul",
}


@pytest.fixture
def members(club):
    return [MembershipFactory(club=club).player for _ in range(2)]


def _create(client, club, **extra):
    return client.post(
        f"/api/clubs/{club.pk}/seasons/", {"game": "palace-infighting", "name": "Winter", **extra}, format="json"
    )


def test_a_season_is_created_with_its_clock_and_shows_it(client_for, club, organizer) -> None:
    response = _create(client_for(organizer), club, clock=CLOCK)

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["clock"] == CLOCK | {"bank_cap": None, "timeout_policy": "autoplay", "abandon_after": 3}
    assert SeasonClock.objects.get(season_id=body["id"]).time_zone == "Asia/Seoul"
    assert _create(client_for(organizer), club, name="Plain").json()["clock"] is None


def test_a_clock_without_a_zone_runs_in_its_organizers(client_for, club, organizer) -> None:
    Account.objects.create(player=organizer, time_zone="Europe/Paris", time_zone_chosen=True)
    without_zone = {key: value for key, value in CLOCK.items() if key != "time_zone"}
    client = client_for(organizer)

    season = _create(client, club, clock=without_zone).json()
    assert season["clock"]["time_zone"] == "Europe/Paris"
    # a clock changed later without a zone keeps the season's, whoever changes it
    Account.objects.filter(player=organizer).update(time_zone="Asia/Seoul")
    changed = client.patch(
        f"/api/seasons/{season['id']}/", {"clock": without_zone | {"vacation_days": 1}}, format="json"
    )
    assert changed.json()["clock"]["time_zone"] == "Europe/Paris"


def test_a_clock_in_a_zone_that_does_not_exist_is_refused_on_its_field(client_for, club, organizer) -> None:
    response = _create(client_for(organizer), club, clock=CLOCK | {"time_zone": "Europe/Pariss"})

    assert response.status_code == 400
    assert response.json() == error("bad_clock", "clock.time_zone")
    assert not Season.objects.exists()


def test_settings_change_by_patch_until_the_start(client_for, club, organizer, members) -> None:
    client = client_for(organizer)
    season = _create(client, club, clock=CLOCK).json()

    changed = client.patch(
        f"/api/seasons/{season['id']}/", {"round_interval_days": 3, "time_per_move": 7200}, format="json"
    )
    off = client.patch(f"/api/seasons/{season['id']}/", {"clock": None}, format="json")

    assert changed.status_code == 200, changed.json()
    assert (changed.json()["round_interval_days"], changed.json()["time_per_move"]) == (3, 7200)
    assert changed.json()["clock"]["time_zone"] == "Asia/Seoul"  # left out, so kept
    assert off.status_code == 200 and off.json()["clock"] is None
    refused = client_for(members[0]).patch(f"/api/seasons/{season['id']}/", {"name": "Mine"}, format="json")
    assert refused.status_code == 403


def test_a_player_takes_and_cancels_vacation_days(client_for, club, organizer, members) -> None:
    client = client_for(organizer)
    season = _create(client, club, clock=CLOCK).json()
    client.post(f"/api/seasons/{season['id']}/open/")
    client.post(f"/api/seasons/{season['id']}/entrants/", {"player_id": members[0].pk}, format="json")
    player = client_for(members[0])
    starts = (timezone.now() + timedelta(days=2)).isoformat()

    taken = player.post(f"/api/seasons/{season['id']}/vacations/", {"starts_at": starts, "days": 2}, format="json")
    too_many = player.post(f"/api/seasons/{season['id']}/vacations/", {"starts_at": starts, "days": 2}, format="json")

    assert taken.status_code == 201, taken.json()
    assert too_many.status_code == 400 and too_many.json()["error"]["code"] == "no_vacation_left"
    listed = player.get(f"/api/seasons/{season['id']}/vacations/").json()
    assert [v["id"] for v in listed] == [taken.json()["id"]]
    others = client_for(members[1]).post(f"/api/seasons/{season['id']}/vacations/{taken.json()['id']}/cancel/")
    assert others.status_code == 404
    cancelled = player.post(f"/api/seasons/{season['id']}/vacations/{taken.json()['id']}/cancel/")
    assert cancelled.status_code == 200 and cancelled.json() == []
    assert not Vacation.objects.exists()


def test_the_schema_documents_each_games_options_from_its_engine() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    options = schema["components"]["schemas"]["Season"]["properties"]["options"]
    court = next(variant for variant in options["anyOf"] if variant["title"] == "The Court (the-court)")
    assert (court["properties"]["ante"]["minimum"], court["properties"]["ante"]["maximum"]) == (1, 1_000_000)
    assert court["properties"]["ante"]["default"] == 10
    assert "Set by tournaments only" in court["properties"]["button"]["description"]
    poker = next(variant for variant in options["anyOf"] if variant["title"] == "Mini Poker (mini-poker)")
    assert poker["properties"]["deal"]["enum"] == ["two_card", "two_at_once", "three_card", "holdem"]
