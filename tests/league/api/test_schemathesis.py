"""Schemathesis against the OpenAPI schema (league/api/): for every operation, a bounded number of generated requests,
sent to the WSGI app as a seeded player with a token; no 5xx, and every response matches the schema (status code,
content type, headers, body)."""

from collections.abc import Iterator

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application
from games import available_games
from league.models import Membership
from league.services.clubs import invitation_create, join_request_create
from league.services.seasons import SeasonSpec, entrant_register, season_create, season_open_registration
from tests.league.factories import ClubFactory, MembershipFactory, PlayerFactory, table_for
from tests.league.playing import seat_count, short_options

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

# a few minutes of fuzzing: `make test` runs it, `make check` does not
pytestmark = pytest.mark.slow

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


@pytest.fixture
def wsgi_in_test_transaction() -> Iterator[None]:
    """Calls straight into the WSGI app would close the connection at the end of each request (and with it the
    test's transaction); Django's own test client avoids that the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def seeded(db, wsgi_in_test_transaction) -> dict:
    """An organizer with a token, a club with a second member, a table of the first installed game between them,
    and a season open for registration with that member entered."""
    organizer = PlayerFactory()
    club = ClubFactory()
    MembershipFactory(club=club, player=organizer, role=Membership.Role.ORGANIZER)
    member = MembershipFactory(club=club).player
    game = available_games()[0]
    players = [organizer, member, *PlayerFactory.create_batch(seat_count(game) - 2)]
    table = table_for(game, players=players, club=club, options=short_options(game))
    season = season_create(club=club, by=organizer, spec=SeasonSpec(game="palace-infighting", name="Fuzzed season"))
    season = season_open_registration(season=season, by=organizer)
    entrant = entrant_register(season=season, by=organizer, player=member)
    invitation = invitation_create(club=club, by=organizer, player=PlayerFactory())
    join_request = join_request_create(club=club, player=PlayerFactory())
    token, _ = Token.objects.get_or_create(user=organizer.user)
    return {
        "token": token.key,
        "ids": {
            "club_id": club.pk,
            "table_id": table.pk,
            "player_id": member.pk,
            "season_id": season.pk,
            "entrant_id": entrant.pk,
            "request_id": join_request.pk,
            "code": invitation.code,
        },
    }


@schema.parametrize()
@settings(
    max_examples=20,
    deadline=None,
    # the same cases on every run, so that CI is reproducible; a failure names its case (curl line) to replay
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_api_conforms_to_its_schema(case, seeded) -> None:
    # half of the generated ids are swapped for real ones, so that requests reach past the 404 of an unknown id
    for name, real in seeded["ids"].items():
        value = (case.path_parameters or {}).get(name)
        if (isinstance(value, int) and value % 2) or (isinstance(value, str) and len(value) % 2):
            case.path_parameters[name] = real
    case.call_and_validate(headers={"Authorization": f"Token {seeded['token']}"}, checks=CHECKS)
