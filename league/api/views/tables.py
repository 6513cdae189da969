"""Tables: the caller's view, the legal moves, the public move log, move submission, and "your turn"."""

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from league.api.query import QueryInt
from league.api.schema import IDEMPOTENCY_KEY, error_responses
from league.api.serializers.tables import (
    LegalMovesSerializer,
    MoveLogSerializer,
    MoveResultSerializer,
    MoveSubmitSerializer,
    RatedAgreementSerializer,
    TableViewSerializer,
    TurnSerializer,
)
from league.api.throttles import MoveSubmitThrottle
from league.api.views.base import ApiView
from league.caller import player_or_none, player_required
from league.selectors.tables import (
    legal_moves_for,
    move_log_for,
    seat_of,
    table_get,
    table_view_for,
    tables_waiting_for,
    with_your_seat,
)
from league.services.moves import MAX_KEY_LENGTH, MoveResult, move_submit
from league.services.tables import seat_rated_agree

LOG_LIMIT = QueryInt("log_limit", "Only the last N moves of the log (all when left out).", low=0, high=10_000)


# one instance reads every move's body and one renders every answer: a serializer deep-copies its declared fields
# when it is made, which cost a move POST more than reading or rendering; neither keeps state on the instance
# (run_validation raises the ValidationError that is_valid would, with the same detail)
_MOVE_SUBMIT = MoveSubmitSerializer()
_MOVE_RESULT = MoveResultSerializer()


def move_answer(result: MoveResult) -> dict[str, Any]:
    """What `MoveResultSerializer` renders of a move's result, field by field through its own fields where they
    convert (the status, the deadline in the caller's time zone): its generic loop (each field's source looked up
    attribute by attribute, each value checked for None) was a fifth of the instructions of answering a move, its
    rendering included (80,000 of 355,000 under callgrind)."""
    fields = _MOVE_RESULT.fields
    return {
        "table_id": int(result.table_id),
        "seq": int(result.seq),
        "version": int(result.version),
        "status": fields["status"].to_representation(result.status),
        "deadline": None if result.deadline is None else fields["deadline"].to_representation(result.deadline),
        "view": {str(key): value for key, value in result.view.items()},
        "replayed": bool(result.replayed),
    }


class TableDetailView(ApiView):
    @extend_schema(
        operation_id="tables_retrieve",
        summary="The table as you may see it: your seat's view (a spectator's when not seated), legal moves, the log.",
        parameters=[LOG_LIMIT.parameter],
        responses={200: TableViewSerializer, **error_responses(400, 401, 404)},
        tags=["tables"],
    )
    def get(self, request: Request, table_id: int) -> Response:
        table = table_get(table_id=table_id)
        view = table_view_for(table=table, player=player_or_none(request), log_limit=LOG_LIMIT.read(request))
        return Response(TableViewSerializer(view).data)


class TableLegalMovesView(ApiView):
    @extend_schema(
        operation_id="tables_legal_moves",
        summary="Your legal moves now (empty when it is not your turn or you have no seat).",
        responses={200: LegalMovesSerializer, **error_responses(401, 404)},
        tags=["tables"],
    )
    def get(self, request: Request, table_id: int) -> Response:
        legal = legal_moves_for(table_id=table_id, player=player_or_none(request))
        return Response(LegalMovesSerializer(legal).data)


class TableMovesView(ApiView):
    def get_throttles(self) -> list[Any]:
        return [MoveSubmitThrottle()] if self.request.method == "POST" else []

    def get_permissions(self) -> list[Any]:
        return [IsAuthenticated()] if self.request.method == "POST" else list(super().get_permissions())

    @extend_schema(
        operation_id="tables_moves_list",
        summary="The public move log: every move's seat, type and time; the content of your own moves; bets.",
        parameters=[LOG_LIMIT.parameter],
        responses={200: MoveLogSerializer, **error_responses(400, 401, 404)},
        tags=["tables"],
    )
    def get(self, request: Request, table_id: int) -> Response:
        table = table_get(table_id=table_id)
        seat = seat_of(table=table, player=player_or_none(request))
        moves = move_log_for(table=table, seat=seat, limit=LOG_LIMIT.read(request))
        return Response(MoveLogSerializer({"table_id": table.pk, "version": table.version, "moves": moves}).data)

    @extend_schema(
        operation_id="tables_moves_create",
        summary="Make a move for your seat, on the version of the table you saw.",
        parameters=[IDEMPOTENCY_KEY],
        request=MoveSubmitSerializer,
        responses={
            201: MoveResultSerializer,
            200: MoveResultSerializer,
            **error_responses(400, 401, 403, 404, 409, 422, 429),
        },
        tags=["tables"],
    )
    def post(self, request: Request, table_id: int) -> Response:
        player = player_required(request)
        submitted = _MOVE_SUBMIT.run_validation(request.data)
        key = request.headers.get("Idempotency-Key")
        if key is not None and not 0 < len(key) <= MAX_KEY_LENGTH:
            raise ValidationError(
                {"Idempotency-Key": [f"An idempotency key has 1 to {MAX_KEY_LENGTH} characters."]}, code="invalid"
            )
        result = move_submit(
            table_id=table_id,
            player=player,
            move=submitted["move"],
            expected_version=submitted["expected_version"],
            idempotency_key=key,
        )
        data = move_answer(result)
        return Response(data, status=status.HTTP_200_OK if result.replayed else status.HTTP_201_CREATED)


class TurnListView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_turns_list",
        summary='"Your turn": the tables in play where you are to act, the most urgent deadline first.',
        responses={200: TurnSerializer(many=True), **error_responses(401, 403)},
        tags=["me"],
    )
    def get(self, request: Request) -> Response:
        tables = with_your_seat(tables_waiting_for(player=player_required(request)))
        return Response(TurnSerializer(tables, many=True).data)


class TableRatedAgreeView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="tables_rated_agree",
        summary="Agree that this friendly table counts for your rating (before its first move; every seat must).",
        request=None,
        responses={200: RatedAgreementSerializer, **error_responses(400, 401, 403, 404, 409)},
        tags=["tables"],
    )
    def post(self, request: Request, table_id: int) -> Response:
        seat = seat_rated_agree(table_id=table_id, player=player_required(request))
        return Response(
            RatedAgreementSerializer({"table_id": table_id, "seat": seat.index, "rated_agreed": seat.rated_agreed}).data
        )
