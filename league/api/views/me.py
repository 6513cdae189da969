"""The caller's own player: name, language and preferences."""

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from league.api.schema import error_responses
from league.api.serializers import PlayerSettingsSerializer
from league.api.views.base import ApiView
from league.caller import player_required
from league.services.clubs import player_update


class MeView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_retrieve",
        summary="Your player profile and settings.",
        responses={200: PlayerSettingsSerializer, **error_responses(401, 403)},
        tags=["me"],
    )
    def get(self, request: Request) -> Response:
        return Response(PlayerSettingsSerializer(player_required(request)).data)

    @extend_schema(
        operation_id="me_partial_update",
        summary="Change your display name, language or preferences (only the fields sent).",
        request=PlayerSettingsSerializer(partial=True),
        responses={200: PlayerSettingsSerializer, **error_responses(400, 401, 403)},
        tags=["me"],
    )
    def patch(self, request: Request) -> Response:
        player = player_required(request)
        serializer = PlayerSettingsSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        player = player_update(player=player, **serializer.validated_data)
        return Response(PlayerSettingsSerializer(player).data)
