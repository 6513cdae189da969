"""What every API view shares (league/api/views/base.py)."""

from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.test import APIRequestFactory

from league.api.views.base import ApiView


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
