"""The caller's own player: name, language and preferences; their time zone and language (whether chosen or the
browser's); their notifications (the list, the unread count, marking them read)."""

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from league.api.schema import error_responses
from league.api.serializers.accounts import LocaleSerializer, PlayerSettingsSerializer
from league.api.serializers.notifications import (
    MarkedSerializer,
    NotificationSerializer,
    NotificationsReadSerializer,
    UnreadCountSerializer,
)
from league.api.views.base import ApiView
from league.caller import player_required
from league.links import site_url
from league.models import Notification, Player
from league.selectors.notifications import (
    account_or_default,
    notification_target,
    notification_words,
    notifications_of,
    unread_summary,
)
from league.services.accounts import account_settings_update
from league.services.notifications import notifications_read


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
        data = serializer.validated_data
        # a language given here is the player's choice (the browser's no longer replaces it at log-in)
        account_settings_update(
            player=player,
            display_name=data.get("display_name"),
            language=data.get("language"),
            preferences=data.get("settings"),
        )
        return Response(PlayerSettingsSerializer(Player.objects.select_related("user").get(pk=player.pk)).data)


def _locale(player: Player) -> dict:
    account = account_or_default(player)
    return {
        "time_zone": account.time_zone,
        "language": player.language,
        "time_zone_chosen": account.time_zone_chosen,
        "language_chosen": account.language_chosen,
    }


class MyLocaleView(ApiView):
    """Kept apart from /api/me/ (the trivial request of bench/http_moves.py), which reads no account."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_locale_retrieve",
        summary="Your time zone and language, and whether you chose them or they follow your browser.",
        responses={200: LocaleSerializer, **error_responses(401, 403)},
        tags=["me"],
    )
    def get(self, request: Request) -> Response:
        return Response(LocaleSerializer(_locale(player_required(request))).data)

    @extend_schema(
        operation_id="me_locale_partial_update",
        summary="Set your time zone or language (only the fields sent); no browser replaces them at log-in after that.",
        request=LocaleSerializer(partial=True),
        responses={200: LocaleSerializer, **error_responses(400, 401, 403)},
        tags=["me"],
    )
    def patch(self, request: Request) -> Response:
        player = player_required(request)
        serializer = LocaleSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        account_settings_update(player=player, time_zone=data.get("time_zone"), language=data.get("language"))
        return Response(LocaleSerializer(_locale(Player.objects.get(pk=player.pk))).data)


def _notification(notification: Notification) -> dict:
    return {
        "id": notification.pk,
        "kind": notification.kind,
        "text": notification_words(notification),
        "url": site_url(notification_target(notification)),
        "table_id": notification.table_id,
        "competition_id": notification.competition_id,
        "created_at": notification.created_at,
        "read_at": notification.read_at,
    }


class MyNotificationsView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_notifications_list",
        summary="Your notifications, newest first (at most 100): your move (one per table, raised again when it "
        "comes back), deadline near, season news, tournament start.",
        parameters=[OpenApiParameter("unread", bool, description="Only the unread ones.")],
        responses={200: NotificationSerializer(many=True), **error_responses(400, 401, 403)},
        tags=["me"],
    )
    def get(self, request: Request) -> Response:
        unread = request.query_params.get("unread") in ("1", "true")
        found = notifications_of(player_required(request), unread=unread)
        return Response(NotificationSerializer([_notification(n) for n in found], many=True).data)


class MyUnreadCountView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_notifications_unread_count",
        summary="How many of your notifications are unread (what the pages' header shows).",
        responses={200: UnreadCountSerializer, **error_responses(401, 403)},
        tags=["me"],
    )
    def get(self, request: Request) -> Response:
        return Response({"unread": unread_summary(player_required(request))["unread"]})


class MyNotificationsReadView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_notifications_read",
        summary="Mark notifications read: these ids, or those about a table, or (an empty body) all of them.",
        request=NotificationsReadSerializer,
        responses={200: MarkedSerializer, **error_responses(400, 401, 403)},
        tags=["me"],
    )
    def post(self, request: Request) -> Response:
        player = player_required(request)
        serializer = NotificationsReadSerializer(data=request.data or {})
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        now = timezone.now()
        if "ids" in data:
            marked = notifications_read(
                player=player, notification_ids=data["ids"], table_id=data.get("table_id"), now=now
            )
        else:
            marked = notifications_read(player=player, table_id=data.get("table_id"), now=now)
        return Response({"marked": marked})
