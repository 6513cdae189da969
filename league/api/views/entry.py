"""What the API does alike for the three formats of a competition (a season, a bracket tournament, a poker
tournament), each a call to `league.services.competitions`: `POST` and `DELETE` on `<kind>/<id>/entry/` enter and
leave it, `POST` on `<kind>/<id>/start/` starts it."""

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from league.api.schema import error_responses
from league.api.serializers.entries import EntryRequestSerializer
from league.api.views.base import ApiView
from league.caller import player_required
from league.selectors.clubs import player_get
from league.services.competitions import Competition, competition_enter, competition_leave, competition_start

ENTRY_ERRORS = error_responses(400, 401, 403, 404, 409)
START_ERRORS = error_responses(400, 401, 403, 404, 409)


def entry_view(
    *,
    kind: str,
    competition: Callable[[int], Competition],
    entrant: Callable[[Any], Any],
    entrant_serializer: type[serializers.Serializer],
    tags: list[str],
) -> type[ApiView]:
    """The entry view of one format: `competition` reads it by the path's one id (404 when none, on the path's
    parameter), `entrant` shapes the entrant answered as `entrant_serializer` describes it. `kind` names the
    operations in the schema."""

    class EntryView(ApiView):
        permission_classes = [IsAuthenticated]

        @extend_schema(
            operation_id=f"{kind}_entry_create",
            summary="Enter (a member of the club, before the start): empty, yourself; an organizer may name a member "
            "(`player_id`), and enters each team of a game played by teams (`player_id` and `partner_id`). Twice: "
            "400 `already_entered`; not a member: 400 `not_member`; started: 409 `wrong_status`.",
            request=EntryRequestSerializer,
            responses={201: entrant_serializer, **ENTRY_ERRORS},
            tags=tags,
        )
        def post(self, request: Request, **path: int) -> Response:
            found = competition(*path.values())
            caller = player_required(request)
            body = EntryRequestSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            player_id, partner_id = body.validated_data["player_id"], body.validated_data["partner_id"]
            entered = competition_enter(
                competition=found,
                player=player_get(player_id=player_id) if player_id else caller,
                partner=player_get(player_id=partner_id, field="partner_id") if partner_id else None,
                by=caller,
            )
            return Response(entrant_serializer(entrant(entered)).data, status=status.HTTP_201_CREATED)

        @extend_schema(
            operation_id=f"{kind}_entry_destroy",
            summary="Leave: before the start your entry is removed (a team's either player, the team). After it, a "
            "bracket forfeits your match and gives your opponents byes (T-D4); a season or a poker tournament is "
            "left by an organizer's ruling (409 `wrong_status`). Not entered: 404 on `player`.",
            request=None,
            responses={204: None, **ENTRY_ERRORS},
            tags=tags,
        )
        def delete(self, request: Request, **path: int) -> Response:
            competition_leave(competition=competition(*path.values()), player=player_required(request))
            return Response(status=status.HTTP_204_NO_CONTENT)

    EntryView.__name__ = EntryView.__qualname__ = f"{kind.title().replace('_', '')}EntryView"
    return EntryView


def start_view(
    *,
    kind: str,
    competition: Callable[[int], Competition],
    answer: Callable[[Request, Any], dict[str, Any]],
    serializer: type[serializers.Serializer],
    summary: str,
    tags: list[str],
) -> type[ApiView]:
    """The start view of one format: `competition` reads it by the path's one id, `answer` is the started
    competition as `serializer` describes it; `summary` says what starting does in this format."""

    class StartView(ApiView):
        permission_classes = [IsAuthenticated]

        @extend_schema(
            operation_id=f"{kind}_start",
            summary=summary,
            request=None,
            responses={200: serializer, **START_ERRORS},
            tags=tags,
        )
        def post(self, request: Request, **path: int) -> Response:
            started = competition_start(competition=competition(*path.values()), by=player_required(request))
            return Response(answer(request, started))

    StartView.__name__ = StartView.__qualname__ = f"{kind.title().replace('_', '')}StartView"
    return StartView
