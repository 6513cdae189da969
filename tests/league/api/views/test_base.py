"""What every API view shares (league/api/views/base.py)."""

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory

from league.api.views.base import ApiView, PlayerTokenAuthentication
from tests.league.factories import PlayerFactory


class Echo(ApiView):
    permission_classes = [AllowAny]

    def get(self, request: object, table_id: int) -> Response:
        return Response({"table_id": table_id})


def test_an_id_past_a_bigint_is_404_before_the_view_runs() -> None:
    request = APIRequestFactory().get("/x/")

    response = Echo.as_view()(request, table_id=10**20)

    assert response.status_code == 404
    assert response.data == {"error": {"code": "not_found", "message": "No such object.", "field": None}}


def test_a_real_id_reaches_the_view() -> None:
    response = Echo.as_view()(APIRequestFactory().get("/x/"), table_id=12)

    assert (response.status_code, response.data) == (200, {"table_id": 12})


# --- the two ways in: a token, or the pages' session (which must carry the CSRF token) ------------------------------


@pytest.mark.django_db
def test_a_token_reads_the_player_in_the_same_query_as_the_token(django_assert_num_queries) -> None:
    player = PlayerFactory()
    token = Token.objects.create(user=player.user)

    with django_assert_num_queries(1):
        user, _ = PlayerTokenAuthentication().authenticate_credentials(token.key)
        assert user.player.pk == player.pk


@pytest.mark.django_db
def test_a_session_write_without_the_csrf_token_is_refused_and_with_it_goes_through() -> None:
    player = PlayerFactory(display_name="Before")
    client = Client(enforce_csrf_checks=True)
    client.force_login(player.user)
    page = client.get("/")  # any page sets the CSRF cookie the pages' forms and htmx send back
    csrf = page.cookies[settings.CSRF_COOKIE_NAME].value

    refused = client.patch("/api/me/", {"display_name": "Forged"}, content_type="application/json")
    allowed = client.patch(
        "/api/me/", {"display_name": "After"}, content_type="application/json", HTTP_X_CSRFTOKEN=csrf
    )

    assert refused.status_code == 403
    assert refused.json()["error"]["code"] == "csrf_failed"
    assert allowed.status_code == 200
    player.refresh_from_db()
    assert player.display_name == "After"


@pytest.mark.django_db
def test_a_session_read_needs_no_csrf_token() -> None:
    player = PlayerFactory()
    client = Client(enforce_csrf_checks=True)
    client.force_login(player.user)

    assert client.get("/api/me/").json()["display_name"] == player.display_name
