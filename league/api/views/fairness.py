"""API of provably fair dealing (docs/fairness.md): a table's commitment and entropy, adding or waiving entropy,
and the table's full record, under /api/tables/<id>/fairness/."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from league.api.views.base import ApiView
from league.caller import player_required
from league.selectors.tables import table_get
from league.services import fairness


class FairnessView(ApiView):
    """The commitment (from the start), the entropy so far, and the seeds once the table has ended."""

    permission_classes: list = []

    @extend_schema(responses={200: dict}, operation_id="table_fairness")
    def get(self, request: Request, table_id: int) -> Response:
        return Response(fairness.fairness_view(table=table_get(table_id=table_id)))


class EntropyView(ApiView):
    """A seated player adds entropy (`{"entropy": "..."}`) or waives it (`{"waive": true}`) before the first deal."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=inline_serializer(
            "EntropyRequest",
            {"entropy": serializers.CharField(required=False), "waive": serializers.BooleanField(required=False)},
        ),
        responses={200: dict},
        operation_id="table_entropy",
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = table_get(table_id=table_id)
        player = player_required(request)
        data = request.data if isinstance(request.data, dict) else {}
        if data.get("waive") is True:
            fairness.entropy_waive(table_id=table.pk, player=player)
        else:
            fairness.entropy_add(table_id=table.pk, player=player, entropy=data.get("entropy"))
        table.refresh_from_db()
        return Response(fairness.fairness_view(table=table))


class RecordView(ApiView):
    """The table's full record (seeds and hidden moves only once it has ended); input of tools/verify_record.py."""

    permission_classes: list = []

    @extend_schema(responses={200: dict}, operation_id="table_record")
    def get(self, request: Request, table_id: int) -> Response:
        return Response(fairness.record_export(table_id=table_get(table_id=table_id).pk))
