"""Clubs: list, create, detail; membership with the player's consent (an organizer's invitation the player accepts,
or the player's request an organizer approves), roles and removal; a club's friendly tables."""

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from league.api.paging import page_response
from league.api.permissions import require_organizer
from league.api.query import QueryInt
from league.api.schema import error_responses
from league.api.serializers.clubs import (
    ClubDetailSerializer,
    ClubSerializer,
    InvitationRequestSerializer,
    InvitationSerializer,
    JoinRequestCreateSerializer,
    JoinRequestSerializer,
    MemberSerializer,
    RoleSerializer,
)
from league.api.serializers.rulings import ReasonSerializer
from league.api.serializers.tables import TableCreateSerializer, TableSummarySerializer, TableViewSerializer
from league.api.views.base import ApiView
from league.caller import player_or_none, player_required
from league.models import Club, Player
from league.replica.scope import ReplicaReadsMixin
from league.selectors.clubs import (
    club_get,
    club_invitations_pending,
    club_join_requests_pending,
    club_list,
    club_members_by_id,
    club_members_count,
    club_members_in_order,
    club_role_of,
    club_tables,
    invitations_for,
    player_get,
)
from league.selectors.tables import table_get, table_view_for
from league.services.clubs import (
    club_create,
    invitation_accept,
    invitation_create,
    invitation_decline,
    join_request_approve,
    join_request_create,
    join_request_decline,
    membership_remove,
    membership_role_set,
)
from league.services.rounds import season_table_annul
from league.services.tables import table_annul, table_create


def _club_detail(club: Club, player: Player | None, request: Request) -> dict[str, Any]:
    return {
        "id": club.pk,
        "name": club.name,
        "slug": club.slug,
        "description": club.description,
        "created_at": club.created_at,
        "members_count": club_members_count(club=club),
        "links": {"members": request.build_absolute_uri(reverse("api-club-members", kwargs={"club_id": club.pk}))},
        "your_role": club_role_of(club=club, player=player),
    }


class ClubListView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="clubs_list",
        summary="Every club.",
        responses={200: ClubSerializer(many=True), **error_responses(401)},
        tags=["clubs"],
    )
    def get(self, request: Request) -> Response:
        return Response(ClubSerializer(club_list(), many=True).data)

    @extend_schema(
        operation_id="clubs_create",
        summary="Found a club; you become its first organizer.",
        request=ClubSerializer,
        responses={201: ClubDetailSerializer, **error_responses(400, 401, 403)},
        tags=["clubs"],
    )
    def post(self, request: Request) -> Response:
        player = player_required(request)
        serializer = ClubSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        club = club_create(**serializer.validated_data, organizer=player)
        return Response(ClubDetailSerializer(_club_detail(club, player, request)).data, status=status.HTTP_201_CREATED)


class ClubDetailView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="clubs_retrieve",
        summary="A club with its number of members (read them at `links.members`) and your role in it.",
        responses={200: ClubDetailSerializer, **error_responses(401, 404)},
        tags=["clubs"],
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        return Response(ClubDetailSerializer(_club_detail(club, player_or_none(request), request)).data)


MEMBERS_AFTER = QueryInt("after", "Only the members of a higher player id (the page after this one).")


class ClubMembersView(ReplicaReadsMixin, ApiView):
    @extend_schema(
        operation_id="clubs_members_list",
        summary="The club's members (organizers too) by player id, a hundred at a time: the next hundred at the "
        "`Link` header's rel=\"next\" (`?after=` the page's last `player_id`).",
        parameters=[MEMBERS_AFTER.parameter],
        responses={200: MemberSerializer(many=True), **error_responses(400, 401, 404)},
        tags=["clubs"],
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        page = club_members_by_id(club=club, after=MEMBERS_AFTER.read(request) or 0)
        return page_response(request, MemberSerializer(page.memberships, many=True).data, after=page.next_after)


class ClubInvitationsView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="clubs_invitations_list",
        summary="The club's pending invitations (organizers only).",
        responses={200: InvitationSerializer(many=True), **error_responses(401, 403, 404)},
        tags=["clubs"],
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        require_organizer(club=club, player=player_required(request))
        return Response(InvitationSerializer(club_invitations_pending(club=club), many=True).data)

    @extend_schema(
        operation_id="clubs_invitations_create",
        summary="Invite a player (organizers only): they join when they accept the invitation.",
        request=InvitationRequestSerializer,
        responses={201: InvitationSerializer, **error_responses(400, 401, 403, 404)},
        tags=["clubs"],
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        caller = player_required(request)
        require_organizer(club=club, player=caller)
        serializer = InvitationRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        invited = player_get(player_id=serializer.validated_data["player_id"])
        invitation = invitation_create(club=club, by=caller, player=invited, role=serializer.validated_data["role"])
        return Response(InvitationSerializer(invitation).data, status=status.HTTP_201_CREATED)


class MyInvitationsView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_invitations_list",
        summary="Invitations waiting for your answer.",
        responses={200: InvitationSerializer(many=True), **error_responses(401, 403)},
        tags=["me"],
    )
    def get(self, request: Request) -> Response:
        return Response(InvitationSerializer(invitations_for(player=player_required(request)), many=True).data)


class InvitationAcceptView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="invitations_accept",
        summary="Accept an invitation addressed to you: you join the club.",
        request=None,
        responses={200: MemberSerializer, **error_responses(401, 403, 404)},
        tags=["clubs"],
    )
    def post(self, request: Request, code: str) -> Response:
        membership = invitation_accept(code=code, player=player_required(request))
        return Response(MemberSerializer(membership).data)


class InvitationDeclineView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="invitations_decline",
        summary="Decline an invitation addressed to you.",
        request=None,
        responses={200: InvitationSerializer, **error_responses(401, 403, 404)},
        tags=["clubs"],
    )
    def post(self, request: Request, code: str) -> Response:
        invitation = invitation_decline(code=code, player=player_required(request))
        return Response(InvitationSerializer(invitation).data)


class ClubJoinRequestsView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="clubs_join_requests_list",
        summary="The club's pending requests to join (organizers only).",
        responses={200: JoinRequestSerializer(many=True), **error_responses(401, 403, 404)},
        tags=["clubs"],
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        require_organizer(club=club, player=player_required(request))
        return Response(JoinRequestSerializer(club_join_requests_pending(club=club), many=True).data)

    @extend_schema(
        operation_id="clubs_join_requests_create",
        summary="Ask to join the club; an organizer approves or declines.",
        request=JoinRequestCreateSerializer,
        responses={201: JoinRequestSerializer, **error_responses(400, 401, 403, 404)},
        tags=["clubs"],
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        serializer = JoinRequestCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        join_request = join_request_create(
            club=club, player=player_required(request), message=serializer.validated_data["message"]
        )
        return Response(JoinRequestSerializer(join_request).data, status=status.HTTP_201_CREATED)


class JoinRequestApproveView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="join_requests_approve",
        summary="Let the player in (organizers of the club only).",
        request=None,
        responses={200: MemberSerializer, **error_responses(401, 403, 404)},
        tags=["clubs"],
    )
    def post(self, request: Request, request_id: int) -> Response:
        membership = join_request_approve(request_id=request_id, by=player_required(request))
        return Response(MemberSerializer(membership).data)


class JoinRequestDeclineView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="join_requests_decline",
        summary="Turn the request down (organizers of the club only).",
        request=None,
        responses={200: JoinRequestSerializer, **error_responses(401, 403, 404)},
        tags=["clubs"],
    )
    def post(self, request: Request, request_id: int) -> Response:
        join_request = join_request_decline(request_id=request_id, by=player_required(request))
        return Response(JoinRequestSerializer(join_request).data)


class ClubMemberView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="clubs_members_partial_update",
        summary="Change a member's role (organizers only); a club keeps at least one organizer.",
        request=RoleSerializer,
        responses={200: MemberSerializer, **error_responses(400, 401, 403, 404)},
        tags=["clubs"],
    )
    def patch(self, request: Request, club_id: int, player_id: int) -> Response:
        club = club_get(club_id=club_id)
        caller = player_required(request)
        require_organizer(club=club, player=caller)
        serializer = RoleSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        member = player_get(player_id=player_id)
        membership = membership_role_set(club=club, by=caller, player=member, role=serializer.validated_data["role"])
        return Response(MemberSerializer(membership).data)

    @extend_schema(
        operation_id="clubs_members_destroy",
        summary="Remove a player from the club (organizers; or players leaving themselves).",
        responses={204: None, **error_responses(400, 401, 403, 404)},
        tags=["clubs"],
    )
    def delete(self, request: Request, club_id: int, player_id: int) -> Response:
        club = club_get(club_id=club_id)
        caller = player_required(request)
        member = player_get(player_id=player_id)
        if member.pk != caller.pk:
            require_organizer(club=club, player=caller)
        membership_remove(club=club, by=caller, player=member)
        return Response(status=status.HTTP_204_NO_CONTENT)


TABLES_BEFORE = QueryInt("before", "Only the tables of a lower id (the page after the one that ended with this id).")


class ClubTablesView(ApiView):
    @extend_schema(
        operation_id="clubs_tables_list",
        summary="The club's tables, newest first, a hundred at a time: the next hundred at the `Link` header's "
        'rel="next" (`?before=` the last id).',
        parameters=[TABLES_BEFORE.parameter],
        responses={200: TableSummarySerializer(many=True), **error_responses(400, 401, 404)},
        tags=["clubs"],
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        page = club_tables(club=club, before=TABLES_BEFORE.read(request))
        return page_response(request, TableSummarySerializer(page.tables, many=True).data, before=page.next_before)

    @extend_schema(
        operation_id="clubs_tables_create",
        summary="Open a friendly table among club members (organizers only); seats in the order given.",
        request=TableCreateSerializer,
        responses={201: TableViewSerializer, **error_responses(400, 401, 403, 404)},
        tags=["clubs"],
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = club_get(club_id=club_id)
        caller = player_required(request)
        require_organizer(club=club, player=caller)
        serializer = TableCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        table = table_create(
            club=club,
            game=data["game"],
            players=club_members_in_order(club=club, player_ids=data["players"]),
            options=data["options"],
            time_per_move=data.get("time_per_move"),
            rated=data["rated"],
        )
        view = table_view_for(table=table, player=caller)
        return Response(TableViewSerializer(view).data, status=status.HTTP_201_CREATED)


class TableAnnulView(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="tables_annul",
        summary="Stop a table for good; no result counts, standings follow (organizers of its club only).",
        request=ReasonSerializer,
        responses={200: TableViewSerializer, **error_responses(400, 401, 403, 404, 409)},
        tags=["tables"],
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = table_get(table_id=table_id)
        caller = player_required(request)
        serializer = ReasonSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        reason = serializer.validated_data["reason"]
        if table.round_id is not None:
            # a season table is annulled through its season, which records the ruling and recomputes the standings
            season_table_annul(table=table, by=caller, reason=reason)
        else:
            require_organizer(club=table.club, player=caller)
            table_annul(table_id=table.pk, reason=reason)
        table = table_get(table_id=table.pk)
        return Response(TableViewSerializer(table_view_for(table=table, player=caller)).data)
